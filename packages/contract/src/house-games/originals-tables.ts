import { FairStream, type BlockSource } from './fair.ts';
import { payOf, ratio, type ExactRatio } from './originals.ts';

/**
 * The table originals (issue 34, decision 046): Keno, Wheel, European Roulette and Sic Bo. Pure
 * code shared by the server, the browser's verifier and (copied, without imports) the standalone
 * verifier script. The draws are decision 020's unbiased whole numbers from the HMAC stream
 * (`FairStream.nextInt`), so every outcome is exactly equally likely and the returns proven by
 * enumeration in originals-rtp.ts hold for the real draws.
 *
 * Keno and Wheel return exactly 99 % for every setting. Roulette returns 36/37 on every bet
 * (single zero, no en prison); Sic Bo pays the standard Macau table, each bet's exact return
 * stated in SICBO_BETS' `rtp` (between 83 % and 97.2 %, the game's usual edges).
 */

// ---- Keno -------------------------------------------------------------------------------------

export const KENO_NUMBERS = 40;
export const KENO_DRAWN = 10;
export const KENO_MIN_PICKS = 1;
export const KENO_MAX_PICKS = 10;
export type KenoRisk = 'low' | 'medium' | 'high';
export const KENO_RISKS: readonly KenoRisk[] = ['low', 'medium', 'high'];

/**
 * Our paytables, multipliers in hundredths by hits, one row per count of picks (1..10). Each row
 * returns exactly 99 %: Σ C(picks, h) · C(40 − picks, 10 − h) · m_h = 99 · C(40, 10), proven in
 * originals.test.ts. Shaped from a geometric climb to a top prize per risk, then fixed to the
 * exact sum by the smallest changes of two entries.
 */
export const KENO_TABLES: Record<KenoRisk, number[][]> = {
  low: [
    [0, 396],
    [0, 183, 496],
    [0, 101, 319, 901],
    [0, 0, 320, 688, 1461],
    [0, 0, 190, 442, 1068, 2496],
    [0, 0, 120, 308, 740, 1774, 4498],
    [0, 0, 0, 310, 720, 1703, 3907, 8979],
    [0, 0, 0, 194, 480, 1200, 3027, 7900, 19993],
    [0, 0, 0, 127, 330, 860, 2200, 5940, 15000, 40272],
    [0, 0, 0, 90, 230, 625, 1500, 4068, 9500, 24000, 57672],
  ],
  medium: [
    [0, 396],
    [0, 120, 916],
    [0, 0, 492, 2616],
    [0, 0, 170, 1123, 7986],
    [0, 0, 0, 701, 3732, 19996],
    [0, 0, 0, 350, 1592, 7500, 35002],
    [0, 0, 0, 0, 1401, 4898, 17000, 60009],
    [0, 0, 0, 0, 750, 2435, 7800, 24958, 80007],
    [0, 0, 0, 0, 0, 2940, 6900, 15929, 38000, 89892],
    [0, 0, 0, 0, 0, 1619, 3700, 8400, 19320, 44000, 100344],
  ],
  high: [
    [0, 396],
    [0, 0, 1716],
    [0, 0, 0, 8151],
    [0, 0, 0, 1098, 24261],
    [0, 0, 0, 470, 4646, 44996],
    [0, 0, 0, 0, 2946, 13000, 60012],
    [0, 0, 0, 0, 0, 14796, 33996, 80001],
    [0, 0, 0, 0, 0, 5970, 15018, 36000, 89847],
    [0, 0, 0, 0, 0, 0, 28950, 44015, 66000, 99612],
    [0, 0, 0, 0, 0, 0, 12678, 21000, 36000, 66228, 99972],
  ],
};

export interface KenoWager {
  kind: 'keno';
  bet: number;
  /** 1 to 10 distinct numbers of 1..40. */
  picks: number[];
  risk: KenoRisk;
}
export interface KenoOutcome {
  game: 'keno';
  bet: number;
  picks: number[];
  risk: KenoRisk;
  /** The 10 numbers in the order drawn. */
  drawn: number[];
  /** The picks that were drawn, ascending. */
  hits: number[];
  /** Hundredths. */
  multiplier: number;
  totalWin: number;
}

