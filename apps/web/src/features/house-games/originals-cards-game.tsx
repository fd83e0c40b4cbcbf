import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import type { TypedT } from '../../shared/i18n/keys.ts';
import {
  cardRank,
  cardSuit,
  HILO_GUESSES,
  ORIGINALS_RTP_PERCENT,
  type HiLoAction,
  type HiLoGuess,
  type HiLoOutcome,
  type HiLoRound,
  type HouseState,
} from '@app/contract';
import { useGameHotkeys } from './api.ts';
import { hiloAct, hiloCashOut, hiloStart } from './originals-cards-api.ts';
import { useMultiStepRound } from './multi-step-round.ts';
import { GameBar, GameError, SidePanel } from './panels.tsx';
import { RecentRounds, RoundResult } from './round-result.tsx';
import { BetAmountField, useBetAmount } from './bet-amount.tsx';
import { CashOutButton, ControlsColumn, PlayButton, SoundToggle, Stat } from './controls.tsx';
import styles from './originals.module.css';
import cardStyles from './originals-cards.module.css';

const NS = ['originals-cards', 'originals', 'house'] as const;
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['♠', '♥', '♦', '♣'];
const RED = new Set([1, 2]);

/** One card face (0..51), or its back. */
export function Card({
  card,
  size = 'md',
  mark,
}: {
  card: number | null;
  size?: 'lg' | 'md' | 'sm';
  mark?: 'won' | 'lost' | 'skip' | null;
}) {
  const cls = [cardStyles.card, cardStyles[size]];
  if (card === null) return <div className={[...cls, cardStyles.back].join(' ')} aria-hidden />;
  const rank = RANKS[cardRank(card) - 1]!;
  const suit = SUITS[cardSuit(card)]!;
  if (RED.has(cardSuit(card))) cls.push(cardStyles.red);
  if (mark) cls.push(cardStyles[mark]);
  return (
    <div className={cls.join(' ')} role="img" aria-label={`${rank}${suit}`} data-card={`${rank}${suit}`}>
      <span className={cardStyles.corner}>
        {rank}
        <br />
        {suit}
      </span>
      <span className={cardStyles.pip}>{suit}</span>
      <span className={[cardStyles.corner, cardStyles.cornerEnd].join(' ')} aria-hidden>
        {rank}
        <br />
        {suit}
      </span>
    </div>
  );
}

/** The label of a guess from a card: "Higher" at an ace, "Lower" at a king, else "… or same". */
function guessLabel(t: TypedT<'originals-cards'>, card: number, guess: HiLoGuess) {
  const rank = cardRank(card);
  if (guess === 'higher') return rank === 1 ? t('hilo_higher_strict') : t('hilo_higher');
  if (guess === 'lower') return rank === 13 ? t('hilo_lower_strict') : t('hilo_lower');
  return t('hilo_same');
}

const percent = (ranks: number) => ((ranks / 13) * 100).toFixed(2);

/**
 * HiLo (decision 046): a card is turned, the player guesses whether the next is higher or lower
 * (or the same), skips it, or cashes out. The round lives on the server (a reload or another
 * device plays it on); each action carries the number of actions the page saw, so a double tap is
 * taken once. Keys: Space or Enter bets or cashes out, ↑ higher, ↓ lower, → skip.
 */
