import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { announceBalanceMoved, listenBalanceMoved } from './balance-moved.ts';
import { LiveKeys } from './live-keys.ts';

/**
 * A house game in the /game frame and the page around it (issue 34): a round that moved the money
 * makes the header read the balance at once, not at the live stream's next poll.
 */
describe('balance moved in a game frame', () => {
  afterEach(() => vi.restoreAllMocks());

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
    const send = (origin: string, data: unknown) =>
      window.dispatchEvent(new MessageEvent('message', { origin, data }));

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
});
