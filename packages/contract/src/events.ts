import { z } from 'zod';
import { defineCall } from './call.ts';
import { BalanceSchema } from './wallet.ts';

/**
 * The live stream of a session (MB-14, DESIGN.md §3): server-sent events with the member's
 * balance and unread count. EventSource cannot send the Authorization header and a session token
 * must never sit in a URL (access logs, proxies, history): the client first trades its token for a
 * stream ticket (single use, valid for seconds) and opens `GET /wps/events?ticket=...` with it.
 * A reconnect takes a new ticket; every connection starts with a snapshot of both values, so
 * nothing missed while disconnected stays stale (no Last-Event-ID replay is needed).
 */
export const EVENTS_PATH = '/wps/events';
export const STREAM_TICKET_TTL_SECONDS = 30;

export const createStreamTicket = defineCall({
  id: 'createStreamTicket',
  method: 'POST',
  path: '/wps/events/ticket',
  moduleId: 'EVENTS',
  token: true,
  summary: 'A single-use, short-lived ticket that opens the live event stream of this session',
  response: z.object({ ticket: z.string(), expiresInSeconds: z.number().int() }),
});

export const EventsQuerySchema = z.object({ ticket: z.string().min(16).max(128) });

export const openEventStream = defineCall({
  id: 'openEventStream',
  method: 'GET',
  path: EVENTS_PATH,
  moduleId: 'EVENTS',
  // The ticket stands for the token (see above).
  token: false,
  wire: 'bare',
  summary: 'The live stream of a session as server-sent events: balance, unread, session-ended',
  query: EventsQuerySchema,
  response: z.string().describe('text/event-stream'),
});

/** The `event:` names of the stream; each `data:` is the JSON of the matching schema. */
export const MemberEventTypes = {
  balance: 'balance',
  unread: 'unread',
  /**
   * The chat room's unread count (`{count}`, decision 054): sent when a message is posted or
   * removed in a group, not in the snapshot (the room's page asks CBS_unreadCount when it opens).
   */
  chat: 'chat',
  /**
   * The stream closes and the client does not reopen it: `reason` `session.ended` (logout
   * elsewhere, expiry, password change) or `stream.replaced` (a newer stream of the same session
   * took its place: a session keeps at most 5, decision 018).
   */
  sessionEnded: 'session-ended',
} as const;

export const BalanceEventSchema = BalanceSchema;
export const UnreadEventSchema = z.object({ count: z.number().int() });
export const SessionEndedEventSchema = z.object({ reason: z.string() });
