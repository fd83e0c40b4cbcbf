import { sql, type Kysely } from 'kysely';
import { POINTS_CURRENCY, POINTS_WALLET, pointsTypeOfMovement, type PointsType } from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { handOnSettledBets, takeQueueHalf } from '../../db/queue-halves.ts';
import { AgentType } from '@app/contract';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';

/**
 * Points (issue 32, decision 033): earned on settled valid bets at the product rates of
 * points_rate, held on each member's POINTS account of the one ledger, in hundredths of a point.
 *
 * Exactly once: a fold takes one half of the queue whole and empties it (migration 087), and the
 * bets settled since the last hand-on (the settling transaction's trigger queues each once in
 * bet_queue: migration 088, decision 066), adds them to points_accrual and posts what became
 * owed, in one transaction, so a crash or a throw leaves all of it or none. Folds run one at a time across
 * instances (an advisory lock of the transaction); a fold that finds another running does nothing
 * and the next one takes its rows. Each movement's ledger key names the fold's sequence number, its
 * type, direction and part, so a movement can never be posted twice.
 */

export const POINTS_FOLD_JOB = 'points.fold';
export const HOUSE_POINTS = 'HOUSE_POINTS';
const POINTS_LOCK = 'points-fold';
/** Members' postings per ledger movement of a fold. */
const MOVEMENT_MEMBERS = 100;

export interface PointsDeps {
  database: Database;
  /** Decimals of the site's currency: valid bets are in its minor units. */
  precision: () => number;
}

export interface PointsFoldSummary {
  /** Queue rows taken. */
  folded: number;
  /** Ledger movements posted (earned or reversed). */
  posted: number;
  /** 1 when another fold held the lock and this one did nothing. */
  busy: number;
}

export interface PointsMovement {
  id: number;
  type: PointsType;
  /** Hundredths of a point, signed. */
  points: number;
  /** The account's balance after the movement, in hundredths. */
  balance: number;
  reference: string;
  at: Date;
}

/**
 * A consumer of the settled valid bets a fold takes off the queue (the bonus wagering, decision
 * 041): called in the fold's transaction with each member's net valid bet per product (free play
 * and trial accounts left out, deposits' rows too), so each bet reaches it exactly once.
 */
export type FoldObserver = (
  trx: Kysely<DB>,
  bets: { memberId: number; product: string; validBet: number }[],
) => Promise<unknown>;

export class PointsService {
  private readonly database: Database;
  private readonly precision: () => number;
  private readonly observers: FoldObserver[] = [];

  constructor(deps: PointsDeps) {
    this.database = deps.database;
    this.precision = deps.precision;
  }

  /** Adds a consumer of the bets each fold takes (in the fold's transaction). */
  observe(observer: FoldObserver): void {
    this.observers.push(observer);
  }

  /** One fold in a transaction of its own (tests, an operator). */
  foldNow(options: { failAfterPosting?: boolean } = {}): Promise<PointsFoldSummary> {
    return this.database.db.transaction().execute((trx) => this.fold(trx, options));
  }

  /** Folds until the queue is empty (or another instance is folding); the rows folded. */
  async foldAll(): Promise<number> {
    let total = 0;
    for (;;) {
      const r = await this.foldNow();
      total += r.folded;
      if (r.folded === 0 || r.busy) return total;
    }
  }