export function kenoProblem(picks: unknown, risk: unknown): string | null {
  if (
    !Array.isArray(picks) ||
    picks.length < KENO_MIN_PICKS ||
    picks.length > KENO_MAX_PICKS ||
    !picks.every((p) => Number.isInteger(p) && p >= 1 && p <= KENO_NUMBERS) ||
    new Set(picks).size !== picks.length
  )
    return 'picks are 1 to 10 different numbers from 1 to 40';
  if (!KENO_RISKS.includes(risk as KenoRisk)) return 'risk is low, medium or high';
  return null;
}
/** The draw: Fisher–Yates of 1..40 for 10 places, j = i + int(40 − i). */
export function kenoDraw(source: BlockSource): number[] {
  const stream = new FairStream(source);
  const balls = Array.from({ length: KENO_NUMBERS }, (_, i) => i + 1);
  for (let i = 0; i < KENO_DRAWN; i++) {
    const j = i + stream.nextInt(KENO_NUMBERS - i);
    [balls[i], balls[j]] = [balls[j]!, balls[i]!];
  }
  return balls.slice(0, KENO_DRAWN);
}
export function playKeno(source: BlockSource, w: KenoWager): KenoOutcome {
  const drawn = kenoDraw(source);
  const set = new Set(drawn);
  const hits = w.picks.filter((p) => set.has(p)).sort((a, b) => a - b);
  const multiplier = KENO_TABLES[w.risk][w.picks.length - 1]![hits.length]!;
  return {
    game: 'keno',
    bet: w.bet,
    picks: w.picks,
    risk: w.risk,
    drawn,
    hits,
    multiplier,
    totalWin: payOf(w.bet, ratio(BigInt(multiplier), 100n)),
  };
}

// ---- Wheel ------------------------------------------------------------------------------------

export type WheelRisk = 'low' | 'medium' | 'high';
export const WHEEL_RISKS: readonly WheelRisk[] = ['low', 'medium', 'high'];
export const WHEEL_SEGMENTS = [10, 20, 30, 40, 50] as const;

/**
 * Our wheels, multipliers in hundredths segment by segment clockwise from the pointer. Each sums
 * to 99 × segments, so a uniform segment returns exactly 99 %:
 * - low: per ten segments six of 1.30×, one of 2.10× and three blanks;
 * - medium: half the segments blank, the rest from 1.50× to 3.80×, the last closing the sum;
 * - high: one of 1.50× per ten segments, one top of 0.84 × segments (8.40× … 42.00×), the rest blank.
 */
function wheelTable(segments: number, risk: WheelRisk): number[] {
  const blocks = segments / 10;
  if (risk === 'low') {
    const ten = [130, 0, 130, 210, 130, 0, 130, 130, 0, 130];
    return Array.from({ length: blocks }, () => ten).flat();
  }
  if (risk === 'high') {
    const t = new Array<number>(segments).fill(0);
    t[0] = 84 * segments;
    for (let b = 0; b < blocks; b++) t[b * 10 + 5] = 150;
    return t;
  }
  // medium: blanks on the odd places; paying segments from a fixed run of ten averaging 1.98×
  // (so half the wheel returns 99 %), the last one closing the sum exactly (3.20× or 3.80×).
  const run = [150, 170, 150, 200, 150, 170, 150, 300, 160, 380];
  const paying = segments / 2;
  const values = Array.from({ length: paying - 1 }, (_, i) => run[i % run.length]!);
  values.push(99 * segments - values.reduce((a, b) => a + b, 0));
  const t: number[] = [];
  for (const v of values) t.push(v, 0);
  return t;
}
export const WHEEL_TABLES: Record<number, Record<WheelRisk, number[]>> = Object.fromEntries(
  WHEEL_SEGMENTS.map((n) => [
    n,
    { low: wheelTable(n, 'low'), medium: wheelTable(n, 'medium'), high: wheelTable(n, 'high') },
  ]),
);

export interface WheelWager {
  kind: 'wheel';
  bet: number;
  segments: number;
  risk: WheelRisk;
}
export interface WheelOutcome {
  game: 'wheel';
  bet: number;
  segments: number;
  risk: WheelRisk;
  /** The segment under the pointer, 0-based clockwise. */
  segment: number;
  /** Hundredths. */
  multiplier: number;
  totalWin: number;
}
export function wheelProblem(segments: unknown, risk: unknown): string | null {
  if (!WHEEL_SEGMENTS.includes(segments as 10)) return 'segments is 10, 20, 30, 40 or 50';
  if (!WHEEL_RISKS.includes(risk as WheelRisk)) return 'risk is low, medium or high';
  return null;
}
export function playWheel(source: BlockSource, w: WheelWager): WheelOutcome {
  const segment = new FairStream(source).nextInt(w.segments);
  const multiplier = WHEEL_TABLES[w.segments]![w.risk][segment]!;
  return {
    game: 'wheel',
    bet: w.bet,
    segments: w.segments,
    risk: w.risk,
    segment,
    multiplier,
    totalWin: payOf(w.bet, ratio(BigInt(multiplier), 100n)),
  };
}

