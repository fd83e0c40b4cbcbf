import { useEffect, useRef, useState, useSyncExternalStore, type MouseEvent } from 'react';
import { NavLink } from 'react-router';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { FeatureSwitch } from '@app/contract';
import { useBrand } from '../../shared/brand/brand.ts';
import { gameTypePages, gameTypes } from '../../shared/navigation/game-types.ts';
import { useSwitch } from '../../shared/system/system-status.ts';
import { SpriteIcon } from '../../shared/ui/shell-icons.tsx';
import { isCurrentPath } from './current-path.ts';
import { useLaunchDeps } from './launch-deps.ts';
import type * as NavDropdownModule from './nav-dropdown.tsx';
import { buildHeaderNav } from './nav-items.ts';
import { useVendorLanes } from './vendor-store.ts';
import styles from './header-nav.module.css';

/** The sprite icon of an item: its game type's, or the one of the type a vendor entry stands for. */
const iconOf = (key: string) => gameTypePages[key === 'DS88' ? 'SPORTS' : key]?.icon ?? 'slot';

type NavClass = (state: { isActive: boolean }) => string | undefined;
type NavDropdown = typeof NavDropdownModule;

// The dropdowns and the launch code (nav-dropdown.tsx) are a chunk of their own, fetched on the
// first hover, focus or click that needs them: the first paint, on a phone too, shows only the
// items. Not fetched when the browser is idle either: the home route's JavaScript budget (issue
// #7, bench/web-size) counts every script a visit loads, and this one cost 2.5 kB gzip of it.
let navDropdown: NavDropdown | undefined;
let navDropdownLoad: Promise<NavDropdown> | undefined;
const navDropdownListeners = new Set<() => void>();

/** Loads nav-dropdown.tsx once; a failed load is forgotten, so the next hover or click tries again. */
function loadNavDropdown(): Promise<NavDropdown> {
  navDropdownLoad ??= import('./nav-dropdown.tsx').then(
    (m) => {
      navDropdown = m;
      for (const listener of navDropdownListeners) listener();
      return m;
    },
    (error: unknown) => {
      navDropdownLoad = undefined;
      throw error;
    },
  );
  return navDropdownLoad;
}

/** A hover, focus or toggle only fetches ahead: a failure shows nothing, a later one loads again. */
const fetchNavDropdown = () => void loadNavDropdown().catch(() => undefined);

function subscribeNavDropdown(listener: () => void): () => void {
  navDropdownListeners.add(listener);
  return () => navDropdownListeners.delete(listener);
}

/** The dropdown module once loaded; components re-render when it arrives. */
function useNavDropdown(): NavDropdown | undefined {
  return useSyncExternalStore(subscribeNavDropdown, () => navDropdown);
}

/**
 * The game-type items of the main navigation (NC-02), from the server's vendor data: each with
 * its point rate (NC-04) while the points system is on and, on hover or focus, a dropdown of its vendors (NC-05..NC-09).
 * Until the vendor list and the games strings are in, the brand's usual types stand in, without
 * dropdowns.
 */
export function GameNavItems({ navClass }: { navClass: NavClass }) {
  const { t, ready } = useTypedTranslation(['translation', 'games']);
  const brand = useBrand();
  // The vendor list arrives during a first visit's busiest moment; like every query's answer it
  // renders in a transition, which React slices (shared/http/use-query.ts).
  const lanes = useVendorLanes().data;
  // The point rates only while the points system is on (PTSYS3): off, a player earns none.
  const points = useSwitch(FeatureSwitch.pointsSystem);
  const deps = useLaunchDeps();
  const { location } = deps;
  const dropdowns = useNavDropdown();
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

  // The list's items are labelled from the games strings: shown before those, their labels would
  // change width when the strings came, and move the items after them (a layout shift).
  if (!lanes || !ready) {
    return gameTypes.map((g) => (
      <li key={g.type}>
        <NavLink to={g.path} className={navClass}>
          <SpriteIcon name={iconOf(g.type)} size={18} />
          <span>{t(g.labelKey)}</span>
        </NavLink>
      </li>
    ));
  }

  const items = buildHeaderNav(lanes, brand.esports);
  // An item opened before the dropdown code arrived shows its dropdown when it does, unless it
  // was closed meanwhile.
  const shown = dropdowns ? open : null;
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
        const game = item.game;
        void loadNavDropdown().then((m) => m.launchNavGame(game, brand.lotteryType, deps));
      } else if (item.page && isCurrentPath(item.page, location)) e.preventDefault(); // NC-20
    };
    const content = (
      <>
        <SpriteIcon name={iconOf(item.key)} size={18} />
        <span>{label}</span>
        {points && item.point !== null ? (
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
          if (!hasDropdown) return;
          fetchNavDropdown();
          if (e.pointerType === 'mouse') later(item.key, 70);
        }}
        onPointerLeave={(e) => {
          if (e.pointerType === 'mouse') later(null, 140);
        }}
        onFocus={() => {
          if (!hasDropdown) return;
          fetchNavDropdown();
          later(item.key, 0);
        }}
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
            aria-expanded={hasDropdown ? shown === item.key : undefined}
          >
            {content}
          </NavLink>
        ) : (
          <button
            type="button"
            className={navClass({ isActive: false })}
            onClick={(e) => {
              if (item.game) onClick(e);
              else {
                fetchNavDropdown();
                setOpen((o) => (o === item.key ? null : item.key));
              }
            }}
            aria-expanded={hasDropdown ? shown === item.key : undefined}
          >
            {content}
          </button>
        )}
        {dropdowns && shown === item.key ? (
          <dropdowns.Dropdown item={item} onDone={() => setOpen(null)} />
        ) : null}
      </li>
    );
  });
}
