import { useRef, useState } from 'react';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import {
  BACCARAT_RTP,
  BACCARAT_SPOTS,
  BACCARAT_TOP,
  percentText,
  type BaccaratOutcome,
  type BaccaratSpot,
  type HouseRound,
  type HouseState,
} from '@app/contract';
import { money, playErrorText, toMinor, useGameHotkeys, useRecordRound } from './api.ts';
import { BetAmountField, useBetAmount } from './bet-amount.tsx';
import {
  ChipTools,
  ControlsColumn,
  PlayButton,
  SoundToggle,
  Stat,
  useChipBets,
  useSound,
  type SpotBets,
} from './controls.tsx';
import { AutoBetFields, AutoBetSummary, PlayMode, useAutoBet } from './auto-bet.tsx';
import { autoBet, playOriginalRound, tone } from './originals-api.ts';
import { Card } from './originals-cards-game.tsx';
import { scrollStageIntoView } from './multi-step-round.ts';
import { GameBar, GameError, SidePanel } from './panels.tsx';
import { RoundResult } from './round-result.tsx';
import styles from './originals.module.css';
import bac from './originals-baccarat.module.css';

const NS = ['originals-baccarat', 'originals', 'house'] as const;

/** 11:1, 8:1, 0.95:1 from a spot's return in hundredths (stake included). */
const paysText = (spot: BaccaratSpot) => {
  const profit = BACCARAT_TOP[spot] - 100;
  return `${profit % 100 ? (profit / 100).toFixed(2) : profit / 100}:1`;
};
export const BACCARAT_RTP_TEXT = {
  player: percentText(BACCARAT_RTP.player, 2),
  banker: percentText(BACCARAT_RTP.banker, 2),
  tie: percentText(BACCARAT_RTP.tie, 2),
  pair: percentText(BACCARAT_RTP['player-pair'], 2),
};
const KEYS: Record<string, BaccaratSpot> = {
  p: 'player',
  b: 'banker',
  t: 'tie',
  '1': 'player-pair',
  '2': 'banker-pair',
};

/**
 * Baccarat (Punto Banco, decision 056): chips on Player, Banker, Tie and the two pairs, one deal a
 * round through the originals' one-statement path. The cards come from the round's HMAC words (a
 * full deck each); the table shows both hands, their totals and who won, and a road of the last
 * results. Keys: P, B, T, 1, 2 place a chip, Backspace undoes, Space or Enter deals. Auto deals the
 * same bets up to the server's number of rounds, stopped by the server at a profit or loss limit
 * (the originals' auto-bet, auto-bet.tsx).
 */
