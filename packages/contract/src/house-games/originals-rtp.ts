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
