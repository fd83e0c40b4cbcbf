import { FairStream, type BlockSource } from './fair.ts';
import {
  KENO_TABLES,
  playKeno,
  playRoulette,
  playSicBo,
  playWheel,
  rouletteTopWin,
  sicBoTopWin,
  WHEEL_TABLES,
  type KenoOutcome,
  type KenoWager,
  type RouletteOutcome,
  type RouletteWager,
  type SicBoOutcome,
  type SicBoWager,
  type WheelOutcome,
  type WheelWager,
} from './originals-tables.ts';
import { playHiLo, type HiLoOutcome, type HiLoWager } from './originals-cards.ts';
import {
  baccaratTopWin,
  playBaccarat,
  type BaccaratOutcome,
  type BaccaratWager,
} from './originals-baccarat.ts';
import {
  BLACKJACK_TOP,
  playBlackjack,
  type BlackjackOutcome,
  type BlackjackWager,
} from './originals-blackjack.ts';

/**
 * The house originals (issue 34, decision 046): Dice, Limbo, Mines and Plinko here; Keno, Wheel,
 * European Roulette and Sic Bo in originals-tables.ts. Pure code shared
 * by the server, the browser's verifier and (copied, without imports) the standalone verifier
 * script `scripts/verify-original.mjs`. Randomness is decision 020's: HMAC-SHA256 blocks of
 * (server seed, `clientSeed:nonce:cursor`) read as 32-bit words; a float is a word / 2^32 (the
 * standard four bytes), a whole number below n the unbiased draw of `FairStream.nextInt`.
 *
 * Every multiplier is an exact rational and Dice, Limbo, Mines, Plinko, Keno and Wheel return
 * exactly 99 % of the stake in expectation, for every setting (Roulette 36/37 on every bet, Sic Bo
 * the stated return of each bet) (originals-rtp.ts proves it, originals.test.ts asserts it). A
 * win paid in whole minor units is the exact multiple rounded down (never more than the rules).
 */

/** The return every original states: 99 % (house edge 1 %). */
export const ORIGINALS_RTP = { num: 99n, den: 100n } as const;
export const ORIGINALS_RTP_PERCENT = '99.00';

export interface ExactRatio {
  num: bigint;
  den: bigint;
}

const gcd = (a: bigint, b: bigint): bigint => {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a;
};
export function ratio(num: bigint, den: bigint): ExactRatio {
  const g = gcd(num, den) || 1n;
  return { num: num / g, den: den / g };
}
/** The stake times a multiplier, rounded down to a whole minor unit. */
export function payOf(bet: number, m: ExactRatio): number {
  return Number((BigInt(bet) * m.num) / m.den);
}
/** A multiplier for display, 2 decimals rounded down (what is paid is the exact one). */
export function multiplierText(m: ExactRatio, decimals = 2): string {
  const scale = 10n ** BigInt(decimals);
  const v = (m.num * scale) / m.den;
  const s = v.toString().padStart(decimals + 1, '0');
  return `${s.slice(0, -decimals)}.${s.slice(-decimals)}`;
}

export type OriginalKind =
  | 'dice'
  | 'limbo'
  | 'mines'
  | 'plinko'
  | 'keno'
  | 'wheel'
  | 'roulette'
  | 'sicbo'
  | 'hilo'
  | 'baccarat'
  | 'blackjack';
export const ORIGINAL_KINDS: readonly OriginalKind[] = [
  'dice',
  'limbo',
  'mines',
  'plinko',
  'keno',
  'wheel',
  'roulette',
  'sicbo',
  'hilo',
  'baccarat',
  'blackjack',
];

// ---- Dice -------------------------------------------------------------------------------------

/** A roll is a whole number 0..9999 shown as 0.00..99.99. */
export const DICE_OUTCOMES = 10_000;
/** Win chance between 0.01 % and 98 % (in rolls out of 10,000). */
export const DICE_MIN_CHANCE = 1;
export const DICE_MAX_CHANCE = 9_800;

