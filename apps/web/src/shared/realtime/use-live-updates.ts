import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call } from '../http/client.ts';
import { isApiError } from '../http/api-error.ts';
import { useSession } from '../session/session.ts';
import { LiveKeys } from './live-keys.ts';
import { balanceHeld, listenBalanceMoved } from './balance-moved.ts';
import { createStreamTicketRef } from '../http/call-refs/events.ts';

const EVENTS_PATH = '/wps/events';

/** Reconnect delays: 1 s doubling to 30 s, each with jitter so a restarted server is not stormed. */
export function reconnectDelay(attempt: number, random = Math.random()): number {
  const base = Math.min(30_000, 1_000 * 2 ** attempt);
  return Math.round(base * (0.5 + random / 2));
}

/**
 * One live stream for the logged-in session (MB-14, contract events.ts): a single-use ticket
 * bought with the token opens `GET /wps/events`; each `balance` and `unread` event is written
 * straight into the query caches the member bar reads, and the records and inbox queries are
 * refreshed. A dropped stream is reopened with a fresh ticket (the server starts every stream
 * with a snapshot, so nothing missed stays stale); a refused ticket means the session is over.
 */
export function connectLive(qc: QueryClient): () => void {
  let stopped = false;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;

  const retry = () => {
    if (stopped) return;
    timer = setTimeout(() => void open(), reconnectDelay(attempt++));
  };

  const open = async () => {
    let ticket: string;
    try {
      ticket = (await call(createStreamTicketRef)).ticket;
    } catch (e) {
      // 401: the session ended; the client has cleared it and the app shows the login.
      if (isApiError(e) && e.status === 401) return;
      retry();
      return;
    }
    if (stopped) return;
    const es = new EventSource(`${EVENTS_PATH}?ticket=${encodeURIComponent(ticket)}`);
    source = es;
    es.addEventListener('open', () => {
      attempt = 0;
    });
    es.addEventListener('balance', (e) => {
      // A framed game's round still in play: its end reads the balance again (balance-moved.ts).
      if (balanceHeld()) return;
      qc.setQueryData(LiveKeys.balance, JSON.parse((e as MessageEvent<string>).data));
      void qc.invalidateQueries({ queryKey: LiveKeys.records });
    });
    es.addEventListener('unread', (e) => {
      const { count } = JSON.parse((e as MessageEvent<string>).data) as { count: number };
      qc.setQueryData(LiveKeys.unread, count);
      void qc.invalidateQueries({ queryKey: LiveKeys.messages });
    });
    // The chat room (decision 054): its badge's count, and the open room's messages read again.
    es.addEventListener('chat', (e) => {
      const { count } = JSON.parse((e as MessageEvent<string>).data) as { count: number };
      qc.setQueryData(LiveKeys.chatUnread, count);
      void qc.invalidateQueries({ queryKey: LiveKeys.chatMessages });
      void qc.invalidateQueries({ queryKey: LiveKeys.chatLaunch });
    });
    es.addEventListener('session-ended', () => {
      stopped = true;
      es.close();
      // The next authenticated read answers 401, which ends the session on this side too.
      void qc.invalidateQueries({ queryKey: LiveKeys.balance });
    });
    // EventSource would retry with the spent ticket: close it and open a new one instead.
    es.onerror = () => {
      es.close();
      if (source === es) source = null;
      retry();
    };
  };

  void open();
  return () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
  };
}

let shared: { token: string; users: number; stop: () => void } | null = null;

/**
 * Keeps the session's live stream open while a component that needs it is mounted (the member
 * bar). Several users share one stream; a new token (another login) gets a new one.
 */
export function useLiveUpdates(): void {
  const token = useSession((s) => s.token);
  const qc = useQueryClient();
  // One member's records and messages must never show to the next one on this browser: they
  // go when the session does (logout, expiry, another login).
  useEffect(
    () =>
      useSession.subscribe((s, prev) => {
        if (s.token === prev.token) return;
        qc.removeQueries({ queryKey: LiveKeys.records });
        qc.removeQueries({ queryKey: LiveKeys.messages });
        qc.removeQueries({ queryKey: LiveKeys.chat });
      }),
    [qc],
  );
  // A house game in the /game frame says when its round moved the money: the header reads the
  // balance at once instead of at the stream's next poll.
  useEffect(() => listenBalanceMoved(qc), [qc]);
  useEffect(() => {
    if (!token || typeof EventSource === 'undefined') return;
    if (shared && shared.token !== token) {
      shared.stop();
      shared = null;
    }
    shared ??= { token, users: 0, stop: connectLive(qc) };
    shared.users++;
    const mine = shared;
    return () => {
      mine.users--;
      if (mine.users === 0) {
        mine.stop();
        if (shared === mine) shared = null;
      }
    };
  }, [token, qc]);
}
