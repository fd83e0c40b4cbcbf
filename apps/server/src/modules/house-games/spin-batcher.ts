import type pg from 'pg';

/**
 * Write-combining of house rounds across players (issue 34, decision 062): calls that arrive
 * while a batch is at PostgreSQL wait for it and go together as one call of a batch function, one
 * transaction and one commit for all of them; a call that arrives with nothing in flight goes at
 * once, alone. A batch is of one kind (`BatchKind`): the one-statement rounds (`SPIN_BATCH`,
 * `seamless_spin_batch`, migration 080) or the Mines starts and steps (`MINES_BATCH`,
 * `house_mines_batch`, migration 083); the kinds share the queue, the calls in flight and the
 * members' order. Each call keeps its own answer: a refused call (its SQLSTATE in its row) is
 * rejected with an error carrying the same `code`, `message` and `constraint` a call of its own
 * would have raised, so the caller maps it as before; a batch that fails as a whole (nothing of it
 * committed) rejects all its calls with that error, and a deadlock between two batches is retried
 * (the batch left nothing).
 *
 * Order per member: a member's call never goes while an earlier call of that member is queued or
 * in flight, and a batch holds at most one call per member, so a member's calls commit in the
 * order they were asked. Two batches in flight hold disjoint members; within a batch the calls
 * go in the order of their house row (then arrival), so two batches take the house rows they
 * share in the same order.
 */
export interface SpinBatcherOptions {
  /** The most calls in one batch (each is a subtransaction; PostgreSQL caches 64 per backend). */
  maxItems?: number;
  /** The most batches at PostgreSQL at once. */
  maxInFlight?: number;
}

/** What every batch function answers per call beside its own columns. */
interface BatchRowBase {
  o_i: number;
  o_state: string | null;
  o_message: string | null;
  o_constraint: string | null;
}

/** A batch function: its arrays (one element per call) and how a call's row becomes its answer. */
export interface BatchKind<R> {
  /** The function's name, also the prepared statement's. */
  name: string;
  /** The types of its array arguments, in order (a call's values are in the same order). */
  arrayTypes: readonly string[];
  /** The positions of the member and of the house account among a call's values. */
  memberArg: number;
  houseArg: number;
  /** A call's answer from its row (one the function did not refuse). */
  answer: (row: Record<string, unknown>) => R;
  /** The statement (batchSql). */
  sql: string;
}

function batchSql(name: string, arrayTypes: readonly string[]): string {
  return `select * from ${name}(${arrayTypes.map((t, i) => `$${i + 1}::${t}[]`).join(', ')})`;
}

export interface BatchedSpinRow {
  o_balance: number;
  o_stake_tx: number;
  o_payout_tx: number | null;
  o_at: Date;
}

/** seamless_spin's arguments, in order, as the array types of seamless_spin_batch's. */
const SPIN_TYPES = [
  'text', 'bigint', 'text', 'text', 'text', 'bigint', 'bigint', 'bytea', 'bytea', 'bigint',
  'bigint', 'boolean', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'bytea',
  'bytea', 'bigint', 'bigint', 'boolean', 'text', 'text', 'text', 'text', 'text', 'boolean',
]; // prettier-ignore

/** One-statement rounds (seamless_spin's thirty arguments, wager and outcome as JSON text). */
export const SPIN_BATCH: BatchKind<BatchedSpinRow> = {
  name: 'seamless_spin_batch',
  arrayTypes: SPIN_TYPES,
  memberArg: 1,
  houseArg: 10,
  answer: (row) => ({
    o_balance: Number(row.o_balance),
    o_stake_tx: Number(row.o_stake_tx),
    o_payout_tx: row.o_payout_tx === null ? null : Number(row.o_payout_tx),
    o_at: row.o_at as Date,
  }),
  sql: batchSql('seamless_spin_batch', SPIN_TYPES),
};

/**
 * house_mines_batch's arrays (migration 083): whether the call is a start, then house_mines_start's
 * arguments (its layout as the array's text), then those of house_mines_step it does not share
 * (its pays and multipliers as the arrays' text).
 */
const MINES_TYPES = [
  'boolean', 'text', 'bigint', 'text', 'text', 'bigint', 'bigint', 'text', 'text', 'bigint',
  'integer', 'text', 'boolean', 'bigint', 'bigint', 'bytea', 'boolean', 'integer', 'integer', 'text',
  'text', 'text', 'text', 'text', 'text',
]; // prettier-ignore

/** house_mines_step's arguments at their places among house_mines_batch's. */
const STEP_PLACES = [3, 2, 17, 9, 10, 18, 19, 20, 21, 13, 14, 22, 23, 24];

/**
 * A Mines call's answer: a start's balance and time; a step's row as house_mines_step answers it,
 * `o_found` false when it found no round open (house_mines_step answers no row).
 */
export interface BatchedMinesRow extends Omit<MinesStepRow, 'o_open'> {
  o_found: boolean;
  o_open: boolean | null;
}

/** What house_mines_step answers (migration 078): the round kept open (o_open) or settled. */
export interface MinesStepRow {
  o_open: boolean;
  o_picks: unknown;
  o_layout: unknown;
  o_win: number;
  o_balance: number;
  o_at: Date;
  o_vendor: string;
  o_game_code: string;
  o_seed_hash: string;
  o_client_seed: string;
  o_nonce: number;
  o_free_play: boolean;
}

export const MINES_BATCH: BatchKind<BatchedMinesRow> = {
  name: 'house_mines_batch',
  arrayTypes: MINES_TYPES,
  memberArg: 2,
  houseArg: 14,
  answer: (row) => row as unknown as BatchedMinesRow,
  sql: batchSql('house_mines_batch', MINES_TYPES),
};

