import { useCallback, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import type { Game } from '@app/contract';
import { useSession } from '../../shared/session/session.ts';
import { ModalKeys, useUiStore } from '../../shared/shell/ui-store.ts';
import { ErrorState } from '../../shared/ui/states.tsx';
import { isFavourite, useFavouriteStore, useToggleFavourite } from './favourites.ts';
import { LIST_PAGE_SIZE, useGameListHead, useGamePages, type ListFilter } from './game-queries.ts';
import { GameTile, TileSkeleton, useTileLabels } from './game-tile.tsx';
import { gameLaunchItem } from './launch-rules.ts';
import { useLaunch } from './use-launch.ts';
import { columnsFor, gridWindow } from './virtual-grid.ts';
import styles from './game-grid.module.css';

const GAP = 14;
const MIN_TILE = 170;
const CAPTION = 50;

interface Viewport {
  top: number;
  height: number;
}

/**
 * The game grid of a list page, virtualised (NC-46): the list's height is the whole list's, only
 * the rows near the screen are mounted, and the pages of games those rows need are fetched as
 * they come near. `startPage` (SH-11) opens the list at that page of 100 games.
 */
export function GameGrid({
  filter,
  vendorNames,
  maintenance,
  startPage = 1,
  empty,
  count,
}: {
  filter: ListFilter;
  vendorNames: ReadonlyMap<string, string>;
  maintenance: ReadonlySet<string>;
  startPage?: number;
  empty: React.ReactNode;
  /**
   * The list's count line, shown above the grid: drawn here, in the render that shows the games,
   * rather than handed up to the page (which cost a second render of the page and the grid).
   */
  count?: (total: number, searching: boolean, loading: boolean) => React.ReactNode;
}) {
  const { t } = useTypedTranslation('games');
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [view, setView] = useState<Viewport>({ top: 0, height: 900 });
  const launch = useLaunch();
  const toggle = useToggleFavourite();
  const changed = useFavouriteStore((s) => s.changed);
  const token = useSession((s) => s.token);
  const openModal = useUiStore((s) => s.openModal);
  const list = useGameListHead(filter);
  const labels = useTileLabels();

  // Another player (or none) in this tab: the local favourite changes were the last one's.
  useEffect(() => useFavouriteStore.getState().reset(), [token]);

  // The grid's width and place come from a ResizeObserver, whose first report follows the browser's
  // own first layout of the page. Read in a layout effect, `clientWidth` forced that layout inside
  // the commit, and the render for the width and every effect of the page ran in that same task: on
  // /rng a phone's longest task of the first visit (decision 015, eleventh pass). Until the report
  // the grid shows skeletons, laid out by CSS alone.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const rect = el.getBoundingClientRect();
      const next = { top: Math.round(-rect.top), height: window.innerHeight };
      setView((v) => (v.top === next.top && v.height === next.height ? v : next));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    // Called after layout: reading the box here costs nothing.
    const ro = new ResizeObserver(() => {
      setWidth(el.clientWidth);
      measure();
    });
    ro.observe(el);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      ro.disconnect();
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, []);

  const columns = width ? columnsFor(width, MIN_TILE, GAP) : 2;
  const tileWidth = width ? (width - GAP * (columns - 1)) / columns : MIN_TILE;
  // Tiles are 3:2 art (the vendor art's own shape, nothing cropped) and a two-line caption.
  const rowHeight = Math.round((tileWidth * 2) / 3 + CAPTION + GAP);
  // New results (a search, a first page) show the rows on screen first; the rows kept mounted
  // behind and ahead of the screen for scrolling follow in a deferred render right after, so the
  // player sees a search's results for half the work.
  const head = list.first.data;
  const settledHead = useDeferredValue(head);
  const win = gridWindow(
    list.total,
    { columns, rowHeight },
    view,
    head === settledHead ? {} : { ahead: 0, behindRows: 0 },
  );
  const firstIndex = win.firstRow * columns;
  const lastIndex = Math.min(list.total - 1, (win.lastRow + 1) * columns - 1);

  const pages = useMemo(() => {
    const out: number[] = [];
    if (lastIndex < firstIndex) return [0];
    for (let p = Math.floor(firstIndex / LIST_PAGE_SIZE); p <= Math.floor(lastIndex / LIST_PAGE_SIZE); p++)
      out.push(p);
    return out;
  }, [firstIndex, lastIndex]);
  const gameAt = useGamePages(filter, list, pages);

  const { total, searching, loading } = list;
  const countLine = count?.(total, searching, loading);

  // SH-11: open at the requested page once the list and the grid's width are known.
  const jumped = useRef(false);
  useEffect(() => {
    if (jumped.current || startPage <= 1 || !width || total === 0 || !ref.current) return;
    const index = Math.min(total - 1, (startPage - 1) * LIST_PAGE_SIZE);
    const target =
      ref.current.getBoundingClientRect().top + window.scrollY + Math.floor(index / columns) * rowHeight - 8;
    let frame = 0;
    let tries = 0;
    const jump = () => {
      window.scrollTo(0, target);
      // A page not laid out to its full height yet clamps the scroll short of the target (the list
      // then opened near its top, a CI run found): again on the next frames, for a second at most.
      if (Math.abs(window.scrollY - target) > 1 && tries++ < 60) frame = requestAnimationFrame(jump);
      else jumped.current = true;
    };
    jump();
    return () => cancelAnimationFrame(frame);
  }, [startPage, width, total, columns, rowHeight]);

  const onPlay = useCallback((game: Game) => launch(gameLaunchItem(game)), [launch]);
  const onFavourite = useCallback(
    (game: Game, want: boolean) => {
      if (!token) {
        openModal(ModalKeys.loginPopup);
        return;
      }
      void toggle(game, want);
    },
    [token, openModal, toggle],
  );

  if (list.error && total === 0)
    return (
      <>
        {countLine}
        <ErrorState message={t('list_error')} onRetry={list.refetch} />
      </>
    );

  // Tiles are slots keyed by their place in the window, not by game: a new search, or a scroll by
  // a row, shows other games in the tiles already mounted (React updates their text and
  // attributes) instead of unmounting every tile and building each one anew.
  const slots = Math.max(1, (win.lastRow - win.firstRow + 1) * columns);
  const tiles = [];
  let shown = 0;
  for (let i = firstIndex; i <= lastIndex; i++) {
    const game = gameAt(i);
    if (!game) {
      tiles.push(<TileSkeleton key={`s${i}`} />);
      continue;
    }
    // NC-39: a favourite removed here leaves the favourites list at once.
    const fav = isFavourite(game, changed);
    if (filter.selection === 'FAV' && !fav) continue;
    shown++;
    tiles.push(
      <GameTile
        key={i % slots}
        game={game}
        favourite={fav}
        vendorName={vendorNames.get(game.vassalage) ?? game.vassalage}
        maintenance={maintenance.has(game.vassalage)}
        labels={labels}
        onPlay={onPlay}
        onFavourite={onFavourite}
      />,
    );
  }
  const nothing =
    !list.loading &&
    list.enabled &&
    (total === 0 || (filter.selection === 'FAV' && shown === 0 && tiles.length === 0));

  return (
    <>
      {countLine}
      <div
        ref={ref}
        className={styles.viewport}
        data-testid="game-grid"
        data-total={total}
        aria-busy={list.loading || searching || !width}
        style={{ height: nothing ? undefined : Math.max(0, win.rows * rowHeight - GAP) }}
      >
        {nothing ? (
          empty
        ) : list.loading || !width ? (
          <ul className={`${styles.grid} ${styles.skeletonGrid}`}>
            {Array.from({ length: Math.min(columns * 3, 24) }, (_, i) => (
              <TileSkeleton key={i} />
            ))}
          </ul>
        ) : (
          <ul
            className={styles.grid}
            data-searching={searching || undefined}
            style={{
              transform: `translateY(${win.firstRow * rowHeight}px)`,
              gridTemplateColumns: `repeat(${columns}, 1fr)`,
              gridAutoRows: `${rowHeight - GAP}px`,
            }}
          >
            {tiles}
          </ul>
        )}
      </div>
    </>
  );
}