export function HiLoGame({ state }: { state: HouseState }) {
  const { t } = useTypedTranslation(NS);
  const bet = useBetAmount(state);
  const { stageRef, ...round } = useMultiStepRound<HiLoRound>(state, state.openHiLo ?? null, t);
  const { open, busy, lastRound, startRound, stepRound } = round;
  const betMajor = bet.major;

  const start = () => startRound(() => hiloStart(state.gameCode, betMajor));
  const act = async (action: HiLoAction) => {
    if (open) await stepRound(() => hiloAct(state.gameCode, action, open.actions.length));
  };
  const cashOut = () => stepRound(() => hiloCashOut(state.gameCode));

  useGameHotkeys((key) => {
    if (key === ' ' || key === 'Enter') {
      if (!open) void start();
      else if (open.guesses) void cashOut();
      return true;
    }
    if (!open) return false;
    if (key === 'ArrowUp' && open.next.higher) void act('higher');
    else if (key === 'ArrowDown' && open.next.lower) void act('lower');
    else if (key === 'ArrowRight' && open.skipsLeft > 0) void act('skip');
    else return false;
    return true;
  });

  const last = lastRound?.kind === 'hilo' ? (lastRound.outcome as unknown as HiLoOutcome) : null;
  const current = open ? open.cards.at(-1)! : (last?.cards.at(-1) ?? null);

  return (
    <div className={styles.shell} data-testid="original-hilo">
      <GameBar state={state} balanceMinor={round.balance}>
        <SoundToggle sound={round.sound} onToggle={round.toggleSound} />
      </GameBar>
      <div className={styles.layout}>
        <ControlsColumn limits={bet.limits} keys={t('hilo_keys')}>
          <BetAmountField label={t('bet_amount')} amount={bet} disabled={Boolean(open)} />
          {open ? (
            <>
              <div className={styles.stats}>
                <Stat label={t('multiplier')} value={`${open.multiplier}×`} />
                <Stat label={t('hilo_right')} value={String(open.guesses)} />
              </div>
              <div className={cardStyles.guesses}>
                {HILO_GUESSES.map((g) => (
                  <button
                    key={g}
                    type="button"
                    className={[cardStyles.guess, cardStyles[`guess_${g}`]].join(' ')}
                    disabled={busy || !open.next[g]}
                    onClick={() => void act(g)}
                    data-testid={`hilo-${g}`}
                  >
                    <span className={cardStyles.guessName}>
                      {g === 'higher' ? '▲ ' : g === 'lower' ? '▼ ' : '= '}
                      {guessLabel(t, current!, g)}
                    </span>
                    <span className={cardStyles.guessFacts}>
                      {open.chances[g] ? `${percent(open.chances[g])}%` : '—'}
                      {open.next[g] ? ` · ${open.next[g]}×` : ''}
                    </span>
                  </button>
                ))}
                <button
                  type="button"
                  className={[cardStyles.guess, cardStyles.guess_skip].join(' ')}
                  disabled={busy || open.skipsLeft <= 0}
                  onClick={() => void act('skip')}
                  data-testid="hilo-skip"
                >
                  <span className={cardStyles.guessName}>→ {t('hilo_skip')}</span>
                  <span className={cardStyles.guessFacts}>
                    {t('hilo_skips_left', { count: open.skipsLeft })}
                  </span>
                </button>
              </div>
            </>
          ) : null}
          <GameError error={round.error} />
          {open ? (
            <CashOutButton
              state={state}
              amount={open.cashOut}
              ready={open.guesses > 0}
              busy={busy}
              first={t('hilo_guess_first')}
              onCashOut={cashOut}
            />
          ) : (
            <PlayButton disabled={busy || !(betMajor > 0)} onPress={start}>
              {busy ? t('playing') : t('bet')}
            </PlayButton>
          )}
        </ControlsColumn>
        <section className={styles.stage} aria-label={state.name} ref={stageRef}>
          <div className={cardStyles.table}>
            <div className={cardStyles.odds} aria-hidden={!open}>
              {open ? (
                <>
                  <span className={cardStyles.oddsHigh}>▲ {percent(open.chances.higher)}%</span>
                  <span className={cardStyles.oddsLow}>▼ {percent(open.chances.lower)}%</span>
                </>
              ) : null}
            </div>
            <div className={cardStyles.current} data-testid="hilo-current" aria-live="polite">
              <Card
                key={open ? `${open.roundId}-${open.cards.length}` : (lastRound?.roundId ?? 'idle')}
                card={current}
                size="lg"
                mark={!open && last ? (last.lost ? 'lost' : 'won') : null}
              />
              <div className={cardStyles.deck} aria-hidden>
                <Card card={null} size="lg" />
              </div>
            </div>
            <Strip open={open} last={last} />
            {!open && !last ? <p className={styles.muted}>{t('hilo_hint')}</p> : null}
            {!open && last ? (
              <p className={styles.muted} data-testid="hilo-ended">
                {last.lost
                  ? t('hilo_lost', { count: last.guesses })
                  : t('hilo_cashed', {
                      count: last.guesses,
                      m: (Number(last.multiplier.num) / Number(last.multiplier.den)).toFixed(2),
                    })}
              </p>
            ) : null}
          </div>
          <RoundResult state={state} round={lastRound} idle={t('rtp_line', { rtp: ORIGINALS_RTP_PERCENT })} />
          <RecentRounds rounds={round.recent} />
        </section>
        <SidePanel state={state} lastRound={lastRound} rules={<HiLoRules />} />
      </div>
    </div>
  );
}

/** The cards of the round so far (open) or of the last round, each with what was played on it. */
function Strip({ open, last }: { open: HiLoRound | null; last: HiLoOutcome | null }) {
  const { t } = useTypedTranslation(NS);
  const cards = open?.cards ?? last?.cards ?? [];
  const actions: HiLoAction[] = open?.actions ?? last?.steps.map((s) => s.action) ?? [];
  if (cards.length < 2) return null;
  return (
    <ol className={cardStyles.strip} aria-label={t('hilo_cards')} data-testid="hilo-strip">
      {cards.map((c, i) => {
        const step = last && !open && i > 0 ? last.steps[i - 1] : null;
        const action = i > 0 ? actions[i - 1] : null;
        const mark = step
          ? step.won === null
            ? 'skip'
            : step.won
              ? 'won'
              : 'lost'
          : action === 'skip'
            ? 'skip'
            : i > 0
              ? 'won'
              : null;
        return (
          <li key={i}>
            <Card card={c} size="sm" mark={mark} />
            <span className={cardStyles.stripAction}>
              {action ? t(`hilo_did_${action}`) : t('hilo_first')}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

function HiLoRules() {
  const { t } = useTypedTranslation(NS);
  return (
    <div className={styles.rules}>
      <p>{t('rules_hilo')}</p>
      <p>{t('rules_hilo_pays')}</p>
      <p>{t('rules_rtp', { rtp: ORIGINALS_RTP_PERCENT })}</p>
      <p>{t('rules_fair')}</p>
    </div>
  );
}
