import { lazy, Suspense, useCallback, useEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { SystemStatus } from '@app/contract';
import { useBrand } from '../../shared/brand/brand.ts';
import { configureHosts } from '../../shared/cdn/image-host.ts';
import { onSystemClosed } from '../../shared/http/client.ts';
import { systemStatusKey, useSystemStatus } from '../../shared/system/system-status.ts';
import { BootFailure, Splash } from './boot-screens.tsx';

// Rarely needed: their code loads only when the site is closed to this visitor.
const MaintenancePage = lazy(() =>
  import('./maintenance-page.tsx').then((m) => ({ default: m.MaintenancePage })),
);
const RegionPage = lazy(() => import('./region-page.tsx').then((m) => ({ default: m.RegionPage })));

/**
 * The system status decides what renders (SY-12..SY-14): 0 the app, 1 the maintenance page, 2 the
 * region page. A call refused for maintenance or region asks for the status again at once.
 */
export function StatusGate({ children }: { children: ReactNode }) {
  const { t } = useTypedTranslation('translation');
  const brand = useBrand();
  const queryClient = useQueryClient();
  const { data, error, refetch, isFetching } = useSystemStatus();
  const recheck = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: systemStatusKey }),
    [queryClient],
  );

  useEffect(() => onSystemClosed(recheck), [recheck]);

  if (!data) {
    if (error && !isFetching) {
      return (
        <BootFailure
          title={brand.brandName}
          message={error.message}
          retryLabel={t('retry')}
          onRetry={() => void refetch()}
        />
      );
    }
    return <Splash brandName={brand.brandName} label={t('loading')} />;
  }
  // Every image URL from here on uses the hosts of this answer (SY-22); idempotent per list.
  configureHosts(data.info);
  if (data.status === SystemStatus.normal) return <>{children}</>;
  return (
    <Suspense fallback={<Splash brandName={brand.brandName} label={t('loading')} />}>
      {data.status === SystemStatus.maintenance ? (
        <MaintenancePage info={data.info} endTime={data.maintenanceEnd} onEnded={recheck} />
      ) : (
        <RegionPage info={data.info} location={data.location} />
      )}
    </Suspense>
  );
}
