import { linePay, SCATTER, type SlotDefinition } from './slot.ts';

/**
 * The exact return to player of a slot definition, as a fraction of whole numbers: no sampling.
 *
 * A stop is uniform over a strip's positions, so the symbol any row shows is distributed as the
 * strip's symbol counts, and reels are independent. The expected pay of a payline is then the sum,
 * over every tuple of five symbols, of the product of their counts times `linePay` of that tuple
 * (the engine's own function); every payline has that expectation, and the 20 line bets make one
 * total bet. Scatters depend on the three visible rows together, so their count per reel is
 * counted over every stop, and the five reels' counts are convolved. Free spins (no retrigger)
 * add the expected number of free spins times the multiplier times one spin's return.
 */
export interface ExactRtp {
  /** RTP = numerator / denominator (of the total bet). */
  numerator: bigint;
  denominator: bigint;
  /** One base spin's return (lines and scatter pays), as a fraction of the total bet. */
  spin: { numerator: bigint; denominator: bigint };
  /** Expected free spins per paid spin. */
  freeSpins: { numerator: bigint; denominator: bigint };
}

export function exactSlotRtp(def: SlotDefinition): ExactRtp {
  const reels = def.strips.length;
  const counts = def.strips.map((s) => {
    const c = new Map<number, bigint>();
    for (const sym of s) c.set(sym, (c.get(sym) ?? 0n) + 1n);
    return [...c.entries()];
  });
  const D = def.strips.reduce((a, s) => a * BigInt(s.length), 1n);

  // Expected pay of one payline, in line bets, times D.
  let lineNumerator = 0n;
  const tuple: number[] = Array.from({ length: reels }, () => 0);
  const walk = (r: number, weight: bigint) => {
    if (r === reels) {
      const pay = linePay(def, tuple).pay;
      if (pay) lineNumerator += weight * BigInt(pay);
      return;
    }
    for (const [sym, n] of counts[r]!) {
      tuple[r] = sym;
      walk(r + 1, weight * n);
    }
  };
  walk(0, 1n);

  // Visible scatters: stops per reel by count, convolved over the reels (scatterCounts[k] sums to D).
  let scatterCounts: bigint[] = [1n];
  for (const s of def.strips) {
    const perReel: bigint[] = Array.from({ length: def.rows + 1 }, () => 0n);
    for (let stop = 0; stop < s.length; stop++) {
      let k = 0;
      for (let row = 0; row < def.rows; row++) if (s[(stop + row) % s.length] === SCATTER) k += 1;
      perReel[k]! += 1n;
    }
    const next: bigint[] = Array.from({ length: scatterCounts.length + def.rows }, () => 0n);
    scatterCounts.forEach((a, i) => perReel.forEach((b, j) => (next[i + j]! += a * b)));
    scatterCounts = next;
  }
  let scatterNumerator = 0n;
  let freeNumerator = 0n;
  scatterCounts.forEach((n, k) => {
    scatterNumerator += n * BigInt(def.scatterPays[k] ?? 0);
    freeNumerator += n * BigInt(def.freeSpins[k] ?? 0);
  });

  // RTP = A/D × (1 + m·B/D) = A·(D + m·B) / D².
  const A = lineNumerator + scatterNumerator;
  const m = BigInt(def.freeSpinMultiplier);
  return {
    numerator: A * (D + m * freeNumerator),
    denominator: D * D,
    spin: { numerator: A, denominator: D },
    freeSpins: { numerator: freeNumerator, denominator: D },
  };
}

/** A fraction as a percentage rounded half up to `decimals` places ("96.04"). */
export function percentOf(numerator: bigint, denominator: bigint, decimals = 2): string {
  const scale = 10n ** BigInt(decimals);
  const scaled = (numerator * 100n * scale * 2n + denominator) / (denominator * 2n);
  const whole = scaled / scale;
  const frac = (scaled % scale).toString().padStart(decimals, '0');
  return decimals ? `${whole}.${frac}` : `${whole}`;
}