// ---- bets on a layout (Roulette, Sic Bo) ------------------------------------------------------

/** A spot of a betting layout: which outcomes it wins on and what it returns (stake included). */
export interface BetSpot {
  key: string;
  /** Return per unit staked when it wins, stake included (35:1 is 36). */
  pays: number;
}
/** At most this many spots in one round. */
export const MAX_SPOTS_PER_ROUND = 60;

function betsProblem(bets: unknown, known: (key: string) => boolean): string | null {
  if (!bets || typeof bets !== 'object' || Array.isArray(bets)) return 'bets is an object of spot: amount';
  const entries = Object.entries(bets as Record<string, unknown>);
  if (!entries.length) return 'Place at least one bet';
  if (entries.length > MAX_SPOTS_PER_ROUND) return `At most ${MAX_SPOTS_PER_ROUND} spots a round`;
  for (const [key, v] of entries) {
    if (!known(key)) return `${key.slice(0, 40)} is not a spot of this table`;
    if (!Number.isInteger(v) || (v as number) <= 0) return `the stake on ${key} is a positive amount`;
  }
  return null;
}
const sumBets = (bets: Record<string, number>) => Object.values(bets).reduce((a, b) => a + b, 0);

// ---- European Roulette ------------------------------------------------------------------------

export const ROULETTE_POCKETS = 37;
export const ROULETTE_RED: readonly number[] = [
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
];
/** The wheel's pockets clockwise from zero (the European order). */
export const ROULETTE_WHEEL: readonly number[] = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22,
  18, 29, 7, 28, 12, 35, 3, 26,
];
export interface RouletteSpot extends BetSpot {
  type:
    | 'straight'
    | 'split'
    | 'street'
    | 'corner'
    | 'line'
    | 'dozen'
    | 'column'
    | 'red'
    | 'black'
    | 'odd'
    | 'even'
    | 'low'
    | 'high';
  numbers: number[];
}

function rouletteSpots(): RouletteSpot[] {
  const spots: RouletteSpot[] = [];
  const inside = (type: RouletteSpot['type'], numbers: number[], pays: number) =>
    spots.push({ key: `${type}:${numbers.join('-')}`, type, numbers, pays });
  for (let n = 0; n <= 36; n++) inside('straight', [n], 36);
  for (const z of [1, 2, 3]) inside('split', [0, z], 18);
  for (let n = 1; n <= 36; n++) {
    if (n % 3 !== 0) inside('split', [n, n + 1], 18);
    if (n <= 33) inside('split', [n, n + 3], 18);
  }
  inside('street', [0, 1, 2], 12);
  inside('street', [0, 2, 3], 12);
  for (let r = 0; r < 12; r++) inside('street', [3 * r + 1, 3 * r + 2, 3 * r + 3], 12);
  inside('corner', [0, 1, 2, 3], 9);
  for (let n = 1; n <= 32; n++) if (n % 3 !== 0) inside('corner', [n, n + 1, n + 3, n + 4], 9);
  for (let r = 0; r < 11; r++)
    inside(
      'line',
      Array.from({ length: 6 }, (_, i) => 3 * r + 1 + i),
      6,
    );
  const range = (f: (n: number) => boolean) => Array.from({ length: 36 }, (_, i) => i + 1).filter(f);
  for (const d of [1, 2, 3])
    spots.push({ key: `dozen:${d}`, type: 'dozen', numbers: range((n) => Math.ceil(n / 12) === d), pays: 3 });
  for (const c of [1, 2, 3])
    spots.push({
      key: `column:${c}`,
      type: 'column',
      numbers: range((n) => ((n - 1) % 3) + 1 === c),
      pays: 3,
    });
  const even = (type: RouletteSpot['type'], f: (n: number) => boolean) =>
    spots.push({ key: type, type, numbers: range(f), pays: 2 });
  even('red', (n) => ROULETTE_RED.includes(n));
  even('black', (n) => !ROULETTE_RED.includes(n));
  even('odd', (n) => n % 2 === 1);
  even('even', (n) => n % 2 === 0);
  even('low', (n) => n <= 18);
  even('high', (n) => n >= 19);
  return spots;
}
/** Every spot of the table by key: `straight:17`, `split:17-20`, `street:16-17-18`, `corner:1-2-4-5`, `line:1-2-3-4-5-6`, `dozen:2`, `column:3`, `red` … */
export const ROULETTE_SPOTS: ReadonlyMap<string, RouletteSpot> = new Map(
  rouletteSpots().map((s) => [s.key, s]),
);
/** Every roulette bet returns 36/37 (97.2973 %). */
export const ROULETTE_RTP: ExactRatio = { num: 36n, den: 37n };

