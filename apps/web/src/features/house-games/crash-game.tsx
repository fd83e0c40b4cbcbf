import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  CRASH_FEED_PATH,
  CrashFeedEvents,
  cashOutCrash,
  crashMultiplierAt,
  crashText,
  getCrashState,
  placeCrashBet,
  type CallBody,
  type CallDef,
  type CallQuery,
  type CallValue,
  type CrashBet,
  type CrashState,
} from '@app/contract';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { useQuery } from '../../shared/http/use-query.ts';
import { call } from '../../shared/http/client.ts';
import { ApiError } from '../../shared/http/api-error.ts';
import { readToken } from '../../shared/session/session.ts';
import { announceBalanceMoved } from '../../shared/realtime/balance-moved.ts';
import { LoadingState } from '../../shared/ui/states.tsx';
import { storedTicket, useGameHotkeys } from './api.ts';
import { crashVerifyHref } from './crash-verify.tsx';
import { RecentChips } from './round-result.tsx';
import styles from './originals.module.css';
import crash from './crash.module.css';

/**
 * Crash (decision 055): the shared round of every player. The state comes from the call, the
 * curve from the public feed (server-sent events: ticks every 100 ms of flight, bets, cash-outs,
 * the crash). The multiplier shown between ticks is the curve of the round's own times, kept to
 * the server's clock by the offset of the last tick.
 */
const GAME = 'crash';
const NS = ['originals-crash', 'originals', 'house'] as const;

function crashCall<C extends CallDef>(
  def: C,
  input: { query?: CallQuery<C>; body?: CallBody<C> },
): Promise<CallValue<C>> {
  const ticket = storedTicket(GAME);
  return call(def, { ...input, ...(ticket ? { headers: { 'X-House-Ticket': ticket } } : {}) } as never);
}

const stateKey = ['house', 'crash', 'state'] as const;

