import { createHash, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sql } from 'kysely';
import { MemberEventTypes, STREAM_TICKET_TTL_SECONDS } from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { MemberEventKind, MemberEvents, MemberNotice } from './member-events.ts';

/** Reads the current value a stream sends for one kind of event, for one member. */
export type EventSources = Record<MemberEventKind, (memberId: number) => Promise<unknown>>;

export interface StreamPolicy {
  /** A comment line this often keeps proxies and load balancers from closing a quiet stream. */
  heartbeatMs: number;
  /**
   * The longest a stream goes without checking its session. Logout, a password change and the
   * like end streams at once by notice, and a stream checks again at its session's deadline; this
   * check is the net for what sends no notice (a member disabled by hand in the database, a
   * notice lost while the listening connection was down).
   */
  sessionCheckMs: number;
  ticketTtlMs: number;
  /** The browser's reconnect delay, sent as `retry:`. */
  retryMs: number;
  /** How often the balances of the members with a stream here are compared with the ledger. */
  balancePollMs: number;
  /**
   * Open streams per session, across every instance; a newer stream closes the oldest (decision
   * 018). A browser on HTTP/1.1 holds at most 6 connections to a host, so a session with more than
   * 5 streams has left its own calls no connection: no real client gets near this bound.
   */
  maxStreamsPerSession: number;
  /** Stream tickets per session per minute (a client takes one per connection, reconnecting with backoff). */
  ticketsPerMinute: number;
}

export const defaultStreamPolicy: StreamPolicy = {
  heartbeatMs: 25_000,
  sessionCheckMs: 30_000,
  ticketTtlMs: STREAM_TICKET_TTL_SECONDS * 1000,
  retryMs: 3_000,
  balancePollMs: 1_000,
  maxStreamsPerSession: 5,
  ticketsPerMinute: 20,
};

const hash = (ticket: string) => createHash('sha256').update(ticket, 'utf8').digest();

/** A redeemed ticket: the session it opens, and the stream's id (its ticket's hash, in hex). */
export interface StreamSession {
  sessionId: number;
  memberId: number;
  streamId: string;
}

/** What a session check found: the stream goes on (until `leftMs` from now, the session's deadline) or ends. */
type SessionState = { ended: 'session.ended' | 'stream.replaced' } | { ended: null; leftMs: number };

/**
 * The server-sent events streams of sessions (MB-14): opened with a single-use ticket, a stream
 * sends a snapshot of every value at once and then each change of the member's own values, until
 * the client leaves, the session ends (at once, on any instance: decision 018), a newer stream of
 * the same session takes its place, or the server stops.
 */
export class EventStreams {
  private readonly database: Database;
  private readonly events: MemberEvents;
  private readonly sources: EventSources;
  readonly policy: StreamPolicy;
  private readonly open = new Map<string, StreamConnection>();
  /** The ledger balances last seen per member with a stream here (wallet=balance list). */
  private readonly seen = new Map<number, string>();
  private poller: NodeJS.Timeout | null = null;
  private polling = false;
  /** The server is stopping: closeAll marks every stream closed at once, not each on its own. */
  private stopping = false;

  constructor(
    deps: { database: Database; events: MemberEvents; sources: EventSources },
    policy: Partial<StreamPolicy> = {},
  ) {
    this.database = deps.database;
    this.events = deps.events;
    this.sources = deps.sources;
    this.policy = { ...defaultStreamPolicy, ...policy };
    // A newer stream of the session, opened on any instance, replaced these.
    this.events.onStreamsClosed((ids) => {
      for (const id of ids) this.open.get(id)?.endWith('stream.replaced');
    });
  }

