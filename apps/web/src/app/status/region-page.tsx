import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import type { CallerLocation, SystemInfo } from '@app/contract';
import { ShieldIcon } from '../../shared/ui/icons.tsx';
import { StatusScreen } from './status-screen.tsx';
import styles from './status-screen.module.css';

function countryName(code: string, language: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code || '—';
  try {
    const name = new Intl.DisplayNames([language, 'en'], { type: 'region' }).of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

/** Status 2 (SY-14): "IP Restriction" (ER-44) with the caller's IP and country (SY-16), and contact us. */
export function RegionPage({ info, location }: { info: SystemInfo; location: CallerLocation }) {
  const { t, i18n } = useTypedTranslation('translation');
  return (
    <StatusScreen
      testId="region-page"
      icon={<ShieldIcon size={38} />}
      title={t('region_title')}
      message={t('region_message')}
      info={info}
    >
      <dl className={styles.details}>
        <dt>{t('region_ip')}</dt>
        <dd className="tabular" data-testid="region-ip">
          {location.ip || '—'}
        </dd>
        <dt>{t('region_country')}</dt>
        <dd data-testid="region-country">{countryName(location.country, i18n.language)}</dd>
      </dl>
    </StatusScreen>
  );
}
