import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { formatCount } from '../../shared/i18n/numbers.ts';
import type { VendorCard } from '@app/contract';
import { useBrand } from '../../shared/brand/brand.ts';
import { cdnPath } from '../../shared/cdn/image-host.ts';
import { useSession } from '../../shared/session/session.ts';
import { ModalKeys, useUiStore } from '../../shared/shell/ui-store.ts';
import { SearchIcon, SlotIcon, StarIcon, WrenchIcon } from '../../shared/ui/icons.tsx';
import { Page, PageHeader, Section } from '../../shared/ui/page.tsx';
import { EmptyState } from '../../shared/ui/states.tsx';
import { Tabs } from '../../shared/forms/tabs.tsx';
import { categoryOfPath } from './catalogue.ts';
import { formatWindow } from './format-window.ts';
import { GameGrid } from './game-grid.tsx';
import { PvpRooms } from './pvp-rooms.tsx';
import type { ListFilter, SelectType } from './game-queries.ts';
import { sessionStore, writeJson } from '../../shared/storage/storage.ts';
import { vendorImagePath } from './vendor-cards.ts';
import { vendorGroupOf } from './vendor-nav.ts';
import { useVendorLanes } from './vendor-store.ts';
import styles from './game-list-page.module.css';

const selectTypes: readonly SelectType[] = ['NEW', 'FAV', 'ALL', 'HOT', 'RECENT'];

/** Session-storage key of the vendor group record a game list shows (NC-18, NC-23). */
export const VENDOR_GROUP_KEY = 'vendorGroup';

/** The game type a list path shows (/bgs lists the RNG vendor group BGS, NC-18). */
export function listTypeOf(pathname: string): string {
  const p = pathname.toLowerCase();
  if (p === '/bgs' || p === '/rng') return 'RNG';
  if (p === '/bingo') return 'BINGO';
  if (p === '/live') return 'LIVE';
  if (p === '/fish') return 'FISH';
  if (p === '/pvp') return 'PVP';
  return 'RNG';
}

/**
 * The one game-list page of /rng, /bgs, /bingo, /live, /fish and /pvp (SH-10): vendor tabs from
 * the server's vendor list, the gameSelectType tabs NEW, FAV, ALL, HOT, RECENT (NC-27), search by
 * name and the virtualised grid. `vassalage` picks a vendor; /bgs starts on BGS (NC-18); /rng
 * also reads `page` (SH-11).
 */
