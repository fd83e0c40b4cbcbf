import { describe, expect, it } from 'vitest';
import { exactSlotRtp, percentOf } from './slot-rtp.ts';
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
    // Small strips keep all 6^5 = 7,776 stop combinations enumerable; wilds, scatters and free spins included.
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
