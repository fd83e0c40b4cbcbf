import {
  DICE_OUTCOMES,
  diceMultiplier,
  diceWins,
  limboResult,
  MINES_TILES,
  minesMultiplier,
  PLINKO_TABLES,
  ratio,
  type PlinkoRisk,
  type ExactRatio,
} from './originals.ts';
import type { BlockSource } from './fair.ts';
import {
  allSicBoRolls,
  KENO_DRAWN,
  KENO_NUMBERS,
  KENO_TABLES,
  playRoulette,
  playSicBo,
  ROULETTE_POCKETS,
  WHEEL_TABLES,
  type KenoRisk,
  type WheelRisk,
} from './originals-tables.ts';

/**
 * The exact return of every original per setting (decision 046): rationals in BigInt, from the
 * engine's own functions, never sampled. Each draw of the engines is exactly uniform (decision
 * 020's unbiased whole numbers; Plinko's float halves are the word's top bit), so counting the
 * winning draws is the probability.
 */

const add = (a: ExactRatio, b: ExactRatio): ExactRatio => ratio(a.num * b.den + b.num * a.den, a.den * b.den);
const mul = (a: ExactRatio, b: ExactRatio): ExactRatio => ratio(a.num * b.num, a.den * b.den);

/** Dice: every roll 0..9999 enumerated through the engine's win rule. */
export function diceRtp(target: number, over: boolean): ExactRatio {
  let wins = 0;
  for (let roll = 0; roll < DICE_OUTCOMES; roll++) if (diceWins(roll, target, over)) wins += 1;
  return mul(ratio(BigInt(wins), BigInt(DICE_OUTCOMES)), diceMultiplier(target, over));
}

/**
 * Limbo: the draw is uniform below the target m; the engine's result is non-increasing in the
 * draw, so the winning draws are those below the first losing one, found by bisection over the
 * engine's function (and checked on both sides of it).
 */
export function limboWinningDraws(target: number): number {
  const wins = (d: number) => limboResult(d, target) >= target;
  if (!wins(0)) return 0;
  let lo = 0; // wins
  let hi = target; // first draw past the end
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (wins(mid)) lo = mid;
    else hi = mid;
  }
  if (hi < target && wins(hi)) throw new Error('limbo: result not monotone');
  return lo + 1;
}
export function limboRtp(target: number): ExactRatio {
  const wins = limboWinningDraws(target);
  return mul(ratio(BigInt(wins), BigInt(target)), ratio(BigInt(target), 100n));
}

/**
 * Mines: the layout is a uniform choice of the mines among 25 tiles, so the chance that `safe`
 * chosen tiles are all safe is C(25 − mines, safe) / C(25, safe), taken as the product of the
 * chances tile by tile; cashing out after them pays minesMultiplier. One figure per cash-out
 * point: every way of playing (any stopping rule) returns their mix, so 99 % each means 99 %.
 */
export function minesRtp(mines: number, safe: number): ExactRatio {
  let p: ExactRatio = { num: 1n, den: 1n };
  for (let i = 0; i < safe; i++) p = mul(p, ratio(BigInt(MINES_TILES - mines - i), BigInt(MINES_TILES - i)));
  return mul(p, minesMultiplier(mines, safe));
}

/** Plinko: bucket k after `rows` fair bounces has probability C(rows, k) / 2^rows. */
export function plinkoRtp(rows: number, risk: PlinkoRisk): ExactRatio {
  const table = PLINKO_TABLES[rows]![risk];
  let total: ExactRatio = { num: 0n, den: 1n };
  let c = 1n;
  for (let k = 0; k <= rows; k++) {
    total = add(total, ratio(c * BigInt(table[k]!), 100n * 2n ** BigInt(rows)));
    c = (c * BigInt(rows - k)) / BigInt(k + 1);
  }
  return total;
}

/** A ratio as a percentage with `decimals` decimals, rounded down. */
export function percentText(r: ExactRatio, decimals = 4): string {
  const scale = 10n ** BigInt(decimals + 2);
  const v = (r.num * scale) / r.den;
  const s = v.toString().padStart(decimals + 1, '0');
  return `${s.slice(0, -decimals)}.${s.slice(-decimals)}`;
}

// ---- Keno, Wheel, Roulette, Sic Bo (originals-tables.ts) ---------------------------------------

const choose = (n: number, k: number): bigint => {
  if (k < 0 || k > n) return 0n;
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
};

/**
 * Keno: the 10 drawn are a uniform choice of 40 (the Fisher–Yates draw of Mines, with 40), so
 * `picks` numbers hit h times with probability C(picks, h) · C(40 − picks, 10 − h) / C(40, 10).
 */
export function kenoRtp(picks: number, risk: KenoRisk): ExactRatio {
  const table = KENO_TABLES[risk][picks - 1]!;
  let num = 0n;
  for (let h = 0; h <= picks; h++)
    num += choose(picks, h) * choose(KENO_NUMBERS - picks, KENO_DRAWN - h) * BigInt(table[h]!);
  return ratio(num, 100n * choose(KENO_NUMBERS, KENO_DRAWN));
}

/** Wheel: every segment equally likely. */
export function wheelRtp(segments: number, risk: WheelRisk): ExactRatio {
  const sum = WHEEL_TABLES[segments]![risk].reduce((a, b) => a + b, 0);
  return ratio(BigInt(sum), 100n * BigInt(segments));
}

/** Roulette: one spot staked 1, every pocket 0..36 played through the engine. */
export function rouletteRtp(key: string, source: (pocket: number) => BlockSource): ExactRatio {
  let back = 0;
  for (let n = 0; n < ROULETTE_POCKETS; n++)
    back += playRoulette(source(n), { kind: 'roulette', bet: 1, bets: { [key]: 1 } }).totalWin;
  return ratio(BigInt(back), BigInt(ROULETTE_POCKETS));
}

/** Sic Bo: one spot staked 1, all 216 rolls played through the engine. */
export function sicBoRtp(key: string, source: (dice: number[]) => BlockSource): ExactRatio {
  let back = 0;
  const rolls = allSicBoRolls();
  for (const dice of rolls)
    back += playSicBo(source(dice), { kind: 'sicbo', bet: 1, bets: { [key]: 1 } }).totalWin;
  return ratio(BigInt(back), BigInt(rolls.length));
}
