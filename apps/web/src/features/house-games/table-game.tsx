import { useMemo, useState } from 'react';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import {
  DT_SIDES,
  DT_STATED_EDGE_PERCENT,
  DT_TIE_PAYS,
  type DtCard,
  type DtOutcome,
  type DtSide,
  type HouseRound,
  type HouseState,
} from '@app/contract';
import { Button } from '../../shared/ui/button.tsx';
import { money, playErrorText, playTable, toMinor, useHouseRounds, useRecordRound } from './api.ts';
import { GameBar, GameError, LastWin, SidePanel } from './panels.tsx';
import styles from './house.module.css';

const SUITS = ['♠', '♥', '♣', '♦'];
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

export function PlayingCard({ card, side }: { card: DtCard | null; side: 'DRAGON' | 'TIGER' }) {
  if (!card)
    return (
      <div
        className={[
          styles.card,
          styles.cardBack,
          side === 'DRAGON' ? styles.backDragon : styles.backTiger,
        ].join(' ')}
      />
    );
  const red = card.suit === 1 || card.suit === 3;
  return (
    <div
      className={[styles.card, red ? styles.cardRed : ''].join(' ')}
      aria-label={`${RANKS[card.rank - 1]}${SUITS[card.suit]}`}
    >
      <span className={styles.cardCorner}>
        {RANKS[card.rank - 1]}
        <br />
        {SUITS[card.suit]}
      </span>
      <span className={styles.cardPip}>{SUITS[card.suit]}</span>
      <span className={styles.cardRank}>{RANKS[card.rank - 1]}</span>
    </div>
  );
}

