import { useNavigate, useLocation } from 'react-router';
import type { VendorCard } from '@app/contract';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { useBrand } from '../../shared/brand/brand.ts';
import { cdnPath } from '../../shared/cdn/image-host.ts';
import { SpriteIcon } from '../../shared/ui/shell-icons.tsx';
import { isCurrentPath } from './current-path.ts';
import type { LaunchDeps } from './launch-deps.ts';
import { vendorLaunchItem } from './launch-rules.ts';
import { startLaunch, useLaunch } from './use-launch.ts';
import { dropdownOf, isCentred, vendorImagePath, vendorPage } from './vendor-cards.ts';
import type { HeaderNavItem } from './nav-items.ts';
import styles from './nav-dropdown.module.css';

/*
 * What the header's game items do beyond showing themselves: their vendor dropdowns and the
 * launches they start. The first paint needs none of it, so header-nav.tsx loads this module
 * when the browser is idle or on the first hover, focus or click, whichever comes first.
 */

/** Opens a card's vendor: its list page (NC-14) or a direct launch (GL-04). */
function useOpenVendor(): (card: VendorCard) => void {
  const navigate = useNavigate();
  const location = useLocation();
  const launch = useLaunch();
  const { lotteryType } = useBrand();
  return (card) => {
    const page = vendorPage(card);
    if (page) {
      if (!isCurrentPath(page, location)) void navigate(page);
    } else launch(vendorLaunchItem(card, lotteryType));
  };
}

/** Starts the game of an entry marked as a game (GL-02, GL-03). */
export function launchNavGame(game: VendorCard, lotteryType: string, deps: LaunchDeps): void {
  startLaunch(vendorLaunchItem(game, lotteryType), deps);
}

/** A vendor card of a dropdown (NC-06, NC-07, NC-21): image, display name, hot badge, play button. */
export function VendorCardView({ card, onOpen }: { card: VendorCard; onOpen: (card: VendorCard) => void }) {
  const { t } = useTypedTranslation('games');
  const maintenance = card.status === 'MAINTENANCE';
  return (
    <li className={styles.card} data-testid={`vendor-card-${card.gameType}-${card.vassalage}`}>
      <span className={styles.art} onClick={() => onOpen(card)} aria-hidden="true">
        <img src={cdnPath(vendorImagePath(card))} alt="" width={240} height={160} loading="lazy" />
        {card.isHot === 1 ? (
          <span className={styles.hot} data-testid="hot-badge">
            {t('hot')}
          </span>
        ) : null}
        {maintenance ? <span className={styles.maint}>{t('maintenance_short')}</span> : null}
      </span>
      <span className={styles.cardName}>{card.displayName}</span>
      <button
        type="button"
        className={styles.play}
        onClick={() => onOpen(card)}
        aria-label={t('play_vendor', { vendor: card.displayName })}
      >
        {t('play')}
      </button>
    </li>
  );
}

/** A game item's dropdown (NC-05..NC-09): its vendors' cards, a more-games tile after the ninth. */
export function Dropdown({ item, onDone }: { item: HeaderNavItem; onDone: () => void }) {
  const { t } = useTypedTranslation(['translation', 'games']);
  const openVendor = useOpenVendor();
  const navigate = useNavigate();
  const location = useLocation();
  const { cards, moreTile } = dropdownOf(item.vendors);
  const entries = cards.length + (moreTile ? 1 : 0);
  const label = item.literal ? item.name : t(item.name);
  return (
    <div className={styles.panel} data-testid={`nav-dropdown-${item.key}`} role="group" aria-label={label}>
      <ul
        className={styles.cards}
        data-centred={isCentred(entries) || undefined}
        style={{ justifyContent: isCentred(entries) ? 'center' : 'flex-start' }}
      >
        {cards.map((card) => (
          <VendorCardView
            key={`${card.gameType}-${card.vassalage}`}
            card={card}
            onOpen={(c) => {
              onDone();
              openVendor(c);
            }}
          />
        ))}
        {moreTile ? (
          <li className={`${styles.card} ${styles.more}`} data-testid="more-games-tile">
            <button
              type="button"
              className={styles.moreButton}
              onClick={() => {
                onDone();
                const to = item.page || '/hot';
                if (!isCurrentPath(to, location)) void navigate(to);
              }}
            >
              <SpriteIcon name="chevron-right" size={26} />
              <span>{t('games:more_games')}</span>
            </button>
          </li>
        ) : null}
      </ul>
    </div>
  );
}
