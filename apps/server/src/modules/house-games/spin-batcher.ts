import type pg from 'pg';

/**
 * Write-combining of one-statement house rounds across players (issue 34, decision 062): rounds
 * that arrive while a batch is at PostgreSQL wait for it and go together as one call of
 * `seamless_spin_batch` (migration 080), one transaction and one commit for all of them; a round
 * that arrives with nothing in flight goes at once, alone. Each round keeps its own answer: a
 * refused round (its SQLSTATE in its row) is rejected with an error carrying the same `code`,
 * `message` and `constraint` a `seamless_spin` call of its own would have raised, so the caller
 * maps it as before; a call that fails as a whole (nothing of it committed) rejects all its rounds
 * with that error, and a deadlock between two calls is retried (the call left nothing).
 *
 * Order per member: a member's round never goes while an earlier round of that member is queued
 * or in flight, and a batch holds at most one round per member, so a member's rounds commit in the
 * order they were asked. Two batches in flight hold disjoint members; within a batch the rounds
 * go in the order of their house row (then arrival), so two batches take the house rows they
 * share in the same order.
 */
export interface SpinBatcherOptions {
  /** The most rounds in one call (each is a subtransaction; PostgreSQL caches 64 per backend). */
  maxItems?: number;
  /** The most calls at PostgreSQL at once. */
  maxInFlight?: number;
}

export interface BatchedSpinRow {
  o_balance: number;
  o_stake_tx: number;
  o_payout_tx: number | null;
  o_at: Date;
}

interface Item {
  member: number;
  house: number;
  values: unknown[];
  resolve: (row: BatchedSpinRow) => void;
  reject: (err: unknown) => void;
}

interface BatchRow {
  o_i: number;
  o_balance: string | number | null;
  o_stake_tx: string | number | null;
  o_payout_tx: string | number | null;
  o_at: Date | null;
  o_state: string | null;
  o_message: string | null;
  o_constraint: string | null;
}

/** seamless_spin's arguments, in order, as the array types of seamless_spin_batch's. */
const ARRAY_TYPES = [
  'text', 'bigint', 'text', 'text', 'text', 'bigint', 'bigint', 'bytea', 'bytea', 'bigint',
  'bigint', 'boolean', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'bytea',
  'bytea', 'bigint', 'bigint', 'boolean', 'text', 'text', 'text', 'text', 'text', 'boolean',
]; // prettier-ignore

export const SPIN_BATCH_SQL = `select * from seamless_spin_batch(${ARRAY_TYPES.map((t, i) => `$${i + 1}::${t}[]`).join(', ')})`;

/** The positions of the member and the house account among seamless_spin's arguments. */
const MEMBER_ARG = 1;
const HOUSE_ARG = 10;
const DEADLOCK_SQLSTATE = '40P01';

export class SpinBatcher {
  private readonly pool: pg.Pool;
  private readonly maxItems: number;
  private readonly maxInFlight: number;
  private queue: Item[] = [];
  private inFlight = 0;
  /** Members with a round in flight. */
  private readonly busy = new Set<number>();
  /** Calls sent, rounds in them, the largest call, calls with both a refused and an applied round. */
  readonly stats = { calls: 0, rounds: 0, largest: 0, mixed: 0 };

  constructor(pool: pg.Pool, options: SpinBatcherOptions = {}) {
    this.pool = pool;
    this.maxItems = Math.max(1, Math.min(options.maxItems ?? 32, 60));
    this.maxInFlight = Math.max(1, options.maxInFlight ?? 2);
  }

  /** One round: `values` are seamless_spin's thirty arguments (wager and outcome as JSON text). */
  spin(values: unknown[]): Promise<BatchedSpinRow> {
    return new Promise<BatchedSpinRow>((resolve, reject) => {
      this.queue.push({
        member: Number(values[MEMBER_ARG]),
        house: Number(values[HOUSE_ARG]),
        values,
        resolve,
        reject,
      });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch: Item[] = [];
      const rest: Item[] = [];
      const held = new Set<number>();
      for (const item of this.queue) {
        // A member's later rounds wait behind its earlier one (in flight, left in the queue or taken).
        if (batch.length >= this.maxItems || this.busy.has(item.member) || held.has(item.member)) {
          rest.push(item);
        } else {
          batch.push(item);
        }
        held.add(item.member);
      }
      if (batch.length === 0) return;
      this.queue = rest;
      for (const item of batch) this.busy.add(item.member);
      this.inFlight++;
      void this.send(batch)
        // Whatever went wrong reading the answer, no round is left waiting (a settled one stays so).
        .catch((err: unknown) => batch.forEach((item) => item.reject(err)))
        .finally(() => {
          this.inFlight--;
          for (const item of batch) this.busy.delete(item.member);
          this.pump();
        });
    }
  }

  private async send(batch: Item[]): Promise<void> {
    const ordered = batch
      .map((item, at) => ({ item, at }))
      .sort((a, b) => a.item.house - b.item.house || a.at - b.at)
      .map((x) => x.item);
    this.stats.calls++;
    this.stats.rounds += ordered.length;
    this.stats.largest = Math.max(this.stats.largest, ordered.length);
    const values = ARRAY_TYPES.map((_, k) => ordered.map((item) => item.values[k]));
    let rows: BatchRow[];
    for (let attempt = 1; ; attempt++) {
      try {
        rows = (
          await this.pool.query<BatchRow>({ name: 'seamless_spin_batch', text: SPIN_BATCH_SQL, values })
        ).rows;
        break;
      } catch (err) {
        // The call left nothing: a deadlock is tried again, anything else is every round's answer.
        if ((err as { code?: string }).code === DEADLOCK_SQLSTATE && attempt < 3) continue;
        for (const item of ordered) item.reject(err);
        return;
      }
    }
    if (rows.some((r) => r.o_state !== null) && rows.some((r) => r.o_state === null)) this.stats.mixed++;
    for (const row of rows) {
      const item = ordered[row.o_i - 1]!;
      if (row.o_state !== null) {
        item.reject(
          Object.assign(new Error(row.o_message ?? row.o_state), {
            code: row.o_state,
            constraint: row.o_constraint ?? undefined,
          }),
        );
      } else {
        item.resolve({
          o_balance: Number(row.o_balance),
          o_stake_tx: Number(row.o_stake_tx),
          o_payout_tx: row.o_payout_tx === null ? null : Number(row.o_payout_tx),
          o_at: row.o_at!,
        });
      }
    }
    if (rows.length !== ordered.length) {
      const missing = new Error(`spin batch: ${rows.length} rows for ${ordered.length} rounds`);
      for (const item of ordered.slice(rows.length)) item.reject(missing);
    }
  }
}
