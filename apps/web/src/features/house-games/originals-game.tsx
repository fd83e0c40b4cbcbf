import { useRef, useState, type ReactNode } from 'react';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { underscored } from '../../shared/i18n/keys.ts';
import {
  DICE_MAX_CHANCE,
  DICE_MIN_CHANCE,
  diceChance,
  diceMultiplier,
  LIMBO_MAX_TARGET,
  LIMBO_MIN_TARGET,
  MINES_MAX,
  MINES_TILES,
  minesMultiplier,
  multiplierText,
  ORIGINALS_RTP_PERCENT,
  PLINKO_MAX_ROWS,
  PLINKO_MIN_ROWS,
  PLINKO_RISKS,
  PLINKO_TABLES,
  type DiceOutcome,
  type HouseRound,
  type HouseState,
  type LimboOutcome,
  type MinesOutcome,
  type MinesRound,
  type PlinkoOutcome,
  type PlinkoRisk,
  KENO_RISKS,
  ROULETTE_RTP,
  SICBO_SPOTS,
  WHEEL_RISKS,
  WHEEL_SEGMENTS,
  percentText,
  type KenoOutcome,
  type KenoRisk,
  type RouletteOutcome,
  type SicBoOutcome,
  type WheelOutcome,
  type WheelRisk,
} from '@app/contract';
import { announceBalanceMoved } from '../../shared/realtime/balance-moved.ts';
import { money, toMinor, useGameHotkeys, useRecordRound, useRoundRunner } from './api.ts';
import { BetAmountField, useBetAmount } from './bet-amount.tsx';
import {
  CashOutButton,
  ChipTools,
  ControlsColumn,
  PlayButton,
  SoundToggle,
  Stat,
  useChipBets,
  useSound,
} from './controls.tsx';
import { AutoBetFields, AutoBetSummary, PlayMode, useAutoBet } from './auto-bet.tsx';
import { autoBet, minesCashOut, minesReveal, minesStart, playOriginalRound, tone } from './originals-api.ts';
import { scrollStageIntoView } from './multi-step-round.ts';
import { RecentRounds, RoundResult } from './round-result.tsx';
import { GameBar, GameError, SidePanel } from './panels.tsx';
import styles from './originals.module.css';
import {
  Gem,
  KenoStage,
  quickPick,
  RouletteStage,
  SicBoStage,
  WheelStage,
} from './originals-tables-game.tsx';

const NS = ['originals', 'originals-tables', 'house'] as const;
type Kind = 'dice' | 'limbo' | 'mines' | 'plinko' | 'keno' | 'wheel' | 'roulette' | 'sicbo';
/** Games whose stake is chips on a layout (the bet field is the chip's value). */
const onLayout = (kind: Kind) => kind === 'roulette' || kind === 'sicbo';

/** The return each original states (Roulette 36/37 on every bet, Sic Bo from its lowest to its highest bet). */
export function statedRtp(kind: Kind): string {
  if (kind === 'roulette') return percentText(ROULETTE_RTP, 2);
  if (kind === 'sicbo') {
    const rtps = [...SICBO_SPOTS.values()].map((s) => s.rtp);
    const lo = rtps.reduce((a, b) => (a.num * b.den < b.num * a.den ? a : b));
    const hi = rtps.reduce((a, b) => (a.num * b.den > b.num * a.den ? a : b));
    return `${percentText(lo, 2)}–${percentText(hi, 2)}`;
  }
  return ORIGINALS_RTP_PERCENT;
}

/**
 * A house original's page (decision 046): the game's stage, a control column (bet, the game's
 * settings, manual or auto play, sound off by default) and the side panel with the rules, the
 * fairness seeds and the history. Space or Enter plays from anywhere but a text field; the tiles
 * of Mines are buttons (Tab and Enter, or touch).
 */
