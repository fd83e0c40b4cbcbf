import { createHash, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sql } from 'kysely';
import { MemberEventTypes, STREAM_TICKET_TTL_SECONDS } from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { MemberEventKind, MemberEvents } from './member-events.ts';

/** Reads the current value a stream sends for one kind of event, for one member. */
export type EventSources = Record<MemberEventKind, (memberId: number) => Promise<unknown>>;

export interface StreamPolicy {
  /** A comment line this often keeps proxies and load balancers from closing a quiet stream. */
  heartbeatMs: number;
  /** How often a stream checks that its session still lives (logout elsewhere, expiry). */
  sessionCheckMs: number;
  ticketTtlMs: number;
  /** The browser's reconnect delay, sent as `retry:`. */
  retryMs: number;
  /** How often the balances of the members with a stream here are compared with the ledger. */
  balancePollMs: number;
}

export const defaultStreamPolicy: StreamPolicy = {
  heartbeatMs: 25_000,
  sessionCheckMs: 30_000,
  ticketTtlMs: STREAM_TICKET_TTL_SECONDS * 1000,
  retryMs: 3_000,
  balancePollMs: 1_000,
};

const hash = (ticket: string) => createHash('sha256').update(ticket, 'utf8').digest();

/**
 * One server-sent events stream per session (MB-14): opened with a single-use ticket, it sends a
 * snapshot of every value at once and then each change of the member's own values, until the
 * client leaves, the session ends or the server stops.
 */
export class EventStreams {
  private readonly database: Database;
  private readonly events: MemberEvents;
  private readonly sources: EventSources;
  readonly policy: StreamPolicy;
  private readonly open = new Set<StreamConnection>();
  /** The ledger balances last seen per member with a stream here (wallet=balance list). */
  private readonly seen = new Map<number, string>();
  private poller: NodeJS.Timeout | null = null;
  private polling = false;

  constructor(
    deps: { database: Database; events: MemberEvents; sources: EventSources },
    policy: Partial<StreamPolicy> = {},
  ) {
    this.database = deps.database;
    this.events = deps.events;
    this.sources = deps.sources;
    this.policy = { ...defaultStreamPolicy, ...policy };
  }

  /** A ticket for this session's stream: 256 random bits, stored only as its hash, used once. */
  async issueTicket(
    sessionId: number,
    memberId: number,
  ): Promise<{ ticket: string; expiresInSeconds: number }> {
    const ticket = randomBytes(32).toString('base64url');
    const db = this.database.db;
    // Spent and expired tickets are of no use to anyone: clear them as new ones are made.
    await db
      .deleteFrom('stream_ticket')
      .where('expires_at', '<', sql<Date>`now() - interval '1 minute'`)
      .execute();
    await db
      .insertInto('stream_ticket')
      .values({
        ticket_hash: hash(ticket),
        session_id: sessionId,
        member_id: memberId,
        expires_at: sql<Date>`now() + ${this.policy.ticketTtlMs} * interval '1 millisecond'`,
      })
      .execute();
    return { ticket, expiresInSeconds: Math.round(this.policy.ticketTtlMs / 1000) };
  }

  /** Spends a ticket: the session it opens, or null when unknown, used, expired or its session ended. */
  async redeemTicket(ticket: string): Promise<{ sessionId: number; memberId: number } | null> {
    const row = await this.database.db
      .updateTable('stream_ticket')
      .set({ used_at: sql`now()` })
      .where('ticket_hash', '=', hash(ticket))
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning(['session_id', 'member_id'])
      .executeTakeFirst();
    if (!row || !(await this.sessionAlive(row.session_id))) return null;
    return { sessionId: row.session_id, memberId: row.member_id };
  }

  /** A live session of an active member: the same rule as the token check, by session id. */
  async sessionAlive(sessionId: number): Promise<boolean> {
    const row = await this.database.db
      .selectFrom('session as s')
      .innerJoin('member as m', 'm.id', 's.member_id')
      .select('s.id')
      .where('s.id', '=', sessionId)
      .where('s.revoked_at', 'is', null)
      .where('s.idle_expires_at', '>', sql<Date>`now()`)
      .where('s.absolute_expires_at', '>', sql<Date>`now()`)
      .where('m.status', '=', 'active')
      .executeTakeFirst();
    return Boolean(row);
  }

  /** Starts the stream on a response the caller has taken over from the framework. */
  attach(
    raw: ServerResponse,
    session: { sessionId: number; memberId: number },
    onError: (err: unknown) => void,
  ) {
    const conn = new StreamConnection(raw, session, this, onError);
    this.open.add(conn);
    raw.on('close', () => {
      conn.close();
      this.open.delete(conn);
      if (!this.open.size) this.stopPolling();
    });
    conn.start();
    this.poller ??= setInterval(() => void this.pollBalances(onError), this.policy.balancePollMs);
    return conn;
  }

