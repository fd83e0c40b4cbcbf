import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  LUCKY_LOTUS,
  type HouseRound,
  type HouseState,
  type SlotOutcome,
  type SlotSpin,
} from '@app/contract';
import { setupShell } from '../../test/shell-harness.tsx';
import { i18n } from '../../shared/i18n/i18n.ts';
import enHouse from '../../locales/house/en.json';

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
  const round = {
    roundId: 'r1',
    gameCode: 'lucky-lotus',
    kind: 'slot',
    serverSeedHash: 'h'.repeat(64),
    clientSeed: 'c',
    nonce: 0,
    serverSeed: null,
    bet: 1,
    win: 2.3,
    balance: 101.3,
    freePlay: false,
    wager: {},
    outcome: outcome as unknown as Record<string, unknown>,
    playedAt: 0,
  } as unknown as HouseRound;
  return { ...original, spin: () => Promise.resolve(round) };
});

const { SlotGame } = await import('./slot-game.tsx');

const state = {
  gameCode: 'lucky-lotus',
  kind: 'slot',
  name: 'Lucky Lotus',
  category: 'SLOT',
  balance: 100,
  currency: 'USD',
  currencySymbol: '$',
  precision: 2,
  freePlay: false,
  seed: { serverSeedHash: 'h'.repeat(64), clientSeed: 'c', nextNonce: 0 },
  betLevels: [1],
  limits: { minBet: 0.1, maxBet: 1000, maxWin: 100000, autoBetMaxRounds: 100 },
} as unknown as HouseState;

beforeAll(async () => {
  // Reduced motion: the reels stop at once, so the round plays out without waiting.
  window.matchMedia = ((query: string) => ({
    matches: query.includes('reduce'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
  await setupShell();
  i18n.addResourceBundle('en', 'house', enHouse);
});

describe('Lucky Lotus', () => {
  it('after free spins the strip shows the round’s whole win, not the last free spin’s count', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SlotGame state={state} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByTestId('spin'));
    await waitFor(() => expect(screen.getByTestId('last-win')).toHaveTextContent('$ 2.30'));
    expect(screen.getByTestId('win-strip')).not.toHaveTextContent(/2 of 2/);
  });
});
