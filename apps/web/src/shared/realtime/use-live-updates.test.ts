import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Balance } from '@app/contract';
import { setupShell, stubFetch } from '../../test/shell-harness.tsx';
import { saveSession } from '../session/session.ts';
import { connectLive, reconnectDelay } from './use-live-updates.ts';
import { LiveKeys } from './live-keys.ts';
import { listenBalanceMoved } from './balance-moved.ts';

/** The browser's EventSource, played by the test: it records what was opened and dispatches events. */
class FakeEventSource extends EventTarget {
  static opened: FakeEventSource[] = [];
  readonly url: string;
  closed = false;
  onerror: ((e: Event) => void) | null = null;
  constructor(url: string) {
    super();
    this.url = url;
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

const balance: Balance = {
  sumBalance: 12.5,
  currency: 'USD',
  currencySymbol: '$',
  precision: 2,
  balance: [],
};

describe('the live stream client (MB-14)', () => {
  beforeAll(() => setupShell());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    FakeEventSource.opened = [];
  });

  it('opens the stream with a fresh ticket, writes balance and unread into the caches, and reconnects with a new ticket after a drop', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeEventSource);
    saveSession({ token: 'tok-live-0001', agentType: 0 });
    let n = 0;
    const { requests } = stubFetch({
      '/wps/events/ticket': () => ({ ticket: `ticket-${++n}`, expiresInSeconds: 30 }),
    });
    const qc = new QueryClient();
    const stop = connectLive(qc);
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    expect(requests[0]!.init!.method).toBe('POST');
    expect((requests[0]!.init!.headers as Record<string, string>).Authorization).toBe('tok-live-0001');
    const first = FakeEventSource.opened[0]!;
    // The token never goes into the URL: only the single-use ticket does.
    expect(first.url).toBe('/wps/events?ticket=ticket-1');

    // While a framed game's round is in play (the slot's reels) the header keeps its balance.
    const stopListening = listenBalanceMoved(qc);
    window.dispatchEvent(
      new MessageEvent('message', { origin: window.location.origin, data: { type: 'round-in-play' } }),
    );
    first.emit('balance', balance);
    expect(qc.getQueryData(LiveKeys.balance)).toBeUndefined();
    stopListening();

    first.emit('balance', balance);
    first.emit('unread', { count: 3 });
    expect(qc.getQueryData(LiveKeys.balance)).toEqual(balance);
    expect(qc.getQueryData(LiveKeys.unread)).toBe(3);

    // A drop: the spent ticket is not reused; a new one opens a new stream after the delay.
    first.onerror!(new Event('error'));
    expect(first.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(1_100);
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(2));
    expect(FakeEventSource.opened[1]!.url).toBe('/wps/events?ticket=ticket-2');

    stop();
    expect(FakeEventSource.opened[1]!.closed).toBe(true);
  });

  it('stops for good when the session has ended: a refused ticket or a session-ended event', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    saveSession({ token: 'tok-live-0002', agentType: 0 });
    stubFetch({
      '/wps/events/ticket': () =>
        new Response(
          JSON.stringify({ success: false, errorCode: 'user.or.token.invalid', message: 'ended' }),
          {
            status: 401,
          },
        ),
    });
    connectLive(new QueryClient());
    await new Promise((r) => setTimeout(r, 50));
    expect(FakeEventSource.opened).toHaveLength(0);

    saveSession({ token: 'tok-live-0003', agentType: 0 });
    stubFetch({ '/wps/events/ticket': () => ({ ticket: 'ticket-x', expiresInSeconds: 30 }) });
    connectLive(new QueryClient());
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    FakeEventSource.opened[0]!.emit('session-ended', { reason: 'session.ended' });
    expect(FakeEventSource.opened[0]!.closed).toBe(true);
  });

  it('reconnect delays double from 1 s to at most 30 s, with jitter', () => {
    expect(reconnectDelay(0, 1)).toBe(1_000);
    expect(reconnectDelay(0, 0)).toBe(500);
    expect(reconnectDelay(3, 1)).toBe(8_000);
    expect(reconnectDelay(10, 1)).toBe(30_000);
  });
});
