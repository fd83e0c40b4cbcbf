import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { formatCount } from '../../shared/i18n/numbers.ts';
import type { VendorCard } from '@app/contract';
import { useBrand } from '../../shared/brand/brand.ts';
import { cdnPath } from '../../shared/cdn/image-host.ts';
import { EmptyState } from '../../shared/ui/states.tsx';
import { GamepadIcon } from '../../shared/ui/icons.tsx';
import { vendorLaunchItem } from './launch-rules.ts';
import { useLaunch } from './use-launch.ts';
import { vendorImagePath } from './vendor-cards.ts';
import styles from './vendor-lobby.module.css';

/** Vendors that launch directly (sports, e-sports; GL-04) as large cards with a play button. */
export function VendorLobby({ vendors, loading }: { vendors: readonly VendorCard[]; loading: boolean }) {
  const { t, i18n } = useTypedTranslation('games');
  const launch = useLaunch();
  const { lotteryType } = useBrand();
  if (!loading && vendors.length === 0)
    return (
      <EmptyState icon={<GamepadIcon />} title={t('list_empty')}>
        {t('list_empty_hint')}
      </EmptyState>
    );
  return (
    <ul className={styles.grid} data-testid="vendor-lobby">
      {loading
        ? Array.from({ length: 4 }, (_, i) => <li key={i} className={`${styles.card} ${styles.skeleton}`} />)
        : vendors.map((v) => (
            <li key={v.vassalage} className={styles.card} data-testid={`lobby-${v.vassalage}`}>
              <img src={cdnPath(vendorImagePath(v))} alt="" width={300} height={200} loading="lazy" />
              <div className={styles.body}>
                <p className={styles.name}>
                  {v.displayName}
                  {v.isHot === 1 ? <span className={styles.hot}>{t('hot')}</span> : null}
                </p>
                {v.status === 'MAINTENANCE' || v.gameCount > 0 ? (
                  <p className={styles.meta}>
                    {v.status === 'MAINTENANCE'
                      ? t('maintenance_short')
                      : t('vendor_games', { total: formatCount(v.gameCount, i18n.language) })}
                  </p>
                ) : null}
                <button
                  type="button"
                  className={styles.play}
                  onClick={() => launch(vendorLaunchItem(v, lotteryType))}
                  aria-label={t('play_vendor', { vendor: v.displayName })}
                >
                  {t('play')}
                </button>
              </div>
            </li>
          ))}
    </ul>
  );
}