export interface RouletteWager {
  kind: 'roulette';
  /** The total staked, minor units (the sum of `bets`). */
  bet: number;
  /** Spot key → stake in minor units. */
  bets: Record<string, number>;
}
export interface RouletteOutcome {
  game: 'roulette';
  bet: number;
  bets: Record<string, number>;
  /** The pocket, 0..36. */
  number: number;
  /** The spots that won, in the order of the bets. */
  winning: string[];
  totalWin: number;
}
export function rouletteProblem(bets: unknown): string | null {
  return betsProblem(bets, (k) => ROULETTE_SPOTS.has(k));
}
function rouletteWin(bets: Record<string, number>, pocket: number) {
  const winning: string[] = [];
  let total = 0;
  for (const [key, stake] of Object.entries(bets)) {
    const spot = ROULETTE_SPOTS.get(key)!;
    if (spot.numbers.includes(pocket)) {
      winning.push(key);
      total += stake * spot.pays;
    }
  }
  return { winning, total };
}
export function playRoulette(source: BlockSource, w: RouletteWager): RouletteOutcome {
  const number = new FairStream(source).nextInt(ROULETTE_POCKETS);
  const { winning, total } = rouletteWin(w.bets, number);
  return { game: 'roulette', bet: w.bet, bets: w.bets, number, winning, totalWin: total };
}
/** The most a set of roulette bets can win (over all 37 pockets), minor units. */
export function rouletteTopWin(bets: Record<string, number>): number {
  let top = 0;
  for (let n = 0; n < ROULETTE_POCKETS; n++) top = Math.max(top, rouletteWin(bets, n).total);
  return top;
}

// ---- Sic Bo -----------------------------------------------------------------------------------

export type SicBoType =
  'small' | 'big' | 'odd' | 'even' | 'triple' | 'any-triple' | 'double' | 'total' | 'combo' | 'single';
export interface SicBoSpot extends BetSpot {
  type: SicBoType;
  /** Return per unit staked by the dice (stake included; 0 loses). */
  returnOf: (dice: readonly number[]) => number;
  /** The exact return of the bet, as stated on the table. */
  rtp: ExactRatio;
}
/** Totals' returns (stake included): the standard 60, 30, 17, 12, 8, 6, 6 to 1. */
export const SICBO_TOTAL_PAYS: Record<number, number> = {
  4: 61,
  5: 31,
  6: 18,
  7: 13,
  8: 9,
  9: 7,
  10: 7,
  11: 7,
  12: 7,
  13: 9,
  14: 13,
  15: 18,
  16: 31,
  17: 61,
};
/** Ways (of 216) that three dice total t. */
const TOTAL_WAYS: Record<number, number> = {
  4: 3,
  5: 6,
  6: 10,
  7: 15,
  8: 21,
  9: 25,
  10: 27,
  11: 27,
  12: 25,
  13: 21,
  14: 15,
  15: 10,
  16: 6,
  17: 3,
};

