import { describe, expect, it } from 'vitest';
import { notice } from '../../test/shell-harness.tsx';
import { popupsFor } from './popup-seen.ts';

describe('popup notices by execution', () => {
  const both = notice(1, { type: 'PU', execution: 'B' });
  const players = notice(2, { type: 'PU', execution: 'L' });
  const guests = notice(3, { type: 'PU', execution: 'G' });

  it('a guest sees the popups for both and for guests; a logged-in player those for both and for players', () => {
    expect(popupsFor([both, players, guests], false).map((n) => n.id)).toEqual([1, 3]);
    expect(popupsFor([both, players, guests], true).map((n) => n.id)).toEqual([1, 2]);
  });
});