  /** A ticket for this session's stream: 256 random bits, stored only as its hash, used once. */
  async issueTicket(
    sessionId: number,
    memberId: number,
  ): Promise<{ ticket: string; expiresInSeconds: number }> {
    const ticket = randomBytes(32).toString('base64url');
    const db = this.database.db;
    // A spent ticket's row stands for its open stream (it counts towards the session's bound) and
    // goes when the stream closes. Clear, as new tickets are made, the expired ones never used and
    // those of streams whose session is over (left by an instance that died with them open).
    await sql`
      delete from stream_ticket t
      where t.expires_at < now() - interval '1 minute'
        and (t.used_at is null or not exists (
          select 1 from session s where s.id = t.session_id and s.revoked_at is null
            and s.idle_expires_at > now() and s.absolute_expires_at > now()))`.execute(db);
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

  /**
   * Spends a ticket: the session it opens, or null when unknown, used, expired or its session
   * ended. The spent ticket's row then stands for the open stream until it closes. The session's
   * streams beyond the bound, oldest first, lose their rows and are announced, so whichever
   * instance holds them ends them. The session row is locked meanwhile: two streams opening at
   * once for one session are counted one after the other, never both under the bound.
   */
  async redeemTicket(ticket: string): Promise<StreamSession | null> {
    const mine = hash(ticket);
    return this.database.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('stream_ticket')
        .set({ used_at: sql`now()` })
        .where('ticket_hash', '=', mine)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .returning(['session_id', 'member_id'])
        .executeTakeFirst();
      if (!row) return null;
      const live = await trx
        .selectFrom('session as s')
        .innerJoin('member as m', 'm.id', 's.member_id')
        .select('s.id')
        .where('s.id', '=', row.session_id)
        .where('s.revoked_at', 'is', null)
        .where('s.idle_expires_at', '>', sql<Date>`now()`)
        .where('s.absolute_expires_at', '>', sql<Date>`now()`)
        .where('m.status', '=', 'active')
        .forNoKeyUpdate('s')
        .executeTakeFirst();
      if (!live) return null;
      const others = await trx
        .selectFrom('stream_ticket')
        .select('ticket_hash')
        .where('session_id', '=', row.session_id)
        .where('used_at', 'is not', null)
        .where('ticket_hash', '!=', mine)
        .orderBy('used_at', 'desc')
        .orderBy('ticket_hash', 'desc')
        .execute();
      const replaced = others.slice(Math.max(0, this.policy.maxStreamsPerSession - 1));
      if (replaced.length) {
        await trx
          .deleteFrom('stream_ticket')
          .where(
            'ticket_hash',
            'in',
            replaced.map((r) => r.ticket_hash),
          )
          .execute();
        await this.events.notifyStreamsClosed(
          trx,
          // PGlite answers bytea as a plain Uint8Array, whose toString is not hex.
          replaced.map((r) => Buffer.from(r.ticket_hash).toString('hex')),
        );
      }
      return { sessionId: row.session_id, memberId: row.member_id, streamId: mine.toString('hex') };
    });
  }

  /**
   * Where the stream's session stands: ended (revoked, idle or absolute expiry, member no longer
   * active), the stream replaced by a newer one of its session (its row is gone while the session
   * lives), or alive until `leftMs` from now.
   */
  async sessionState(session: StreamSession): Promise<SessionState> {
    const row = await sql<{ alive: boolean; present: boolean; left_ms: string | number }>`
      select s.revoked_at is null and m.status = 'active' and s.idle_expires_at > now()
               and s.absolute_expires_at > now() as alive,
             exists (select 1 from stream_ticket t
                     where t.ticket_hash = ${Buffer.from(session.streamId, 'hex')}) as present,
             extract(epoch from least(s.idle_expires_at, s.absolute_expires_at) - now()) * 1000 as left_ms
      from session s
      join member m on m.id = s.member_id
      where s.id = ${session.sessionId}`
      .execute(this.database.db)
      .then((r) => r.rows[0]);
    if (!row?.alive) return { ended: 'session.ended' };
    if (!row.present) return { ended: 'stream.replaced' };
    return { ended: null, leftMs: Number(row.left_ms) };
  }

  /** Starts the stream on a response the caller has taken over from the framework. */
  attach(raw: ServerResponse, session: StreamSession, onError: (err: unknown) => void) {
    const conn = new StreamConnection(raw, session, this, onError);
    this.open.set(session.streamId, conn);
    raw.on('close', () => {
      conn.close();
      this.open.delete(session.streamId);
      if (!this.open.size) this.stopPolling();
      // Its row stops counting towards the session's bound.
      if (!this.stopping) void this.markClosed([session.streamId]).catch(onError);
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

  /** The streams' rows go: they no longer count towards their sessions' bound. */
  private async markClosed(streamIds: string[]): Promise<void> {
    if (!streamIds.length) return;
    await this.database.db
      .deleteFrom('stream_ticket')
      .where(
        'ticket_hash',
        'in',
        streamIds.map((id) => Buffer.from(id, 'hex')),
      )
      .execute();
  }

  /** Ends every open stream (the server is stopping; the clients reconnect elsewhere). */
  async closeAll(): Promise<void> {
    this.stopping = true;
    const ids = [...this.open.keys()];
    for (const conn of this.open.values()) conn.end();
    this.open.clear();
    this.stopPolling();
    // Best effort: a row left open (the database already gone) counts only until a newer stream
    // of its session replaces it or the session ends; stopping must not fail over it.
    await this.markClosed(ids).catch(() => undefined);
  }

  /** @internal */
  read(kind: MemberEventKind, memberId: number): Promise<unknown> {
    return this.sources[kind](memberId);
  }

  /** @internal */
  subscribe(memberId: number, listener: (notice: MemberNotice) => void): () => void {
    return this.events.subscribe(memberId, listener);
  }
}

class StreamConnection {
  private readonly raw: ServerResponse;
  private readonly session: StreamSession;
  private readonly streams: EventStreams;
  private readonly onError: (err: unknown) => void;
  private seq = 0;
  private closed = false;
  /** The last data sent per event: the same value twice is not sent again. */
  private readonly lastSent = new Map<string, string>();
  private unsubscribe: (() => void) | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private nextCheck: NodeJS.Timeout | null = null;
  /** Per kind: a read in flight, and whether another change came in meanwhile. */
  private readonly state = new Map<MemberEventKind, { running: boolean; dirty: boolean }>();
  /** A session check in flight, and whether another was asked for meanwhile. */
  private readonly check = { running: false, dirty: false };

  constructor(
    raw: ServerResponse,
    session: StreamSession,
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
    // Likewise the first session check comes after subscribing: a logout between the ticket's
    // redemption and now is seen by the check or by its notice.
    this.unsubscribe = this.streams.subscribe(this.session.memberId, (notice) =>
      notice === 'session' ? this.checkSession() : this.refresh(notice),
    );
    this.refresh('balance');
    this.refresh('unread');
    this.checkSession();
    this.heartbeat = setInterval(() => this.write(': ping\n\n'), policy.heartbeatMs);
  }

  private write(chunk: string): void {
    if (!this.closed) this.raw.write(chunk);
  }

  /**
   * `always`: sent even when the value is the one sent last. The chat room's notice means "the
   * room changed" (a message posted or removed): a member reading the room keeps its unread count
   * where it was (1, read, then 1 again), and the room's second message was never announced.
   */
  private send(event: string, data: unknown, always = false): void {
    const json = JSON.stringify(data);
    if (!always && this.lastSent.get(event) === json) return;
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
          this.send(MemberEventTypes[kind], value, kind === 'chat');
        } while (state.dirty && !this.closed);
      } catch (err) {
        this.onError(err);
      } finally {
        state.running = false;
      }
    })();
  }

  /**
   * Checks the session now (coalesced like the reads): ends the stream when the session is over
   * or the stream replaced, else checks again at the session's deadline (its idle or absolute
   * expiry, whichever is first; the idle one may have moved on by then) or after
   * `sessionCheckMs`, whichever comes first.
   */
  private checkSession(): void {
    if (this.closed) return;
    if (this.check.running) {
      this.check.dirty = true;
      return;
    }
    this.check.running = true;
    void (async () => {
      try {
        let state;
        do {
          this.check.dirty = false;
          state = await this.streams.sessionState(this.session);
        } while (this.check.dirty && !this.closed && state.ended === null);
        if (this.closed) return;
        if (state.ended !== null) {
          this.endWith(state.ended);
          return;
        }
        if (this.nextCheck) clearTimeout(this.nextCheck);
        // A few ms past the deadline, so the database's clock has passed it too.
        const delay = Math.max(0, Math.min(state.leftMs + 20, this.streams.policy.sessionCheckMs));
        this.nextCheck = setTimeout(() => this.checkSession(), delay);
      } catch (err) {
        this.onError(err);
        // The database did not answer: try again on the net's schedule.
        if (!this.closed)
          this.nextCheck = setTimeout(() => this.checkSession(), this.streams.policy.sessionCheckMs);
      } finally {
        this.check.running = false;
      }
    })();
  }

  /**
   * Tells the client why the stream ends, then ends it. Both reasons come as `session-ended`:
   * the client then stops instead of reconnecting, which for a replaced stream is what keeps two
   * tabs past the bound from closing each other's streams in turn.
   */
  endWith(reason: 'session.ended' | 'stream.replaced'): void {
    if (this.closed) return;
    this.send(MemberEventTypes.sessionEnded, { reason });
    this.end();
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
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.nextCheck) clearTimeout(this.nextCheck);
  }
}
