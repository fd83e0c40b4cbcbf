import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { HouseRound, HouseState } from '@app/contract';
import type { TFunction } from '../../shared/i18n/translator.ts';
import { houseKeys } from './api.ts';

const tones: boolean[] = [];
vi.mock('./originals-api.ts', () => ({ tone: (win: boolean) => tones.push(win) }));
const { useMultiStepRound } = await import('./multi-step-round.ts');

/**
 * The multi-step round of HiLo and Blackjack (decisions 046, 057): every answer sets the open round
 * and the balance; a settled round is shown, put first among the recent ones, written into the
 * cached state (balance, next nonce) and sounded only with the sound on; a start clears the last
 * round; a second action while one is in flight is not sent.
 */
const state = {
  gameCode: 'hilo',
  balance: 100,
  precision: 2,
  seed: { serverSeedHash: 'h', clientSeed: 'c', nextNonce: 7 },
} as HouseState;
const round = (nonce: number, bet: number, win: number) =>
  ({ roundId: `r${nonce}`, nonce, bet, win, balance: 100 - bet + win }) as HouseRound;

describe('useMultiStepRound', () => {
  it('opens, steps and settles a round through one answer handler', async () => {
    const client = new QueryClient();
    client.setQueryData(houseKeys.state('hilo'), state);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => useMultiStepRound<{ id: string }>(state, null, ((k: string) => k) as TFunction),
      { wrapper },
    );
    expect(result.current.balance).toBe(10_000);

    // The first round settles with the sound off: shown and recorded, not sounded.
    await act(() =>
      result.current.startRound(async () => ({ open: { id: 'a' }, settled: null, balance: 99 })),
    );
    expect(result.current.open).toEqual({ id: 'a' });
    expect(result.current.balance).toBe(9_900);
    await act(() =>
      result.current.stepRound(async () => ({ open: null, settled: round(7, 1, 2), balance: 101 })),
    );
    expect(result.current.open).toBeNull();
    expect(result.current.balance).toBe(10_100);
    expect(result.current.lastRound?.roundId).toBe('r7');
    expect(client.getQueryData<HouseState>(houseKeys.state('hilo'))).toMatchObject({
      balance: 101,
      seed: { nextNonce: 8 },
    });
    expect(tones).toEqual([]);

    // A start clears the last round; a second action while one is in flight is not sent.
    act(() => result.current.toggleSound());
    let release: () => void = () => undefined;
    const sent: string[] = [];
    await act(() =>
      result.current.startRound(async () => ({ open: { id: 'b' }, settled: null, balance: 100 })),
    );
    expect(result.current.lastRound).toBeNull();
    let first: Promise<void> = Promise.resolve();
    act(() => {
      first = result.current.stepRound(async () => {
        sent.push('first');
        await new Promise<void>((r) => (release = r));
        return { open: null, settled: round(8, 1, 0), balance: 99 };
      });
    });
    expect(result.current.busy).toBe(true);
    await act(() =>
      result.current.stepRound(async () => {
        sent.push('second');
        return { open: null, settled: null, balance: 0 };
      }),
    );
    await act(async () => {
      release();
      await first;
    });
    expect(sent).toEqual(['first']);
    expect(result.current.busy).toBe(false);
    // Sound on: the lost round is sounded as a loss; the recent rounds are newest first.
    expect(tones).toEqual([false]);
    expect(result.current.recent.map((r) => r.roundId)).toEqual(['r8', 'r7']);
    expect(result.current.balance).toBe(9_900);
  });
});