  /**
   * Balances follow the ledger by comparison, not by notice: whoever moved the money (a service
   * of any instance, the operator CLI, a job, inside any transaction), a committed change shows
   * here within one poll, and a rolled-back one never does. One indexed query per poll for all
   * the members with a stream on this instance; the money path pays nothing (a NOTIFY per
   * movement serialised the commits, decision 018).
   */
  private async pollBalances(onError: (err: unknown) => void): Promise<void> {
    const members = this.events.members();
    if (this.polling || !members.length) return;
    this.polling = true;
    try {
      const res = await sql<{ member_id: number; sig: string }>`
        select member_id, string_agg(wallet_type || '=' || balance, ',' order by wallet_type) as sig
        from ledger_account where member_id = any(${members}::bigint[])
        group by member_id`.execute(this.database.db);
      const live = new Set(members);
      for (const id of this.seen.keys()) if (!live.has(id)) this.seen.delete(id);
      for (const row of res.rows) {
        const id = Number(row.member_id);
        if (this.seen.get(id) === row.sig) continue;
        this.seen.set(id, row.sig);
        // A first sighting re-reads too: a change between the snapshot and this poll is not lost
        // (the stream sends nothing when the value is the one it sent last).
        this.events.wake(id, 'balance');
      }
    } catch (err) {
      onError(err);
    } finally {
      this.polling = false;
    }
  }

  private stopPolling(): void {
    if (this.poller) clearInterval(this.poller);
    this.poller = null;
    this.seen.clear();
  }

  /** Streams open on this instance. */
  get openCount(): number {
    return this.open.size;
  }

  /** Ends every open stream (the server is stopping; the clients reconnect elsewhere). */
  closeAll(): void {
    for (const conn of this.open) conn.end();
    this.open.clear();
    this.stopPolling();
  }

  /** @internal */
  read(kind: MemberEventKind, memberId: number): Promise<unknown> {
    return this.sources[kind](memberId);
  }

  /** @internal */
  subscribe(memberId: number, listener: (kind: MemberEventKind) => void): () => void {
    return this.events.subscribe(memberId, listener);
  }
}

class StreamConnection {
  private readonly raw: ServerResponse;
  private readonly session: { sessionId: number; memberId: number };
  private readonly streams: EventStreams;
  private readonly onError: (err: unknown) => void;
  private seq = 0;
  private closed = false;
  /** The last data sent per event: the same value twice is not sent again. */
  private readonly lastSent = new Map<string, string>();
  private unsubscribe: (() => void) | null = null;
  private readonly timers: NodeJS.Timeout[] = [];
  /** Per kind: a read in flight, and whether another change came in meanwhile. */
  private readonly state = new Map<MemberEventKind, { running: boolean; dirty: boolean }>();

  constructor(
    raw: ServerResponse,
    session: { sessionId: number; memberId: number },
    streams: EventStreams,
    onError: (err: unknown) => void,
  ) {
    this.raw = raw;
    this.session = session;
    this.streams = streams;
    this.onError = onError;
  }

  start(): void {
    const { policy } = this.streams;
    this.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store, no-transform',
      // HTTP/2 forbids connection headers (Node throws on them); its streams stay open anyway.
      ...(this.raw.req.httpVersionMajor === 1 ? { connection: 'keep-alive' } : {}),
      // nginx and similar proxies buffer responses unless told not to.
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    this.raw.write(`retry: ${policy.retryMs}\n\n`);
    // Subscribe before the snapshot: a change between the two is then read again, never lost.
    this.unsubscribe = this.streams.subscribe(this.session.memberId, (kind) => this.refresh(kind));
    this.refresh('balance');
    this.refresh('unread');
    this.timers.push(
      setInterval(() => this.write(': ping\n\n'), policy.heartbeatMs),
      setInterval(() => void this.checkSession(), policy.sessionCheckMs),
    );
  }

  private write(chunk: string): void {
    if (!this.closed) this.raw.write(chunk);
  }

  private send(event: string, data: unknown): void {
    const json = JSON.stringify(data);
    if (this.lastSent.get(event) === json) return;
    this.lastSent.set(event, json);
    this.seq++;
    this.write(`id: ${this.seq}\nevent: ${event}\ndata: ${json}\n\n`);
  }

  private refresh(kind: MemberEventKind): void {
    if (this.closed) return;
    let s = this.state.get(kind);
    if (!s) this.state.set(kind, (s = { running: false, dirty: false }));
    if (s.running) {
      s.dirty = true;
      return;
    }
    s.running = true;
    const state = s;
    void (async () => {
      try {
        do {
          state.dirty = false;
          const value = await this.streams.read(kind, this.session.memberId);
          if (this.closed) return;
          this.send(kind === 'balance' ? MemberEventTypes.balance : MemberEventTypes.unread, value);
        } while (state.dirty && !this.closed);
      } catch (err) {
        this.onError(err);
      } finally {
        state.running = false;
      }
    })();
  }

  private async checkSession(): Promise<void> {
    try {
      if (this.closed || (await this.streams.sessionAlive(this.session.sessionId))) return;
      this.send(MemberEventTypes.sessionEnded, { reason: 'session.ended' });
      this.end();
    } catch (err) {
      this.onError(err);
    }
  }

  end(): void {
    if (this.closed) return;
    this.close();
    this.raw.end();
  }

  close(): void {
    this.closed = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    for (const t of this.timers) clearInterval(t);
  }
}
