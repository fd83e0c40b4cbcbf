import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../shared/i18n/react.tsx';
import type { VendorCard } from '@app/contract';
import { useBrand } from '../../shared/brand/brand.ts';
import { cdnPath } from '../../shared/cdn/image-host.ts';
import { gameTypes } from '../../shared/navigation/game-types.ts';
import { SpriteIcon } from '../../shared/ui/shell-icons.tsx';
import { vendorLaunchItem } from './launch-rules.ts';
import { isCurrentPath, useLaunch } from './use-launch.ts';
import {
  buildHeaderNav,
  dropdownOf,
  isCentred,
  vendorImagePath,
  vendorPage,
  type HeaderNavItem,
} from './vendor-nav.ts';
import { useVendorLanes } from './vendor-store.ts';
import styles from './header-nav.module.css';

const icons: Record<string, string> = {
  LOTT: 'lottery',
  ELOTT: 'lottery',
  BINGO: 'lottery',
  BGS: 'slot',
  LIVE: 'cards',
  DS88: 'ball',
  SPORTS: 'ball',
  ESPORTS: 'gamepad',
  RNG: 'slot',
  FISH: 'fish',
  PVP: 'gamepad',
  CARDS: 'cards',
};

type NavClass = (state: { isActive: boolean }) => string | undefined;

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

/** A vendor card of a dropdown (NC-06, NC-07, NC-21): image, display name, hot badge, play button. */
export function VendorCardView({ card, onOpen }: { card: VendorCard; onOpen: (card: VendorCard) => void }) {
  const { t } = useTranslation('games');
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

function Dropdown({ item, onDone }: { item: HeaderNavItem; onDone: () => void }) {
  const { t } = useTranslation(['translation', 'games']);
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

/**
 * The game-type items of the main navigation (NC-02), from the server's vendor data: each with
 * its point rate (NC-04) and, on hover or focus, a dropdown of its vendors (NC-05..NC-09).
 * Until the vendor list first arrives the brand's usual types stand in, without dropdowns.
 */
export function GameNavItems({ navClass }: { navClass: NavClass }) {
  const { t } = useTranslation(['translation', 'games']);
  const brand = useBrand();
  const lanes = useVendorLanes();
  const location = useLocation();
  const launch = useLaunch();
  const here = location.pathname + location.search;
  // A dropdown belongs to the page it opened on: a page change closes it.
  const [opened, setOpened] = useState<{ key: string; at: string } | null>(null);
  const open = opened?.at === here ? opened.key : null;
  const setOpen = (key: string | null | ((o: string | null) => string | null)) => {
    const next = typeof key === 'function' ? key(open) : key;
    setOpened(next === null ? null : { key: next, at: here });
  };
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  if (!lanes.data) {
    return gameTypes.map((g) => (
      <li key={g.type}>
        <NavLink to={g.path} className={navClass}>
          <SpriteIcon name={icons[g.type] ?? 'slot'} size={18} />
          <span>{t(g.labelKey)}</span>
        </NavLink>
      </li>
    ));
  }

  const items = buildHeaderNav(lanes.data, brand.esports);
  const later = (key: string | null, ms: number) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setOpen(key), ms);
  };

  return items.map((item) => {
    const label = item.literal ? item.name : t(item.name);
    const hasDropdown = item.vendors.length > 0;
    const onClick = (e: MouseEvent) => {
      setOpen(null);
      if (item.game) {
        // An entry marked as a game starts it (GL-02, GL-03).
        e.preventDefault();
        launch(vendorLaunchItem(item.game, brand.lotteryType));
      } else if (item.page && isCurrentPath(item.page, location)) e.preventDefault(); // NC-20
    };
    const content = (
      <>
        <SpriteIcon name={icons[item.key] ?? 'slot'} size={18} />
        <span>{label}</span>
        {item.point !== null ? (
          <span
            className={styles.point}
            title={t('games:points_rate', { rate: item.point.toFixed(2) })}
            data-testid={`nav-point-${item.key}`}
          >
            {item.point.toFixed(2)}
          </span>
        ) : null}
      </>
    );
    return (
      <li
        key={item.key}
        className={styles.item}
        data-testid={`nav-item-${item.key}`}
        onPointerEnter={(e) => {
          if (e.pointerType === 'mouse' && hasDropdown) later(item.key, 70);
        }}
        onPointerLeave={(e) => {
          if (e.pointerType === 'mouse') later(null, 140);
        }}
        onFocus={() => hasDropdown && later(item.key, 0)}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) later(null, 0);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOpen(null);
        }}
      >
        {item.page ? (
          <NavLink
            to={item.page}
            className={navClass}
            onClick={onClick}
            aria-expanded={hasDropdown ? open === item.key : undefined}
          >
            {content}
          </NavLink>
        ) : (
          <button
            type="button"
            className={navClass({ isActive: false })}
            onClick={(e) => {
              if (item.game) onClick(e);
              else setOpen((o) => (o === item.key ? null : item.key));
            }}
            aria-expanded={hasDropdown ? open === item.key : undefined}
          >
            {content}
          </button>
        )}
        {open === item.key ? <Dropdown item={item} onDone={() => setOpen(null)} /> : null}
      </li>
    );
  });
}
