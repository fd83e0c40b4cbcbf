import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { LUCKY_LOTUS, type SlotOutcome, type SlotSpin } from '@app/contract';
import { houseRound, houseState, inHouseQuery, setupHouse } from '../../test/house-harness.tsx';

/**
 * The slot's win strip: while free spins play it counts them; when the round ends it shows the
 * round's whole win (base and free spins), as after a plain spin.
 */
const spinOf = (win: number, freeSpinsAwarded = 0): SlotSpin => ({
  stops: [0, 0, 0, 0, 0],
  grid: LUCKY_LOTUS.strips.map((s) => [s[0]!, s[1]!, s[2]!]),
  lineWins: [],
  scatters: freeSpinsAwarded ? 3 : 0,
  scatterWin: 0,
  freeSpinsAwarded,
  win,
});

vi.mock('./api.ts', async (importOriginal) => {
  const original = await importOriginal<Record<string, unknown>>();
  const outcome: SlotOutcome = {
    game: 'slot',
    bet: 100,
    base: spinOf(0, 2),
    freeSpins: [spinOf(150), spinOf(80)],
    totalWin: 230,
  };
  const round = houseRound({ gameCode: 'lucky-lotus', kind: 'slot', bet: 1, win: 2.3, outcome });
  return { ...original, spin: () => Promise.resolve(round) };
});

const { SlotGame } = await import('./slot-game.tsx');
const { LastWin } = await import('./panels.tsx');

const state = houseState({
  gameCode: 'lucky-lotus',
  kind: 'slot',
  name: 'Lucky Lotus',
  category: 'SLOT',
  betLevels: [1],
});

beforeAll(async () => {
  // Reduced motion: the reels stop at once, so the round plays out without waiting.
  window.matchMedia = ((query: string) => ({
    matches: query.includes('reduce'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
  await setupHouse();
});

describe('Lucky Lotus', () => {
  it('after free spins the strip shows the round’s whole win, not the last free spin’s count', async () => {
    render(inHouseQuery(<SlotGame state={state} />));
    fireEvent.click(screen.getByTestId('spin'));
    // Each spin is a render of the reels: beside other files on a loaded machine the three took
    // more than waitFor's default second.
    await waitFor(() => expect(screen.getByTestId('last-win')).toHaveTextContent('$ 2.30'), {
      timeout: 15_000,
    });
    expect(screen.getByTestId('win-strip')).not.toHaveTextContent(/2 of 2/);
  });

  it('tells the page around its frame when the round settles, so the header shows the new balance with the game (issue 34)', async () => {
    const postMessage = vi.fn();
    const parent = vi.spyOn(window, 'parent', 'get').mockReturnValue({ postMessage } as unknown as Window);
    try {
      render(inHouseQuery(<SlotGame state={state} />));
      fireEvent.click(screen.getByTestId('spin'));
      // The stake taken on screen before the answer is not a settled round: nothing yet.
      await Promise.resolve();
      expect(postMessage).not.toHaveBeenCalled();
      await waitFor(() => expect(screen.getByTestId('house-balance')).toHaveTextContent('101.30'), {
        timeout: 15_000,
      });
      await waitFor(() => expect(postMessage).toHaveBeenCalledTimes(1));
      expect(postMessage).toHaveBeenCalledWith({ type: 'balance-moved' }, window.location.origin);
    } finally {
      parent.mockRestore();
    }
  });
});

describe('the slot’s and the table’s last payout', () => {
  it('says "You won" only above the stake; the stake or part of it back says what came back; nothing back is no win', () => {
    const shown = (bet: number, win: number) => {
      const round = houseRound({ gameCode: 'dragon-tiger', kind: 'table', bet, win, outcome: {} });
      const { unmount } = render(inHouseQuery(<LastWin state={state} round={round} />));
      const el = screen.getByTestId('last-win');
      const seen = [el.getAttribute('data-payout'), el.textContent];
      unmount();
      return seen;
    };
    expect(shown(2, 3)).toEqual(['won', 'You won $ 3.00']);
    // A Dragon Tiger tie gives half of the Dragon and Tiger bets back.
    expect(shown(2, 1)).toEqual(['returned', '$ 1.00 back of your stake']);
    expect(shown(2, 2)).toEqual(['even', '$ 2.00 back of your stake']);
    expect(shown(2, 0)).toEqual(['lost', 'No win this time']);
  });
});