export interface DiceWager {
  kind: 'dice';
  bet: number;
  /** Hundredths: roll under target (over false) or roll at or over target (over true). */
  target: number;
  over: boolean;
}
export interface DiceOutcome {
  game: 'dice';
  bet: number;
  roll: number;
  target: number;
  over: boolean;
  won: boolean;
  /** The multiplier paid, exact (as strings: JSON has no bigint). */
  multiplier: { num: string; den: string };
  totalWin: number;
}

/** Rolls out of 10,000 that win. */
export function diceChance(target: number, over: boolean): number {
  return over ? DICE_OUTCOMES - target : target;
}
export function diceWins(roll: number, target: number, over: boolean): boolean {
  return over ? roll >= target : roll < target;
}
/** 0.99 × 10,000 / chance. */
export function diceMultiplier(target: number, over: boolean): ExactRatio {
  return ratio(9_900n, BigInt(diceChance(target, over)));
}
export function diceProblem(target: unknown, over: unknown): string | null {
  if (typeof over !== 'boolean') return 'over is true or false';
  if (!Number.isInteger(target) || (target as number) < 1 || (target as number) > DICE_OUTCOMES - 1)
    return 'target is a whole number of hundredths between 1 and 9999';
  const chance = diceChance(target as number, over);
  if (chance < DICE_MIN_CHANCE || chance > DICE_MAX_CHANCE)
    return 'The win chance is between 0.01 % and 98 %';
  return null;
}
export function playDice(source: BlockSource, w: DiceWager): DiceOutcome {
  const roll = new FairStream(source).nextInt(DICE_OUTCOMES);
  const won = diceWins(roll, w.target, w.over);
  const m = diceMultiplier(w.target, w.over);
  return {
    game: 'dice',
    bet: w.bet,
    roll,
    target: w.target,
    over: w.over,
    won,
    multiplier: { num: m.num.toString(), den: m.den.toString() },
    totalWin: won ? payOf(w.bet, m) : 0,
  };
}

// ---- Limbo ------------------------------------------------------------------------------------

/** Targets in hundredths: 1.01× .. 1,000,000×. */
export const LIMBO_MIN_TARGET = 101;
export const LIMBO_MAX_TARGET = 100_000_000;

export interface LimboWager {
  kind: 'limbo';
  bet: number;
  /** Hundredths (250 = 2.50×). */
  target: number;
}
export interface LimboOutcome {
  game: 'limbo';
  bet: number;
  target: number;
  /** The draw: a whole number below the target's hundredths. */
  draw: number;
  /** The result multiplier shown, hundredths (at least 100). */
  result: number;
  won: boolean;
  totalWin: number;
}

export function limboProblem(target: unknown): string | null {
  if (
    !Number.isInteger(target) ||
    (target as number) < LIMBO_MIN_TARGET ||
    (target as number) > LIMBO_MAX_TARGET
  )
    return 'target is a multiplier between 1.01 and 1,000,000 (hundredths 101..100000000)';
  return null;
}
/**
 * The draw r is uniform below m (the target in hundredths); the result is 0.99 / f for the float
 * f = (r + 1) / m, in hundredths rounded down. It reaches the target exactly when r < 99, so the
 * win chance is 99 / m and the return m/100 × 99/m = 99 % for every target, exactly.
 */
export function limboResult(draw: number, target: number): number {
  return Math.max(100, Math.floor((99 * target) / (draw + 1)));
}
export function playLimbo(source: BlockSource, w: LimboWager): LimboOutcome {
  const draw = new FairStream(source).nextInt(w.target);
  const result = limboResult(draw, w.target);
  const won = result >= w.target;
  return {
    game: 'limbo',
    bet: w.bet,
    target: w.target,
    draw,
    result,
    won,
    totalWin: won ? payOf(w.bet, ratio(BigInt(w.target), 100n)) : 0,
  };
}

