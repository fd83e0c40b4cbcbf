import { sql, type Kysely } from 'kysely';
import { AgentType, MAX_BALANCE_MINOR, type LedgerKind } from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import { WalletType, type HouseCode, type Posting, type WalletService } from '../wallet/wallet.service.ts';

/**
 * Rebates on settled bets (issue 29, decisions 028 and 059): earned by the fold job (stats.ts) in the
 * transaction that takes the bets off the queue, so each bet earns its rebates exactly once (the
 * agents' differentials accrued there; a player's own rebate kept in its figures,
 * agent_member_day.own_rebate, and accrued by the hourly payment that pays it), and
 * credited through the ledger by whoever moves what an accrual owes beyond what it paid, in the
 * transaction that records the payment, so each cent is credited exactly once: the agent credit job
 * once a minute for the agents' differentials (an agent sees its income within about a minute of
 * the bet), the rebate job once an hour for the players' own rebates and whatever else is due.
 *
 * - Lottery, both its categories (LOTT and ELOTT: all our lottery's draws): every agent keeps
 *   `(own prize group − the direct downline's group) ÷ 2000` of the valid bet of the bets under that
 *   downline (member.lottery_series), whatever series or prize mode the player bet at. The player's
 *   own lottery rebate is the series it chose below its group, in the prize the draw pays (decision
 *   021): not paid here.
 * - Other products: the player earns its own `member_rebate` rate on its valid bet (REBATE), each
 *   agent its rate minus its direct downline's (AGENT_REBATE). Rates are basis points.
 * - A difference below zero (a downline set above its upline against the rules) pays nothing.
 * - Trial accounts (free play) earn nobody anything.
 * - The house pays (its HOUSE_REBATE account), never an upline's wallet (decision 028).
 *
 * What each bet earns is exact in 1/20000 of a minor unit (a lottery group step of 1/2000 and a
 * basis point of 1/10000 both are whole multiples of it) and accrues per member, product and kind;
 * a payment moves the whole minor units owed beyond what was paid, so the sum paid is the floor of
 * the exact sum, whichever bets fell into which fold. A correction that lowers a valid bet lowers
 * what is owed: later rebates are held back until it is made up, and nothing is taken back.
 *
 * Why not at every fold: a ledger credit costs a balance update per member and queues a movement
 * row the fold then adds up. Crediting every bettor every 5 seconds cost a settlement about a sixth
 * more CPU than the settlement itself, and crediting the agents at every fold still cost a fold of
 * 8,000 bets 0.4–0.8 s of its 2.4 (bench/agent-stats.bench.ts): once an hour a player is credited
 * once per product for all its bets of the hour, once a minute an agent for all its team's bets of
 * the minute.
 */

/** Units of what is owed per minor unit. */
export const REBATE_UNITS_PER_MINOR = 20_000n;

/**
 * Members credited by one ledger movement at most: the database checks at commit that each
 * posting's movement balances by summing the movement's postings, so a movement's cost grows with
 * the square of its size, and each movement also has a cost of its own (measured: 50 is cheaper
 * per credit than 200 or 10).
 */
const POSTINGS_PER_MOVEMENT = 50;

/** The lottery's categories: rebated by prize group, never by a member_rebate rate. */
export const LOTTERY_PRODUCTS = sql`('LOTT', 'ELOTT')`;

/** The house account that pays rebates (the wallet's house accounts: `<code>:<currency>[:<shard>]`). */
export const HOUSE_REBATE = 'HOUSE_REBATE' as HouseCode;

/**
 * The advisory lock of the fold and of the rebate payment (with the schema: a database holding
 * several schemas, the tests', folds each on its own): one at a time, so the accruals a fold adds
 * to and a payment reads never wait on each other row by row.
 */
export const STATS_LOCK = 'agent-stats-fold:';

export const REBATE_JOB = 'agent.rebate-pay';
export const REBATE_PAY_EVERY_MS = 3_600_000;
/** The agents' differentials: credited once a minute (decision 028). */
export const AGENT_CREDIT_JOB = 'agent.agent-credit';
export const AGENT_CREDIT_EVERY_MS = 60_000;