export function OriginalGame({ state }: { state: HouseState }) {
  const kind = state.kind as Kind;
  const { t } = useTypedTranslation(NS);
  const recordRound = useRecordRound(state.gameCode);
  const [balance, setBalance] = useState(toMinor(state, state.balance));
  const bet = useBetAmount(state);
  const limits = bet.limits;
  const { busy, error, run } = useRoundRunner(t);
  const { sound, toggleSound } = useSound();
  const auto = useAutoBet();
  const mode = auto.mode;
  const [lastRound, setLastRound] = useState<HouseRound | null>(null);
  const [recent, setRecent] = useState<HouseRound[]>([]);
  // Game settings.
  const [diceTarget, setDiceTarget] = useState(5000);
  const [diceOver, setDiceOver] = useState(false);
  const [limboTarget, setLimboTarget] = useState('2.00');
  const [rows, setRows] = useState(12);
  const [risk, setRisk] = useState<PlinkoRisk>('medium');
  const [mines, setMines] = useState(3);
  const [open, setOpen] = useState<MinesRound | null>(state.openMines ?? null);
  const [dropId, setDropId] = useState(0);
  const stageRef = useRef<HTMLElement>(null);
  const [kenoPicks, setKenoPicks] = useState<number[]>([]);
  const [kenoRisk, setKenoRisk] = useState<KenoRisk>('medium');
  const [segments, setSegments] = useState(30);
  const [wheelRisk, setWheelRisk] = useState<WheelRisk>('medium');
  const chips = useChipBets();
  const { bets: spots, total: spotsTotal } = chips;

  const betMajor = bet.major;
  const scale = 10 ** state.precision;
  const placeSpot = (key: string) => chips.place(key, toMinor(state, betMajor));
  const toggleKeno = (n: number) =>
    setKenoPicks((p) =>
      p.includes(n) ? p.filter((x) => x !== n) : p.length >= 10 ? p : [...p, n].sort((a, b) => a - b),
    );
  const limboHundredths = Math.round(Number(limboTarget) * 100);

  const played = (round: HouseRound) => {
    setLastRound(round);
    setRecent((r) => [round, ...r].slice(0, 12));
    if (round.balance !== null) setBalance(toMinor(state, round.balance));
    recordRound(round);
    if (sound) tone(round.win > round.bet);
    // On a phone the stage sits above the controls: bring the outcome into view.
    scrollStageIntoView(stageRef.current);
  };

  const settings = () => {
    if (kind === 'dice') return { target: diceTarget, over: diceOver };
    if (kind === 'limbo') return { target: limboHundredths };
    if (kind === 'keno') return { bet: betMajor, picks: kenoPicks, risk: kenoRisk };
    if (kind === 'wheel') return { bet: betMajor, segments, risk: wheelRisk };
    if (onLayout(kind))
      return { bets: Object.fromEntries(Object.entries(spots).map(([k, v]) => [k, v / scale])) };
    return { rows, risk };
  };
  /** The body of a round: the bet and the settings (a layout's stakes are its spots). */
  const body = () => (onLayout(kind) ? settings() : { bet: betMajor, ...settings() });

  const playOnce = () =>
    run(async () => {
      auto.setSummary(null);
      if (kind === 'mines') {
        if (open) return;
        const answer = await minesStart(state.gameCode, betMajor, mines);
        setOpen(answer.open);
        setLastRound(null);
        setBalance(toMinor(state, answer.balance));
        announceBalanceMoved(); // the stake taken
        return;
      }
      const round = await playOriginalRound({ gameCode: state.gameCode, ...body() });
      setDropId((d) => d + 1);
      played(round);
    });

  const playAuto = () =>
    run(async () => {
      const answer = await autoBet({ gameCode: state.gameCode, ...body(), ...auto.body() });
      for (const round of answer.rounds) played(round);
      setDropId((d) => d + 1);
      auto.setSummary(answer);
    });

  const reveal = (tile: number) =>
    run(async () => {
      const answer = await minesReveal(state.gameCode, tile);
      setOpen(answer.open);
      setBalance(toMinor(state, answer.balance));
      if (answer.settled) played(answer.settled);
    });
  const cashOut = () =>
    run(async () => {
      const answer = await minesCashOut(state.gameCode);
      setOpen(answer.open);
      setBalance(toMinor(state, answer.balance));
      if (answer.settled) played(answer.settled);
    });

  // Space or Enter plays (Mines: starts a round, or cashes out an open one).
  useGameHotkeys((key) => {
    if (key !== ' ' && key !== 'Enter') return false;
    if (kind === 'mines' && open) {
      if (open.picks.length) void cashOut();
    } else if (mode === 'manual') void playOnce();
    return true;
  });

  const canAuto = kind !== 'mines';

  let stage: ReactNode;
  let controls: ReactNode;
  if (kind === 'dice') {
    const chance = diceChance(diceTarget, diceOver);
    const last = lastRound?.kind === 'dice' ? (lastRound.outcome as unknown as DiceOutcome) : null;
    stage = (
      <DiceStage target={diceTarget} over={diceOver} last={last} onTarget={setDiceTarget} key={dropId} />
    );
    controls = (
      <>
        <div className={styles.toggle} role="radiogroup" aria-label={t('dice_side')}>
          {[false, true].map((o) => (
            <button
              key={String(o)}
              type="button"
              role="radio"
              aria-checked={diceOver === o}
              className={styles.toggleOption}
              onClick={() => {
                setDiceOver(o);
                setDiceTarget(10_000 - diceTarget);
              }}
            >
              {o ? t('roll_over') : t('roll_under')}
            </button>
          ))}
        </div>
        <div className={styles.stats}>
          <Stat
            label={t('multiplier')}
            value={`${multiplierText(diceMultiplier(diceTarget, diceOver), 4)}×`}
          />
          <Stat label={t('win_chance')} value={`${(chance / 100).toFixed(2)}%`} />
        </div>
        <p className={styles.hint}>
          {t('dice_range', {
            min: (DICE_MIN_CHANCE / 100).toFixed(2),
            max: (DICE_MAX_CHANCE / 100).toFixed(0),
          })}
        </p>
      </>
    );
  } else if (kind === 'limbo') {
    const last = lastRound?.kind === 'limbo' ? (lastRound.outcome as unknown as LimboOutcome) : null;
    const valid = limboHundredths >= LIMBO_MIN_TARGET && limboHundredths <= LIMBO_MAX_TARGET;
    stage = <LimboStage last={last} key={dropId} />;
    controls = (
      <>
        <label className={styles.field}>
          <span>{t('target_multiplier')}</span>
          <input
            inputMode="decimal"
            value={limboTarget}
            onChange={(e) => setLimboTarget(e.target.value)}
            aria-invalid={!valid}
            data-testid="limbo-target"
          />
        </label>
        <div className={styles.stats}>
          <Stat label={t('win_chance')} value={valid ? `${(9900 / limboHundredths).toFixed(4)}%` : '—'} />
          <Stat
            label={t('payout')}
            value={valid ? money(state, Math.floor((toMinor(state, betMajor) * limboHundredths) / 100)) : '—'}
          />
        </div>
      </>
    );
  } else if (kind === 'plinko') {
    const last = lastRound?.kind === 'plinko' ? (lastRound.outcome as unknown as PlinkoOutcome) : null;
    stage = (
      <PlinkoStage
        rows={rows}
        risk={risk}
        last={last && last.rows === rows && last.risk === risk ? last : null}
        dropId={dropId}
      />
    );
    controls = (
      <>
        <label className={styles.field}>
          <span>{t('risk')}</span>
          <select
            value={risk}
            onChange={(e) => setRisk(e.target.value as PlinkoRisk)}
            data-testid="plinko-risk"
          >
            {PLINKO_RISKS.map((r) => (
              <option key={r} value={r}>
                {t(`risk_${r}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>{t('rows')}</span>
          <select value={rows} onChange={(e) => setRows(Number(e.target.value))} data-testid="plinko-rows">
            {Array.from({ length: PLINKO_MAX_ROWS - PLINKO_MIN_ROWS + 1 }, (_, i) => PLINKO_MIN_ROWS + i).map(
              (n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ),
            )}
          </select>
        </label>
      </>
    );
  } else if (kind === 'keno') {
    const last = lastRound?.kind === 'keno' ? (lastRound.outcome as unknown as KenoOutcome) : null;
    stage = (
      <KenoStage
        picks={kenoPicks}
        risk={kenoRisk}
        last={last}
        disabled={busy}
        onToggle={toggleKeno}
        drawId={dropId}
      />
    );
    controls = (
      <>
        <RiskSelect value={kenoRisk} risks={KENO_RISKS} onChange={setKenoRisk} testId="keno-risk" />
        <div className={styles.pair}>
          <button
            type="button"
            className={styles.secondary}
            onClick={() => setKenoPicks(quickPick(kenoPicks.length || 10))}
            data-testid="keno-quick"
          >
            {t('keno_quick_pick')}
          </button>
          <button
            type="button"
            className={styles.secondary}
            onClick={() => setKenoPicks([])}
            disabled={!kenoPicks.length}
          >
            {t('clear')}
          </button>
        </div>
        <p className={styles.hint} data-testid="keno-count">
          {t('keno_picked', { count: kenoPicks.length })}
        </p>
      </>
    );
  } else if (kind === 'wheel') {
    const last = lastRound?.kind === 'wheel' ? (lastRound.outcome as unknown as WheelOutcome) : null;
    stage = <WheelStage segments={segments} risk={wheelRisk} last={last} spinId={dropId} />;
    controls = (
      <>
        <RiskSelect value={wheelRisk} risks={WHEEL_RISKS} onChange={setWheelRisk} testId="wheel-risk" />
        <label className={styles.field}>
          <span>{t('segments')}</span>
          <select
            value={segments}
            onChange={(e) => setSegments(Number(e.target.value))}
            data-testid="wheel-segments"
          >
            {WHEEL_SEGMENTS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      </>
    );
  } else if (onLayout(kind)) {
    const props = {
      bets: spots,
      precision: state.precision,
      disabled: busy,
      onPlace: placeSpot,
    };
    stage =
      kind === 'roulette' ? (
        <RouletteStage
          {...props}
          last={lastRound?.kind === 'roulette' ? (lastRound.outcome as unknown as RouletteOutcome) : null}
          spinId={dropId}
        />
      ) : (
        <SicBoStage
          {...props}
          last={lastRound?.kind === 'sicbo' ? (lastRound.outcome as unknown as SicBoOutcome) : null}
          rollId={dropId}
        />
      );
    controls = (
      <>
        <div className={styles.stats}>
          <Stat label={t('total_bet')} value={money(state, spotsTotal)} />
          <Stat label={t('spots')} value={String(Object.keys(spots).length)} />
        </div>
        <ChipTools chips={chips} />
        <p className={styles.hint}>{t('layout_hint')}</p>
      </>
    );
  } else {
    const last = lastRound?.kind === 'mines' ? (lastRound.outcome as unknown as MinesOutcome) : null;
    stage = <MinesStage open={open} last={last} busy={busy} onReveal={(i) => void reveal(i)} />;
    controls = open ? (
      <div className={styles.stats}>
        <Stat label={t('multiplier')} value={`${open.multiplier}×`} />
        <Stat label={t('next_tile')} value={open.nextMultiplier ? `${open.nextMultiplier}×` : '—'} />
      </div>
    ) : (
      <label className={styles.field}>
        <span>{t('mines_count')}</span>
        <select value={mines} onChange={(e) => setMines(Number(e.target.value))} data-testid="mines-count">
          {Array.from({ length: MINES_MAX }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
    );
  }

  return (
    <div className={styles.shell} data-testid={`original-${kind}`}>
      <GameBar state={state} balanceMinor={balance}>
        <SoundToggle sound={sound} onToggle={toggleSound} />
      </GameBar>
      <div className={styles.layout}>
        <ControlsColumn limits={limits} keys={t('hotkeys')}>
          <PlayMode auto={auto} offered={canAuto}>
            <BetAmountField
              label={onLayout(kind) ? t('chip_value') : t('bet_amount')}
              amount={bet}
              disabled={Boolean(open)}
            />
            {controls}
            {canAuto ? <AutoBetFields auto={auto} maxRounds={limits.autoBetMaxRounds} /> : null}
            <GameError error={error} />
            {kind === 'mines' && open ? (
              <CashOutButton
                state={state}
                amount={open.cashOut}
                ready={open.picks.length > 0}
                busy={busy}
                first={t('pick_a_tile')}
                onCashOut={cashOut}
              />
            ) : (
              <PlayButton
                disabled={
                  busy ||
                  !(betMajor > 0) ||
                  (onLayout(kind) && !spotsTotal) ||
                  (kind === 'keno' && !kenoPicks.length)
                }
                onPress={mode === 'auto' && canAuto ? playAuto : playOnce}
              >
                {busy
                  ? t('playing')
                  : mode === 'auto' && canAuto
                    ? t('start_auto')
                    : kind === 'roulette' || kind === 'wheel'
                      ? t('spin')
                      : kind === 'sicbo'
                        ? t('roll')
                        : t('bet')}
              </PlayButton>
            )}
            <AutoBetSummary auto={auto} net={(a) => money(state, toMinor(state, a.net))} />
          </PlayMode>
        </ControlsColumn>
        <section className={styles.stage} aria-label={state.name} ref={stageRef}>
          {stage}
          <RoundResult state={state} round={lastRound} idle={t('rtp_line', { rtp: statedRtp(kind) })} />
          <RecentRounds rounds={recent} />
        </section>
        <SidePanel state={state} lastRound={lastRound} rules={<OriginalRules kind={kind} />} />
      </div>
    </div>
  );
}

function RiskSelect<R extends KenoRisk | WheelRisk>({
  value,
  risks,
  onChange,
  testId,
}: {
  value: R;
  risks: readonly R[];
  onChange: (r: R) => void;
  testId: string;
}) {
  const { t } = useTypedTranslation(NS);
  return (
    <div className={styles.field}>
      <span id={`${testId}-label`}>{t('risk')}</span>
      <div
        className={styles.riskToggle}
        role="radiogroup"
        aria-labelledby={`${testId}-label`}
        data-testid={testId}
      >
        {risks.map((r) => (
          <button
            key={r}
            type="button"
            role="radio"
            aria-checked={value === r}
            className={styles.toggleOption}
            onClick={() => onChange(r)}
          >
            {t(`risk_${r}`)}
          </button>
        ))}
      </div>
    </div>
  );
}

function DiceStage({
  target,
  over,
  last,
  onTarget,
}: {
  target: number;
  over: boolean;
  last: DiceOutcome | null;
  onTarget: (v: number) => void;
}) {
  const { t } = useTypedTranslation(NS);
  const clamp = (v: number) => {
    const c = diceChance(v, over);
    if (c < DICE_MIN_CHANCE) return over ? 10_000 - DICE_MIN_CHANCE : DICE_MIN_CHANCE;
    if (c > DICE_MAX_CHANCE) return over ? 10_000 - DICE_MAX_CHANCE : DICE_MAX_CHANCE;
    return v;
  };
  const pct = target / 100;
  return (
    <div className={styles.diceStage}>
      <div
        className={[styles.bigNumber, last ? (last.won ? styles.won : styles.lost) : ''].join(' ')}
        data-testid="dice-roll"
      >
        {last ? (last.roll / 100).toFixed(2) : '—'}
      </div>
      <div className={styles.diceTrack}>
        <div
          className={styles.diceBar}
          style={{
            background: over
              ? `linear-gradient(90deg, var(--o-lose) ${pct}%, var(--o-win) ${pct}%)`
              : `linear-gradient(90deg, var(--o-win) ${pct}%, var(--o-lose) ${pct}%)`,
          }}
        />
        <span className={styles.diceHandle} style={{ left: `${pct}%` }} aria-hidden />
        {last ? (
          <span
            className={[styles.diceMarker, last.won ? styles.won : styles.lost].join(' ')}
            style={{ left: `${last.roll / 100}%` }}
          >
            {(last.roll / 100).toFixed(2)}
          </span>
        ) : null}
        <input
          type="range"
          min={1}
          max={9999}
          value={target}
          onChange={(e) => onTarget(clamp(Number(e.target.value)))}
          aria-label={t('dice_target')}
          className={styles.diceRange}
          data-testid="dice-target"
        />
      </div>
      <div className={styles.diceScale}>
        {[0, 25, 50, 75, 100].map((v) => (
          <span key={v}>{v}</span>
        ))}
      </div>
      <p className={styles.diceLabel}>
        {over ? t('roll_over') : t('roll_under')} <strong>{(target / 100).toFixed(2)}</strong>
      </p>
    </div>
  );
}

function LimboStage({ last }: { last: LimboOutcome | null }) {
  const { t } = useTypedTranslation(NS);
  return (
    <div className={styles.limboStage}>
      <div
        className={[styles.limboNumber, last ? (last.won ? styles.won : styles.lost) : ''].join(' ')}
        data-testid="limbo-result"
      >
        {last ? `${(last.result / 100).toFixed(2)}×` : '1.00×'}
      </div>
      <p className={styles.muted}>
        {last ? t('limbo_target_was', { target: (last.target / 100).toFixed(2) }) : t('limbo_hint')}
      </p>
    </div>
  );
}

function PlinkoStage({
  rows,
  risk,
  last,
  dropId,
}: {
  rows: number;
  risk: PlinkoRisk;
  last: PlinkoOutcome | null;
  dropId: number;
}) {
  const table = PLINKO_TABLES[rows]![risk];
  const W = 600;
  const gap = W / (rows + 2);
  const H = gap * (rows + 0.9);
  const pegs: ReactNode[] = [];
  for (let r = 0; r < rows; r++)
    for (let i = 0; i <= r + 2; i++) {
      const x = W / 2 + (i - (r + 2) / 2) * gap;
      pegs.push(
        <circle
          key={`${r}-${i}`}
          cx={x}
          cy={gap * (r + 1)}
          r={Math.max(3, gap / 9)}
          className={styles.peg}
        />,
      );
    }
  // The ball's path: from the top centre, half a gap left or right per row.
  const points: [number, number][] = [[W / 2, gap * 0.3]];
  if (last) {
    let x = W / 2;
    last.path.forEach((d, r) => {
      x += (d ? 1 : -1) * (gap / 2);
      points.push([x, gap * (r + 1.5)]);
    });
  }
  const maxM = Math.max(...table);
  return (
    <div
      className={styles.plinkoStage}
      data-rows={rows > 12 ? 'many' : 'few'}
      style={{ ['--board-ratio' as string]: (W / H).toFixed(4) }}
    >
      <svg viewBox={`0 0 ${W} ${H}`} className={styles.plinkoSvg} role="img" aria-label={`Plinko ${rows}`}>
        {pegs}
        {last ? (
          <g key={dropId}>
            <polyline points={points.map((p) => p.join(',')).join(' ')} className={styles.ballPath} />
            <circle cx={0} cy={0} r={gap / 4} className={styles.ball}>
              <animateMotion
                dur={`${0.06 * rows}s`}
                fill="freeze"
                path={`M ${points.map((p) => p.join(' ')).join(' L ')}`}
              />
            </circle>
          </g>
        ) : null}
      </svg>
      <div
        className={styles.buckets}
        style={{
          gridTemplateColumns: `repeat(${rows + 1}, 1fr)`,
          width: `${(100 * (rows + 1)) / (rows + 2)}%`,
        }}
      >
        {table.map((m, k) => {
          const heat = Math.log(m / 20) / Math.log(maxM / 20);
          return (
            <span
              key={k}
              className={[styles.bucket, last?.bucket === k ? styles.bucketHit : ''].join(' ')}
              style={{ ['--heat' as string]: heat.toFixed(3) }}
              data-testid={last?.bucket === k ? 'plinko-hit' : undefined}
            >
              {(m / 100).toString()}
            </span>
          );
        })}
      </div>
    </div>
  );
}

function MinesStage({
  open,
  last,
  busy,
  onReveal,
}: {
  open: MinesRound | null;
  last: MinesOutcome | null;
  busy: boolean;
  onReveal: (tile: number) => void;
}) {
  const { t } = useTypedTranslation(NS);
  const picks = new Set(open?.picks ?? last?.picks ?? []);
  const mines = new Set(open ? [] : (last?.layout ?? []));
  return (
    <div className={styles.minesStage}>
      <div className={styles.grid} role="grid" aria-label={t('mines_board')}>
        {Array.from({ length: MINES_TILES }, (_, i) => {
          const picked = picks.has(i);
          const mine = mines.has(i);
          const hit = last && !open && last.hit === i;
          const cls = [
            styles.tile,
            picked && !mine ? styles.tileGem : '',
            mine ? styles.tileMine : '',
            hit ? styles.tileHit : '',
            !open && last && !picked && !mine ? styles.tileDim : '',
          ].join(' ');
          return (
            <button
              key={i}
              type="button"
              className={cls}
              disabled={!open || picked || busy}
              onClick={() => onReveal(i)}
              aria-label={t('tile', { n: i + 1 })}
              data-testid={`tile-${i}`}
            >
              {picked && !mine ? <Gem className={styles.icon} /> : mine ? <Bomb /> : null}
            </button>
          );
        })}
      </div>
      {open ? null : last ? (
        <p className={styles.muted}>
          {last.hit === null
            ? t('mines_cashed', {
                count: last.safe,
                m: multiplierText(minesMultiplier(last.mines, last.safe)),
              })
            : t('mines_hit')}
        </p>
      ) : (
        <p className={styles.muted}>{t('mines_hint')}</p>
      )}
    </div>
  );
}

const Bomb = () => (
  <svg viewBox="0 0 32 32" className={styles.icon} aria-hidden>
    <circle cx="15" cy="18" r="10" fill="#ff4d6a" />
    <circle cx="12" cy="15" r="3" fill="#ffb3c0" />
    <path d="M21 9l4-4M24 4l3 0M27 7l0-3" stroke="#ffd166" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

function OriginalRules({ kind }: { kind: Kind }) {
  const { t } = useTypedTranslation(NS);
  return (
    <div className={styles.rules}>
      <p>{t(`rules_${kind}`)}</p>
      {kind === 'roulette' ? (
        <p>{t('rules_rtp_roulette', { rtp: statedRtp('roulette') })}</p>
      ) : kind === 'sicbo' ? (
        <SicBoReturns />
      ) : (
        <p>{t('rules_rtp', { rtp: ORIGINALS_RTP_PERCENT })}</p>
      )}
      <p>{t('rules_fair')}</p>
      {kind === 'plinko' ? <PlinkoTables /> : null}
    </div>
  );
}

function PlinkoTables() {
  const { t } = useTypedTranslation(NS);
  return (
    <p className={styles.muted}>
      {t('rules_plinko_tables', { rows: `${PLINKO_MIN_ROWS}–${PLINKO_MAX_ROWS}` })}
    </p>
  );
}

/** Sic Bo states each bet's exact return (the table's standard pays). */
function SicBoReturns() {
  const { t } = useTypedTranslation(NS);
  const rows: [string, string, string][] = [];
  const seen = new Set<string>();
  for (const spot of SICBO_SPOTS.values()) {
    const label =
      spot.type === 'total'
        ? `${t('sicbo_total', { n: spot.key.split(':')[1] })}`
        : t(`sicbo_${underscored(spot.type)}`, { n: 'N' });
    const key = `${label}|${spot.pays}`;
    if (seen.has(key) || (spot.type === 'total' && Number(spot.key.split(':')[1]) > 10)) continue;
    seen.add(key);
    const payText = spot.type === 'single' ? '1:1 · 2:1 · 3:1' : `${spot.pays - 1}:1`;
    const shown = spot.type === 'total' ? `${label} / ${21 - Number(spot.key.split(':')[1])}` : label;
    rows.push([shown, payText, percentText(spot.rtp, 2)]);
  }
  return (
    <>
      <p>{t('rules_rtp_sicbo')}</p>
      <table className={styles.rtpTable} data-testid="sicbo-rtp">
        <thead>
          <tr>
            <th>{t('bet')}</th>
            <th>{t('pays')}</th>
            <th>{t('rtp')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([a, b, c]) => (
            <tr key={a}>
              <td>{a}</td>
              <td>{b}</td>
              <td>{c}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