  /** One fold inside the caller's transaction (the job's run). */
  async fold(trx: Kysely<DB>, options: { failAfterPosting?: boolean } = {}): Promise<PointsFoldSummary> {
    // Keyed by the schema too: a database holding several schemas (the tests') folds each on its own.
    const lock = await sql<{ ok: boolean }>`
      select pg_try_advisory_xact_lock(hashtextextended(${POINTS_LOCK} || current_schema(), 0)) as ok`.execute(
      trx,
    );
    if (!lock.rows[0]?.ok) return { folded: 0, posted: 0, busy: 1 };
    // A valid bet of one minor unit of a currency of `precision` decimals at rate r earns
    // r × 10^(2 − precision) hundredths of a point: one point per unit of currency at rate 1.
    const scale = sql.raw(`power(10::numeric, ${2 - this.precision()})`);

    // One half of the queue taken whole (migration 087; decision 028, "The queue in two halves"),
    // emptied with this fold's commit; the writers write to the other half meanwhile. Then the bets
    // settled so far, queued once each (migration 088, decision 066): this fold's rows of them into
    // the batch, the other folds' into their queues.
    await takeQueueHalf(trx, 'points_queue', 'points_fold_batch');
    await handOnSettledBets(trx, { consumer: 'points', batch: 'points_fold_batch' });

    const state = await sql<{ folds: string }>`
      update points_state set folds = folds + 1, last_fold_at = now() returning folds`.execute(trx);
    const fold = String(state.rows[0]!.folds);

    // Taken off the queue and added to the exact accruals in one statement; members of a trial
    // account (free play) earn nothing whatever their records say.
    const taken = await sql<{
      rows: number;
      members: number[] | null;
      types: string[] | null;
      bets: { m: number; p: string; v: string }[] | null;
    }>`
      with d as (
        select member_id, product, valid_bet from points_fold_batch
      ), s as (
        select d.member_id, r.points_type, sum(d.valid_bet * r.rate * ${scale}) as owed
        from d
        join points_rate r on r.product = d.product
        join member m on m.id = d.member_id and m.agent_type <> ${AgentType.trial}
        group by d.member_id, r.points_type
      ), up as (
        insert into points_accrual as a (member_id, points_type, owed)
        select member_id, points_type, owed from s
        order by member_id, points_type
        on conflict (member_id, points_type) do update set owed = a.owed + excluded.owed
        returning a.member_id, a.points_type
      )
      select (select count(*) from d)::int as rows,
             (select array_agg(member_id order by member_id, points_type) from up) as members,
             (select array_agg(points_type order by member_id, points_type) from up) as types,
             ${
               this.observers.length
                 ? sql`(select json_agg(json_build_object('m', b.member_id, 'p', b.product, 'v', b.v::text)
                         order by b.member_id, b.product)
                       from (select d.member_id, d.product, sum(d.valid_bet) as v from d
                             join member m on m.id = d.member_id and m.agent_type <> ${AgentType.trial}
                             where d.product <> 'DEPOSIT'
                             group by d.member_id, d.product) b where b.v <> 0)`
                 : sql`null::json`
             } as bets`.execute(trx);
    const folded = Number(taken.rows[0]?.rows ?? 0);
    const bets = (taken.rows[0]?.bets ?? []).map((b) => ({
      memberId: Number(b.m),
      product: b.p,
      validBet: Number(b.v),
    }));
    if (bets.length) for (const observe of this.observers) await observe(trx, bets);
    // Rows may have been taken that earn nothing (an unknown product, a trial account).
    if (!taken.rows[0]?.members?.length) return { folded, posted: 0, busy: 0 };
    const members = taken.rows[0].members.map(Number);
    const types = taken.rows[0].types ?? [];

    await sql`
      insert into ledger_account (member_id, wallet_type, currency)
      select distinct m, ${POINTS_WALLET}, ${POINTS_CURRENCY} from unnest(${members}::bigint[]) as m
      order by m
      on conflict (member_id, wallet_type, currency) do nothing`.execute(trx);

    // What became owed beyond what was posted: the floor of the exact sum, so whichever bets fell
    // into which fold the posted total is the same. A reversal takes back at most what the member
    // holds after this fold's earnings (points already redeemed cannot be taken twice, and the
    // account never goes below zero); the rest stays owed against later earnings. With a member's
    // reversals in type order, the k-th takes max(N_k, -avail) - max(N_(k-1), -avail), N being the
    // running sum of its reversals: together never more than avail.
    const moves = await sql<{ member_id: number; points_type: string; account: number; delta: string }>`
      with c as (
        select a.member_id, a.points_type, l.id as account, l.balance,
               floor(a.owed)::bigint - a.posted as want
        from unnest(${members}::bigint[], ${types}::text[]) as x(m, t)
        join points_accrual a on a.member_id = x.m and a.points_type = x.t
        join ledger_account l on l.member_id = a.member_id and l.wallet_type = ${POINTS_WALLET}
          and l.currency = ${POINTS_CURRENCY}
      ), d as (
        select c.*,
               sum(least(want, 0)) over (partition by member_id order by points_type) as neg,
               balance + sum(greatest(want, 0)) over (partition by member_id) as avail
        from c
      )
      select member_id, points_type, account,
             (case when want >= 0 then want
                   else greatest(neg, -avail) - greatest(neg - want, -avail) end)::text as delta
      from d
      order by member_id, points_type`.execute(trx);

    const house = await sql<{
      id: number;
    }>`select id from ledger_account where code = ${HOUSE_POINTS}`.execute(trx);
    const houseId = Number(house.rows[0]!.id);
    const rows = moves.rows.map((m) => ({ ...m, delta: Number(m.delta) })).filter((m) => m.delta !== 0);
    // One movement per type and direction a fold (in parts of MOVEMENT_MEMBERS): the members'
    // postings (ascending, the lock order) and the house's sum, through ledger_post; earnings before
    // reversals, since a reversal may take points this fold earned. Each member's posting is its own
    // row, and the movement's reference (its type) files it in the details. A movement per member
    // cost 0.7 ms each (8,000 in 5.8 s on PostgreSQL, each updating the house's row); in parts of
    // 100, a fold of 8,000 settled bets of 2,000 members in four types took 0.94 s.
    let posted = 0;
    for (const sign of [1, -1]) {
      for (const type of [...new Set(rows.map((m) => m.points_type))].sort()) {
        const all = rows.filter((m) => m.points_type === type && Math.sign(m.delta) === sign);
        // In movements of MOVEMENT_MEMBERS: the balance check of a transaction re-sums its
        // postings for each posting, so its cost grows with the square of its size.
        for (let i = 0; i < all.length; i += MOVEMENT_MEMBERS) {
          const part = all.slice(i, i + MOVEMENT_MEMBERS);
          const total = part.reduce((sum, m) => sum + m.delta, 0);
          await sql`
            select o_id from ledger_post(
              ${`points:${fold}:${type}:${sign > 0 ? 'earn' : 'reverse'}:${i / MOVEMENT_MEMBERS}`},
              ${type === 'DEPOSIT' ? 'POINTS_DEPOSIT' : 'POINTS_EARN'},
              ${type}, '', null,
              ${[...part.map((m) => Number(m.account)), houseId]}::bigint[],
              ${[...part.map((m) => m.delta), -total]}::bigint[])`.execute(trx);
          posted += part.length;
        }
      }
    }
    if (rows.length)
      await sql`
        update points_accrual a set posted = a.posted + x.delta
        from unnest(${rows.map((m) => Number(m.member_id))}::bigint[], ${rows.map((m) => m.points_type)}::text[],
                    ${rows.map((m) => m.delta)}::bigint[]) as x(member_id, points_type, delta)
        where a.member_id = x.member_id and a.points_type = x.points_type`.execute(trx);
    if (options.failAfterPosting) throw new Error('points: fold stopped after posting (test)');
    return { folded, posted, busy: 0 };
  }