/**
 * The fold's members (`agent_fold_who`, dropped at commit): each member of the batch once, with its
 * direct upline, prize group and account type, read from `member` once per fold and analysed, so the
 * statements that need them (the accruals, the team figures) join a small table the planner knows
 * instead of looking `member` up again for every bet or figure row (decision 028, "A fold's
 * members, once"). Call it after `agent_fold_batch` is filled, before `accrueRebates`.
 */
export async function resolveFoldMembers(trx: Kysely<DB>): Promise<void> {
  await sql`
    create temp table agent_fold_who on commit drop as
    select m.id as member_id, m.upline_id, m.lottery_series, m.agent_type
    from (select distinct member_id from agent_fold_batch) b
    cross join lateral (
      select m.id, m.upline_id, m.lottery_series, m.agent_type from member m where m.id = b.member_id offset 0
    ) m`.execute(trx);
  await sql`analyze agent_fold_who`.execute(trx);
}

/**
 * Accrues the agents' differentials on the bets of the fold's batch, from its sums per member, day
 * and product (`agent_fold_member`, with each member's own rate, `rate_bp`) and its members
 * (`agent_fold_who`, `resolveFoldMembers`); the number of accruals added to. Runs inside the fold's
 * transaction; what they make due is credited by the jobs. The players' own rebates are not
 * accrued here: the fold keeps them in the figures (agent_fold_member.own_rebate into
 * agent_member_day) and the hourly payment accrues them (`accrueOwnRebates`, decision 059).
 *
 * Each member's direct upline earns its difference with that member; every agent above earns its
 * difference with its own downline on the way, which is the same for every bet under the direct
 * upline: those are worked out once per direct upline and product, over the tree, rather than
 * once per bettor (a fold's bettors are thousands, their direct uplines a few hundred).
 */
export async function accrueRebates(trx: Kysely<DB>): Promise<number> {
  const r = await sql`
    with own as (
      select f.member_id, m.upline_id, m.lottery_series, f.product, max(f.rate_bp) as rate_bp,
        sum(f.valid_bet) as valid
      from agent_fold_member f
      join agent_fold_who m on m.member_id = f.member_id
      where f.product <> '*' and m.agent_type <> ${AgentType.trial} and m.upline_id is not null
      group by f.member_id, m.upline_id, m.lottery_series, f.product
      having sum(f.valid_bet) <> 0
    ),
    -- The direct upline's difference with the member, per the member's group and rate.
    direct as (
      select o.upline_id, o.product,
        sum(o.valid * case
          when o.product in ${LOTTERY_PRODUCTS} then greatest(u.lottery_series - o.lottery_series, 0) * 10
          else greatest(coalesce(ur.rate_bp, 0) - o.rate_bp, 0) * 2
        end) as owed
      from (
        select upline_id, product, lottery_series, rate_bp, sum(valid) as valid from own
        where upline_id is not null
        group by upline_id, product, lottery_series, rate_bp
      ) o
      join member u on u.id = o.upline_id
      left join member_rebate ur on ur.member_id = o.upline_id and ur.product = o.product
      where u.agent_type <> ${AgentType.trial}
      group by o.upline_id, o.product
    ),
    -- Above the direct upline (u): each of u's uplines (a) keeps its difference with the downline
    -- (c) the bets came through, on all the bets under u.
    under as (
      select upline_id as member_id, product, sum(valid) as valid from own
      group by upline_id, product
    ),
    earned as (
      select upline_id as member_id, product, 'AGENT_REBATE' as kind, owed from direct
      union all
      select ta.ancestor_id, r.product, 'AGENT_REBATE',
        r.valid * case
          when r.product in ${LOTTERY_PRODUCTS} then greatest(ma.lottery_series - mc.lottery_series, 0) * 10
          else greatest(coalesce(ra.rate_bp, 0) - coalesce(rc.rate_bp, 0), 0) * 2
        end
      from under r
      join member_tree ta on ta.descendant_id = r.member_id and ta.depth >= 1
      join member_tree tc on tc.descendant_id = r.member_id and tc.depth = ta.depth - 1
      join member ma on ma.id = ta.ancestor_id
      join member mc on mc.id = tc.ancestor_id
      left join member_rebate ra on ra.member_id = ta.ancestor_id and ra.product = r.product
      left join member_rebate rc on rc.member_id = tc.ancestor_id and rc.product = r.product
      where ma.agent_type <> ${AgentType.trial}
    )
    insert into agent_rebate_accrual as a (member_id, product, kind, owed)
      select member_id, product, kind, sum(owed) from earned
      group by member_id, product, kind
      having sum(owed) <> 0
    on conflict (member_id, product, kind) do update set owed = a.owed + excluded.owed`.execute(trx);
  return Number(r.numAffectedRows ?? 0);
}

