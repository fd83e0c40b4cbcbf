import { useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { underscored, type TypedT } from '../../shared/i18n/keys.ts';
import {
  KENO_NUMBERS,
  KENO_TABLES,
  ROULETTE_RED,
  ROULETTE_WHEEL,
  SICBO_SPOTS,
  SICBO_TOTAL_PAYS,
  WHEEL_TABLES,
  percentText,
  type KenoOutcome,
  type KenoRisk,
  type RouletteOutcome,
  type SicBoOutcome,
  type WheelOutcome,
  type WheelRisk,
} from '@app/contract';
import styles from './originals-tables.module.css';
import type { SpotBets } from './controls.tsx';

const NS = ['originals-tables', 'originals', 'house'] as const;

const mult = (hundredths: number) => `${(hundredths / 100).toFixed(2)}×`;

// ---- Keno -------------------------------------------------------------------------------------

/**
 * Keno's board (decision 046): 40 numbers as buttons (Tab, Enter or Space, or touch) to pick up to
 * 10; after a round the drawn numbers light up in the order drawn, hits as gems. Below it the
 * paytable of the picks and risk chosen, the row of the last round's hits marked.
 */
export function KenoStage({
  picks,
  risk,
  last,
  disabled,
  onToggle,
  drawId,
}: {
  picks: number[];
  risk: KenoRisk;
  last: KenoOutcome | null;
  disabled: boolean;
  onToggle: (n: number) => void;
  drawId: number;
}) {
  const { t } = useTypedTranslation(NS);
  const drawnAt = new Map((last?.drawn ?? []).map((n, i) => [n, i]));
  const picked = new Set(picks);
  const table = picks.length ? KENO_TABLES[risk][picks.length - 1]! : null;
  return (
    <div className={styles.kenoStage}>
      <div className={styles.kenoBoard} role="group" aria-label={t('keno_board')} key={drawId}>
        {Array.from({ length: KENO_NUMBERS }, (_, i) => {
          const n = i + 1;
          const order = drawnAt.get(n);
          const drawn = order !== undefined;
          const hit = drawn && picked.has(n);
          return (
            <button
              key={n}
              type="button"
              className={[
                styles.kenoCell,
                picked.has(n) ? styles.kenoPicked : '',
                drawn ? styles.kenoDrawn : '',
                hit ? styles.kenoHit : '',
              ].join(' ')}
              style={drawn ? { animationDelay: `${order! * 70}ms` } : undefined}
              aria-pressed={picked.has(n)}
              aria-label={t(hit ? 'keno_number_hit' : drawn ? 'keno_number_drawn' : 'keno_number', { n })}
              disabled={disabled || (!picked.has(n) && picks.length >= 10)}
              onClick={() => onToggle(n)}
              data-testid={`keno-${n}`}
            >
              {hit ? <Gem /> : null}
              <span>{n}</span>
            </button>
          );
        })}
      </div>
      {table ? (
        <ol className={styles.paytable} aria-label={t('paytable')} data-testid="keno-paytable">
          {table.map((m, h) => (
            <li
              key={h}
              className={[
                m ? styles.payOn : styles.payOff,
                last && last.picks.length === picks.length && last.hits.length === h
                  ? m
                    ? styles.payHit
                    : styles.payMiss
                  : '',
              ].join(' ')}
            >
              <strong>{mult(m)}</strong>
              <span>{t('keno_hits', { count: h })}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p className={styles.lead}>{t('keno_hint')}</p>
      )}
    </div>
  );
}

/** Up to `count` distinct random numbers of 1..40 (the page's quick pick, not the game's draw). */
export function quickPick(count: number): number[] {
  const pool = Array.from({ length: KENO_NUMBERS }, (_, i) => i + 1);
  const out: number[] = [];
  const rnd = new Uint32Array(count);
  globalThis.crypto.getRandomValues(rnd);
  for (let i = 0; i < count; i++) out.push(pool.splice(rnd[i]! % pool.length, 1)[0]!);
  return out.sort((a, b) => a - b);
}

// ---- Wheel ------------------------------------------------------------------------------------

/** A multiplier's colour on the wheel: blank, small, middling, big, the top. */
function wheelColour(m: number, top: number, i = 0): string {
  if (m === 0) return i % 4 === 1 ? '#27314f' : '#2d385c';
  if (m === top && top >= 500) return '#ffd166';
  if (m >= 300) return '#b07cff';
  if (m >= 180) return '#4da3ff';
  if (m >= 140) return '#2fd08a';
  return '#9fb3d9';
}

/** The stopping angle of a spin: the segment under the pointer at the top, a few turns on. */
function spinAngle(index: number, count: number, spins: number) {
  return spins * 360 * 4 - (index + 0.5) * (360 / count);
}

/**
 * A wheel of `labels.length` segments drawn in SVG, turned so the landed one stops under the
 * pointer (short transition, none under reduced motion).
 */
function SpinWheel({
  colours,
  labels,
  landed,
  spinId,
  size = 360,
  testId,
  centre,
}: {
  colours: string[];
  labels: (string | null)[];
  landed: number | null;
  spinId: number;
  size?: number;
  testId: string;
  centre: ReactNode;
}) {
  const n = colours.length;
  const R = 100;
  const angle = landed === null ? -(0.5 * 360) / n : spinAngle(landed, n, spinId);
  const arc = (i: number, r0: number, r1: number) => {
    const a0 = ((i / n) * 2 - 0.5) * Math.PI;
    const a1 = (((i + 1) / n) * 2 - 0.5) * Math.PI;
    const p = (r: number, a: number) => `${(r * Math.cos(a)).toFixed(3)} ${(r * Math.sin(a)).toFixed(3)}`;
    return `M ${p(r0, a0)} L ${p(r1, a0)} A ${r1} ${r1} 0 0 1 ${p(r1, a1)} L ${p(r0, a1)} A ${r0} ${r0} 0 0 0 ${p(r0, a0)} Z`;
  };
  return (
    <div className={styles.wheelWrap} style={{ maxWidth: size }} data-testid={testId}>
      <svg viewBox="-110 -110 220 220" className={styles.wheelSvg} aria-hidden>
        <circle r="108" className={styles.wheelRim} />
        <g className={styles.wheelTurn} style={{ transform: `rotate(${angle}deg)` }}>
          {colours.map((c, i) => (
            <g key={i}>
              <path
                d={arc(i, 58, R)}
                fill={c}
                className={landed === i ? styles.segLanded : styles.seg}
                stroke="#0b1222"
                strokeWidth={n > 30 ? 0.6 : 1}
              />
              {labels[i] ? (
                <text
                  className={styles.segLabel}
                  transform={`rotate(${((i + 0.5) / n) * 360 - 90}) translate(${R - 10} 0) rotate(90)`}
                  fontSize={n > 30 ? 6 : 8}
                  fill="#fff"
                >
                  {labels[i]}
                </text>
              ) : null}
            </g>
          ))}
        </g>
        <circle r="56" className={styles.wheelHub} />
        <path d="M -8 -112 L 8 -112 L 0 -94 Z" className={styles.pointer} />
      </svg>
      <div className={styles.wheelCentre}>{centre}</div>
    </div>
  );
}

export function WheelStage({
  segments,
  risk,
  last,
  spinId,
}: {
  segments: number;
  risk: WheelRisk;
  last: WheelOutcome | null;
  spinId: number;
}) {
  const { t } = useTypedTranslation(NS);
  const table = WHEEL_TABLES[segments]![risk];
  const top = Math.max(...table);
  const shown = last && last.segments === segments && last.risk === risk ? last : null;
  // The legend: each multiplier, its colour and its chance.
  const counts = new Map<number, number>();
  for (const m of table) counts.set(m, (counts.get(m) ?? 0) + 1);
  const legend = [...counts.entries()].sort((a, b) => a[0] - b[0]);
  return (
    <div className={styles.wheelStage}>
      <SpinWheel
        colours={table.map((m, i) => wheelColour(m, top, i))}
        labels={table.map(() => null)}
        landed={shown ? shown.segment : null}
        spinId={spinId}
        testId="wheel"
        centre={
          <strong
            className={shown ? (shown.multiplier ? styles.win : styles.lose) : ''}
            data-testid="wheel-result"
          >
            {shown ? mult(shown.multiplier) : '—'}
          </strong>
        }
      />
      <ul className={styles.legend} aria-label={t('paytable')}>
        {legend.map(([m, c]) => (
          <li
            key={m}
            style={{ ['--seg' as string]: wheelColour(m, top) }}
            className={shown?.multiplier === m ? styles.legendHit : ''}
          >
            <strong>{mult(m)}</strong>
            <span>
              {t('wheel_chance', { chance: ((c / segments) * 100).toFixed((c * 100) % segments ? 1 : 0) })}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

// ---- chips on a layout (Roulette, Sic Bo) ------------------------------------------------------

/** A short amount for a chip: 1, 2.5, 10, 1.2k. */
function chipText(minor: number, precision: number) {
  const major = minor / 10 ** precision;
  if (major >= 1000) return `${(major / 1000).toFixed(major % 1000 ? 1 : 0)}k`;
  return String(Number(major.toFixed(precision)));
}

function Chip({ minor, precision }: { minor: number; precision: number }) {
  return (
    <span className={styles.chip} aria-hidden>
      {chipText(minor, precision)}
    </span>
  );
}

/** Enter or Space on an SVG spot places a chip, as a click does. */
const onSpotKey = (place: () => void) => (e: KeyboardEvent) => {
  if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault();
    e.stopPropagation();
    place();
  }
};

// ---- European Roulette ------------------------------------------------------------------------

const isRed = (n: number) => ROULETTE_RED.includes(n);
const pocketColour = (n: number) => (n === 0 ? '#0f8a4f' : isRed(n) ? '#d8323f' : '#1a1f2e');

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}
/** Board geometry, landscape: zero at the left, numbers in 12 columns of 3, columns' 2:1 at the right. */
const CW = 60;
const CH = 70;
const GRID_H = 3 * CH;
const ROW_H = 48;
const BOARD_W = CW + 12 * CW + CW;
const BOARD_H = GRID_H + 2 * ROW_H;
function cellOf(n: number): Box {
  const col = Math.ceil(n / 3) - 1;
  const row = 2 - ((n - 1) % 3); // 3, 6 … on top
  return { x: CW + col * CW, y: row * CH, w: CW, h: CH };
}
const dot = (x: number, y: number, r = 11): Box => ({ x: x - r, y: y - r, w: 2 * r, h: 2 * r });

interface SpotDraw {
  key: string;
  box: Box;
  kind: 'cell' | 'edge' | 'outside';
  label: string;
  fill?: string;
  text?: string;
}

function rouletteLayout(t: TypedT<'originals-tables'>): SpotDraw[] {
  const spots: SpotDraw[] = [];
  const num = (nums: number[]) => nums.join(', ');
  spots.push({
    key: 'straight:0',
    box: { x: 0, y: 0, w: CW, h: GRID_H },
    kind: 'cell',
    label: t('roulette_straight', { n: 0 }),
    fill: pocketColour(0),
    text: '0',
  });
  for (let n = 1; n <= 36; n++)
    spots.push({
      key: `straight:${n}`,
      box: cellOf(n),
      kind: 'cell',
      label: t('roulette_straight', { n }),
      fill: pocketColour(n),
      text: String(n),
    });
  for (let d = 1; d <= 3; d++)
    spots.push({
      key: `dozen:${d}`,
      box: { x: CW + (d - 1) * 4 * CW, y: GRID_H, w: 4 * CW, h: ROW_H },
      kind: 'outside',
      label: t('roulette_dozen', { d }),
      text: t('roulette_dozen_short', { from: 12 * d - 11, to: 12 * d }),
    });
  for (let c = 1; c <= 3; c++)
    spots.push({
      key: `column:${c}`,
      box: { x: CW + 12 * CW, y: (3 - c) * CH, w: CW, h: CH },
      kind: 'outside',
      label: t('roulette_column', { c }),
      text: '2:1',
    });
  const even: ['low' | 'even' | 'red' | 'black' | 'odd' | 'high', string][] = [
    ['low', '1–18'],
    ['even', t('roulette_even')],
    ['red', ''],
    ['black', ''],
    ['odd', t('roulette_odd')],
    ['high', '19–36'],
  ];
  even.forEach(([key, text], i) =>
    spots.push({
      key,
      box: { x: CW + i * 2 * CW, y: GRID_H + ROW_H, w: 2 * CW, h: ROW_H },
      kind: 'outside',
      label: t(`roulette_${key}`),
      text,
      fill: key === 'red' ? '#d8323f' : key === 'black' ? '#1a1f2e' : undefined,
    }),
  );
  // Inside bets between the numbers: hit zones on the lines and corners.
  for (let n = 1; n <= 36; n++) {
    const c = cellOf(n);
    if (n <= 33)
      spots.push({
        key: `split:${n}-${n + 3}`,
        box: { x: c.x + CW - 7, y: c.y + 14, w: 14, h: CH - 28 },
        kind: 'edge',
        label: t('roulette_split', { nums: num([n, n + 3]) }),
      });
    if (n % 3 !== 0) {
      spots.push({
        key: `split:${n}-${n + 1}`,
        box: { x: c.x + 12, y: c.y - 7, w: CW - 24, h: 14 },
        kind: 'edge',
        label: t('roulette_split', { nums: num([n, n + 1]) }),
      });
      if (n <= 32)
        spots.push({
          key: `corner:${n}-${n + 1}-${n + 3}-${n + 4}`,
          box: dot(c.x + CW, c.y),
          kind: 'edge',
          label: t('roulette_corner', { nums: num([n, n + 1, n + 3, n + 4]) }),
        });
    }
    if (n % 3 === 1) {
      spots.push({
        key: `street:${n}-${n + 1}-${n + 2}`,
        box: { x: c.x + 12, y: GRID_H - 7, w: CW - 24, h: 14 },
        kind: 'edge',
        label: t('roulette_street', { nums: num([n, n + 1, n + 2]) }),
      });
      if (n <= 31)
        spots.push({
          key: `line:${[0, 1, 2, 3, 4, 5].map((i) => n + i).join('-')}`,
          box: dot(c.x + CW, GRID_H),
          kind: 'edge',
          label: t('roulette_line', { nums: num([0, 1, 2, 3, 4, 5].map((i) => n + i)) }),
        });
    }
  }
  for (const z of [1, 2, 3]) {
    const c = cellOf(z);
    spots.push({
      key: `split:0-${z}`,
      box: { x: CW - 7, y: c.y + 14, w: 14, h: CH - 28 },
      kind: 'edge',
      label: t('roulette_split', { nums: num([0, z]) }),
    });
  }
  spots.push({
    key: 'street:0-1-2',
    box: dot(CW, 2 * CH),
    kind: 'edge',
    label: t('roulette_street', { nums: '0, 1, 2' }),
  });
  spots.push({
    key: 'street:0-2-3',
    box: dot(CW, CH),
    kind: 'edge',
    label: t('roulette_street', { nums: '0, 2, 3' }),
  });
  spots.push({
    key: 'corner:0-1-2-3',
    box: dot(CW, GRID_H),
    kind: 'edge',
    label: t('roulette_first_four'),
  });
  return spots;
}

/** Portrait (phones): the board turned, zero on top and 1-2-3 across, the columns' 2:1 at the foot. */
function turn(b: Box, portrait: boolean): Box {
  if (!portrait) return b;
  return { x: BOARD_H - b.y - b.h, y: b.x, w: b.h, h: b.w };
}

function usePortrait(query = '(max-width: 760px)') {
  const get = () => typeof window !== 'undefined' && window.matchMedia?.(query).matches === true;
  const [portrait, setPortrait] = useState(get);
  useEffect(() => {
    const mq = window.matchMedia?.(query);
    if (!mq) return;
    const on = () => setPortrait(mq.matches);
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, [query]);
  return portrait;
}

export function RouletteStage({
  bets,
  last,
  spinId,
  precision,
  disabled,
  onPlace,
}: {
  bets: SpotBets;
  last: RouletteOutcome | null;
  spinId: number;
  precision: number;
  disabled: boolean;
  onPlace: (key: string) => void;
}) {
  const { t } = useTypedTranslation(NS);
  const portrait = usePortrait();
  const layout = rouletteLayout(t);
  const won = new Set(last?.winning ?? []);
  const landed = last ? ROULETTE_WHEEL.indexOf(last.number) : null;
  const W = portrait ? BOARD_H : BOARD_W;
  const H = portrait ? BOARD_W : BOARD_H;
  const place = (key: string) => () => {
    if (!disabled) onPlace(key);
  };
  return (
    <div className={styles.rouletteStage}>
      <SpinWheel
        colours={ROULETTE_WHEEL.map(pocketColour)}
        labels={ROULETTE_WHEEL.map(String)}
        landed={landed}
        spinId={spinId}
        size={portrait ? 250 : 280}
        testId="roulette-wheel"
        centre={
          last ? (
            <strong
              className={styles.ball}
              style={{ background: pocketColour(last.number) }}
              data-testid="roulette-number"
            >
              {last.number}
            </strong>
          ) : (
            <span className={styles.wheelIdle}>{t('roulette_idle')}</span>
          )
        }
      />
      <svg
        viewBox={`-2 -10 ${W + 4} ${H + 12}`}
        className={styles.board}
        data-orientation={portrait ? 'portrait' : 'landscape'}
        role="group"
        aria-label={t('roulette_board')}
        data-testid="roulette-board"
      >
        {layout
          .filter((s) => s.kind !== 'edge')
          .map((s) => {
            const b = turn(s.box, portrait);
            return (
              <g
                key={s.key}
                role="button"
                tabIndex={disabled ? -1 : 0}
                aria-label={s.label}
                className={[styles.spot, won.has(s.key) ? styles.spotWon : ''].join(' ')}
                onClick={place(s.key)}
                onKeyDown={onSpotKey(place(s.key))}
                data-spot={s.key}
              >
                <rect
                  x={b.x + 1}
                  y={b.y + 1}
                  width={b.w - 2}
                  height={b.h - 2}
                  rx={6}
                  fill={s.fill ?? '#13213f'}
                />
                {s.key === 'red' || s.key === 'black' ? (
                  <path
                    d={`M ${b.x + b.w / 2} ${b.y + b.h / 2 - 14} l 16 14 l -16 14 l -16 -14 Z`}
                    fill={s.key === 'red' ? '#ff5a66' : '#3a4260'}
                    stroke="#fff"
                    strokeOpacity={0.5}
                  />
                ) : null}
                {s.text ? (
                  <text
                    x={b.x + b.w / 2}
                    y={b.y + b.h / 2}
                    className={s.kind === 'cell' ? styles.cellText : styles.outsideText}
                  >
                    {s.text}
                  </text>
                ) : null}
                {last?.number !== undefined && s.key === `straight:${last.number}` ? (
                  <circle cx={b.x + b.w / 2} cy={b.y + b.h / 2} r={18} className={styles.marker} />
                ) : null}
              </g>
            );
          })}
        {layout
          .filter((s) => s.kind === 'edge')
          .map((s) => {
            const b = turn(s.box, portrait);
            return (
              <g
                key={s.key}
                role="button"
                tabIndex={disabled ? -1 : 0}
                aria-label={s.label}
                className={[styles.edge, won.has(s.key) ? styles.spotWon : ''].join(' ')}
                onClick={place(s.key)}
                onKeyDown={onSpotKey(place(s.key))}
                data-spot={s.key}
              >
                <rect x={b.x} y={b.y} width={b.w} height={b.h} rx={Math.min(b.w, b.h) / 2} />
              </g>
            );
          })}
        {layout
          .filter((s) => bets[s.key])
          .map((s) => {
            const b = turn(s.box, portrait);
            return (
              <foreignObject
                key={`chip-${s.key}`}
                x={b.x + b.w / 2 - 19}
                y={b.y + b.h / 2 - 19}
                width={38}
                height={38}
                className={styles.chipHolder}
              >
                <Chip minor={bets[s.key]!} precision={precision} />
              </foreignObject>
            );
          })}
      </svg>
    </div>
  );
}

// ---- Sic Bo -----------------------------------------------------------------------------------

const PIPS: Record<number, [number, number][]> = {
  1: [[50, 50]],
  2: [
    [28, 28],
    [72, 72],
  ],
  3: [
    [26, 26],
    [50, 50],
    [74, 74],
  ],
  4: [
    [28, 28],
    [72, 28],
    [28, 72],
    [72, 72],
  ],
  5: [
    [26, 26],
    [74, 26],
    [50, 50],
    [26, 74],
    [74, 74],
  ],
  6: [
    [28, 24],
    [72, 24],
    [28, 50],
    [72, 50],
    [28, 76],
    [72, 76],
  ],
};
export function Die({ value, size = 22, className }: { value: number; size?: number; className?: string }) {
  return (
    <svg viewBox="0 0 100 100" width={size} height={size} className={className ?? styles.die} aria-hidden>
      <rect x="4" y="4" width="92" height="92" rx="20" fill="#f6f3ea" />
      {PIPS[value]!.map(([x, y], i) => (
        <circle key={i} cx={x} cy={y} r="10" fill={value === 1 || value === 4 ? '#d8323f' : '#1b2a4a'} />
      ))}
    </svg>
  );
}

const pays = (back: number) => `${back - 1}:1`;

export function SicBoStage({
  bets,
  last,
  rollId,
  precision,
  disabled,
  onPlace,
}: {
  bets: SpotBets;
  last: SicBoOutcome | null;
  rollId: number;
  precision: number;
  disabled: boolean;
  onPlace: (key: string) => void;
}) {
  const { t } = useTypedTranslation(NS);
  const won = new Set(last?.winning ?? []);
  const spot = (key: string, body: ReactNode, payText: string, extra = '') => {
    const s = SICBO_SPOTS.get(key)!;
    return (
      <button
        key={key}
        type="button"
        className={[styles.sbSpot, extra, won.has(key) ? styles.sbWon : ''].join(' ')}
        disabled={disabled}
        onClick={() => onPlace(key)}
        aria-label={t('sicbo_spot', {
          spot: t(`sicbo_${underscored(s.type)}`, { n: key.split(':')[1] }),
          pays: payText,
        })}
        title={t('sicbo_rtp', { rtp: percentText(s.rtp, 2) })}
        data-spot={key}
      >
        <span className={styles.sbBody}>{body}</span>
        <span className={styles.sbPays}>{payText}</span>
        {bets[key] ? <Chip minor={bets[key]} precision={precision} /> : null}
      </button>
    );
  };
  const faces = (...v: number[]) => (
    <span className={styles.faces}>
      {v.map((x, i) => (
        <Die key={i} value={x} />
      ))}
    </span>
  );
  return (
    <div className={styles.sicboStage}>
      <div className={styles.diceTray} key={rollId} data-testid="sicbo-dice" aria-live="polite">
        {last ? (
          <>
            {last.dice.map((d, i) => (
              <Die key={i} value={d} size={64} className={styles.bigDie} />
            ))}
            <strong className={styles.sbTotal} data-testid="sicbo-total">
              {t('sicbo_total_is', { total: last.total })}
            </strong>
          </>
        ) : (
          <>
            {[1, 2, 3].map((i) => (
              <Die key={i} value={[5, 3, 6][i - 1]!} size={64} className={styles.idleDie} />
            ))}
            <span className={styles.sbIdle}>{t('sicbo_idle')}</span>
          </>
        )}
      </div>
      <div className={styles.sbBoard} role="group" aria-label={t('sicbo_board')} data-testid="sicbo-board">
        <div className={styles.sbTop}>
          {spot('small', <b>{t('sicbo_small')}</b>, '1:1', styles.sbBig)}
          {spot('odd', <b>{t('sicbo_odd')}</b>, '1:1')}
          <div className={styles.sbTriples}>
            {[1, 2, 3, 4, 5, 6].map((n) => spot(`triple:${n}`, faces(n, n, n), '180:1', styles.sbTriple))}
            {spot('any-triple', <b>{t('sicbo_any_triple')}</b>, '30:1', styles.sbAny)}
          </div>
          {spot('even', <b>{t('sicbo_even')}</b>, '1:1')}
          {spot('big', <b>{t('sicbo_big')}</b>, '1:1', styles.sbBig)}
        </div>
        <div className={styles.sbRow6}>
          {[1, 2, 3, 4, 5, 6].map((n) => spot(`double:${n}`, faces(n, n), '10:1'))}
        </div>
        <div className={styles.sbTotals}>
          {Array.from({ length: 14 }, (_, i) => i + 4).map((n) =>
            spot(`total:${n}`, <b>{n}</b>, pays(SICBO_TOTAL_PAYS[n]!)),
          )}
        </div>
        <div className={styles.sbCombos}>
          {Array.from({ length: 6 }, (_, a) => a + 1).flatMap((a) =>
            Array.from({ length: 6 - a }, (_, j) => a + 1 + j).map((b) =>
              spot(`combo:${a}-${b}`, faces(a, b), '5:1'),
            ),
          )}
        </div>
        <div className={styles.sbRow6}>
          {[1, 2, 3, 4, 5, 6].map((n) => spot(`single:${n}`, faces(n), '1:1 · 2:1 · 3:1', styles.sbSingle))}
        </div>
      </div>
    </div>
  );
}

/** The gem of a Mines tile and of a Keno hit. */
export const Gem = ({ className = styles.gem }: { className?: string | undefined }) => (
  <svg viewBox="0 0 32 32" className={className} aria-hidden>
    <path d="M8 4h16l6 8-14 17L2 12z" fill="#34e3a0" />
    <path d="M2 12h28L16 29z" fill="#12b77a" />
    <path d="M8 4l4 8h8l4-8z" fill="#8ff5cf" />
  </svg>
);