// ---- Mines ------------------------------------------------------------------------------------

export const MINES_TILES = 25;
export const MINES_MIN = 1;
export const MINES_MAX = 24;

export interface MinesWager {
  kind: 'mines';
  bet: number;
  mines: number;
  /** The tiles the player opened, in order (0..24, row by row). */
  picks: number[];
}
export interface MinesOutcome {
  game: 'mines';
  bet: number;
  mines: number;
  /** Where the mines lie, ascending. */
  layout: number[];
  picks: number[];
  /** The first pick that was a mine, or null (the round was cashed out). */
  hit: number | null;
  safe: number;
  multiplier: { num: string; den: string };
  totalWin: number;
}

const binom = (n: number, k: number): bigint => {
  if (k < 0 || k > n) return 0n;
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
};

/** The multiplier after `safe` safe tiles with `mines` mines: 0.99 × C(25, safe) / C(25 − mines, safe). */
export function minesMultiplier(mines: number, safe: number): ExactRatio {
  if (safe === 0) return { num: 1n, den: 1n };
  return ratio(99n * binom(MINES_TILES, safe), 100n * binom(MINES_TILES - mines, safe));
}
export function minesProblem(mines: unknown): string | null {
  if (!Number.isInteger(mines) || (mines as number) < MINES_MIN || (mines as number) > MINES_MAX)
    return 'mines is a whole number from 1 to 24';
  return null;
}
/** The mines: a Fisher–Yates draw of `mines` tiles out of 25 with unbiased whole numbers. */
export function minesLayout(source: BlockSource, mines: number): number[] {
  const stream = new FairStream(source);
  const tiles = Array.from({ length: MINES_TILES }, (_, i) => i);
  for (let i = 0; i < mines; i++) {
    const j = i + stream.nextInt(MINES_TILES - i);
    [tiles[i], tiles[j]] = [tiles[j]!, tiles[i]!];
  }
  return tiles.slice(0, mines).sort((a, b) => a - b);
}
/** A round replayed from its picks: it ends at the first mine, else it was cashed out after them. */
export function playMines(source: BlockSource, w: MinesWager): MinesOutcome {
  const layout = minesLayout(source, w.mines);
  const isMine = new Set(layout);
  let safe = 0;
  let hit: number | null = null;
  for (const p of w.picks) {
    if (isMine.has(p)) {
      hit = p;
      break;
    }
    safe += 1;
  }
  const m = hit === null ? minesMultiplier(w.mines, safe) : { num: 0n, den: 1n };
  return {
    game: 'mines',
    bet: w.bet,
    mines: w.mines,
    layout,
    picks: w.picks,
    hit,
    safe,
    multiplier: { num: m.num.toString(), den: m.den.toString() },
    totalWin: hit === null && safe > 0 ? payOf(w.bet, m) : 0,
  };
}

// ---- Plinko -----------------------------------------------------------------------------------

export type PlinkoRisk = 'low' | 'medium' | 'high';
export const PLINKO_RISKS: readonly PlinkoRisk[] = ['low', 'medium', 'high'];
export const PLINKO_MIN_ROWS = 8;
export const PLINKO_MAX_ROWS = 16;

/**
 * Multipliers in hundredths per bucket (bucket k = k bounces to the right), our own tables: each
 * returns exactly 99 % (Σ C(rows, k) × m_k = 99 × 2^rows), proved in originals.test.ts.
 */