/** A Mines start's call: house_mines_start's sixteen arguments, in order. */
export function minesStartCall(args: unknown[]): unknown[] {
  const v: unknown[] = MINES_TYPES.map(() => null);
  v[0] = true;
  args.forEach((a, k) => (v[k + 1] = a));
  return v;
}

/** A Mines step's call: house_mines_step's fourteen arguments, in order. */
export function minesStepCall(args: unknown[]): unknown[] {
  const v: unknown[] = MINES_TYPES.map(() => null);
  v[0] = false;
  args.forEach((a, k) => (v[STEP_PLACES[k]!] = a));
  return v;
}

interface Item {
  kind: BatchKind<unknown>;
  member: number;
  house: number;
  values: unknown[];
  resolve: (row: unknown) => void;
  reject: (err: unknown) => void;
}

const DEADLOCK_SQLSTATE = '40P01';

export class SpinBatcher {
  private readonly pool: pg.Pool;
  private readonly maxItems: number;
  private readonly maxInFlight: number;
  private queue: Item[] = [];
  private inFlight = 0;
  /** Members with a call in flight. */
  private readonly busy = new Set<number>();
  /**
   * Batches sent, calls in them, the largest batch, batches with both a refused and an applied
   * call; `byKind` the batches and calls of each batch function.
   */
  readonly stats = {
    calls: 0,
    rounds: 0,
    largest: 0,
    mixed: 0,
    byKind: {} as Record<string, { calls: number; rounds: number; largest: number }>,
  };

  constructor(pool: pg.Pool, options: SpinBatcherOptions = {}) {
    this.pool = pool;
    this.maxItems = Math.max(1, Math.min(options.maxItems ?? 32, 60));
    this.maxInFlight = Math.max(1, options.maxInFlight ?? 2);
  }

  /** One round: `values` are seamless_spin's thirty arguments (wager and outcome as JSON text). */
  spin(values: unknown[]): Promise<BatchedSpinRow> {
    return this.call(SPIN_BATCH, values);
  }

  /** One call of a batch function: `values` one element of each of its arrays. */
  call<R>(kind: BatchKind<R>, values: unknown[]): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({
        kind: kind as BatchKind<unknown>,
        member: Number(values[kind.memberArg]),
        house: Number(values[kind.houseArg]),
        values,
        resolve: resolve as (row: unknown) => void,
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
      let kind: BatchKind<unknown> | undefined;
      for (const item of this.queue) {
        // A member's later calls wait behind its earlier one (in flight, left in the queue or
        // taken); a batch is of the kind of its first call.
        if (
          batch.length >= this.maxItems ||
          this.busy.has(item.member) ||
          held.has(item.member) ||
          (kind !== undefined && item.kind !== kind)
        ) {
          rest.push(item);
        } else {
          kind ??= item.kind;
          batch.push(item);
        }
        held.add(item.member);
      }
      if (batch.length === 0) return;
      this.queue = rest;
      for (const item of batch) this.busy.add(item.member);
      this.inFlight++;
      void this.send(kind!, batch)
        // Whatever went wrong reading the answer, no call is left waiting (a settled one stays so).
        .catch((err: unknown) => batch.forEach((item) => item.reject(err)))
        .finally(() => {
          this.inFlight--;
          for (const item of batch) this.busy.delete(item.member);
          this.pump();
        });
    }
  }

  private async send(kind: BatchKind<unknown>, batch: Item[]): Promise<void> {
    const ordered = batch
      .map((item, at) => ({ item, at }))
      .sort((a, b) => a.item.house - b.item.house || a.at - b.at)
      .map((x) => x.item);
    this.stats.calls++;
    this.stats.rounds += ordered.length;
    this.stats.largest = Math.max(this.stats.largest, ordered.length);
    const own = (this.stats.byKind[kind.name] ??= { calls: 0, rounds: 0, largest: 0 });
    own.calls++;
    own.rounds += ordered.length;
    own.largest = Math.max(own.largest, ordered.length);
    const values = kind.arrayTypes.map((_, k) => ordered.map((item) => item.values[k]));
    let rows: (BatchRowBase & Record<string, unknown>)[];
    for (let attempt = 1; ; attempt++) {
      try {
        rows = (await this.pool.query({ name: kind.name, text: kind.sql, values })).rows;
        break;
      } catch (err) {
        // The batch left nothing: a deadlock is tried again, anything else is every call's answer.
        if ((err as { code?: string }).code === DEADLOCK_SQLSTATE && attempt < 3) continue;
        for (const item of ordered) item.reject(err);
        return;
      }
    }
    if (rows.some((r) => r.o_state !== null) && rows.some((r) => r.o_state === null)) this.stats.mixed++;
    // Each row answers the call at its ordinal; a call whose row did not come back is rejected.
    const answered = new Set<number>();
    for (const row of rows) {
      const at = Number(row.o_i) - 1;
      const item = ordered[at];
      if (!item || answered.has(at)) continue;
      answered.add(at);
      if (row.o_state !== null) {
        item.reject(
          Object.assign(new Error(row.o_message ?? row.o_state), {
            code: row.o_state,
            constraint: row.o_constraint ?? undefined,
          }),
        );
      } else {
        item.resolve(kind.answer(row));
      }
    }
    if (answered.size !== ordered.length) {
      const missing = new Error(`${kind.name}: ${answered.size} answers for ${ordered.length} calls`);
      ordered.forEach((item, at) => {
        if (!answered.has(at)) item.reject(missing);
      });
    }
  }
}
