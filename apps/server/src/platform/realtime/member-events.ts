import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';

/** What changed for a member; a stream reads the new value itself (never from the notice). */
export type MemberEventKind = 'balance' | 'unread' | 'chat';
const kinds: readonly MemberEventKind[] = ['balance', 'unread', 'chat'];

/**
 * What a member's streams hear: a value that may have changed, or `session`: one of the member's
 * sessions may have ended (logout, password change or reset, "log out other devices"), so each
 * stream checks its own session at once.
 */
export type MemberNotice = MemberEventKind | 'session';

type Listener = (notice: MemberNotice) => void;

/**
 * The channel, one per database schema: the tests run each file in its own PostgreSQL schema of
 * one database, and NOTIFY is database-wide. Computed in SQL, so a writer that holds no
 * MemberEvents (the session revocations of platform/auth) announces on the same channel.
 */
const channelOfSchema = sql<string>`case coalesce(current_schema(), 'public')
  when 'public' then 'member_events' else 'member_events_' || current_schema() end`;

/**
 * Announces that sessions of these members ended. Sent inside the revoking transaction when `db`
 * is one, so it goes out at commit, to every instance: each ends the streams of those sessions at
 * once instead of at its next periodic check (issue 28).
 */
export async function announceSessionsEnded(db: Kysely<DB>, memberIds: readonly number[]): Promise<void> {
  const ids = [...new Set(memberIds)];
  for (let i = 0; i < ids.length; i += 500)
    await sql`select pg_notify(${channelOfSchema}, ${`session:${ids.slice(i, i + 500).join(',')}`})`.execute(
      db,
    );
}

/**
 * The fan-out of member events across server instances (MB-14, DESIGN.md §3): a change is
 * announced with NOTIFY on one channel and every instance LISTENs, waking the streams of that
 * member it holds. The notice names only the kind and the member ids, never a value: each stream
 * reads its own member's balance or unread count, so a notice can never carry one member's data
 * to another, and a late or duplicated notice only causes a fresh, correct read.
 *
 * Notices are sent inside the writer's transaction: PostgreSQL delivers them at commit and drops
 * them on rollback, so a stream never announces a change that did not happen. Money movements do
 * not NOTIFY: a NOTIFY makes every commit wait its turn for the database's notification queue
 * (measured: movements per second fell to about 40%), so streams poll their members' balances
 * instead (EventStreams); `wake` lets that poller reach the streams of this instance.
 */
export class MemberEvents {
  private readonly database: Database;
  private readonly listeners = new Map<number, Set<Listener>>();
  private readonly closedHandlers = new Set<(streamIds: string[]) => void>();
  private channelName: Promise<string> | null = null;
  private unlisten: (() => Promise<void>) | null = null;

  constructor(database: Database) {
    this.database = database;
  }

  /** This schema's channel (`channelOfSchema`). */
  channel(): Promise<string> {
    this.channelName ??= sql<{ c: string }>`select ${channelOfSchema} as c`
      .execute(this.database.db)
      .then(({ rows }) => rows[0]!.c);
    return this.channelName;
  }

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(await this.channel(), (payload) => this.dispatch(payload));
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = null;
  }

  /**
   * Calls `listener` whenever the member's balance or unread count may have changed, or one of
   * the member's sessions may have ended.
   */
  subscribe(memberId: number, listener: Listener): () => void {
    let set = this.listeners.get(memberId);
    if (!set) this.listeners.set(memberId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (!set.size) this.listeners.delete(memberId);
    };
  }

  /** Members with a live stream on this instance (for tests and the operator). */
  get subscribedMembers(): number {
    return this.listeners.size;
  }

  /**
   * Announces a change of `kind` for these members, or for every member ('all', a broadcast
   * message). With `db` a transaction, the notice goes out when it commits.
   */
  async notify(db: Kysely<DB>, kind: MemberEventKind, members: readonly number[] | 'all'): Promise<void> {
    if (members !== 'all' && !members.length) return;
    const channel = await this.channel();
    // pg_notify payloads stop at 8000 bytes; a long id list is split.
    const chunks: string[] = [];
    if (members === 'all') chunks.push('*');
    else {
      const ids = [...new Set(members)];
      for (let i = 0; i < ids.length; i += 500) chunks.push(ids.slice(i, i + 500).join(','));
    }
    for (const chunk of chunks) await sql`select pg_notify(${channel}, ${`${kind}:${chunk}`})`.execute(db);
  }

  /** Calls `handler` with the ids of streams closed by a newer stream of their session (any instance). */
  onStreamsClosed(handler: (streamIds: string[]) => void): () => void {
    this.closedHandlers.add(handler);
    return () => this.closedHandlers.delete(handler);
  }

  /**
   * Announces streams that must close (a newer stream of their session took their place). The
   * ids are of the stream, never of a member: only the instance holding one acts.
   */
  async notifyStreamsClosed(db: Kysely<DB>, streamIds: readonly string[]): Promise<void> {
    if (!streamIds.length) return;
    const channel = await this.channel();
    // 64 hex digits each: 100 stay far below pg_notify's 8000 bytes.
    for (let i = 0; i < streamIds.length; i += 100)
      await sql`select pg_notify(${channel}, ${`closed:${streamIds.slice(i, i + 100).join(',')}`})`.execute(
        db,
      );
  }

  /** Wakes this instance's streams of one member (the balance poller's way in). */
  wake(memberId: number, kind: MemberEventKind): void {
    const set = this.listeners.get(memberId);
    if (set) for (const l of set) l(kind);
  }

  /** The members with a stream on this instance. */
  members(): number[] {
    return [...this.listeners.keys()];
  }

  private dispatch(payload: string): void {
    const colon = payload.indexOf(':');
    if (colon < 0) return;
    const head = payload.slice(0, colon);
    const target = payload.slice(colon + 1);
    if (head === 'closed') {
      const ids = target.split(',');
      for (const h of this.closedHandlers) h(ids);
      return;
    }
    const kind = head as MemberNotice;
    if (kind !== 'session' && !kinds.includes(kind)) return;
    if (target === '*') {
      for (const set of this.listeners.values()) for (const l of set) l(kind);
      return;
    }
    for (const raw of target.split(',')) {
      const set = this.listeners.get(Number(raw));
      if (set) for (const l of set) l(kind);
    }
  }
}