/**
 * Moves the players' own rebates the folds kept in the figures (agent_member_day.own_rebate, each
 * fold's at the rate the member had when it took the bets) into their accruals, and empties them;
 * the accruals added to. Inside the hourly payment's transaction, under the fold's lock (no fold
 * adds to a row between the read and the write), so what is moved is paid, or neither happens.
 *
 * Which rows: the days from `agent_stat_state.own_rebate_from` (the earliest day a fold put an own
 * rebate on since the last move) of every member with a rate (member_rebate, other products than
 * the lottery's), each read by the member's index (`agent_member_day_by_member`, migration 089). A
 * fold puts an own rebate only on a member with a rate, and a rate once set is never lowered, so its
 * member_rebate row stays (decision 028): every row with an own rebate is found.
 */
export async function accrueOwnRebates(trx: Kysely<DB>): Promise<number> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${STATS_LOCK} || current_schema(), 0))`.execute(
    trx,
  );
  const state = await sql<{ from_day: string | null }>`
    select own_rebate_from::text as from_day from agent_stat_state`.execute(trx);
  const from = state.rows[0]?.from_day;
  if (!from) return 0;
  const r = await sql`
    with due as (
      select d.member_id, d.product, d.day, d.own_rebate
      from member_rebate mr
      cross join lateral (
        select d.member_id, d.product, d.day, d.own_rebate from agent_member_day d
        where d.member_id = mr.member_id and d.product = mr.product and d.day >= ${from}::date
          and d.own_rebate <> 0
        offset 0
      ) d
      where mr.product not in ${LOTTERY_PRODUCTS}
    ),
    moved as (
      update agent_member_day d set own_rebate = 0
      from due
      where d.member_id = due.member_id and d.product = due.product and d.day = due.day
    )
    insert into agent_rebate_accrual as a (member_id, product, kind, owed)
      select member_id, product, 'REBATE', sum(own_rebate) from due
      group by member_id, product
      having sum(own_rebate) <> 0
    on conflict (member_id, product, kind) do update set owed = a.owed + excluded.owed`.execute(trx);
  await sql`update agent_stat_state set own_rebate_from = null`.execute(trx);
  return Number(r.numAffectedRows ?? 0);
}

/**
 * The rebate accruals of `memberIds` as owed now, for a report or a check: the accrual rows, each
 * player's own rebates still in its figures (not yet moved by the payment) added to its REBATE
 * accrual. What the fold's accruals held before decision 059, to the unit.
 */
export async function rebateAccruals(db: Kysely<DB>, memberIds: readonly number[]): Promise<DueRow[]> {
  const ids = [...memberIds];
  const r = await sql<DueRow>`
    select member_id, product, kind, sum(owed)::text as owed, sum(paid)::bigint as paid from (
      select member_id, product, kind, owed, paid from agent_rebate_accrual
      where member_id = any(${ids}::bigint[])
      union all
      select member_id, product, 'REBATE', own_rebate, 0 from agent_member_day
      where member_id = any(${ids}::bigint[]) and own_rebate <> 0
    ) x
    group by member_id, product, kind
    order by member_id, product, kind`.execute(db);
  return r.rows.map((x) => ({ ...x, member_id: Number(x.member_id), paid: Number(x.paid) }));
}

/** What an accrual owes beyond what it paid, in whole minor units (0 when nothing is due). */
function dueOf(r: DueRow): number {
  const owed = BigInt(r.owed);
  return owed > 0n ? Math.max(0, Number(owed / REBATE_UNITS_PER_MINOR) - Number(r.paid)) : 0;
}

export interface PayOptions {
  /** Test hook: throws once the credits are posted, to show that the payment rolls back whole. */
  failAfterPosting?: boolean;
}

export interface DueRow {
  member_id: number;
  product: string;
  kind: 'REBATE' | 'AGENT_REBATE';
  owed: string;
  paid: number;
}

export class AgentRebates {
  private readonly database: Database;
  private readonly wallet: WalletService;
  private manualRuns = 0;

  constructor(deps: { database: Database; wallet: WalletService }) {
    this.database = deps.database;
    this.wallet = deps.wallet;
  }

  /** A payment in a transaction of its own (tests, the bench, an operator). */
  payNow(options: PayOptions = {}): Promise<number> {
    return this.database.db.transaction().execute((trx) => this.pay(trx, this.manualRun('now'), options));
  }

  /** The agents' credit in a transaction of its own (tests, the bench, an operator). */
  creditAgentsNow(options: PayOptions = {}): Promise<number> {
    return this.database.db
      .transaction()
      .execute((trx) => this.creditAgents(trx, this.manualRun('agents-now'), options));
  }

  private manualRun(prefix: string): string {
    return `${prefix}-${new Date().toISOString()}-${process.pid}-${++this.manualRuns}`;
  }

  /**
   * Credits every accrual's whole minor units owed beyond what it paid, inside `trx` (the job's
   * run); the minor units credited. `run` names the run in the ledger keys
   * (`agent-rebate:<run>:<kind>:<product>:<part>`): the job's window start.
   */
  pay(trx: Kysely<DB>, run: string, options: PayOptions = {}): Promise<number> {
    return this.payDue(trx, run, null, options);
  }

  /**
   * The agents' differentials only (the agent credit job, once a minute), inside `trx`; the minor
   * units credited. The players' own rebates wait for the hourly payment.
   */
  creditAgents(trx: Kysely<DB>, run: string, options: PayOptions = {}): Promise<number> {
    return this.payDue(trx, run, 'AGENT_REBATE', options);
  }

  private async payDue(
    trx: Kysely<DB>,
    run: string,
    kind: DueRow['kind'] | null,
    options: PayOptions,
  ): Promise<number> {
    // Waits for a fold to end (and a fold finding the lock taken leaves its rows to the next), so
    // the accruals read here are not being added to.
    await sql`select pg_advisory_xact_lock(hashtextextended(${STATS_LOCK} || current_schema(), 0))`.execute(
      trx,
    );
    // The hourly run (every kind): the players' own rebates the folds kept in the figures first.
    if (kind === null) await accrueOwnRebates(trx);
    const owing = await sql<DueRow>`
      select member_id, product, kind, owed::text as owed, paid from agent_rebate_accrual
      where owed >= (paid + 1) * ${Number(REBATE_UNITS_PER_MINOR)}
        ${kind ? sql`and kind = ${kind}` : sql``}
      order by member_id, product, kind`.execute(trx);
    const due = owing.rows.map((r) => ({ ...r, due: dueOf(r) })).filter((r) => r.due > 0);
    if (due.length === 0) return 0;
    const credited = await this.credit(trx, run, due);
    if (options.failAfterPosting) throw new Error('agent rebates: payment stopped after its credits (test)');
    return credited;
  }

  private async credit(trx: Kysely<DB>, run: string, due: (DueRow & { due: number })[]): Promise<number> {
    const wallet = this.wallet;
    const currency = wallet.currency().code;
    const memberIds = [...new Set(due.map((r) => Number(r.member_id)))].sort((a, b) => a - b);
    await sql`
    insert into ledger_account (member_id, wallet_type, currency)
      select x, ${WalletType.main}, ${currency} from unnest(${memberIds}::bigint[]) as x
    on conflict (member_id, wallet_type, currency) do nothing`.execute(trx);
    // Locked in the ledger's order (member accounts by id), so the room under the balance ceiling
    // read here is still there when the credit lands. A member at the ceiling is paid by a later
    // run that finds room: what it is owed stays accrued.
    const accounts = await sql<{ id: number; member_id: number; balance: number }>`
    select id, member_id, balance from ledger_account
    where member_id = any(${memberIds}::bigint[]) and wallet_type = ${WalletType.main} and currency = ${currency}
    order by id for update`.execute(trx);
    const account = new Map(accounts.rows.map((a) => [Number(a.member_id), a]));
    const dueOf = new Map<number, number>();
    for (const r of due) dueOf.set(Number(r.member_id), (dueOf.get(Number(r.member_id)) ?? 0) + r.due);
    const payable = due.filter((r) => {
      const a = account.get(Number(r.member_id));
      return a !== undefined && Number(a.balance) + dueOf.get(Number(r.member_id))! <= MAX_BALANCE_MINOR;
    });
    if (payable.length === 0) return 0;

    // One movement per kind and product, of at most POSTINGS_PER_MOVEMENT members: the database
    // checks at commit that each posting's movement balances by summing the movement's postings, so a
    // movement's cost grows with the square of its size.
    const groups = new Map<string, typeof payable>();
    for (const r of [...payable].sort((x, y) => Number(x.member_id) - Number(y.member_id))) {
      const key = `${r.kind}:${r.product}`;
      // Appended in place: a copy per member made a run of 30,000 players' credits take minutes.
      const group = groups.get(key);
      if (group) group.push(r);
      else groups.set(key, [r]);
    }
    let credited = 0;
    for (const [group, members] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
      for (let part = 0; part * POSTINGS_PER_MOVEMENT < members.length; part++) {
        const rows = members.slice(part * POSTINGS_PER_MOVEMENT, (part + 1) * POSTINGS_PER_MOVEMENT);
        const kind = rows[0]!.kind as LedgerKind;
        const total = rows.reduce((sum, r) => sum + r.due, 0);
        const postings: Posting[] = rows.map((r) => ({
          account: account.get(Number(r.member_id))!.id,
          amount: r.due,
        }));
        postings.push({ account: { house: HOUSE_REBATE }, amount: -total });
        const key = `agent-rebate:${run}:${group}:${part}`;
        const posted = await wallet.post(
          {
            idempotencyKey: key,
            kind,
            reference: rows[0]!.product,
            memo:
              kind === 'AGENT_REBATE'
                ? 'Agent rebate on the team\u2019s settled bets'
                : 'Rebate on settled bets',
            postings,
          },
          trx,
        );
        // A window's run commits once (job_run): a used key means a run's payments were made twice.
        if (posted.replayed) throw new Error(`agent rebate: ledger key ${key} was used`);
        credited += total;
      }
    }
    await sql`
    update agent_rebate_accrual a set paid = a.paid + x.due
    from unnest(${payable.map((r) => Number(r.member_id))}::bigint[], ${payable.map((r) => r.product)}::text[],
                ${payable.map((r) => r.kind)}::text[], ${payable.map((r) => r.due)}::bigint[])
      as x(member_id, product, kind, due)
    where a.member_id = x.member_id and a.product = x.product and a.kind = x.kind`.execute(trx);
    return credited;
  }
}

/**
 * The rebate job (everything due, once an hour) and the agent credit job (the agents'
 * differentials, once a minute), each once per window across instances (platform/jobs). Their
 * ledger keys name the window: `agents-` sets the minute's apart from the hour's that start alike.
 */
export function registerRebateJobs(jobs: JobRunner, rebates: AgentRebates): void {
  jobs.register(REBATE_JOB, { everyMs: REBATE_PAY_EVERY_MS }, async ({ db, window }) => ({
    credited: await rebates.pay(db, window.start.toISOString()),
  }));
  jobs.register(AGENT_CREDIT_JOB, { everyMs: AGENT_CREDIT_EVERY_MS }, async ({ db, window }) => ({
    credited: await rebates.creditAgents(db, `agents-${window.start.toISOString()}`),
  }));
}
