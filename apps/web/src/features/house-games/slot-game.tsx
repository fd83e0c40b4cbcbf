import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { useQueryClient } from '@tanstack/react-query';
import {
  exactSlotRtp,
  LUCKY_LOTUS,
  percentOf,
  SlotSymbols,
  type HouseRound,
  type HouseState,
  type SlotOutcome,
  type SlotSpin,
} from '@app/contract';
import { houseKeys, money, playErrorText, spin, toMinor, useRecordRound } from './api.ts';
import { GameBar, GameError, LastWin, SidePanel } from './panels.tsx';
import { SymbolArt } from './symbols.tsx';
import styles from './house.module.css';

const ROWS = LUCKY_LOTUS.rows;
const REELS = LUCKY_LOTUS.strips.length;
/** Symbols that scroll by before a reel stops: more on each later reel, so they stop left to right. */
const FILLER = 14;
const AUTO_CHOICES = [10, 25, 50, 100];

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Cells of the winning lines of a spin, as "reel-row". */
function winningCells(s: SlotSpin | null): Set<string> {
  const out = new Set<string>();
  if (!s) return out;
  for (const w of s.lineWins) {
    const rows = LUCKY_LOTUS.paylines[w.line]!;
    for (let r = 0; r < w.count; r++) out.add(`${r}-${rows[r]}`);
  }
  if (s.scatterWin > 0 || s.freeSpinsAwarded > 0)
    s.grid.forEach((col, r) => col.forEach((sym, row) => sym === 1 && out.add(`${r}-${row}`)));
  return out;
}

/** The grid shown before the first spin: the strips at stop 0. */
const START_STOPS = [3, 12, 20, 8, 16];
const startGrid = () =>
  LUCKY_LOTUS.strips.map((s, r) =>
    Array.from({ length: ROWS }, (_, row) => s[(START_STOPS[r]! + row) % s.length]!),
  );

function Reels({
  grid,
  spinId,
  fast,
  highlight,
}: {
  grid: number[][];
  spinId: number;
  fast: boolean;
  highlight: Set<string>;
}) {
  const motion = spinId > 0 && !reducedMotion();
  return (
    <div className={styles.reels} data-testid="reels" data-spin={spinId}>
      {grid.map((column, r) => {
        const strip = LUCKY_LOTUS.strips[r]!;
        const filler = motion ? FILLER + r * 4 : 0;
        // Symbols that pass by before the stop, read from the strip itself.
        const above = Array.from(
          { length: filler },
          (_, i) => strip[(i * 7 + spinId * 3 + r) % strip.length]!,
        );
        const duration = (fast ? 350 : 700) + r * (fast ? 90 : 180);
        return (
          <div key={r} className={styles.reel} data-reel={r}>
            <div
              key={spinId}
              className={motion ? styles.reelStripSpin : styles.reelStrip}
              style={{ '--from': filler, '--dur': `${duration}ms` } as React.CSSProperties}
            >
              {[...column, ...above].map((sym, i) => {
                // The stop's symbols lead the strip; the strip slides down until they are in view.
                const lit = i < ROWS && highlight.has(`${r}-${i}`);
                return (
                  <div
                    key={i}
                    className={[styles.cell, lit ? styles.cellWin : ''].join(' ')}
                    data-row={i < ROWS ? i : undefined}
                    data-win={lit ? '' : undefined}
                  >
                    <SymbolArt symbol={sym} />
                  </div>
                );
              })}
            </div>
          </div>
        );
      })}
    </div>
  );
}