  /** The member's points balance, in hundredths of a point (0 before any is earned). */
  async balance(memberId: number): Promise<number> {
    const r = await this.database.db
      .selectFrom('ledger_account')
      .select('balance')
      .where('member_id', '=', memberId)
      .where('wallet_type', '=', POINTS_WALLET)
      .where('currency', '=', POINTS_CURRENCY)
      .executeTakeFirst();
    return Number(r?.balance ?? 0);
  }

  /**
   * The member's points movements newest first, optionally of one type, a page at a time, with
   * the balance after each (the running sum of the account's postings in posting order).
   */
  async details(
    memberId: number,
    q: { type?: PointsType; page: number; size: number },
  ): Promise<{ total: number; items: PointsMovement[] }> {
    const db = this.database.db;
    const account = await db
      .selectFrom('ledger_account')
      .select('id')
      .where('member_id', '=', memberId)
      .where('wallet_type', '=', POINTS_WALLET)
      .where('currency', '=', POINTS_CURRENCY)
      .executeTakeFirst();
    if (!account) return { total: 0, items: [] };
    const typeFilter = q.type ? sql`where type = ${q.type}` : sql``;
    const rows = await sql<{
      id: number;
      kind: string;
      reference: string;
      amount: string;
      balance: string;
      created_at: Date;
      total: string;
    }>`
      with p as (
        select p.id, t.kind, t.reference, p.amount, p.created_at,
               sum(p.amount) over (order by p.id) as balance
        from ledger_posting p join ledger_transaction t on t.id = p.transaction_id
        where p.account_id = ${account.id}
      ), typed as (
        select p.*, case p.kind when 'POINTS_REDEEM' then 'REDEEM' when 'POINTS_DEPOSIT' then 'DEPOSIT'
                                else p.reference end as type
        from p
      )
      select id, kind, reference, amount, balance, created_at, count(*) over () as total
      from typed ${typeFilter}
      order by id desc
      limit ${q.size} offset ${(q.page - 1) * q.size}`.execute(db);
    return {
      total: Number(rows.rows[0]?.total ?? 0),
      items: rows.rows.map((r) => ({
        id: Number(r.id),
        type: pointsTypeOfMovement(r.kind, r.reference),
        points: Number(r.amount),
        balance: Number(r.balance),
        reference: r.reference,
        at: new Date(r.created_at),
      })),
    };
  }
}

/** The fold job: every 5 seconds, once per window across instances (platform/jobs). */
export function registerPointsJobs(jobs: JobRunner, points: PointsService): void {
  jobs.register(POINTS_FOLD_JOB, { everyMs: 5_000 }, async ({ db }) => {
    const r = await points.fold(db);
    return { folded: r.folded, posted: r.posted };
  });
}
