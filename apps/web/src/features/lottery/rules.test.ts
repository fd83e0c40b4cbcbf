import { describe, expect, it } from 'vitest';
import { playsOf } from '@app/contract';
import { winPerNote } from './rules.ts';

/** Whole cents, rounded down as prizes are (a tiny epsilon keeps 0.3 × 10 from flooring to 2.99). */
const cents = (major: number) => Math.floor(major * 100 + 1e-6) / 100;

describe('the betting client figures', () => {
  it('the prize of one winning note applies the series once: bonus × series ÷ base × unit × multiple, at the top prize level', () => {
    for (const family of ['SSC', '11X5', 'K3', 'PK10'] as const) {
      for (const play of playsOf(family)) {
        const top = Math.max(...play.prizes.map((p) => p.bonus));
        // At series = base the prize is the bonus itself; a lower series scales it down in proportion.
        expect(winPerNote(play, 2000, 2000, 1, 1)).toBeCloseTo(cents(top), 2);
        expect(winPerNote(play, 1900, 2000, 1, 1)).toBeCloseTo(cents(top * 0.95), 2);
        expect(winPerNote(play, 2000, 2000, 0.1, 3)).toBeCloseTo(cents(top * 0.3), 2);
      }
    }
  });
});
