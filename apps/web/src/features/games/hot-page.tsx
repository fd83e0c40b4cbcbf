import { useCallback } from 'react';
import { useQuery } from '../../shared/http/use-query.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import type { Game } from '@app/contract';
import { useSession } from '../../shared/session/session.ts';
import { ModalKeys, useUiStore } from '../../shared/shell/ui-store.ts';
import { FlameIcon } from '../../shared/ui/icons.tsx';
import { Page, PageHeader, Section } from '../../shared/ui/page.tsx';
import { EmptyState, ErrorState } from '../../shared/ui/states.tsx';
import { fetchHotGames } from './game-queries.ts';
import { isFavourite, useFavouriteStore, useToggleFavourite } from './favourites.ts';
import { GameTile, TileSkeleton, useTileLabels } from './game-tile.tsx';
import { gameLaunchItem } from './launch-rules.ts';
import { useLaunch } from './use-launch.ts';
import { useVendorLanes } from './vendor-store.ts';
import { WinnersBoard } from './winners-board.tsx';
import gridStyles from './game-grid.module.css';
import styles from './hot-page.module.css';

/** Games shown on the hot page: the hot list holds up to 200; the first 48 fit two screens. */
const HOT_SHOWN = 48;

/**
 * /hot (SH-12): the hot games of every vendor (GCSGAME_hotGamesV2 with merchantCode, isPlatform 2,
 * vassalage "", platform "flash,html5-desktop", language) and the winners board.
 */
export function HotPage() {
  const { t, i18n } = useTypedTranslation(['games', 'pages']);
  const language = i18n.language || 'en';
  const token = useSession((s) => s.token);
  const openModal = useUiStore((s) => s.openModal);
  const launch = useLaunch();
  const toggle = useToggleFavourite();
  const changed = useFavouriteStore((s) => s.changed);
  const labels = useTileLabels();
  const lanes = useVendorLanes();
  const names = new Map<string, string>();
  for (const lane of lanes.data ?? [])
    for (const c of lane.cards) if (!names.has(c.vassalage)) names.set(c.vassalage, c.displayName);
  const hot = useQuery({
    queryKey: ['games', 'hot', language, Boolean(token)],
    queryFn: () => fetchHotGames(language),
    staleTime: 60_000,
  });
  const onPlay = useCallback((g: Game) => launch(gameLaunchItem(g)), [launch]);
  const onFavourite = useCallback(
    (g: Game, want: boolean) => (token ? void toggle(g, want) : openModal(ModalKeys.loginPopup)),
    [token, toggle, openModal],
  );
  const games = hot.data?.list.slice(0, HOT_SHOWN) ?? [];
  return (
    <Page>
      <PageHeader
        icon={<FlameIcon size={26} />}
        title={t('pages:hot_title')}
        subtitle={t('games:hot_page_subtitle')}
      />
      <div className={styles.layout}>
        <Section>
          {hot.isError ? (
            <ErrorState message={t('games:list_error')} onRetry={() => void hot.refetch()} />
          ) : hot.isPending ? (
            <ul className={`${gridStyles.grid} ${styles.grid}`}>
              {Array.from({ length: 12 }, (_, i) => (
                <TileSkeleton key={i} />
              ))}
            </ul>
          ) : games.length === 0 ? (
            <EmptyState icon={<FlameIcon />} title={t('games:list_empty')}>
              {t('games:list_empty_hint')}
            </EmptyState>
          ) : (
            <ul className={`${gridStyles.grid} ${styles.grid}`} data-testid="hot-games">
              {games.map((g) => (
                <GameTile
                  key={g.nodeId}
                  game={g}
                  favourite={isFavourite(g, changed)}
                  vendorName={names.get(g.vassalage) ?? g.vassalage}
                  maintenance={false}
                  labels={labels}
                  onPlay={onPlay}
                  onFavourite={onFavourite}
                />
              ))}
            </ul>
          )}
        </Section>
        <aside className={styles.side}>
          <WinnersBoard />
        </aside>
      </div>
    </Page>
  );
}
