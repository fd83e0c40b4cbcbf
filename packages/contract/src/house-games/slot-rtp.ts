import {
  linePay,
  SCATTER,
  SLOT_VOLATILITIES,
  WILD,
  type SlotDefinition,
  type SlotVolatility,
} from './slot.ts';

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

/**
 * Sums over every stop combination of one spin (each of the D combinations equally likely): X is the
 * spin's pay in line bets (its paylines and its scatter pay, the engine's rules), N the free spins it
 * awards. The second moments need the whole window at once (paylines share symbols), so unlike the
 * RTP's per-line sum this walks every combination: reel by reel, each payline's run followed while it
 * goes on and paid where the engine's `linePay` stops reading, so a reel reads only the runs still
 * going (a few by the last reel). slot-rtp.test.ts holds it to the engine.
 */
export interface SlotSpinMoments {
  /** Stop combinations: the product of the strips' lengths. */
  combinations: bigint;
  /** ΣX, ΣX², ΣN, ΣN², ΣX·N over the combinations. */
  pay: bigint;
  paySquared: bigint;
  freeSpins: bigint;
  freeSpinsSquared: bigint;
  payTimesFreeSpins: bigint;
}

export function slotSpinMoments(def: SlotDefinition): SlotSpinMoments {
  const reels = def.strips.length;
  const lines = def.paylines.length;
  // Each reel's stops: the symbol each payline reads there, and the visible scatters.
  const windows = def.strips.map((s, reel) =>
    Array.from({ length: s.length }, (_, stop) => {
      const rows = Array.from({ length: def.rows }, (_, row) => s[(stop + row) % s.length]!);
      return {
        onLine: Int32Array.from(def.paylines, (p) => rows[p[reel]!]!),
        scatters: rows.filter((x) => x === SCATTER).length,
      };
    }),
  );
  // After `reel` reels: the paylines whose run goes on (open[reel], the first openCount of them),
  // each run's symbol (-1 while only wilds) and length. An ended run's pay is already counted.
  const open = Array.from({ length: reels + 1 }, () => new Int32Array(lines));
  const target = Array.from({ length: reels + 1 }, () => new Int32Array(lines));
  const count = Array.from({ length: reels + 1 }, () => new Int32Array(lines));
  const payOfRun = (t: number, c: number) => (t === -1 || c < 3 ? 0 : def.pays[t]![c - 3]!);
  const m: SlotSpinMoments = {
    combinations: 0n,
    pay: 0n,
    paySquared: 0n,
    freeSpins: 0n,
    freeSpinsSquared: 0n,
    payTimesFreeSpins: 0n,
  };

  const walk = (reel: number, openCount: number, endedPay: number, scatters: number) => {
    const [lineIds, t0, c0] = [open[reel]!, target[reel]!, count[reel]!];
    const last = reel === reels - 1;
    // Sums over the last reel's stops stay well inside a double's exact integers (a strip's
    // length times the largest spin pay squared) before they go into the BigInts.
    let [sx, sxx, sn, snn, sxn] = [0, 0, 0, 0, 0];
    const [ids1, t1, c1] = [open[reel + 1]!, target[reel + 1]!, count[reel + 1]!];
    for (const w of windows[reel]!) {
      let pay = endedPay;
      let goOn = 0;
      for (let i = 0; i < openCount; i++) {
        // linePay's reading, one symbol further: a scatter or a symbol other than the run's ends it.
        const l = lineIds[i]!;
        const s = w.onLine[l]!;
        let t = t0[l]!;
        let c = c0[l]!;
        if (s === WILD) c += 1;
        else if (s !== SCATTER && (t === -1 || s === t)) {
          t = s;
          c += 1;
        } else {
          pay += payOfRun(t, c);
          continue;
        }
        if (last) pay += payOfRun(t, c);
        else {
          ids1[goOn++] = l;
          t1[l] = t;
          c1[l] = c;
        }
      }
      const k = scatters + w.scatters;
      if (!last) {
        walk(reel + 1, goOn, pay, k);
        continue;
      }
      const x = pay + (def.scatterPays[k] ?? 0) * lines;
      const n = def.freeSpins[k] ?? 0;
      sx += x;
      sxx += x * x;
      sn += n;
      snn += n * n;
      sxn += x * n;
    }
    if (!last) return;
    if (!Number.isSafeInteger(sxx) || !Number.isSafeInteger(sxn)) throw new RangeError('slot pays too large');
    m.combinations += BigInt(windows[reel]!.length);
    m.pay += BigInt(sx);
    m.paySquared += BigInt(sxx);
    m.freeSpins += BigInt(sn);
    m.freeSpinsSquared += BigInt(snn);
    m.payTimesFreeSpins += BigInt(sxn);
  };
  open[0]!.forEach((_, l) => (open[0]![l] = l));
  target[0]!.fill(-1);
  walk(0, lines, 0, 0);
  return m;
}

/**
 * The exact variance of a paid spin's whole return (its pay and the free spins it awards), per unit
 * of total bet squared. With X, N one spin's pay and free spins and Y (a free spin's pay before the
 * multiplier m) distributed as X and independent of the paid spin, the return is T = X + m·ΣᵢYᵢ over
 * N free spins: E[T] = E[X] + m·E[N]·E[X] (exactSlotRtp's figure) and
 * E[T²] = E[X²] + 2m·E[XN]·E[X] + m²·(E[N]·E[X²] + E[N(N−1)]·E[X]²); Var = E[T²] − E[T]².
 */
export function exactSlotVariance(def: SlotDefinition): { numerator: bigint; denominator: bigint } {
  const s = slotSpinMoments(def);
  const D = s.combinations;
  const m = BigInt(def.freeSpinMultiplier);
  // Over D³: E[T²]; over D²: E[T] (both in line bets).
  const second =
    s.paySquared * D * D +
    2n * m * s.payTimesFreeSpins * s.pay * D +
    m * m * (s.freeSpins * s.paySquared * D + (s.freeSpinsSquared - s.freeSpins) * s.pay * s.pay);
  const first = s.pay * D + m * s.freeSpins * s.pay;
  const lines = BigInt(def.paylines.length);
  return { numerator: second * D - first * first, denominator: D ** 4n * lines * lines };
}

/**
 * The volatility class of a variance per unit bet squared (exactSlotVariance), by the standard
 * deviation σ of a paid spin's whole return in bets: LOW below 4, MEDIUM from 4 to below 8, HIGH
 * from 8 to below 16, VERY_HIGH from 16. The words have no industry standard (vendors' labels are
 * their own); these bands double, so a class is a factor of two in σ, and compare σ² with 16, 64
 * and 256 exactly (numerator against denominator, no rounding).
 */
export const SLOT_VOLATILITY_SIGMA_BOUNDS = [4n, 8n, 16n] as const;

export function slotVolatilityOf(variance: { numerator: bigint; denominator: bigint }): SlotVolatility {
  const band = SLOT_VOLATILITY_SIGMA_BOUNDS.findIndex(
    (s) => variance.numerator < s * s * variance.denominator,
  );
  return SLOT_VOLATILITIES[band === -1 ? SLOT_VOLATILITIES.length - 1 : band]!;
}
