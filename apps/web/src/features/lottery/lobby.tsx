import { memo, useCallback, useDeferredValue, useMemo, useState, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import type { TFunction } from '../../shared/i18n/translator.ts';
import { errorText } from '../../shared/forms/error-text.ts';
import { LotteryIcon } from '../../shared/ui/icons.tsx';
import { ltrMessage } from '../../shared/ui/ltr.tsx';
import { DeferUntilVisible } from '../../shared/ui/defer-until-visible.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../shared/ui/states.tsx';
import { useLatestResults, useLobby, useOpenNumeros, usePopular, useVnLaunch } from './api.ts';
import { useGate } from '../../shared/shell/use-gate.ts';
import { Balls, splitWinNo } from './balls.tsx';
import { LobbyCountdown } from './countdown.tsx';
import { familyBadge, familyOfGroup, isVn } from './families.ts';
import type { LobbyGame, LobbyGroup, DrawResult, OpenNumero } from './model.ts';
import { LOTTERY_NS } from './strings.ts';
import type { Variant } from './variants.ts';
import styles from './lottery.module.css';

const POPULAR_GROUP = 'POPULAR';

/**
 * The cards rendered with the lobby: a 390-wide phone's first screen shows three or four. The
 * rest (about 40 of 45) render when the reader scrolls towards them: mounted with the first ones,
 * they were most of the lobby's first render and commit, a phone's longest task on /lottery
 * (issue 33). A wider screen, whose first screen holds more, has them a moment after. Six fill
 * whole rows of the grid's one, two and three columns: a row shared with cards that come later
 * grew with them and moved the first cards' contents.
 */
const FIRST_CARDS = 6;
/** The grid's gap (`.grid` in lottery.module.css). */
const GRID_GAP = 12;
/** A card's usual height (its `contain-intrinsic-block-size`) and the gap: what the rest keep on a phone, one a row. */
const CARD_PITCH = 118 + GRID_GAP;

/**
 * The lobby: the variant's games by group, each card with its current numero, the live countdown
 * to the close and the latest result; a card opens the betting client.
 */
export function Lobby({ variant }: { variant: Variant }) {
  const { t } = useTypedTranslation(LOTTERY_NS);
  const lobby = useLobby(variant);
  const popularNow = usePopular(variant);
  const openNow = useOpenNumeros(variant);
  const latestNow = useLatestResults(variant, openNow);
  // The games, the open numeros and the results each arrive on their own and each renders every
  // card again (about 45). Deferred, React renders the cards in a background pass it splits into
  // slices, instead of one task that held a phone's main thread for 50-200 ms (decision 015).
  const menus = useDeferredValue(lobby.data);
  const popular = useDeferredValue(popularNow.codes);
  const open = useDeferredValue(openNow);
  const latest = useDeferredValue(latestNow.results);
  // The cards wait for the popular lotteries and the latest results too (answered or failed): a
  // popular group that came later put its chip before the others, and a result taller than "no
  // result yet" (dice, ten balls) grew its card's row of the grid; both moved what was below them
  // (CLS 0.01-0.04 at 1440x900; decision 015). Deferred like the answers, so the render that shows
  // the cards has them.
  const answered = useDeferredValue(popularNow.settled && latestNow.settled);
  // The popular lotteries (LT-04) lead as their own group, in the server's order, when any of
  // them is on this lobby.
  const groups = useMemo((): LobbyGroup[] => {
    const all = menus ?? [];
    const byCode = new Map(all.flatMap((g) => g.games).map((game) => [game.gameCode, game]));
    const hot = (popular ?? []).flatMap((code) => byCode.get(code) ?? []);
    return hot.length > 0 && all.length > 1
      ? [{ code: POPULAR_GROUP, label: t('group_popular'), games: hot }, ...all]
      : all;
  }, [menus, popular, t]);
  const [group, setGroup] = useState<string>('ALL');
  // "All" lists every game once: the popular group repeats games of the others.
  const shown = useMemo(
    () =>
      group === 'ALL'
        ? groups.filter((g) => g.code !== POPULAR_GROUP)
        : groups.filter((g) => g.code === group),
    [groups, group],
  );
  // One launch for the whole lobby (a player starts one game at a time), not a mutation observer
  // per card: the cards' first mount is a phone's busiest moment on /lottery (decision 015).
  const gate = useGate();
  const navigate = useNavigate();
  const launch = useVnLaunch();
  const { mutate } = launch;
  const launchingCode = launch.isPending ? launch.variables?.gameCode : undefined;
  const onLaunch = useCallback(
    (gameCode: string) =>
      gate(() =>
        mutate(
          { prizeMode: variant.prizeMode, gameCode },
          {
            onSuccess: (v) => {
              const url = v.content.game_url;
              if (url.startsWith('/')) void navigate(url);
              else window.location.assign(url);
            },
          },
        ),
      ),
    [gate, mutate, navigate, variant.prizeMode],
  );
  // The same elements while none of their inputs changed: the urgent render that comes before the
  // deferred one (and a chip press) leaves the cards as they are.
  const cards = useMemo(
    () =>
      shown.flatMap((g) =>
        g.games.map((game) => (
          <GameCard
            key={game.gameId}
            game={game}
            variant={variant}
            numero={open.get(game.gameId)}
            last={latest.get(game.gameId)}
            t={t}
            launching={launchingCode === game.gameCode}
            onLaunch={onLaunch}
          />
        )),
      ),
    [shown, variant, open, latest, t, launchingCode, onLaunch],
  );

  // Until the deferred pass has the games, the skeleton stays (not the empty lobby).
  if (lobby.isPending || (lobby.data && (!menus || !answered)))
    return (
      <div className={styles.grid} aria-busy="true">
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className={styles.card}>
            <Skeleton height={20} width="60%" />
            <Skeleton height={28} width="40%" />
            <Skeleton height={28} />
          </div>
        ))}
      </div>
    );
  if (lobby.isError)
    return <ErrorState message={errorText(lobby.error, t)} onRetry={() => void lobby.refetch()} />;
  if (!groups.length) return <EmptyState icon={<LotteryIcon />} title={t('lobby_empty')} />;

  return (
    <div className={styles.lobby}>
      {groups.length > 1 ? (
        <div className={styles.chips} role="group" aria-label={t('groups')}>
          {[{ code: 'ALL', label: t('group_all') }, ...groups].map((g) => (
            <button
              key={g.code}
              type="button"
              className={styles.chip}
              aria-pressed={group === g.code}
              onClick={() => setGroup(g.code)}
            >
              {g.label}
            </button>
          ))}
        </div>
      ) : null}
      <section className={styles.group} aria-labelledby="lobby-group-title">
        <h2 className={styles.groupTitle} id="lobby-group-title">
          {group === 'ALL' ? t('group_all_games') : shown[0]?.label}
          <span className={styles.groupCount}>{shown.reduce((n, g) => n + g.games.length, 0)}</span>
        </h2>
        <div className={styles.grid}>
          {cards.slice(0, FIRST_CARDS)}
          {cards.length > FIRST_CARDS ? (
            <DeferUntilVisible
              minHeight={(cards.length - FIRST_CARDS) * CARD_PITCH - GRID_GAP}
              margin="100px"
              className={styles.gridRest}
            >
              {cards.slice(FIRST_CARDS)}
            </DeferUntilVisible>
          ) : null}
        </div>
      </section>
    </div>
  );
}

