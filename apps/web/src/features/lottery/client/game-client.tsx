import { Link, useSearchParams } from 'react-router';
import { useTypedTranslation } from '../../../shared/i18n/react.tsx';
import { errorText } from '../../../shared/forms/error-text.ts';
import { Tabs } from '../../../shared/forms/tabs.tsx';
import { ArrowLeftIcon, LotteryIcon } from '../../../shared/ui/icons.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/states.tsx';
import { useLobby, useNear } from '../api.ts';
import { Balls } from '../balls.tsx';
import { Countdown } from '../countdown.tsx';
import { familyOfGroup, isVn } from '../families.ts';
import type { LobbyGame } from '../model.ts';
import { MyBets } from '../my-bets.tsx';
import { ResultsBoard } from '../results-board.tsx';
import { PlayRules } from '../play-rules.tsx';
import { LOTTERY_NS } from '../strings.ts';
import { TrendChart } from '../trend-chart.tsx';
import type { Variant } from '../variants.ts';
import { BetPanel } from './bet-panel.tsx';
import styles from './client.module.css';
import { ltrMessage } from '../../../shared/ui/ltr.tsx';

type Tab = 'bet' | 'results' | 'trend' | 'bets' | 'rules';
const TABS: readonly Tab[] = ['bet', 'results', 'trend', 'bets', 'rules'];

/**
 * The betting client of one game: the numero on sale with its countdown and the last result at
 * the top (both live), then tabs for betting, the results board, the trend chart, the member's
 * bets on this game and the rules of every play.
 */
export function GameClient({ variant, gameCode }: { variant: Variant; gameCode: string }) {
  const { t } = useTypedTranslation(LOTTERY_NS);
  const lobby = useLobby(variant);
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((k) => k === params.get('tab')) ?? 'bet';
  const setTab = (k: Tab) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (k === 'bet') next.delete('tab');
        else next.set('tab', k);
        return next;
      },
      { replace: true },
    );
  const game = lobby.data?.flatMap((g) => g.games).find((g) => g.gameCode === gameCode);

  if (lobby.isPending) return <LoadingState minHeight={400} />;
  if (lobby.isError)
    return <ErrorState message={errorText(lobby.error, t)} onRetry={() => void lobby.refetch()} />;
  if (!game)
    return (
      <EmptyState icon={<LotteryIcon />} title={t('game_not_found')}>
        <Link to={variant.path}>{t('back_to_lobby')}</Link>
      </EmptyState>
    );
  return <ClientFor game={game} variant={variant} tab={tab} setTab={setTab} />;
}

function ClientFor({
  game,
  variant,
  tab,
  setTab,
}: {
  game: LobbyGame;
  variant: Variant;
  tab: Tab;
  setTab: (t: Tab) => void;
}) {
  const { t } = useTypedTranslation(LOTTERY_NS);
  const near = useNear(game.gameCode);
  const family = familyOfGroup(game.groupCode);
  const [, setParams] = useSearchParams();
  const previous = near.data?.previous;
  const current = near.data?.current;
  const drawing = !!previous && !previous.winNo;
  const verify = (numero: string) =>
    setParams(new URLSearchParams({ view: 'verify', gameId: String(game.gameId), numero }));

  return (
    <div className={styles.client}>
      <header className={styles.head}>
        <Link to={variant.path} className={styles.back} aria-label={t('back_to_lobby')}>
          <ArrowLeftIcon size={18} />
        </Link>
        <div className={styles.headName}>
          <h1 className={styles.gameName}>{game.name}</h1>
          <p className={styles.headSub}>
            {current ? ltrMessage(t, 'numero_on_sale', { numero: current.numero }) : t('no_open_numero')}
          </p>
        </div>
        <div className={styles.headTimer}>
          <span className={styles.headLabel}>{t('closes_in_label')}</span>
          <Countdown numero={current} size="lg" />
        </div>
        <div className={styles.headResult} data-testid="last-result" aria-live="polite">
          <span className={styles.headLabel}>
            {previous ? ltrMessage(t, 'numero_no', { numero: previous.numero }) : t('latest_result')}
          </span>
          {drawing ? (
            <span className={styles.drawing}>{t('drawing')}</span>
          ) : previous ? (
            <Balls
              winNo={previous.winNo}
              family={family}
              size="md"
              max={isVn(family) ? 6 : family === '4D' ? 3 : 10}
              lead={isVn(family)}
            />
          ) : (
            <span className={styles.muted}>{t('no_result_yet')}</span>
          )}
        </div>
      </header>
      <div className={styles.tabsWrap}>
        <Tabs
          options={TABS.map((k) => ({ key: k, label: t(`tab_${k}`) }))}
          value={tab}
          onChange={setTab}
          label={t('game_sections')}
          panelId="lottery-panel"
          idPrefix="lottery-tab"
        />
      </div>
      <div id="lottery-panel" role="tabpanel" aria-labelledby={`lottery-tab-${tab}`} className={styles.panel}>
        {tab === 'bet' ? (
          <BetPanel game={game} family={family} variant={variant} current={current} />
        ) : tab === 'results' ? (
          <ResultsBoard gameId={game.gameId} family={family} live={drawing} onVerify={verify} />
        ) : tab === 'trend' ? (
          <TrendChart gameId={game.gameId} />
        ) : tab === 'bets' ? (
          <MyBets gameId={game.gameId} />
        ) : (
          <PlayRules family={family} gameId={game.gameId} prizeMode={variant.prizeMode} />
        )}
      </div>
    </div>
  );
}