export function GameListPage({ switcher }: { switcher?: ReactNode }) {
  const { t, i18n } = useTypedTranslation(['games', 'pages', 'translation']);
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const brand = useBrand();
  const token = useSession((s) => s.token);
  const openModal = useUiStore((s) => s.openModal);
  const lanes = useVendorLanes();
  const category = categoryOfPath(pathname);
  const gameType = listTypeOf(pathname);
  const isBgs = pathname.toLowerCase() === '/bgs';
  // The vendor group: /bgs sets it to BGS before anything is listed (NC-18).
  const group = useMemo(
    () => vendorGroupOf(lanes.data ?? [], gameType, params.get('vassalage'), isBgs),
    [lanes.data, gameType, params, isBgs],
  );
  const vassalage = group.vassalage;
  useEffect(() => {
    writeJson(sessionStore, VENDOR_GROUP_KEY, {
      gameCategory: group.gameCategory,
      vassalage: group.vassalage,
      vendors: group.vendors.map((v) => ({ vassalage: v.vassalage })),
    });
  }, [group]);
  const offered = (brand.gameSelectType?.length ? brand.gameSelectType : selectTypes) as SelectType[];
  const requested = params.get('type')?.toUpperCase() as SelectType | undefined;
  const selection: SelectType =
    requested && offered.includes(requested) && (token || (requested !== 'FAV' && requested !== 'RECENT'))
      ? requested
      : 'ALL';
  const startPage = pathname.toLowerCase() === '/rng' ? Math.max(1, Number(params.get('page')) || 1) : 1;

  const vendors: VendorCard[] = group.vendors;
  const vendorNames = useMemo(() => {
    const m = new Map<string, string>();
    for (const lane of lanes.data ?? [])
      for (const c of lane.cards) if (!m.has(c.vassalage)) m.set(c.vassalage, c.displayName);
    for (const c of vendors) m.set(c.vassalage, c.displayName);
    return m;
  }, [lanes.data, vendors]);
  const maintenance = useMemo(
    () => new Set(vendors.filter((v) => v.status === 'MAINTENANCE').map((v) => v.vassalage)),
    [vendors],
  );
  const selected = vendors.find((v) => v.vassalage === vassalage) ?? null;
  const countLine = useCallback(
    (total: number, searching: boolean, loading: boolean) => (
      <p className={styles.count} aria-live="polite" data-testid="game-count">
        {searching || loading
          ? t('games:searching')
          : t('games:count', { total: formatCount(total, i18n.language) })}
      </p>
    ),
    [t, i18n.language],
  );

  const hrefOf = (next: { vassalage?: string; type?: SelectType }) => {
    const q = new URLSearchParams();
    const v = next.vassalage ?? vassalage;
    if (v && !(isBgs && v === 'BGS')) q.set('vassalage', v);
    const type = next.type ?? selection;
    if (type !== 'ALL') q.set('type', type);
    const s = q.toString();
    return s ? `${pathname}?${s}` : pathname;
  };
  const choose = (type: SelectType) => {
    if ((type === 'FAV' || type === 'RECENT') && !token) {
      openModal(ModalKeys.loginPopup);
      return;
    }
    const next = new URLSearchParams(params);
    if (type === 'ALL') next.delete('type');
    else next.set('type', type);
    next.delete('page');
    setParams(next, { replace: true });
  };

  const emptyFor = (needle: string) =>
    needle !== '' ? (
      <EmptyState icon={<SearchIcon />} title={t('games:search_none', { search: needle })}>
        {t('games:search_none_hint')}
      </EmptyState>
    ) : selection === 'FAV' ? (
      <EmptyState icon={<StarIcon />} title={t('games:fav_empty')}>
        {t('games:fav_empty_hint')}
      </EmptyState>
    ) : selection === 'RECENT' ? (
      <EmptyState icon={<SlotIcon />} title={t('games:recent_empty')}>
        {t('games:recent_empty_hint')}
      </EmptyState>
    ) : (
      <EmptyState icon={<SlotIcon />} title={t('games:list_empty')}>
        {t('games:list_empty_hint')}
      </EmptyState>
    );

  return (
    <Page>
      <PageHeader
        icon={<SlotIcon size={26} />}
        title={t(category.titleKey)}
        subtitle={t(`translation:${category.blurbKey}`)}
      />
      {switcher}
      <Section>
        <nav className={styles.vendorTabs} aria-label={t('pages:providers')} data-testid="vendor-tabs">
          {isBgs ? null : (
            <Link
              to={hrefOf({ vassalage: '' })}
              className={styles.tab}
              aria-current={vassalage === '' ? 'page' : undefined}
            >
              {t('games:all_vendors')}
            </Link>
          )}
          {vendors.map((v) => (
            <Link
              key={v.vassalage}
              to={hrefOf({ vassalage: v.vassalage })}
              className={styles.tab}
              aria-current={v.vassalage === vassalage ? 'page' : undefined}
              data-testid={`vendor-tab-${v.vassalage}`}
            >
              {v.displayName}
              {v.status === 'MAINTENANCE' ? (
                <WrenchIcon size={13} aria-label={t('games:maintenance_short')} />
              ) : null}
            </Link>
          ))}
        </nav>
        <SearchableGames
          tabs={
            <Tabs
              options={offered.map((type) => ({ key: type, label: t(`games:select_${type}`) }))}
              value={selection}
              onChange={choose}
              label={t('games:selection')}
              panelId={SELECTION_PANEL}
              idPrefix="select"
              className={styles.selectTabs}
              tabClassName={styles.selectTab}
              tabTestId={(type) => `select-${type}`}
            />
          }
          selectedTabId={offered.length > 1 ? `select-${selection}` : undefined}
          between={
            <>
              {selected ? (
                <section
                  className={styles.spotlight}
                  aria-label={selected.displayName}
                  data-testid="provider-spotlight"
                >
                  <img src={cdnPath(vendorImagePath(selected))} alt="" width={96} height={64} />
                  <div className={styles.spotlightText}>
                    <h2 className={styles.spotlightName}>{selected.displayName}</h2>
                    {selected.status === 'MAINTENANCE' ? (
                      <p className={styles.maintenance} role="status">
                        <WrenchIcon size={16} />
                        {t('games:vendor_maintenance', {
                          vendor: selected.displayName,
                          window: formatWindow(
                            selected.maintenanceFrom,
                            selected.maintenanceUntil,
                            i18n.language,
                          ),
                        })}
                      </p>
                    ) : (
                      <p className={styles.spotlightMeta}>
                        {t('games:vendor_games', { total: formatCount(selected.gameCount, i18n.language) })}
                      </p>
                    )}
                  </div>
                </section>
              ) : null}
              {gameType === 'PVP' ? <PvpRooms vassalage={vassalage} /> : null}
            </>
          }
          gridKey={`${gameType}/${vassalage}/${selection}`}
          filter={{ gameType, vassalage, selection }}
          vendorNames={vendorNames}
          maintenance={maintenance}
          startPage={startPage}
          emptyFor={emptyFor}
          count={countLine}
        />
      </Section>
    </Page>
  );
}

/** The grid, the panel of the selection tabs (NEW, FAV, ALL, HOT, RECENT). */
const SELECTION_PANEL = 'game-list-panel';

/**
 * The search box, the count and the grid. The search text lives here, not in the page: a
 * keystroke re-renders this and the grid, while the page's vendor tabs, selection tabs and
 * spotlight (handed in as elements) are left as they are.
 */
function SearchableGames({
  tabs,
  selectedTabId,
  between,
  gridKey,
  filter,
  vendorNames,
  maintenance,
  startPage,
  emptyFor,
  count,
}: {
  tabs: ReactNode;
  /** The selection tab whose panel the grid is (none when a single selection is offered). */
  selectedTabId: string | undefined;
  between: ReactNode;
  gridKey: string;
  filter: Omit<ListFilter, 'search'>;
  vendorNames: ReadonlyMap<string, string>;
  maintenance: ReadonlySet<string>;
  startPage: number;
  emptyFor: (needle: string) => ReactNode;
  count: (total: number, searching: boolean, loading: boolean) => ReactNode;
}) {
  const { t } = useTypedTranslation('games');
  const [search, setSearch] = useState('');
  return (
    <>
      <div className={styles.toolbar}>
        {tabs}
        <label className={styles.search}>
          <SearchIcon size={16} />
          <span className="visually-hidden">{t('search')}</span>
          <input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('search')}
            maxLength={64}
            data-testid="game-search"
          />
        </label>
      </div>
      {between}
      <div
        id={SELECTION_PANEL}
        {...(selectedTabId ? { role: 'tabpanel', 'aria-labelledby': selectedTabId } : {})}
      >
        <GameGrid
          key={gridKey}
          filter={{ ...filter, search }}
          vendorNames={vendorNames}
          maintenance={maintenance}
          startPage={startPage}
          empty={emptyFor(search.trim())}
          count={count}
        />
      </div>
    </>
  );
}
