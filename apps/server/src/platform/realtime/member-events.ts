import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';

/** What changed for a member; a stream reads the new value itself (never from the notice). */
export type MemberEventKind = 'balance' | 'unread';
const kinds: readonly MemberEventKind[] = ['balance', 'unread'];

type Listener = (kind: MemberEventKind) => void;

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
  private channelName: Promise<string> | null = null;
  private unlisten: (() => Promise<void>) | null = null;

  constructor(database: Database) {
    this.database = database;
  }

  /**
   * The channel, one per database schema: the tests run each file in its own PostgreSQL schema of
   * one database, and NOTIFY is database-wide.
   */
  channel(): Promise<string> {
    this.channelName ??= sql<{ s: string }>`select current_schema() as s`
      .execute(this.database.db)
      .then(({ rows }) => {
        const schema = rows[0]?.s ?? 'public';
        return schema === 'public' ? 'member_events' : `member_events_${schema}`;
      });
    return this.channelName;
  }

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(await this.channel(), (payload) => this.dispatch(payload));
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = null;
  }

  /** Calls `listener` whenever the member's balance or unread count may have changed. */
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
    const kind = payload.slice(0, colon) as MemberEventKind;
    if (colon < 0 || !kinds.includes(kind)) return;
    const target = payload.slice(colon + 1);
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