export function BaccaratGame({ state }: { state: HouseState }) {
  const { t } = useTypedTranslation(NS);
  const recordRound = useRecordRound(state.gameCode);
  const [balance, setBalance] = useState(toMinor(state, state.balance));
  const chip = useBetAmount(state);
  const limits = chip.limits;
  const chips = useChipBets();
  const { bets, total } = chips;
  const [lastBets, setLastBets] = useState<SpotBets | null>(null);
  const [lastRound, setLastRound] = useState<HouseRound | null>(null);
  const [recent, setRecent] = useState<HouseRound[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { sound, toggleSound } = useSound();
  const stageRef = useRef<HTMLElement>(null);
  const auto = useAutoBet();
  const scale = 10 ** state.precision;

  const place = (spot: BaccaratSpot) => {
    if (!busy) chips.place(spot, toMinor(state, chip.major));
  };

  /** A round played (by hand or by the auto-bet): the table, the road, the balance. */
  const played = (round: HouseRound) => {
    setLastRound(round);
    setRecent((r) => [round, ...r].slice(0, 24));
    if (round.balance !== null) setBalance(toMinor(state, round.balance));
    recordRound(round);
  };

  const deal = async () => {
    const stake = total ? bets : lastBets;
    if (busy || !stake || !Object.keys(stake).length) return;
    setBusy(true);
    setError(null);
    auto.setSummary(null);
    try {
      const body = {
        gameCode: state.gameCode,
        bets: Object.fromEntries(Object.entries(stake).map(([k, v]) => [k, v / scale])),
      };
      let last: HouseRound | undefined;
      if (auto.mode === 'auto') {
        const answer = await autoBet({ ...body, ...auto.body() });
        for (const round of answer.rounds) played(round);
        auto.setSummary(answer);
        last = answer.rounds.at(-1);
      } else {
        last = await playOriginalRound(body);
        played(last);
      }
      setLastBets(stake);
      chips.reset();
      if (sound && last) tone(last.win > last.bet);
      scrollStageIntoView(stageRef.current);
    } catch (err) {
      setError(playErrorText(err, t));
    } finally {
      setBusy(false);
    }
  };

  useGameHotkeys((key) => {
    if (key === ' ' || key === 'Enter') {
      // Space deals by hand; an auto-bet starts from its button only.
      if (auto.mode === 'manual') void deal();
      return true;
    }
    if (key === 'Backspace') {
      chips.undo();
      return true;
    }
    const spot = KEYS[key.toLowerCase()];
    if (!spot) return false;
    place(spot);
    return true;
  });

  const last = lastRound?.kind === 'baccarat' ? (lastRound.outcome as unknown as BaccaratOutcome) : null;
  const rebet = !total && lastBets ? Object.values(lastBets).reduce((a, b) => a + b, 0) : 0;

  return (
    <div className={styles.shell} data-testid="original-baccarat">
      <GameBar state={state} balanceMinor={balance}>
        <SoundToggle sound={sound} onToggle={toggleSound} />
      </GameBar>
      <div className={styles.layout}>
        <ControlsColumn limits={limits} keys={t('keys')}>
          <PlayMode auto={auto} disabled={busy}>
            <BetAmountField label={t('chip')} amount={chip} />
            <div className={styles.stats}>
              <Stat label={t('total_bet')} value={money(state, total)} testId="baccarat-total" />
              <Stat label={t('last_win')} value={last ? money(state, last.totalWin) : '—'} />
            </div>
            <ChipTools chips={chips} disabled={busy} />
            <AutoBetFields auto={auto} maxRounds={limits.autoBetMaxRounds} />
            <GameError error={error} />
            <PlayButton disabled={busy || (!total && !rebet)} onPress={deal}>
              {busy
                ? t('dealing')
                : !total && !rebet
                  ? t('place_bets')
                  : auto.mode === 'auto'
                    ? t('start_auto')
                    : total
                      ? t('deal')
                      : t('rebet', { amount: money(state, rebet) })}
            </PlayButton>
            <AutoBetSummary auto={auto} net={(a) => money(state, toMinor(state, a.net))} />
          </PlayMode>
        </ControlsColumn>
        <section className={styles.stage} aria-label={state.name} ref={stageRef}>
          <div className={bac.felt}>
            <div className={bac.hands} aria-live="polite" data-testid="baccarat-hands">
              <Hand
                side="player"
                cards={last?.player ?? null}
                total={last?.playerTotal ?? null}
                last={last}
              />
              <div className={bac.verdict} data-testid="baccarat-result">
                {last ? (
                  <>
                    <strong className={bac[`verdict_${last.result}`]}>{t(`result_${last.result}`)}</strong>
                    <span>
                      {last.playerTotal} : {last.bankerTotal}
                    </span>
                    {last.natural ? <em>{t('natural')}</em> : null}
                  </>
                ) : (
                  <span className={bac.vs}>VS</span>
                )}
              </div>
              <Hand
                side="banker"
                cards={last?.banker ?? null}
                total={last?.bankerTotal ?? null}
                last={last}
              />
            </div>
            {!last ? <p className={styles.muted}>{t('idle')}</p> : null}
            <div
              className={bac.layoutBoard}
              role="group"
              aria-label={t('layout')}
              data-testid="baccarat-layout"
            >
              {BACCARAT_SPOTS.map((spot) => {
                // The outcome lights its spots (the result, a pair), whoever bet on them; a spot
                // that paid the player is gold.
                const lit =
                  last !== null &&
                  (spot === last.result ||
                    (spot === 'player-pair' && last.playerPair) ||
                    (spot === 'banker-pair' && last.bankerPair));
                const paid = last !== null && lit && (last.bets[spot] ?? 0) > 0;
                return (
                  <button
                    key={spot}
                    type="button"
                    className={[
                      bac.spot,
                      bac[`spot_${spot}`],
                      lit ? bac.spotWon : '',
                      paid ? bac.spotMine : '',
                    ].join(' ')}
                    disabled={busy}
                    onClick={() => place(spot)}
                    aria-label={t('spot_label', {
                      spot: t(spot),
                      pays: paysText(spot),
                      stake: money(state, bets[spot] ?? 0),
                    })}
                    title={t('spot_rtp', {
                      rtp: percentText(BACCARAT_RTP[spot], 2),
                    })}
                    data-testid={`spot-${spot}`}
                    data-lit={lit || undefined}
                  >
                    <span className={bac.spotName}>{t(spot)}</span>
                    <span className={bac.spotPays}>{paysText(spot)}</span>
                    {bets[spot] ? (
                      <span className={bac.chip} aria-hidden>
                        {money(state, bets[spot])}
                      </span>
                    ) : null}
                  </button>
                );
              })}
            </div>
          </div>
          <RoundResult state={state} round={lastRound} idle={t('rtp_line', BACCARAT_RTP_TEXT)} />
          {recent.length ? (
            <ol className={bac.road} aria-label={t('road')} data-testid="baccarat-road">
              {recent.map((r) => {
                const o = r.outcome as unknown as BaccaratOutcome;
                return (
                  <li key={r.roundId} className={bac[`bead_${o.result}`]} title={t(`result_${o.result}`)}>
                    {t(`road_${o.result}`)}
                  </li>
                );
              })}
            </ol>
          ) : null}
        </section>
        <SidePanel state={state} lastRound={lastRound} rules={<BaccaratRules />} />
      </div>
    </div>
  );
}

function Hand({
  side,
  cards,
  total,
  last,
}: {
  side: 'player' | 'banker';
  cards: number[] | null;
  total: number | null;
  last: BaccaratOutcome | null;
}) {
  const { t } = useTypedTranslation(NS);
  const winner = last?.result === side;
  const pair = side === 'player' ? last?.playerPair : last?.bankerPair;
  return (
    <div
      className={[bac.hand, bac[`hand_${side}`], winner ? bac.handWon : ''].join(' ')}
      aria-label={t('hand', { side: t(side) })}
      data-testid={`hand-${side}`}
    >
      <div className={bac.handHead}>
        <span className={bac.handName}>{t(side)}</span>
        <span className={bac.handTotal} data-testid={`total-${side}`}>
          {total ?? '–'}
        </span>
      </div>
      <div className={bac.cards} key={last ? `${side}-${last.player.join()}-${last.banker.join()}` : 'idle'}>
        {(cards ?? [null, null]).map((c, i) => (
          <div
            key={i}
            className={[bac.slot, i === 2 ? bac.third : '', cards ? '' : bac.idle].join(' ')}
            style={{ animationDelay: `${(side === 'player' ? 0 : 1) * 120 + (i < 2 ? i * 240 : 520)}ms` }}
          >
            <Card card={c} size="md" />
          </div>
        ))}
      </div>
      {pair ? <span className={bac.pairTag}>{t('pair')}</span> : null}
    </div>
  );
}

function BaccaratRules() {
  const { t } = useTypedTranslation(NS);
  return (
    <div className={styles.rules}>
      <p>{t('rules_baccarat')}</p>
      <p>{t('rules_deck')}</p>
      <p>{t('rules_pays')}</p>
      <p>{t('rules_rtp', BACCARAT_RTP_TEXT)}</p>
      <p>{t('originals:rules_fair')}</p>
    </div>
  );
}
