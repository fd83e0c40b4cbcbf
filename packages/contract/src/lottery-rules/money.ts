import type { DrawResult, PlayDef, Ratio, Settlement } from './types.ts';
import { LotteryRuleError } from './types.ts';

/**
 * Money of the rules, in integer minor units (bigint). Inputs given in major units (bonus, unit,
 * singleBetPrice) are read from their decimal text, never multiplied as floats: 0.1 is 1/10.
 *
 * Rounding (decision 021): a stake must be exact in minor units (else `amount.invalid`); a prize
 * of one note is rounded DOWN to the minor unit once, after every factor (bonus × series ÷ base ×
 * unit × multiple × ZY factor), and a settlement pays count × that prize; a rebate is rounded down.
 */

const ONE: Ratio = { num: 1n, den: 1n };

/** The exact ratio of a decimal number or text ("0.1" → 1/10); refuses exponents, NaN and negatives. */
export function decimalRatio(x: number | string): Ratio {
  const s = typeof x === 'number' ? String(x) : x.trim();
  const m = /^(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m) throw new LotteryRuleError('amount.invalid', `Not a plain decimal: ${s}`);
  const frac = m[2] ?? '';
  return { num: BigInt(m[1]! + frac), den: 10n ** BigInt(frac.length) };
}

const posInt = (n: number, what: string): bigint => {
  if (!Number.isSafeInteger(n) || n < 1)
    throw new LotteryRuleError('amount.invalid', `${what} must be a whole number ≥ 1`);
  return BigInt(n);
};

const minorScale = (precision: number): bigint => {
  if (!Number.isInteger(precision) || precision < 0 || precision > 8)
    throw new LotteryRuleError('amount.invalid', 'precision must be 0–8');
  return 10n ** BigInt(precision);
};

export interface PrizeOptions {
  /** Decimals of the currency (2 for USD). */
  readonly precision?: number;
  /** Extra factor (the ZY factor of SSC results); 1 by default. */
  readonly factor?: Ratio;
}

/**
 * The prize of one note, in minor units: bonus × series ÷ base × unit × multiple (× factor),
 * rounded down to the minor unit. `bonus` and `unit` are major-unit decimals (unit 1, 0.1, 0.01…).
 */
export function prizeOf(
  bonus: number | string,
  series: number,
  base: number,
  unit: number | string,
  multiple: number,
  options: PrizeOptions = {},
): bigint {
  const b = decimalRatio(bonus);
  const u = decimalRatio(unit);
  const f = options.factor ?? ONE;
  const scale = minorScale(options.precision ?? 2);
  const num = b.num * posInt(series, 'series') * u.num * posInt(multiple, 'multiple') * f.num * scale;
  const den = b.den * posInt(base, 'base') * u.den * f.den;
  return num / den; // bigint division truncates: rounding down for non-negative values
}

/** The stake of a bet in minor units: notes × singleBetPrice × unit × multiple; must be exact. */
export function stakeOf(
  notes: number,
  singleBetPrice: number | string,
  unit: number | string,
  multiple: number,
  precision = 2,
): bigint {
  const p = decimalRatio(singleBetPrice);
  const u = decimalRatio(unit);
  const num = posInt(notes, 'notes') * p.num * u.num * posInt(multiple, 'multiple') * minorScale(precision);
  const den = p.den * u.den;
  if (num % den !== 0n)
    throw new LotteryRuleError(
      'amount.invalid',
      'This unit is too small for the currency: pick a larger unit',
    );
  return num / den;
}

/** Rebate of a stake at a series: stake × (maxBetSeries − series) ÷ base, rounded down (minor units). */
export function rebateOf(stake: bigint, series: number, maxBetSeries: number, base: number): bigint {
  if (series > maxBetSeries) throw new LotteryRuleError('series.invalid', 'Series above the highest allowed');
  return (stake * BigInt(maxBetSeries - series)) / BigInt(base);
}

/** ZY ("super 6") factor of an SSC result: first (ten-thousands) digit 9 → 0.9, 6 → 0.6, else 1. */
export function zyFactor(result: DrawResult): Ratio {
  if (result.family !== 'SSC') return ONE;
  const d = result.numbers[0];
  if (d === '9') return { num: 9n, den: 10n };
  if (d === '6') return { num: 6n, den: 10n };
  return ONE;
}

export interface WinOptions extends PrizeOptions {
  readonly series: number;
  readonly base: number;
  readonly unit: number | string;
  readonly multiple: number;
}

/** Total win of a settlement in minor units: Σ count × prizeOf(bonus of the key). Refunds are not included. */
export function winOf(play: PlayDef, settlement: Settlement, o: WinOptions): bigint {
  let total = 0n;
  for (const h of settlement.hits) {
    const prize = play.prizes.find((p) => p.key === h.prizeKey);
    if (!prize) throw new LotteryRuleError('play.unknown', `No prize ${h.prizeKey} in ${play.code}`);
    total += BigInt(h.count) * prizeOf(prize.bonus, o.series, o.base, o.unit, o.multiple, o);
  }
  return total;
}

/** Stake returned by a settlement's tied notes, in minor units. */
export function refundOf(
  play: PlayDef,
  settlement: Settlement,
  unit: number | string,
  multiple: number,
  precision = 2,
): bigint {
  if (settlement.refundNotes === 0) return 0n;
  return stakeOf(settlement.refundNotes, play.singleBetPrice, unit, multiple, precision);
}

/**
 * The prize of one winning note at the play's highest bonus, minor units (the slip's "win per
 * note"). Takes the play's own bonus (at series = base), so the series is applied exactly once.
 */
export function topPrizeOf(play: PlayDef, o: WinOptions): bigint {
  let top = play.prizes[0]!;
  for (const p of play.prizes) if (p.bonus > top.bonus) top = p;
  return prizeOf(top.bonus, o.series, o.base, o.unit, o.multiple, o);
}
