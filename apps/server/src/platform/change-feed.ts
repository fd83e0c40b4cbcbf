import { sql } from 'kysely';
import type { Database } from '../db/connection.ts';

/**
 * Read-mostly data (switches, status, content) is served from memory and reloaded when it changes.
 * A change made by any process (this server, the operator CLI on PostgreSQL, another instance)
 * is announced with NOTIFY on one channel; every instance LISTENs and drops its copies.
 */
export const CHANGE_CHANNEL = 'platform_changed';

export interface CachedValue<T> {
  get(): Promise<T>;
  invalidate(): void;
}

export class ChangeFeed {
  private readonly caches = new Set<CachedValue<unknown>>();
  private unlisten: (() => Promise<void>) | null = null;
  private readonly database: Database;

  constructor(database: Database) {
    this.database = database;
  }

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(CHANGE_CHANNEL, () => this.invalidateAll());
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = null;
  }

  /** A value loaded once and kept until the next change notice. */
  cached<T>(load: () => Promise<T>): CachedValue<T> {
    let pending: Promise<T> | null = null;
    let generation = 0;
    const cache: CachedValue<T> = {
      get: () => {
        if (!pending) {
          const mine = generation;
          pending = load().catch((err: unknown) => {
            if (generation === mine) pending = null;
            throw err;
          });
        }
        return pending;
      },
      invalidate: () => {
        generation++;
        pending = null;
      },
    };
    this.caches.add(cache as CachedValue<unknown>);
    return cache;
  }

  invalidateAll(): void {
    for (const cache of this.caches) cache.invalidate();
  }

  /** Announces a committed change to every instance (this one included, at once). */
  async publish(what: string): Promise<void> {
    this.invalidateAll();
    await sql`select pg_notify(${CHANGE_CHANNEL}, ${what})`.execute(this.database.db);
  }
}