/** The Lucky Lotus slot: reels, bet, spin, auto-spin, free spins, paytable, fairness, history. */
export function SlotGame({ state }: { state: HouseState }) {
  const { t } = useTypedTranslation('house');
  const recordRound = useRecordRound(state.gameCode);
  const client = useQueryClient();
  const levels = useMemo(() => (state.betLevels.length ? state.betLevels : [1]), [state.betLevels]);
  const [level, setLevel] = useState(() => Math.min(2, levels.length - 1));
  const bet = toMinor(state, levels[level]!);
  const [balance, setBalance] = useState(toMinor(state, state.balance));
  const [grid, setGrid] = useState<number[][]>(startGrid);
  const [spinId, setSpinId] = useState(0);
  const [fast, setFast] = useState(false);
  const [shown, setShown] = useState<SlotSpin | null>(null);
  const [busy, setBusy] = useState(false);
  const [lastWin, setLastWin] = useState<number | null>(null);
  const [freeSpin, setFreeSpin] = useState<{ at: number; of: number; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [autoLeft, setAutoLeft] = useState(0);
  const [autoMenu, setAutoMenu] = useState(false);
  const [lastRound, setLastRound] = useState<HouseRound | null>(null);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const showSpin = useCallback(async (s: SlotSpin, quick: boolean) => {
    setShown(null);
    setFast(quick);
    setGrid(s.grid);
    setSpinId((n) => n + 1);
    if (!reducedMotion()) await wait((quick ? 350 + 4 * 90 : 700 + 4 * 180) + 60);
    if (!mounted.current) return;
    setShown(s);
  }, []);

  const play = useCallback(async (): Promise<boolean> => {
    if (balance < bet) {
      setError(t('not_enough_balance'));
      return false;
    }
    setBusy(true);
    setError(null);
    setLastWin(null);
    setFreeSpin(null);
    setBalance((b) => b - bet);
    try {
      const round = await spin(state.gameCode, levels[level]!);
      const outcome = round.outcome as unknown as SlotOutcome;
      setLastRound(round);
      await showSpin(outcome.base, false);
      if (outcome.freeSpins.length) {
        setBalance((b) => b + outcome.base.win);
        let total = 0;
        for (let i = 0; i < outcome.freeSpins.length; i++) {
          if (!mounted.current) return false;
          setFreeSpin({ at: i + 1, of: outcome.freeSpins.length, total });
          await wait(reducedMotion() ? 0 : i === 0 ? 1200 : 250);
          await showSpin(outcome.freeSpins[i]!, true);
          total += outcome.freeSpins[i]!.win;
          setFreeSpin({ at: i + 1, of: outcome.freeSpins.length, total });
        }
      }
      const final = toMinor(state, round.balance ?? 0);
      setBalance(final);
      // The round's whole win (base and free spins) in place of the free-spin count, once it ends.
      setFreeSpin(null);
      setLastWin(outcome.totalWin);
      recordRound(round);
      return outcome.freeSpins.length === 0;
    } catch (err) {
      setError(playErrorText(err, t));
      void client.invalidateQueries({ queryKey: houseKeys.state(state.gameCode) }).then(() => {
        const s = client.getQueryData<HouseState>(houseKeys.state(state.gameCode));
        if (s && mounted.current) setBalance(toMinor(s, s.balance));
      });
      return false;
    } finally {
      if (mounted.current) setBusy(false);
    }
  }, [balance, bet, client, level, levels, recordRound, showSpin, state, t]);

  // Auto-spin: one spin after another while spins are left; stops on free spins, an error or Stop.
  useEffect(() => {
    if (autoLeft <= 0 || busy) return;
    const timer = setTimeout(() => {
      setAutoLeft((n) => n - 1);
      void play().then((goOn) => {
        if (!goOn) setAutoLeft(0);
      });
    }, 450);
    return () => clearTimeout(timer);
  }, [autoLeft, busy, play]);

  const highlight = useMemo(() => winningCells(shown), [shown]);
  const winLines = shown?.lineWins ?? [];

  return (
    <div className={styles.shell}>
      <GameBar state={state} balanceMinor={balance} />
      <div className={styles.layout}>
        <section className={styles.stage} aria-label={state.name}>
          <div className={styles.cabinet}>
            <div className={styles.marquee}>
              <span className={styles.marqueeTitle}>{state.name}</span>
              <span className={styles.rtp}>{t('rtp', { rtp: LUCKY_LOTUS.statedRtpPercent })}</span>
            </div>
            <Reels grid={grid} spinId={spinId} fast={fast} highlight={highlight} />
            <div className={styles.winStrip} aria-live="polite" data-testid="win-strip">
              {freeSpin ? (
                <span className={styles.freeSpinText}>
                  {t('free_spin_of', { at: freeSpin.at, of: freeSpin.of })} · {t('free_spins_win')}{' '}
                  {money(state, freeSpin.total)}
                </span>
              ) : null}
              {!freeSpin && lastWin !== null && lastRound ? (
                <LastWin state={state} round={lastRound} />
              ) : null}
              {!freeSpin && lastWin === null && !busy ? (
                <span className={styles.muted}>{t('good_luck')}</span>
              ) : null}
            </div>
            {winLines.length > 0 ? (
              <ul className={styles.lineWins}>
                {winLines.slice(0, 6).map((w) => (
                  <li key={w.line}>
                    {t('line_win', {
                      line: w.line + 1,
                      count: w.count,
                      symbol: t(`sym_${SlotSymbols[w.symbol]!}`),
                    })}{' '}
                    <b>{money(state, w.win)}</b>
                  </li>
                ))}
                {winLines.length > 6 ? <li>+{winLines.length - 6}</li> : null}
              </ul>
            ) : null}
          </div>
          <GameError error={error} />
          <div className={styles.controls}>
            <div className={styles.betBox}>
              <span className={styles.controlLabel}>{t('total_bet')}</span>
              <div className={styles.stepper}>
                <button
                  type="button"
                  className={styles.stepButton}
                  aria-label={t('bet_down')}
                  disabled={busy || autoLeft > 0 || level === 0}
                  onClick={() => setLevel((l) => Math.max(0, l - 1))}
                >
                  −
                </button>
                <span className={styles.betValue} data-testid="bet-value">
                  {money(state, bet)}
                </span>
                <button
                  type="button"
                  className={styles.stepButton}
                  aria-label={t('bet_up')}
                  disabled={busy || autoLeft > 0 || level === levels.length - 1}
                  onClick={() => setLevel((l) => Math.min(levels.length - 1, l + 1))}
                >
                  +
                </button>
              </div>
              <span className={styles.muted}>
                {t('line_bet', {
                  amount: money(state, bet / LUCKY_LOTUS.paylines.length),
                  lines: LUCKY_LOTUS.paylines.length,
                })}
              </span>
            </div>
            <button
              type="button"
              className={styles.spinButton}
              onClick={() => void play()}
              disabled={busy || autoLeft > 0}
              data-testid="spin"
            >
              {busy ? t('spinning') : t('spin')}
            </button>
            <div className={styles.autoBox}>
              {autoLeft > 0 ? (
                <button
                  type="button"
                  className={styles.autoButton}
                  onClick={() => setAutoLeft(0)}
                  data-testid="auto-stop"
                >
                  {t('auto_stop', { count: autoLeft })}
                </button>
              ) : (
                <>
                  <button
                    type="button"
                    className={styles.autoButton}
                    aria-expanded={autoMenu}
                    disabled={busy}
                    onClick={() => setAutoMenu((v) => !v)}
                    data-testid="auto"
                  >
                    {t('auto_spin')}
                  </button>
                  {autoMenu ? (
                    <div className={styles.autoMenu} role="menu">
                      {AUTO_CHOICES.map((n) => (
                        <button
                          key={n}
                          type="button"
                          role="menuitem"
                          onClick={() => {
                            setAutoMenu(false);
                            setAutoLeft(n);
                          }}
                        >
                          {t('auto_n', { count: n })}
                        </button>
                      ))}
                    </div>
                  ) : null}
                </>
              )}
              <span className={styles.muted}>{t('auto_hint')}</span>
            </div>
          </div>
        </section>
        <SidePanel state={state} lastRound={lastRound} rules={<Paytable state={state} bet={bet} />} />
      </div>
    </div>
  );
}

/** The paytable at the current bet, the lines, free spins and the stated (and exact) RTP. */
function Paytable({ state, bet }: { state: HouseState; bet: number }) {
  const { t } = useTypedTranslation('house');
  const lineBet = bet / LUCKY_LOTUS.paylines.length;
  const exact = useMemo(() => {
    const r = exactSlotRtp(LUCKY_LOTUS);
    return percentOf(r.numerator, r.denominator, 4);
  }, []);
  const paying = LUCKY_LOTUS.pays.map((p, sym) => ({ sym, p })).filter((x) => x.p[0] > 0);
  return (
    <div className={styles.paytable}>
      <p className={styles.rtpLine}>{t('rtp_stated', { rtp: LUCKY_LOTUS.statedRtpPercent, exact })}</p>
      <div className={styles.payGrid}>
        {paying.map(({ sym, p }) => (
          <div key={sym} className={styles.payRow}>
            <SymbolArt symbol={sym} className={styles.paySymbol} />
            <dl>
              {[5, 4, 3].map((n) => (
                <div key={n} className={styles.payLine}>
                  <dt>×{n}</dt>
                  <dd>{money(state, p[n - 3]! * lineBet)}</dd>
                </div>
              ))}
            </dl>
          </div>
        ))}
      </div>
      <div className={styles.special}>
        <SymbolArt symbol={0} className={styles.paySymbol} />
        <p>{t('wild_rule')}</p>
      </div>
      <div className={styles.special}>
        <SymbolArt symbol={1} className={styles.paySymbol} />
        <p>
          {t('scatter_rule', {
            three: money(state, LUCKY_LOTUS.scatterPays[3]! * bet),
            four: money(state, LUCKY_LOTUS.scatterPays[4]! * bet),
            five: money(state, LUCKY_LOTUS.scatterPays[5]! * bet),
          })}
        </p>
      </div>
      <p className={styles.rule}>
        {t('free_spins_rule', {
          three: LUCKY_LOTUS.freeSpins[3],
          four: LUCKY_LOTUS.freeSpins[4],
          five: LUCKY_LOTUS.freeSpins[5],
          mult: LUCKY_LOTUS.freeSpinMultiplier,
        })}
      </p>
      <p className={styles.rule}>{t('lines_rule', { lines: LUCKY_LOTUS.paylines.length })}</p>
      <div className={styles.linesGrid} aria-label={t('paylines')}>
        {LUCKY_LOTUS.paylines.map((rows, i) => (
          <div key={i} className={styles.lineMini} title={`${t('line')} ${i + 1}`}>
            {Array.from({ length: ROWS }, (_, row) =>
              Array.from({ length: REELS }, (_, reel) => (
                <span
                  key={`${row}-${reel}`}
                  className={rows[reel] === row ? styles.lineOn : styles.lineOff}
                />
              )),
            )}
            <span className={styles.lineNo}>{i + 1}</span>
          </div>
        ))}
      </div>
      <p className={styles.muted}>{t('malfunction_rule')}</p>
    </div>
  );
}
