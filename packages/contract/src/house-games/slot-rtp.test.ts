import { describe, expect, it } from 'vitest';
import { exactSlotRtp, exactSlotVariance, percentOf, slotSpinMoments, slotVolatilityOf } from './slot-rtp.ts';
import { LUCKY_LOTUS, playSlot, SCATTER, WILD, type SlotDefinition } from './slot.ts';

/** A block source whose words are the given numbers (each below its reel length: never rejected). */
function wordsSource(words: number[]): (cursor: number) => Uint8Array {
  return (cursor) => {
    const b = new Uint8Array(32);
    const view = new DataView(b.buffer);
    for (let i = 0; i < 8; i++) view.setUint32(i * 4, words[cursor * 8 + i] ?? 0);
    return b;
  };
}

/** A slot of six stops a reel: all 6^5 = 7,776 stop combinations enumerable; wilds, scatters and free spins included. */
const mini: SlotDefinition = {
  ...LUCKY_LOTUS,
  strips: [
    [2, SCATTER, 7, 3, 11, 2],
    [WILD, 2, 7, SCATTER, 11, 3],
    [2, WILD, SCATTER, 7, 3, 11],
    [11, 2, 7, WILD, SCATTER, 3],
    [3, SCATTER, 2, 11, 7, 2],
  ],
};

describe('Lucky Lotus return to player', () => {
  it('the exact RTP computed from the reel strips and the paytable equals the stated RTP', () => {
    const rtp = exactSlotRtp(LUCKY_LOTUS);
    // Stated with two decimals; the exact fraction rounds to it (within half a hundredth of a percent).
    expect(percentOf(rtp.numerator, rtp.denominator, 2)).toBe(LUCKY_LOTUS.statedRtpPercent);
    expect(percentOf(rtp.numerator, rtp.denominator, 6)).toBe('95.924280');
    const stated = BigInt(LUCKY_LOTUS.statedRtpPercent.replace('.', ''));
    // |exact·10000 − stated| ≤ 0.5 (in hundredths of a percent), in whole numbers.
    const diff = rtp.numerator * 10000n * 2n - stated * rtp.denominator * 2n;
    expect(diff < 0n ? -diff : diff).toBeLessThanOrEqual(rtp.denominator);
  });

  it('the analytic method agrees with a full enumeration of every stop of a small slot through the engine', () => {
    const n = 6;
    let baseTotal = 0n;
    let freeSpinsTotal = 0n;
    const bet = 20;
    for (let i = 0; i < n ** 5; i++) {
      const stops = [0, 1, 2, 3, 4].map((r) => Math.floor(i / n ** r) % n);
      // The base spin draws these stops; its free spins (if any) draw zeros, ignored here.
      const out = playSlot(mini, wordsSource(stops), bet);
      expect(out.base.stops).toEqual(stops);
      baseTotal += BigInt(out.base.win);
      freeSpinsTotal += BigInt(out.base.freeSpinsAwarded);
    }
    const D = BigInt(n ** 5);
    const rtp = exactSlotRtp(mini);
    // One base spin's return: enumerated wins / (D × bet) against the analytic fraction.
    expect(baseTotal * rtp.spin.denominator).toBe(rtp.spin.numerator * D * BigInt(bet));
    expect(freeSpinsTotal * rtp.freeSpins.denominator).toBe(rtp.freeSpins.numerator * D);
    // Whole RTP: base + free spins × multiplier × one spin's return.
    const m = BigInt(mini.freeSpinMultiplier);
    const num = baseTotal * D + freeSpinsTotal * m * baseTotal;
    const den = D * D * BigInt(bet);
    expect(num * rtp.denominator).toBe(rtp.numerator * den);
  });

  it('free spins pay with the multiplier and award no further free spins', () => {
    // Reel stops that show three scatters on the middle row: strips are searched for a scatter.
    const stops = LUCKY_LOTUS.strips.map((s) => (s.indexOf(SCATTER) - 1 + s.length) % s.length);
    const out = playSlot(LUCKY_LOTUS, wordsSource([...stops, ...Array.from({ length: 400 }, () => 0)]), 100);
    expect(out.base.scatters).toBe(5);
    expect(out.base.freeSpinsAwarded).toBe(LUCKY_LOTUS.freeSpins[5]);
    expect(out.freeSpins).toHaveLength(LUCKY_LOTUS.freeSpins[5]!);
    for (const fs of out.freeSpins) expect(fs.freeSpinsAwarded).toBe(0);
    expect(out.totalWin).toBe(out.base.win + out.freeSpins.reduce((a, s) => a + s.win, 0));
  });

  it('refuses a bet that is not a whole number of line bets', () => {
    expect(() => playSlot(LUCKY_LOTUS, wordsSource([]), 30)).toThrow(RangeError);
    expect(() => playSlot(LUCKY_LOTUS, wordsSource([]), 0)).toThrow(RangeError);
  });
});

