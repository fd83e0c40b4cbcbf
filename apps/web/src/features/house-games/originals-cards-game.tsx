import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/react.tsx';
import {
  cardRank,
  cardSuit,
  HILO_GUESSES,
  ORIGINALS_RTP_PERCENT,
  type HiLoAction,
  type HiLoGuess,
  type HiLoOutcome,
  type HiLoRound,
  type HouseRound,
  type HouseState,
} from '@app/contract';
import { money, playErrorText, toMinor, useRecordRound } from './api.ts';
import { hiloAct, hiloCashOut, hiloStart } from './originals-cards-api.ts';
import { tone } from './originals-api.ts';
import { GameBar, GameError, SidePanel } from './panels.tsx';
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
function guessLabel(t: (k: string) => string, card: number, guess: HiLoGuess) {
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
  const { t } = useTranslation(NS);
  const recordRound = useRecordRound(state.gameCode);
  const limits = state.limits ?? { minBet: 0.1, maxBet: 1000, maxWin: 100000, autoBetMaxRounds: 100 };
  const [balance, setBalance] = useState(toMinor(state, state.balance));
  const [bet, setBet] = useState(String(Math.max(limits.minBet, 1)));
  const [open, setOpen] = useState<HiLoRound | null>(state.openHiLo ?? null);
  const [lastRound, setLastRound] = useState<HouseRound | null>(null);
  const [recent, setRecent] = useState<HouseRound[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sound, setSound] = useState(false);
  const stageRef = useRef<HTMLElement>(null);
  const betMajor = Number(bet);

  const run = async (fn: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (err) {
      setError(playErrorText(err, t));
    } finally {
      setBusy(false);
    }
  };
  const answered = (a: { open: HiLoRound | null; settled: HouseRound | null; balance: number }) => {
    setOpen(a.open);
    setBalance(toMinor(state, a.balance));
    if (a.settled) {
      const round = a.settled;
      setLastRound(round);
      setRecent((r) => [round, ...r].slice(0, 12));
      recordRound(round);
      if (sound) tone(round.win > round.bet);
    }
  };
  const start = () =>
    run(async () => {
      const a = await hiloStart(state.gameCode, betMajor);
      setLastRound(null);
      answered(a);
      if (window.matchMedia?.('(max-width: 760px)').matches)
        stageRef.current?.scrollIntoView({
          block: 'start',
          behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
        });
    });
  const act = (action: HiLoAction) =>
    run(async () => {
      if (!open) return;
      answered(await hiloAct(state.gameCode, action, open.actions.length));
    });
  const cashOut = () => run(async () => answered(await hiloCashOut(state.gameCode)));

  const actRef = useRef<(key: string) => boolean>(() => false);
  useEffect(() => {
    actRef.current = (key) => {
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
    };
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (
        el &&
        (el.tagName === 'INPUT' || el.tagName === 'SELECT' || el.tagName === 'BUTTON' || el.isContentEditable)
      )
        return;
      if (actRef.current(e.key)) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const half = () => setBet(String(Math.max(limits.minBet, Math.floor((betMajor / 2) * 100) / 100)));
  const double = () => setBet(String(Math.min(limits.maxBet, Math.round(betMajor * 2 * 100) / 100)));
  const last = lastRound?.kind === 'hilo' ? (lastRound.outcome as unknown as HiLoOutcome) : null;
  const current = open ? open.cards.at(-1)! : (last?.cards.at(-1) ?? null);

  return (
    <div className={styles.shell} data-testid="original-hilo">
      <GameBar state={state} balanceMinor={balance}>
        <button
          type="button"
          className={styles.soundButton}
          aria-pressed={sound}
          onClick={() => setSound((s) => !s)}
          data-testid="sound-toggle"
        >
          {sound ? t('sound_on') : t('sound_off')}
        </button>
      </GameBar>
      <div className={styles.layout}>
        <section className={styles.controls} aria-label={t('controls')}>
          <label className={styles.field}>
            <span>
              {t('bet_amount')} <small>({state.currencySymbol})</small>
            </span>
            <div className={styles.betRow}>
              <input
                inputMode="decimal"
                value={bet}
                disabled={Boolean(open)}
                onChange={(e) => setBet(e.target.value)}
                data-testid="bet-amount"
              />
              <button type="button" onClick={half} disabled={Boolean(open)} aria-label={t('half')}>
                ½
              </button>
              <button type="button" onClick={double} disabled={Boolean(open)} aria-label={t('double')}>
                2×
              </button>
            </div>
          </label>
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
          <GameError error={error} />
          {open ? (
            <button
              type="button"
              className={styles.play}
              disabled={busy || !open.guesses}
              onClick={() => void cashOut()}
              data-testid="cash-out"
            >
              {open.guesses
                ? t('cash_out', { amount: money(state, toMinor(state, open.cashOut)) })
                : t('hilo_guess_first')}
            </button>
          ) : (
            <button
              type="button"
              className={styles.play}
              disabled={busy || !(betMajor > 0)}
              onClick={() => void start()}
              data-testid="play"
            >
              {busy ? t('playing') : t('bet')}
            </button>
          )}
          <p className={styles.hint}>
            {t('limits', { min: limits.minBet, max: limits.maxBet, win: limits.maxWin.toLocaleString() })}
          </p>
          <p className={styles.hint}>{t('hilo_keys')}</p>
        </section>
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
          <div className={styles.result} aria-live="polite" data-testid="round-result">
            {lastRound ? (
              <>
                <span className={lastRound.win > lastRound.bet ? styles.won : styles.lost}>
                  {lastRound.win > 0
                    ? t('you_won', { amount: money(state, toMinor(state, lastRound.win)) })
                    : t('no_win')}
                </span>
                <a
                  href={`/sandbox/verify?roundId=${lastRound.roundId}`}
                  target="_blank"
                  rel="noreferrer"
                  data-testid="verify-link"
                >
                  {t('verify_round', { nonce: lastRound.nonce })}
                </a>
              </>
            ) : (
              <span className={styles.muted}>{t('rtp_line', { rtp: ORIGINALS_RTP_PERCENT })}</span>
            )}
          </div>
          {recent.length ? (
            <ol className={styles.recent} aria-label={t('recent')}>
              {recent.map((r) => (
                <li key={r.roundId} className={r.win > r.bet ? styles.chipWin : styles.chipLoss}>
                  {r.bet ? `${(r.win / r.bet).toFixed(2)}×` : ''}
                </li>
              ))}
            </ol>
          ) : null}
        </section>
        <SidePanel state={state} lastRound={lastRound} rules={<HiLoRules />} />
      </div>
    </div>
  );
}

/** The cards of the round so far (open) or of the last round, each with what was played on it. */
function Strip({ open, last }: { open: HiLoRound | null; last: HiLoOutcome | null }) {
  const { t } = useTranslation(NS);
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

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.stat}>
      <span>{label}</span>
      <strong>{value}</strong>
    </div>
  );
}

function HiLoRules() {
  const { t } = useTranslation(NS);
  return (
    <div className={styles.rules}>
      <p>{t('rules_hilo')}</p>
      <p>{t('rules_hilo_pays')}</p>
      <p>{t('rules_rtp', { rtp: ORIGINALS_RTP_PERCENT })}</p>
      <p>{t('rules_fair')}</p>
    </div>
  );
}
