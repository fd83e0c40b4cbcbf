import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import {
  announceBalanceMoved,
  announceRoundInPlay,
  balanceHeld,
  listenBalanceMoved,
  MAX_BALANCE_HOLD_MS,
} from './balance-moved.ts';
import { LiveKeys } from './live-keys.ts';

/**
 * A house game in the /game frame and the page around it (issue 34): a round that moved the money
 * makes the header read the balance at once, not at the live stream's next poll.
 */
describe('balance moved in a game frame', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  const send = (origin: string, data: unknown) =>
    window.dispatchEvent(new MessageEvent('message', { origin, data }));

  it('the framed game tells its parent once per burst, at this origin only; unframed it says nothing', async () => {
    const postMessage = vi.fn();
    const parent = vi.spyOn(window, 'parent', 'get').mockReturnValue({ postMessage } as unknown as Window);
    announceBalanceMoved();
    announceBalanceMoved(); // an auto-bet's rounds recorded in one go
    await Promise.resolve();
    expect(postMessage).toHaveBeenCalledTimes(1);
    expect(postMessage).toHaveBeenCalledWith({ type: 'balance-moved' }, window.location.origin);
    announceBalanceMoved();
    await Promise.resolve();
    expect(postMessage).toHaveBeenCalledTimes(2);

    parent.mockReturnValue(window);
    const own = vi.spyOn(window, 'postMessage');
    announceBalanceMoved();
    await Promise.resolve();
    expect(own).not.toHaveBeenCalled();
  });

  it('the page around reads the balance and the records again on the message of a frame of its origin, and ignores others', () => {
    const qc = new QueryClient();
    const invalidate = vi.spyOn(qc, 'invalidateQueries').mockResolvedValue();
    const stop = listenBalanceMoved(qc);

    send('https://elsewhere.example', { type: 'balance-moved' });
    send(window.location.origin, { type: 'something-else' });
    send(window.location.origin, null);
    expect(invalidate).not.toHaveBeenCalled();

    send(window.location.origin, { type: 'balance-moved' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: LiveKeys.balance });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: LiveKeys.records });

    stop();
    invalidate.mockClear();
    send(window.location.origin, { type: 'balance-moved' });
    expect(invalidate).not.toHaveBeenCalled();
  });

  it("a round in play (the slot's reels) holds the header's balance until the game says it moved, 20 s at most; only from a frame of its origin", async () => {
    const postMessage = vi.fn();
    vi.spyOn(window, 'parent', 'get').mockReturnValue({ postMessage } as unknown as Window);
    announceRoundInPlay();
    expect(postMessage).toHaveBeenCalledWith({ type: 'round-in-play' }, window.location.origin);
    vi.restoreAllMocks();

    vi.useFakeTimers();
    const qc = new QueryClient();
    const invalidate = vi.spyOn(qc, 'invalidateQueries').mockResolvedValue();
    const stop = listenBalanceMoved(qc);
    expect(balanceHeld()).toBe(false);
    send('https://elsewhere.example', { type: 'round-in-play' });
    expect(balanceHeld()).toBe(false);

    // Held until the reels stop: then read at once and no longer held.
    send(window.location.origin, { type: 'round-in-play' });
    expect(balanceHeld()).toBe(true);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(balanceHeld()).toBe(true);
    expect(invalidate).not.toHaveBeenCalled();
    send(window.location.origin, { type: 'balance-moved' });
    expect(balanceHeld()).toBe(false);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: LiveKeys.balance });

    // A frame that never says so (closed mid-spin): let go and read after the longest hold.
    invalidate.mockClear();
    send(window.location.origin, { type: 'round-in-play' });
    await vi.advanceTimersByTimeAsync(MAX_BALANCE_HOLD_MS - 1);
    expect(balanceHeld()).toBe(true);
    expect(invalidate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(balanceHeld()).toBe(false);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: LiveKeys.balance });

    // The listener's removal lets go too.
    send(window.location.origin, { type: 'round-in-play' });
    stop();
    expect(balanceHeld()).toBe(false);
  });
});