export const PLINKO_TABLES: Record<number, Record<PlinkoRisk, number[]>> = {
  8: {
    low: [562, 210, 110, 100, 50, 100, 110, 210, 562],
    medium: [1304, 301, 130, 70, 40, 70, 130, 301, 1304],
    high: [2900, 399, 150, 30, 20, 30, 150, 399, 2900],
  },
  9: {
    low: [564, 200, 160, 100, 70, 70, 100, 160, 200, 564],
    medium: [1800, 400, 169, 90, 50, 50, 90, 169, 400, 1800],
    high: [4293, 699, 200, 60, 20, 20, 60, 200, 699, 4293],
  },
  10: {
    low: [888, 300, 140, 110, 100, 50, 100, 110, 140, 300, 888],
    medium: [2203, 500, 201, 140, 60, 40, 60, 140, 201, 500, 2203],
    high: [7598, 997, 300, 90, 30, 20, 30, 90, 300, 997, 7598],
  },
  11: {
    low: [836, 300, 190, 130, 100, 70, 70, 100, 130, 190, 300, 836],
    medium: [2398, 598, 300, 180, 70, 50, 50, 70, 180, 300, 598, 2398],
    high: [11990, 1396, 518, 140, 40, 20, 20, 40, 140, 518, 1396, 11990],
  },
  12: {
    low: [1006, 303, 160, 140, 110, 100, 50, 100, 110, 140, 160, 303, 1006],
    medium: [3310, 1101, 400, 200, 110, 60, 30, 60, 110, 200, 400, 1101, 3310],
    high: [16994, 2399, 810, 199, 70, 20, 20, 20, 70, 199, 810, 2399, 16994],
  },
  13: {
    low: [814, 400, 300, 190, 120, 90, 70, 70, 90, 120, 190, 300, 400, 814],
    medium: [4311, 1301, 600, 300, 130, 70, 40, 40, 70, 130, 300, 600, 1301, 4311],
    high: [25995, 3695, 1100, 399, 100, 20, 20, 20, 20, 100, 399, 1100, 3695, 25995],
  },
  14: {
    low: [708, 400, 190, 140, 130, 110, 100, 50, 100, 110, 130, 140, 190, 400, 708],
    medium: [5806, 1503, 700, 400, 190, 100, 50, 20, 50, 100, 190, 400, 700, 1503, 5806],
    high: [42003, 5606, 1801, 500, 190, 30, 20, 20, 20, 30, 190, 500, 1801, 5606, 42003],
  },
  15: {
    low: [1486, 800, 300, 200, 150, 110, 100, 70, 70, 100, 110, 150, 200, 300, 800, 1486],
    medium: [8811, 1801, 1100, 500, 300, 130, 50, 30, 30, 50, 130, 300, 500, 1100, 1801, 8811],
    high: [61986, 8300, 2696, 800, 300, 50, 20, 20, 20, 20, 50, 300, 800, 2696, 8300, 61986],
  },
  16: {
    low: [1610, 902, 200, 140, 140, 120, 110, 100, 50, 100, 110, 120, 140, 140, 200, 902, 1610],
    medium: [11006, 4101, 1003, 500, 300, 150, 100, 50, 30, 50, 100, 150, 300, 500, 1003, 4101, 11006],
    high: [100012, 13005, 2601, 901, 400, 200, 20, 20, 20, 20, 20, 200, 400, 901, 2601, 13005, 100012],
  },
};

export interface PlinkoWager {
  kind: 'plinko';
  bet: number;
  rows: number;
  risk: PlinkoRisk;
}
export interface PlinkoOutcome {
  game: 'plinko';
  bet: number;
  rows: number;
  risk: PlinkoRisk;
  /** 0 = left, 1 = right, one per row. */
  path: number[];
  bucket: number;
  /** Hundredths. */
  multiplier: number;
  totalWin: number;
}