/**
 * Memoised: when a Vietnamese launch starts or ends, the lobby's cards are built again and only
 * the card being launched has a prop that changed.
 */
const GameCard = memo(function GameCard({
  game,
  variant,
  numero,
  last,
  t,
  launching,
  onLaunch,
}: {
  game: LobbyGame;
  variant: Variant;
  numero?: OpenNumero;
  last?: DrawResult;
  t: TFunction;
  launching: boolean;
  onLaunch: (gameCode: string) => void;
}) {
  const family = familyOfGroup(game.groupCode);
  // The Vietnamese lobby launches its games through the platform (LT-07); login comes first.
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (variant.area !== 'VN') return;
    e.preventDefault();
    onLaunch(game.gameCode);
  };
  const to = `${variant.path}?gameCode=${encodeURIComponent(game.gameCode)}${
    game.defaultPlayType !== undefined ? `&playType=${encodeURIComponent(String(game.defaultPlayType))}` : ''
  }`;
  return (
    // The link holds the name only and covers the card (its ::after): its accessible name is the
    // visible name (WCAG 2.5.3), the numero, countdown and result are read as the card's text.
    <div className={styles.card} data-family={family} data-testid="lottery-card">
      <span className={styles.cardHead}>
        <span className={styles.cardBadge} aria-hidden="true">
          {familyBadge(family)}
        </span>
        <span className={styles.cardTitle}>
          <Link to={to} className={styles.cardName} aria-busy={launching || undefined} onClick={onClick}>
            {game.name}
          </Link>
          <span className={styles.cardLabel}>
            {numero ? ltrMessage(t, 'numero_no', { numero: numero.numero }) : t('no_open_numero')}
          </span>
        </span>
        <LobbyCountdown numero={numero} t={t} />
      </span>
      <span className={styles.cardResult}>
        {last ? (
          <>
            {isVn(family) ? (
              <span className={styles.special}>
                <span className={styles.cardLabel}>{t('prize_DB')}</span>
                <Balls
                  winNo={splitWinNo(last.winNo)[0] ?? ''}
                  family={family}
                  size="md"
                  label={t('prize_DB')}
                />
              </span>
            ) : (
              <Balls
                winNo={last.winNo}
                family={family}
                size="sm"
                max={family === '4D' ? 3 : 10}
                label={t('latest_result')}
              />
            )}
            <span className={styles.cardLabel}>{ltrMessage(t, 'numero_no', { numero: last.numero })}</span>
          </>
        ) : (
          <span className={styles.cardLabel}>{t('no_result_yet')}</span>
        )}
      </span>
    </div>
  );
});
