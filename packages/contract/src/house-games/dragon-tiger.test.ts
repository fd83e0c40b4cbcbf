import { describe, expect, it } from 'vitest';
import { percentOf } from './slot-rtp.ts';
import {
  DT_SIDES,
  DT_STATED_EDGE_PERCENT,
  dtBetProblem,
  settleDragonTiger,
  type DtBets,
} from './dragon-tiger.ts';

describe('Dragon Tiger exact returns', () => {
  it.each(DT_SIDES)('a %s bet returns exactly what the table states, over all 52 × 52 deals', (side) => {
    const bets: DtBets = { DRAGON: 0, TIGER: 0, TIE: 0, [side]: 2 };
    let returned = 0n;
    for (let d = 0; d < 52; d++)
      for (let t = 0; t < 52; t++) returned += BigInt(settleDragonTiger(bets, d, t).totalWin);
    const staked = 2n * 52n * 52n;
    // Dragon and Tiger return 25/26, Tie 12/13.
    if (side === 'TIE') expect(returned * 13n).toBe(staked * 12n);
    else expect(returned * 26n).toBe(staked * 25n);
    expect(percentOf(staked - returned, staked, 2)).toBe(DT_STATED_EDGE_PERCENT[side]);
  });

  it('pays 1:1, half back on a tie, tie 11:1', () => {
    const bets = { DRAGON: 10, TIGER: 4, TIE: 1 };
    expect(settleDragonTiger(bets, 12, 0)).toMatchObject({ result: 'DRAGON', totalWin: 20 }); // K vs A
    expect(settleDragonTiger(bets, 13, 25)).toMatchObject({ result: 'TIGER', totalWin: 8 }); // A vs K
    expect(settleDragonTiger(bets, 4, 17)).toMatchObject({ result: 'TIE', totalWin: 5 + 2 + 12 });
  });

  it('refuses odd Dragon or Tiger bets, negative bets and an empty table', () => {
    expect(dtBetProblem({ DRAGON: 3, TIGER: 0, TIE: 0 })).toMatch(/even/);
    expect(dtBetProblem({ DRAGON: 0, TIGER: 0, TIE: -1 })).toMatch(/non-negative/);
    expect(dtBetProblem({ DRAGON: 0, TIGER: 0, TIE: 0 })).toMatch(/bet/);
    expect(dtBetProblem({ DRAGON: 0, TIGER: 0, TIE: 1 })).toBeNull();
  });
});
