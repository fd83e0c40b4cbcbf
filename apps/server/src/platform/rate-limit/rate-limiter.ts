import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { Errors } from '@app/contract';
import { fail } from '../http/errors.ts';

export interface RateRule {
  /** Most hits allowed in one window. */
  limit: number;
  windowMs: number;
}

/**
 * Fixed-window counters in the database, so a limit holds across every instance and restart
 * (process memory would let a caller multiply its allowance by the number of instances).
 * One upsert per hit; old windows are swept now and then.
 */
export class RateLimiter {
  private readonly database: Database;
  private hitsSinceSweep = 0;

  constructor(database: Database) {
    this.database = database;
  }

  /** Counts one hit in `bucket` and returns the count of the current window. */
  async hit(bucket: string, rule: RateRule): Promise<number> {
    const windowStart = new Date(Math.floor(Date.now() / rule.windowMs) * rule.windowMs);
    const row = await this.database.db
      .insertInto('rate_counter')
      .values({ bucket, window_start: windowStart, hits: 1 })
      .onConflict((oc) =>
        oc.columns(['bucket', 'window_start']).doUpdateSet({ hits: sql`rate_counter.hits + 1` }),
      )
      .returning('hits')
      .executeTakeFirstOrThrow();
    if (++this.hitsSinceSweep >= 1000) {
      this.hitsSinceSweep = 0;
      await sql`delete from rate_counter where window_start < now() - interval '1 day'`.execute(
        this.database.db,
      );
    }
    return row.hits;
  }

  /**
   * Takes back one hit of the current window: for limits on failures only, a caller counts every
   * attempt first (so racing attempts can never pass the limit together) and releases the ones
   * that succeeded.
   */
  async release(bucket: string, rule: RateRule): Promise<void> {
    const windowStart = new Date(Math.floor(Date.now() / rule.windowMs) * rule.windowMs);
    await this.database.db
      .updateTable('rate_counter')
      .set({ hits: sql`greatest(hits - 1, 0)` })
      .where('bucket', '=', bucket)
      .where('window_start', '=', windowStart)
      .execute();
  }

  /** Counts a hit and refuses with 429 TOO_MANY_REQUESTS once the window's limit is passed. */
  async consume(bucket: string, rule: RateRule, message?: string): Promise<void> {
    const hits = await this.hit(bucket, rule);
    if (hits > rule.limit) throw fail(Errors.tooManyRequests, message ? { message } : {});
  }
}