describe('Lucky Lotus volatility (decision 058)', () => {
  /** A slot small enough to play every round through the engine: 2 stops a reel, at most 2 free spins. */
  const tiny: SlotDefinition = {
    ...LUCKY_LOTUS,
    strips: [
      [2, SCATTER],
      [WILD, 2],
      [2, 7],
      [SCATTER, 2],
      [7, 2],
    ],
    // Reels 1 and 4 show 1 or 2 scatters each: 2, 3 or 4 in all, awarding 1, 2 or no free spins.
    scatterPays: [0, 0, 1, 0, 5],
    freeSpins: [0, 0, 1, 2],
  };

  it('the exact variance of a round (paid spin and its free spins) equals every round played through the engine', () => {
    // Each round: the paid spin's stops, then each free spin's (2^5 each); every sequence equally likely.
    const bet = 20;
    const combos = (k: number) =>
      Array.from({ length: 32 ** k }, (_, i) =>
        Array.from({ length: 5 * k }, (_, j) => Math.floor(i / 2 ** j) % 2),
      );
    // Over a common denominator 32^3 (a paid spin and up to two free spins): Σ w·T and Σ w·T².
    let [sum, sumSq, weight] = [0n, 0n, 0n];
    const roundsWithFreeSpins = [0, 0, 0];
    for (const base of combos(1)) {
      const n = playSlot(tiny, wordsSource(base), bet).base.freeSpinsAwarded;
      roundsWithFreeSpins[n]! += 1;
      const w = BigInt(32 ** (2 - n));
      for (const free of combos(n)) {
        const out = playSlot(tiny, wordsSource([...base, ...free]), bet);
        expect(out.freeSpins).toHaveLength(n);
        const t = BigInt(out.totalWin);
        sum += w * t;
        sumSq += w * t * t;
        weight += w;
      }
    }
    expect(roundsWithFreeSpins.every((r) => r > 0)).toBe(true);
    expect(weight).toBe(32n ** 3n);
    // Var = E[T²] − E[T]², in bets squared: (sumSq·weight − sum²) / (weight² · bet²).
    const v = exactSlotVariance(tiny);
    expect((sumSq * weight - sum * sum) * v.denominator).toBe(
      v.numerator * weight * weight * BigInt(bet * bet),
    );
  });

  it("a spin's moments walked reel by reel equal every spin of a small slot played through the engine", () => {
    const sums = { pay: 0n, paySquared: 0n, freeSpins: 0n, freeSpinsSquared: 0n, payTimesFreeSpins: 0n };
    const bet = 20; // one minor unit a line: a spin's win is its pay in line bets
    for (let i = 0; i < 6 ** 5; i++) {
      const stops = [0, 1, 2, 3, 4].map((r) => Math.floor(i / 6 ** r) % 6);
      const { base } = playSlot(mini, wordsSource(stops), bet);
      const [x, n] = [BigInt(base.win), BigInt(base.freeSpinsAwarded)];
      sums.pay += x;
      sums.paySquared += x * x;
      sums.freeSpins += n;
      sums.freeSpinsSquared += n * n;
      sums.payTimesFreeSpins += x * n;
    }
    expect(slotSpinMoments(mini)).toEqual({ combinations: 6n ** 5n, ...sums });
  });

  it('classes a variance by σ a bet: LOW below 4, MEDIUM below 8, HIGH below 16, VERY_HIGH above', () => {
    const v = (numerator: bigint, denominator = 1n) => slotVolatilityOf({ numerator, denominator });
    expect(v(0n)).toBe('LOW');
    expect(v(16n * 1000n - 1n, 1000n)).toBe('LOW');
    expect(v(16n)).toBe('MEDIUM');
    expect(v(63n)).toBe('MEDIUM');
    expect(v(64n)).toBe('HIGH');
    expect(v(255n)).toBe('HIGH');
    expect(v(256n)).toBe('VERY_HIGH');
    expect(v(10n ** 6n)).toBe('VERY_HIGH');
  });

  it('the stated volatility is the class of the exact variance of the reel strips and the paytable', () => {
    const moments = slotSpinMoments(LUCKY_LOTUS);
    // The walk's mean is the exact RTP's: A·(D + m·B)/D² with A, B from the same combinations.
    const rtp = exactSlotRtp(LUCKY_LOTUS);
    const D = moments.combinations;
    const mean = moments.pay * D + BigInt(LUCKY_LOTUS.freeSpinMultiplier) * moments.freeSpins * moments.pay;
    expect(mean * rtp.denominator).toBe(rtp.numerator * D * D * BigInt(LUCKY_LOTUS.paylines.length));
    const variance = exactSlotVariance(LUCKY_LOTUS);
    // σ² = 6.714342… bets², σ ≈ 2.59 a bet.
    expect((variance.numerator * 10n ** 6n) / variance.denominator).toBe(6_714_342n);
    expect(slotVolatilityOf(variance)).toBe(LUCKY_LOTUS.statedVolatility);
  }, 120_000);
});