function sicBoSpots(): SicBoSpot[] {
  const spots: SicBoSpot[] = [];
  const sum = (d: readonly number[]) => d[0]! + d[1]! + d[2]!;
  const triple = (d: readonly number[]) => d[0] === d[1] && d[1] === d[2];
  const count = (d: readonly number[], n: number) => d.filter((x) => x === n).length;
  // Reduced here, not with ratio(): this table is built while originals.ts is still loading.
  const r = (num: number): ExactRatio => {
    let [a, b] = [num, 216];
    while (b) [a, b] = [b, a % b];
    return { num: BigInt(num / a), den: BigInt(216 / a) };
  };
  const add = (
    key: string,
    type: SicBoType,
    pays: number,
    returnOf: SicBoSpot['returnOf'],
    rtp: ExactRatio,
  ) => spots.push({ key, type, pays, returnOf, rtp });
  // 1 to 1, lost on any triple: 105 winning rolls of 216.
  add('small', 'small', 2, (d) => (!triple(d) && sum(d) >= 4 && sum(d) <= 10 ? 2 : 0), r(210));
  add('big', 'big', 2, (d) => (!triple(d) && sum(d) >= 11 && sum(d) <= 17 ? 2 : 0), r(210));
  add('odd', 'odd', 2, (d) => (!triple(d) && sum(d) % 2 === 1 ? 2 : 0), r(210));
  add('even', 'even', 2, (d) => (!triple(d) && sum(d) % 2 === 0 ? 2 : 0), r(210));
  // A chosen triple 180 to 1 (1 roll), any triple 30 to 1 (6 rolls), a chosen double 10 to 1 (16 rolls).
  for (let n = 1; n <= 6; n++)
    add(`triple:${n}`, 'triple', 181, (d) => (triple(d) && d[0] === n ? 181 : 0), r(181));
  add('any-triple', 'any-triple', 31, (d) => (triple(d) ? 31 : 0), r(186));
  for (let n = 1; n <= 6; n++) add(`double:${n}`, 'double', 11, (d) => (count(d, n) >= 2 ? 11 : 0), r(176));
  for (let t = 4; t <= 17; t++) {
    const pays = SICBO_TOTAL_PAYS[t]!;
    add(`total:${t}`, 'total', pays, (d) => (sum(d) === t ? pays : 0), r(pays * TOTAL_WAYS[t]!));
  }
  // Two different faces both showing, 5 to 1 (30 rolls).
  for (let a = 1; a <= 6; a++)
    for (let b = a + 1; b <= 6; b++)
      add(`combo:${a}-${b}`, 'combo', 6, (d) => (count(d, a) >= 1 && count(d, b) >= 1 ? 6 : 0), r(180));
  // A face: 1 to 1 on one die, 2 to 1 on two, 3 to 1 on three (75, 15 and 1 rolls).
  for (let n = 1; n <= 6; n++)
    add(`single:${n}`, 'single', 4, (d) => (count(d, n) ? 1 + count(d, n) : 0), r(199));
  return spots;
}
/** Every spot of the Sic Bo table by key: `small`, `big`, `odd`, `even`, `triple:5`, `any-triple`, `double:2`, `total:9`, `combo:1-6`, `single:4`. */
export const SICBO_SPOTS: ReadonlyMap<string, SicBoSpot> = new Map(sicBoSpots().map((s) => [s.key, s]));

export interface SicBoWager {
  kind: 'sicbo';
  bet: number;
  bets: Record<string, number>;
}
export interface SicBoOutcome {
  game: 'sicbo';
  bet: number;
  bets: Record<string, number>;
  /** The three dice in the order thrown, 1..6 each. */
  dice: number[];
  total: number;
  winning: string[];
  totalWin: number;
}
export function sicBoProblem(bets: unknown): string | null {
  return betsProblem(bets, (k) => SICBO_SPOTS.has(k));
}
function sicBoWin(bets: Record<string, number>, dice: readonly number[]) {
  const winning: string[] = [];
  let total = 0;
  for (const [key, stake] of Object.entries(bets)) {
    const back = SICBO_SPOTS.get(key)!.returnOf(dice);
    if (back) {
      winning.push(key);
      total += stake * back;
    }
  }
  return { winning, total };
}
/** Three dice, each 1 + int(6). */
export function playSicBo(source: BlockSource, w: SicBoWager): SicBoOutcome {
  const stream = new FairStream(source);
  const dice = [1 + stream.nextInt(6), 1 + stream.nextInt(6), 1 + stream.nextInt(6)];
  const { winning, total } = sicBoWin(w.bets, dice);
  return {
    game: 'sicbo',
    bet: w.bet,
    bets: w.bets,
    dice,
    total: dice[0]! + dice[1]! + dice[2]!,
    winning,
    totalWin: total,
  };
}
/** Every roll of three dice, 216 in order (for enumeration). */
export function allSicBoRolls(): number[][] {
  const rolls: number[][] = [];
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) rolls.push([a, b, c]);
  return rolls;
}
export function sicBoTopWin(bets: Record<string, number>): number {
  return Math.max(...allSicBoRolls().map((d) => sicBoWin(bets, d).total));
}

export { sumBets };