export function CrashGame() {
  const { t } = useTypedTranslation(NS);
  const queries = useQueryClient();
  const signedIn = storedTicket(GAME) !== null || readToken() !== null;
  const [live, setLive] = useState<CrashState | null>(null);
  const [multiplier, setMultiplier] = useState(100);
  const offset = useRef(0);
  const state = useQuery({
    queryKey: stateKey,
    queryFn: async () => {
      const answer = await crashCall(getCrashState, { query: {} });
      offset.current = answer.serverNow - Date.now();
      setLive(answer);
      return answer;
    },
    staleTime: 5_000,
    retry: false,
  });
  const [bet, setBet] = useState('1');
  const [auto, setAuto] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; tone: 'won' | 'lost' | 'info' } | null>(null);

  // The feed: state at connect and each new round, ticks, bets, cash-outs, the crash.
  useEffect(() => {
    const es = new EventSource(CRASH_FEED_PATH);
    es.addEventListener(CrashFeedEvents.state, (e) => {
      const next = JSON.parse((e as MessageEvent<string>).data) as CrashState;
      offset.current = next.serverNow - Date.now();
      setLive((prev) => ({
        ...next,
        balance: prev?.balance ?? null,
        freePlay: prev?.freePlay ?? false,
        bets: mergeMine(next.bets, prev?.bets),
      }));
      void queries.invalidateQueries({ queryKey: stateKey });
    });
    es.addEventListener(CrashFeedEvents.tick, (e) => {
      const tick = JSON.parse((e as MessageEvent<string>).data) as { m: number; t: number };
      offset.current = tick.t - Date.now();
      setMultiplier(tick.m);
    });
    const onBet = (e: Event) => {
      const b = JSON.parse((e as MessageEvent<string>).data) as CrashBet;
      setLive((prev) => (prev ? { ...prev, bets: upsert(prev.bets, b) } : prev));
    };
    es.addEventListener(CrashFeedEvents.bet, onBet);
    es.addEventListener(CrashFeedEvents.cashout, onBet);
    es.addEventListener(CrashFeedEvents.crash, (e) => {
      const round = JSON.parse((e as MessageEvent<string>).data) as CrashState['round'];
      setLive((prev) =>
        prev && round
          ? {
              ...prev,
              round,
              recent: [{ roundId: round.roundId, crashPoint: round.crashPoint ?? 100 }, ...prev.recent].slice(
                0,
                20,
              ),
            }
          : prev,
      );
      void queries.invalidateQueries({ queryKey: stateKey });
    });
    return () => es.close();
  }, [queries]);

  // Between ticks and during the countdown: the clock of the server, redrawn each frame.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let frame = 0;
    const loop = () => {
      setNow(Date.now() + offset.current);
      frame = requestAnimationFrame(loop);
    };
    frame = requestAnimationFrame(loop);
    return () => cancelAnimationFrame(frame);
  }, []);

  // A bet, a cash-out (by hand or automatic) or the state read after the crash moved the balance
  // shown here: the page around the frame shows it in its header too.
  const balance = live?.balance ?? null;
  const shownBalance = useRef(balance);
  useEffect(() => {
    if (balance === shownBalance.current) return;
    if (shownBalance.current !== null && balance !== null) announceBalanceMoved();
    shownBalance.current = balance;
  }, [balance]);

  const round = live?.round ?? null;
  // The last crashed round stays on show (its hash, the verifier's link) while the next one runs.
  const [lastCrashed, setLastCrashed] = useState<CrashState['round']>(null);
  if (round?.hash && round.crashPoint !== null && round !== lastCrashed) setLastCrashed(round);
  const phase = round
    ? round.phase === 'crashed'
      ? 'crashed'
      : now < round.bettingEndsAt
        ? 'betting'
        : 'flying'
    : 'waiting';
  const shown =
    phase === 'crashed'
      ? (round!.crashPoint ?? 100)
      : phase === 'flying'
        ? Math.max(multiplier, crashMultiplierAt(now - round!.bettingEndsAt))
        : 100;
  const mine = live?.bets.find((b) => b.mine) ?? null;
  const symbol = live?.currencySymbol ?? '';
  const money = useCallback((v: number) => `${symbol}${v.toFixed(2)}`, [symbol]);

  const placeBet = useCallback(async () => {
    if (busy || !signedIn) return;
    setBusy(true);
    setMessage(null);
    try {
      const target = auto.trim() ? Math.round(Number(auto) * 100) : null;
      const res = await crashCall(placeCrashBet, { body: { bet, autoCashOut: target } });
      setLive((prev) => (prev ? { ...prev, balance: res.balance, bets: upsert(prev.bets, res.bet) } : prev));
      setMessage({ text: t('bet_placed', { bet: money(res.bet.bet) }), tone: 'info' });
    } catch (err) {
      setMessage({ text: err instanceof ApiError ? err.message : String(err), tone: 'lost' });
    } finally {
      setBusy(false);
    }
  }, [auto, bet, busy, money, signedIn, t]);

  const cashOut = useCallback(async () => {
    if (busy) return;
    setBusy(true);
    try {
      const res = await crashCall(cashOutCrash, { body: {} });
      setLive((prev) => (prev ? { ...prev, balance: res.balance, bets: upsert(prev.bets, res.bet) } : prev));
      setMessage({
        text: t('you_won', {
          multiplier: crashText(res.bet.cashedAt ?? 100),
          amount: money(res.bet.win ?? 0),
        }),
        tone: 'won',
      });
    } catch (err) {
      setMessage({ text: err instanceof ApiError ? err.message : String(err), tone: 'lost' });
    } finally {
      setBusy(false);
    }
  }, [busy, money, t]);

  const canCashOut = phase === 'flying' && mine !== null && mine.cashedAt === null && mine.win === null;
  const canBet = signedIn && phase === 'betting' && mine === null;
  const act = canCashOut ? cashOut : canBet ? placeBet : null;

  useGameHotkeys((key) => {
    if (key !== ' ' && key !== 'Enter') return false;
    void act?.();
    return true;
  });

  const path = useMemo(() => curvePath(phase === 'betting' ? 100 : shown), [phase, shown]);

  if (state.isPending && !live) return <LoadingState label={t('house:opening')} minHeight={480} />;

  // The player's own bet lost at the crash.
  const shownMessage =
    phase === 'crashed' && mine && mine.cashedAt === null
      ? { text: t('you_lost', { amount: money(mine.bet) }), tone: 'lost' as const }
      : message;
  const potential = mine && canCashOut ? Math.floor(mine.bet * shown) / 100 : 0;
  return (
    <div className={styles.shell} data-testid="crash-game">
      <div className={styles.layout}>
        <section className={styles.controls} aria-label={t('originals:controls')}>
          <h1 className={crash.title}>{t('title')}</h1>
          {live?.balance !== null && live?.balance !== undefined ? (
            <div className={styles.stat}>
              {t('balance')}
              <strong data-testid="crash-balance">{money(live.balance)}</strong>
            </div>
          ) : null}
          <label className={styles.field}>
            {t('bet_amount')}
            <div className={styles.betRow}>
              <input
                inputMode="decimal"
                value={bet}
                onChange={(e) => setBet(e.target.value)}
                data-testid="crash-bet-input"
              />
              <button
                type="button"
                aria-label={t('half')}
                onClick={() => setBet(String(Math.max(0.1, Number(bet) / 2).toFixed(2)))}
              >
                ½
              </button>
              <button
                type="button"
                aria-label={t('double')}
                onClick={() => setBet(String((Number(bet) * 2).toFixed(2)))}
              >
                2×
              </button>
            </div>
          </label>
          <label className={styles.field}>
            {t('auto_cashout')}
            <input
              inputMode="decimal"
              value={auto}
              placeholder="2.00"
              onChange={(e) => setAuto(e.target.value)}
              data-testid="crash-auto-input"
            />
          </label>
          <button
            type="button"
            className={`${styles.play} ${canCashOut ? crash.cashOut : ''}`}
            disabled={!act || busy}
            onClick={() => void act?.()}
            data-testid="crash-action"
          >
            {canCashOut
              ? t('cash_out', { amount: money(potential) })
              : !signedIn
                ? t('sign_in')
                : mine && phase !== 'crashed'
                  ? t('bet_placed', { bet: money(mine.bet) })
                  : phase === 'betting'
                    ? t('place_bet')
                    : t('waiting')}
          </button>
          {shownMessage ? (
            <p
              className={`${styles.result} ${shownMessage.tone === 'won' ? styles.won : shownMessage.tone === 'lost' ? styles.lost : ''}`}
              role="status"
              data-testid="crash-message"
            >
              {shownMessage.text}
            </p>
          ) : null}
          <p className={styles.keysHint} data-testid="keys-hint">
            {t('hotkeys')}
          </p>
          {live ? (
            <p className={styles.hint}>
              {t('limits', {
                min: money(live.limits.minBet),
                max: money(live.limits.maxBet),
                win: money(live.limits.maxWin),
              })}
            </p>
          ) : null}
        </section>

        <section className={`${styles.stage} ${crash.stage}`} aria-live="off">
          <RecentChips
            label={t('recent')}
            testId="crash-recent"
            chips={(live?.recent ?? []).map((r) => ({
              id: r.roundId,
              won: r.crashPoint >= 200,
              text: `${crashText(r.crashPoint)}×`,
            }))}
          />
          <div className={crash.screen}>
            <svg viewBox="0 0 400 240" preserveAspectRatio="none" className={crash.curve} aria-hidden>
              <defs>
                <linearGradient id="crash-fill" x1="0" x2="0" y1="0" y2="1">
                  <stop
                    offset="0%"
                    stopColor={phase === 'crashed' ? '#ff4d6a' : '#2fd08a'}
                    stopOpacity="0.45"
                  />
                  <stop
                    offset="100%"
                    stopColor={phase === 'crashed' ? '#ff4d6a' : '#2fd08a'}
                    stopOpacity="0"
                  />
                </linearGradient>
              </defs>
              {[60, 120, 180].map((y) => (
                <line key={y} x1="0" x2="400" y1={y} y2={y} className={crash.gridLine} />
              ))}
              {phase !== 'betting' ? (
                <>
                  <path d={`${path} L${curveEnd(path)},240 L0,240 Z`} fill="url(#crash-fill)" />
                  <path d={path} className={phase === 'crashed' ? crash.lineCrashed : crash.line} />
                </>
              ) : null}
            </svg>
            <div className={crash.readout}>
              <span
                className={`${crash.multiplier} ${phase === 'crashed' ? styles.lost : phase === 'flying' ? styles.won : ''}`}
                data-testid="crash-multiplier"
              >
                {crashText(shown)}×
              </span>
              <span className={crash.phase} data-testid="crash-phase">
                {phase === 'betting'
                  ? t('starts_in', { seconds: Math.max(0, (round!.bettingEndsAt - now) / 1000).toFixed(1) })
                  : phase === 'crashed'
                    ? t('crashed_at', { multiplier: crashText(round!.crashPoint ?? 100) })
                    : phase === 'flying'
                      ? t('flying')
                      : t('waiting')}
              </span>
            </div>
          </div>
          <p className={styles.hint}>{t('rules')}</p>
        </section>

        <aside className={styles.controls}>
          <h2 className={crash.sideTitle}>{t('players')}</h2>
          {live && live.bets.length ? (
            <table className={crash.players} data-testid="crash-players">
              <thead>
                <tr>
                  <th scope="col">{t('player')}</th>
                  <th scope="col">{t('bet')}</th>
                  <th scope="col">{t('cashed')}</th>
                </tr>
              </thead>
              <tbody>
                {live.bets.map((b) => (
                  <tr key={`${b.player}-${b.mine}`} className={b.mine ? crash.mine : ''}>
                    <td>{b.player}</td>
                    <td>{money(b.bet)}</td>
                    <td className={b.cashedAt ? styles.won : ''}>
                      {b.cashedAt ? `${crashText(b.cashedAt)}× · ${money(b.win ?? 0)}` : '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className={styles.hint}>{t('no_players')}</p>
          )}
          <h2 className={crash.sideTitle}>{t('fairness')}</h2>
          {live?.chain ? (
            <dl className={crash.fair}>
              <dt>{t('commitment')}</dt>
              <dd data-testid="crash-commitment">{live.chain.commitment}</dd>
              <dt>{t('salt')}</dt>
              <dd>{live.chain.salt}</dd>
              {lastCrashed?.hash ? (
                <>
                  <dt>{t('round_hash', { round: lastCrashed.roundNo })}</dt>
                  <dd data-testid="crash-round-hash">{lastCrashed.hash}</dd>
                </>
              ) : null}
            </dl>
          ) : null}
          <p className={styles.hint}>{t('verify_hint')}</p>
          <Link
            to={
              lastCrashed?.hash && live?.chain && live.chain.chainId === lastCrashed.chainId
                ? crashVerifyHref({
                    hash: lastCrashed.hash,
                    salt: live.chain.salt,
                    roundNo: lastCrashed.roundNo,
                    commitment: live.chain.commitment,
                    crashPoint: lastCrashed.crashPoint,
                  })
                : '/sandbox/verify?game=crash'
            }
            className={crash.link}
            data-testid="crash-verify-link"
          >
            {t('verifier')}
          </Link>
        </aside>
      </div>
    </div>
  );
}

/** The curve up to `m` hundredths, drawn to fit: time on x, the multiplier on y. */
function curvePath(m: number): string {
  const top = Math.max(200, m * 1.15);
  const steps = 40;
  const end = Math.log(m / 100);
  const span = Math.max(end, Math.log(2));
  let d = '';
  for (let i = 0; i <= steps; i++) {
    const k = (end * i) / steps;
    const x = (k / span) * 380;
    const y = 240 - ((Math.exp(k) * 100 - 100) / (top - 100)) * 220;
    d += `${i ? 'L' : 'M'}${x.toFixed(1)},${y.toFixed(1)} `;
  }
  return d.trim();
}

/** The x where the curve's path ends (its fill closes straight down from there). */
function curveEnd(path: string): string {
  const last = path.slice(path.lastIndexOf('L') + 1).split(',')[0];
  return last ?? '0';
}

function upsert(list: CrashBet[], b: CrashBet): CrashBet[] {
  const i = list.findIndex((x) => x.player === b.player);
  if (i < 0) return [b, ...list];
  const next = [...list];
  next[i] = { ...b, mine: list[i]!.mine || b.mine };
  return next;
}

function mergeMine(next: CrashBet[], prev: CrashBet[] | undefined): CrashBet[] {
  const mineName = prev?.find((b) => b.mine)?.player;
  return next.map((b) => (b.player === mineName ? { ...b, mine: true } : b));
}
