import { describe, expect, it } from 'vitest';
import { chaseMultiples, chaseTotal, planMultiples } from './chase-planner.tsx';

describe('the chase planner', () => {
  it('"Double each draw" doubles from every draw to the next (×1, ×2, ×4…), not every second one', () => {
    expect(chaseMultiples(5, 1, true)).toEqual([1, 2, 4, 8, 16]);
    expect(chaseMultiples(4, 3, true)).toEqual([3, 6, 12, 24]);
  });

  it('without doubling every draw keeps the starting multiple', () => {
    expect(chaseMultiples(3, 2, false)).toEqual([2, 2, 2]);
  });

  it('a plan stops growing at the 100,000 multiple cap, and the total is the slip at each multiple', () => {
    expect(planMultiples(20, 1, 1, 2).at(-1)).toBe(100_000);
    expect(chaseTotal(1.5, [1, 2, 4])).toBe(10.5);
  });
});