export function plinkoProblem(rows: unknown, risk: unknown): string | null {
  if (!Number.isInteger(rows) || (rows as number) < PLINKO_MIN_ROWS || (rows as number) > PLINKO_MAX_ROWS)
    return 'rows is a whole number from 8 to 16';
  if (!PLINKO_RISKS.includes(risk as PlinkoRisk)) return 'risk is low, medium or high';
  return null;
}
/** One float per row: below 0.5 the ball goes left, else right (exactly even: the top bit). */
export function playPlinko(source: BlockSource, w: PlinkoWager): PlinkoOutcome {
  const stream = new FairStream(source);
  const path: number[] = [];
  for (let r = 0; r < w.rows; r++) path.push(stream.nextFloat() < 0.5 ? 0 : 1);
  const bucket = path.reduce((a, b) => a + b, 0);
  const multiplier = PLINKO_TABLES[w.rows]![w.risk][bucket]!;
  return {
    game: 'plinko',
    bet: w.bet,
    rows: w.rows,
    risk: w.risk,
    path,
    bucket,
    multiplier,
    totalWin: payOf(w.bet, ratio(BigInt(multiplier), 100n)),
  };
}

// ---- shared -----------------------------------------------------------------------------------

export type OriginalWager =
  | DiceWager
  | LimboWager
  | MinesWager
  | PlinkoWager
  | KenoWager
  | WheelWager
  | RouletteWager
  | SicBoWager
  | HiLoWager
  | BaccaratWager
  | BlackjackWager;
export type OriginalOutcome =
  | DiceOutcome
  | LimboOutcome
  | MinesOutcome
  | PlinkoOutcome
  | KenoOutcome
  | WheelOutcome
  | RouletteOutcome
  | SicBoOutcome
  | HiLoOutcome
  | BaccaratOutcome
  | BlackjackOutcome;

export function playOriginal(source: BlockSource, w: OriginalWager): OriginalOutcome {
  switch (w.kind) {
    case 'dice':
      return playDice(source, w);
    case 'limbo':
      return playLimbo(source, w);
    case 'mines':
      return playMines(source, w);
    case 'plinko':
      return playPlinko(source, w);
    case 'keno':
      return playKeno(source, w);
    case 'wheel':
      return playWheel(source, w);
    case 'roulette':
      return playRoulette(source, w);
    case 'sicbo':
      return playSicBo(source, w);
    case 'hilo':
      return playHiLo(source, w);
    case 'baccarat':
      return playBaccarat(source, w);
    case 'blackjack':
      return playBlackjack(source, w);
  }
}

/**
 * The largest multiplier a wager can pay (exact): the server refuses a bet whose stake times it is
 * above the configured max win, so no win is ever cut short and the return stays exactly 99 %.
 * Mines is the multiplier after one safe tile: later tiles are offered only while their win fits
 * (the round cashes out by itself when the next one would not).
 */
export function originalTopMultiplier(w: OriginalWager): ExactRatio {
  switch (w.kind) {
    case 'dice':
      return diceMultiplier(w.target, w.over);
    case 'limbo':
      return ratio(BigInt(w.target), 100n);
    case 'mines':
      return minesMultiplier(w.mines, 1);
    case 'plinko':
      return ratio(BigInt(Math.max(...PLINKO_TABLES[w.rows]![w.risk])), 100n);
    case 'keno':
      return ratio(BigInt(Math.max(...KENO_TABLES[w.risk][w.picks.length - 1]!)), 100n);
    case 'wheel':
      return ratio(BigInt(Math.max(...WHEEL_TABLES[w.segments]![w.risk])), 100n);
    // Several spots: the most the whole set can win over every outcome, per unit of the total.
    case 'roulette':
      return ratio(BigInt(rouletteTopWin(w.bets)), BigInt(w.bet));
    case 'sicbo':
      return ratio(BigInt(sicBoTopWin(w.bets)), BigInt(w.bet));
    case 'baccarat':
      return ratio(BigInt(baccaratTopWin(w.bets)), BigInt(w.bet));
    // HiLo: its least first win (0.99 × 13/12); later guesses are offered only while their win fits.
    case 'hilo':
      return ratio(99n * 13n, 100n * 12n);
    // Blackjack: per first bet, a split with both hands doubled and won returns 8.
    case 'blackjack':
      return ratio(BigInt(BLACKJACK_TOP), 1n);
  }
}