/** Dragon Tiger: chips, bets on Dragon, Tie and Tiger, the deal, the road of past results. */
export function TableGame({ state }: { state: HouseState }) {
  const { t } = useTypedTranslation('house');
  const recordRound = useRecordRound(state.gameCode);
  const chips = state.betLevels.length ? state.betLevels : [2];
  const [chip, setChip] = useState(chips[Math.min(1, chips.length - 1)]!);
  const [bets, setBets] = useState<Record<DtSide, number>>({ DRAGON: 0, TIGER: 0, TIE: 0 });
  const [lastBets, setLastBets] = useState<Record<DtSide, number> | null>(null);
  const [balance, setBalance] = useState(toMinor(state, state.balance));
  const [outcome, setOutcome] = useState<DtOutcome | null>(null);
  const [dealId, setDealId] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [lastRound, setLastRound] = useState<HouseRound | null>(null);
  const history = useHouseRounds(state.gameCode, true);
  const staked = bets.DRAGON + bets.TIGER + bets.TIE;

  const road = useMemo(
    () =>
      (history.data?.content ?? [])
        .map((r) => (r.outcome as unknown as DtOutcome).result)
        .filter(Boolean)
        .reverse(),
    [history.data],
  );

  const add = (side: DtSide) => {
    if (busy) return;
    setOutcome(null);
    setError(null);
    const amount = toMinor(state, chip);
    if (staked + amount > balance) {
      setError(t('not_enough_balance'));
      return;
    }
    setBets((b) => ({ ...b, [side]: b[side] + amount }));
  };

  const deal = async () => {
    if (!staked || busy) return;
    setBusy(true);
    setError(null);
    setOutcome(null);
    setBalance((b) => b - staked);
    const major = (m: number) => m / 10 ** state.precision;
    try {
      const round = await playTable(state.gameCode, {
        ...(bets.DRAGON ? { DRAGON: major(bets.DRAGON) } : {}),
        ...(bets.TIGER ? { TIGER: major(bets.TIGER) } : {}),
        ...(bets.TIE ? { TIE: major(bets.TIE) } : {}),
      });
      setLastRound(round);
      setDealId((n) => n + 1);
      setOutcome(round.outcome as unknown as DtOutcome);
      setBalance(toMinor(state, round.balance ?? 0));
      setLastBets(bets);
      setBets({ DRAGON: 0, TIGER: 0, TIE: 0 });
      recordRound(round);
    } catch (err) {
      setBalance((b) => b + staked);
      setError(playErrorText(err, t));
    } finally {
      setBusy(false);
    }
  };

  const pays: Record<DtSide, string> = { DRAGON: '1:1', TIE: `${DT_TIE_PAYS}:1`, TIGER: '1:1' };
  const order: DtSide[] = ['DRAGON', 'TIE', 'TIGER'];

  return (
    <div className={styles.shell}>
      <GameBar state={state} balanceMinor={balance} />
      <div className={styles.layout}>
        <section className={styles.stage} aria-label={state.name}>
          <div className={styles.felt}>
            <div className={styles.dealRow} key={dealId}>
              <div className={styles.hand}>
                <span className={styles.handName} data-side="DRAGON">
                  {t('side_DRAGON')}
                </span>
                <div className={outcome ? styles.flip : ''}>
                  <PlayingCard card={outcome?.dragon ?? null} side="DRAGON" />
                </div>
              </div>
              <div className={styles.versus}>
                {outcome ? (
                  <span className={styles.result} data-testid="table-result" data-result={outcome.result}>
                    {outcome.result === 'TIE'
                      ? t('result_tie')
                      : t('result_wins', { side: t(`side_${outcome.result}`) })}
                  </span>
                ) : (
                  <span className={styles.vs}>VS</span>
                )}
                {outcome && lastRound ? <LastWin state={state} round={lastRound} /> : null}
              </div>
              <div className={styles.hand}>
                <span className={styles.handName} data-side="TIGER">
                  {t('side_TIGER')}
                </span>
                <div className={outcome ? styles.flip : ''}>
                  <PlayingCard card={outcome?.tiger ?? null} side="TIGER" />
                </div>
              </div>
            </div>
            <div className={styles.betAreas}>
              {order.map((side) => (
                <button
                  key={side}
                  type="button"
                  className={[
                    styles.betArea,
                    styles[`area${side}`],
                    outcome?.result === side ? styles.areaWon : '',
                  ].join(' ')}
                  onClick={() => add(side)}
                  disabled={busy}
                  data-testid={`bet-${side}`}
                >
                  <span className={styles.areaName}>{t(`side_${side}`)}</span>
                  <span className={styles.areaPays}>{t('pays', { odds: pays[side] })}</span>
                  <span className={styles.areaStake}>{bets[side] ? money(state, bets[side]) : '—'}</span>
                </button>
              ))}
            </div>
            <div className={styles.road} aria-label={t('road')}>
              {road.length === 0 ? <span className={styles.muted}>{t('road_empty')}</span> : null}
              {road.map((r, i) => (
                <span
                  key={i}
                  className={[styles.roadDot, styles[`road${r}`]].join(' ')}
                  title={t(`side_${r}`)}
                >
                  {r === 'TIE' ? 'T' : t(`side_${r}`).slice(0, 1)}
                </span>
              ))}
            </div>
          </div>
          <GameError error={error} />
          <div className={styles.controls}>
            <div className={styles.chips} role="radiogroup" aria-label={t('chip')}>
              {chips.map((c) => (
                <button
                  key={c}
                  type="button"
                  role="radio"
                  aria-checked={chip === c}
                  className={[styles.chip, chip === c ? styles.chipOn : ''].join(' ')}
                  onClick={() => setChip(c)}
                >
                  {c}
                </button>
              ))}
            </div>
            <div className={styles.tableButtons}>
              <Button
                variant="ghost"
                size="sm"
                disabled={busy || !staked}
                onClick={() => setBets({ DRAGON: 0, TIGER: 0, TIE: 0 })}
              >
                {t('clear')}
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={busy || !lastBets || staked > 0}
                onClick={() => lastBets && setBets(lastBets)}
              >
                {t('rebet')}
              </Button>
              <button
                type="button"
                className={styles.spinButton}
                disabled={busy || !staked}
                onClick={() => void deal()}
                data-testid="deal"
              >
                {busy ? t('dealing') : t('deal')}
              </button>
            </div>
            <span className={styles.muted}>
              {t('total_stake')} {money(state, staked)}
            </span>
          </div>
        </section>
        <SidePanel state={state} lastRound={lastRound} rules={<TableRules />} />
      </div>
    </div>
  );
}

function TableRules() {
  const { t } = useTypedTranslation('house');
  return (
    <div className={styles.paytable}>
      <p className={styles.rule}>{t('dt_rule_deal')}</p>
      <p className={styles.rule}>{t('dt_rule_pays', { tie: DT_TIE_PAYS })}</p>
      <table className={styles.history}>
        <thead>
          <tr>
            <th>{t('bet')}</th>
            <th className={styles.num}>{t('pays_head')}</th>
            <th className={styles.num}>{t('house_edge')}</th>
          </tr>
        </thead>
        <tbody>
          {DT_SIDES.map((s) => (
            <tr key={s}>
              <td>{t(`side_${s}`)}</td>
              <td className={styles.num}>{s === 'TIE' ? `${DT_TIE_PAYS}:1` : '1:1'}</td>
              <td className={styles.num}>{DT_STATED_EDGE_PERCENT[s]}%</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.muted}>{t('dt_rule_even')}</p>
    </div>
  );
}
