import { sql, type Kysely, type RawBuilder } from 'kysely';
import { betProducts } from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { handOnSettledBets, takeQueueHalf } from '../../db/queue-halves.ts';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import { jobPeriodMsFromEnv } from '../../platform/jobs/job-period.ts';
import { AgentType } from '@app/contract';
import { accrueRebates, LOTTERY_PRODUCTS, resolveFoldMembers, STATS_LOCK } from './rebate-job.ts';
import { addDays, dayOf } from './stats-days.ts';

/**
 * The agent centre's team figures (issue 29, decision 028): the queue the triggers of migration 029
 * append to is folded, every few seconds, into the per-member and per-upline figures the reports
 * read; the rebates its bets earn are accrued in the same transaction (rebate-job.ts credits them:
 * the agents' differentials once a minute, the players' own rebates once an hour). A player's own
 * rebate is kept in the member's figures (agent_member_day.own_rebate, at its rate when the fold
 * takes the bets) and moved into its accrual by the hourly payment (decision 059).
 *
 * Exactly once: a fold empties the half of the queue it adds up (migration 082), and the figures and
 * the rebate accruals commit together with that TRUNCATE, or nothing does (a crash, kill -9, a throw). Folds
 * are taken one at a time across instances (an advisory lock of the transaction); a fold that finds
 * another running does nothing and the next one takes its rows.
 */

/** Report days follow one time zone; the original's statistics are all GMT+8 (research §9). */
export const DEFAULT_REPORT_TIME_ZONE = 'Asia/Shanghai';

/** The configured report time zone (env REPORT_TIME_ZONE, an IANA name), checked once at start. */
export function reportTimeZoneFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  const zone = env.REPORT_TIME_ZONE?.trim() || DEFAULT_REPORT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: zone });
  } catch {
    throw new Error(`REPORT_TIME_ZONE "${zone}" is not a time zone name (e.g. Asia/Shanghai)`);
  }
  return zone;
}

/** The metrics counted as distinct members over a range (agent_member_active.metric). */
export const ActiveMetric = { login: 1, bettor: 2, depositor: 3, withdrawer: 4, promotion: 5 } as const;

/**
 * Gaps between a member's active days are kept up to this many days: a distinct count over a range
 * is exact for ranges of up to this many days (the overview's longest, a month, has 31).
 */
export const ACTIVE_GAP_CAP = 32;

/** The product key of a member's or team's whole day (every product and the money movements). */
export const ALL_PRODUCTS = '*';

export const FOLD_JOB = 'agent.stats-fold';
/** Adds each closed report day to the members' month rows (migration 085). */
export const MEMBER_MONTHS_JOB = 'agent.member-months';
export const MEMBER_MONTHS_EVERY_MS = 3_600_000;

/**
 * How often the fold job runs by default, in seconds (env AGENT_STATS_FOLD_S, 1–300): a report is at
 * most this much (and one fold's time) behind. Decision 028, "How often to fold": a fold's cost
 * grows with the rows it touches, not the bets; on a longer period a busy member's and its uplines'
 * rows are written once for all the bets of the period.
 */
export const DEFAULT_FOLD_EVERY_S = 30;

/** The fold job's period in milliseconds (env AGENT_STATS_FOLD_S), checked once at start. */
export function foldEveryMsFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  return jobPeriodMsFromEnv(env, 'AGENT_STATS_FOLD_S', {
    defaultS: DEFAULT_FOLD_EVERY_S,
    minS: 1,
    maxS: 300,
  });
}

export interface FoldOptions {
  /** Test hook: throws once the rebates are accrued, to show that the whole fold rolls back. */
  failAfterAccrual?: boolean;
}

export interface FoldSummary {
  /** Queue rows folded. */
  folded: number;
  /** Rebate accruals added to. */
  accrued: number;
  /** 1 when another fold held the lock and this one did nothing. */
  busy: number;
}

export interface AgentStatsDeps {
  database: Database;
  /** IANA name of the report time zone. */
  timeZone: string;
  /** The fold job's period (default: env AGENT_STATS_FOLD_S, else DEFAULT_FOLD_EVERY_S). */
  foldEveryMs?: number;
}

const figureColumns = [
  'bets',
  'bet_amount',
  'valid_bet',
  'payout',
  'deposits',
  'deposit',
  'withdrawals',
  'withdrawal',
  'promotions',
  'promotion',
  'rebate',
  'agent_rebate',
  'transfer_in',
  'transfer_out',
  'registrations',
  'first_bets',
  'first_deposits',
  'registered_first_deposits',
] as const;
export type FigureColumn = (typeof figureColumns)[number];
export const FIGURE_COLUMNS: readonly FigureColumn[] = figureColumns;

const cols = sql.raw(figureColumns.join(', '));
const sums = sql.raw(figureColumns.map((c) => `sum(${c})::bigint as ${c}`).join(', '));
const adds = (table: string) =>
  sql.raw(figureColumns.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', '));

export class AgentStats {
  readonly timeZone: string;
  /** The fold job's period. */
  readonly foldEveryMs: number;
  private readonly database: Database;

  constructor(deps: AgentStatsDeps) {
    this.database = deps.database;
    this.timeZone = deps.timeZone;
    this.foldEveryMs = deps.foldEveryMs ?? foldEveryMsFromEnv();
  }

  /** One fold in a transaction of its own (tests, the bench, an operator). */
  foldNow(options: FoldOptions = {}): Promise<FoldSummary> {
    return this.database.db.transaction().execute((trx) => this.fold(trx, options));
  }

  /** Folds until the queue is empty (or another instance is folding); the rows folded. */
  async foldAll(options: FoldOptions = {}): Promise<number> {
    let total = 0;
    for (;;) {
      const r = await this.foldNow(options);
      total += r.folded;
      if (r.folded === 0 || r.busy) return total;
    }
  }

  /**
   * One fold inside the caller's transaction `trx` (the job's run): takes one half of the queue
   * whole, accrues the rebates of its bets, adds everything to the figures.
   */
  async fold(trx: Kysely<DB>, options: FoldOptions = {}): Promise<FoldSummary> {
    // Keyed by the schema too: a database holding several schemas (the tests') folds each on its own.
    const lock = await sql<{ ok: boolean }>`
      select pg_try_advisory_xact_lock(hashtextextended(${STATS_LOCK} || current_schema(), 0)) as ok`.execute(
      trx,
    );
    if (!lock.rows[0]?.ok) return { folded: 0, accrued: 0, busy: 1 };
    // A backlog (the first fold of a database with history, a fold after downtime) adds up millions
    // of rows: sorted and hashed in memory rather than on disk. Only for this transaction.
    if (this.database.kind === 'postgres') await sql`set local work_mem = '128MB'`.execute(trx);
    const tz = this.timeZone;

    // The queue's two halves (migration 082; decision 028, "The queue in two halves"): one half
    // taken whole into agent_fold_batch and emptied with the figures' commit; the writers write to
    // the other half meanwhile and never wait on this. Then the bets settled so far, queued once
    // each (migration 088, decision 066): this fold's rows of them into the batch, the other
    // folds' into their queues.
    const folded =
      (await takeQueueHalf(trx, 'agent_stat_queue', 'agent_fold_batch')) +
      (await handOnSettledBets(trx, { consumer: 'agent', batch: 'agent_fold_batch' }));
    if (folded === 0) {
      await sql`update agent_stat_state set last_fold_at = now()`.execute(trx);
      return { folded: 0, accrued: 0, busy: 0 };
    }

    await resolveFoldMembers(trx);
    await this.memberFigures(trx, tz);
    // The earliest day the players' own rebates of this fold land on: the payment reads from there.
    await sql`
      update agent_stat_state set folds = folds + 1, last_fold_at = now(),
        own_rebate_from = least(own_rebate_from, (select min(day) from agent_fold_member where own_rebate <> 0))`.execute(
      trx,
    );
    const accrued = await accrueRebates(trx);
    if (options.failAfterAccrual) throw new Error('agent stats: fold stopped after the accruals (test)');

    // The bettors' active days are the member's whole-day rows with bets (decision 028, "A
    // bettor's days"): their changes are read before those rows are added to, the gaps after.
    const flips = await this.activeChanges(trx, tz);
    await this.addFigures(trx);
    await this.addActive(trx, flips);
    return { folded, accrued, busy: 0 };
  }

  /**
   * The batch's sums per member, report day and product (agent_fold_member), with the first days,
   * each product's row with the member's own rebate rate (`rate_bp`) and the own rebate its bets
   * earn at it (`own_rebate`, 1/20000 of a minor unit: other products than the lottery's, a
   * member other than a trial account; decision 059).
   */
  private async memberFigures(trx: Kysely<DB>, tz: string): Promise<void> {
    const products = sql.join(betProducts.map((p) => sql.lit(p)));
    await sql`
      create temp table agent_fold_member on commit drop as
      with r as (
        select b.member_id, (b.at at time zone ${tz})::date as day, b.event, b.kind, b.amount, b.bets,
          b.bet_amount, b.valid_bet, b.payout,
          case
            when b.event = 'BET' then b.product
            -- A rebate's product: ours carry it as their reference, the lottery's own carry its draw.
            when b.kind in ('REBATE', 'AGENT_REBATE') then
              case when b.reference in (${products}) then b.reference else 'LOTT' end
          end as product
        from agent_fold_batch b
      ),
      g as (
      select r.member_id, r.day, k.product,
        sum(r.bets)::bigint as bets,
        sum(r.bet_amount)::bigint as bet_amount,
        sum(r.valid_bet)::bigint as valid_bet,
        sum(r.payout)::bigint as payout,
        count(*) filter (where r.kind = 'DEPOSIT' and r.amount > 0)::bigint as deposits,
        coalesce(sum(r.amount) filter (where r.kind = 'DEPOSIT'), 0)::bigint as deposit,
        count(*) filter (where r.kind = 'WITHDRAW_PAYOUT' and r.amount < 0)::bigint as withdrawals,
        coalesce(-sum(r.amount) filter (where r.kind = 'WITHDRAW_PAYOUT'), 0)::bigint as withdrawal,
        count(*) filter (where r.kind = 'BONUS_GRANT' and r.amount > 0)::bigint as promotions,
        coalesce(sum(r.amount) filter (where r.kind = 'BONUS_GRANT'), 0)::bigint as promotion,
        coalesce(sum(r.amount) filter (where r.kind in ('REBATE', 'AGENT_REBATE')), 0)::bigint as rebate,
        coalesce(sum(r.amount) filter (where r.kind = 'AGENT_REBATE'), 0)::bigint as agent_rebate,
        coalesce(sum(r.amount) filter (where r.event = 'MONEY' and r.amount > 0
          and r.kind not in ('DEPOSIT', 'WITHDRAW_PAYOUT', 'BONUS_GRANT', 'REBATE', 'AGENT_REBATE')), 0)::bigint
          as transfer_in,
        coalesce(-sum(r.amount) filter (where r.event = 'MONEY' and r.amount < 0
          and r.kind not in ('DEPOSIT', 'WITHDRAW_PAYOUT', 'BONUS_GRANT', 'REBATE', 'AGENT_REBATE')), 0)::bigint
          as transfer_out,
        count(*) filter (where r.event = 'REGISTER')::bigint as registrations,
        0::bigint as first_bets,
        0::bigint as first_deposits,
        0::bigint as registered_first_deposits
      from r
      cross join lateral (
        select ${ALL_PRODUCTS}::text as product
        union all
        select r.product where r.product is not null
      ) k
      group by r.member_id, r.day, k.product
      ),
      -- The member's own rate on a product's row other than the lottery's.
      o as (
        select g.*, coalesce(mr.rate_bp, 0) as rate_bp
        from g
        left join member_rebate mr on mr.member_id = g.member_id and mr.product = g.product
          and g.product <> ${ALL_PRODUCTS} and g.product not in ${LOTTERY_PRODUCTS}
      )
      select o.*,
        case when o.rate_bp > 0 and w.agent_type is distinct from ${AgentType.trial}
          then o.valid_bet::numeric * o.rate_bp * 2 else 0 end as own_rebate
      from o left join agent_fold_who w on w.member_id = o.member_id`.execute(trx);

    // First bets and first deposits: the day of a member's earliest settled bet or deposit. A bet
    // settled later with an earlier time (a vendor's own settlement time) moves the member's first
    // bet to its day: one out of the old day, one into the new. Only the members whose first bet
    // or deposit moves are kept (a few a fold, once its members have all bet before).
    await sql`
      create temp table agent_fold_first on commit drop as
      with c as (
        select member_id,
          min((at at time zone ${tz})::date) filter (where event = 'BET' and bets > 0) as bet_day,
          min((at at time zone ${tz})::date) filter (where kind = 'DEPOSIT' and amount > 0) as deposit_day
        from agent_fold_batch
        where (event = 'BET' and bets > 0) or (kind = 'DEPOSIT' and amount > 0)
        group by member_id
      )
      select c.member_id,
        case when c.bet_day < coalesce(f.first_bet_day, 'infinity'::date) then c.bet_day end as bet_day,
        case when c.bet_day < f.first_bet_day then f.first_bet_day end as old_bet_day,
        case when c.deposit_day < coalesce(f.first_deposit_day, 'infinity'::date) then c.deposit_day end
          as deposit_day,
        case when c.deposit_day < f.first_deposit_day then f.first_deposit_day end as old_deposit_day
      from c left join agent_member_first f on f.member_id = c.member_id
      where c.bet_day < coalesce(f.first_bet_day, 'infinity'::date)
        or c.deposit_day < coalesce(f.first_deposit_day, 'infinity'::date)`.execute(trx);
    const moved = await sql`
      insert into agent_member_first as f (member_id, first_bet_day, first_deposit_day)
        select member_id, bet_day, deposit_day from agent_fold_first
      on conflict (member_id) do update set
        first_bet_day = least(f.first_bet_day, excluded.first_bet_day),
        first_deposit_day = least(f.first_deposit_day, excluded.first_deposit_day)`.execute(trx);
    // The first days' changes go into the whole-day rows the batch already has (a row added only
    // for a day the batch has none), so agent_fold_member keeps one row per member, day and product
    // and is added to the figures as it is, not summed again (decision 028, "A fold's rows, summed
    // once").
    if (!Number(moved.numAffectedRows ?? 0)) return;
    await sql`
      create temp table agent_fold_firsts on commit drop as
      select f.member_id, x.day, sum(x.first_bet)::bigint as first_bets, sum(x.first_deposit)::bigint as first_deposits,
        sum(case when x.first_deposit <> 0
          and ((select m.created_at from member m where m.id = f.member_id) at time zone ${tz})::date = x.day
          then x.first_deposit else 0 end)::bigint as registered_first_deposits
      from agent_fold_first f
      cross join lateral (
        select f.bet_day as day, 1 as first_bet, 0 as first_deposit where f.bet_day is not null
        union all
        select f.old_bet_day, -1, 0 where f.old_bet_day is not null
        union all
        select f.deposit_day, 0, 1 where f.deposit_day is not null
        union all
        select f.old_deposit_day, 0, -1 where f.old_deposit_day is not null
      ) x
      group by f.member_id, x.day`.execute(trx);
    await sql`
      update agent_fold_member m set first_bets = m.first_bets + x.first_bets,
        first_deposits = m.first_deposits + x.first_deposits,
        registered_first_deposits = m.registered_first_deposits + x.registered_first_deposits
      from agent_fold_firsts x
      where m.member_id = x.member_id and m.day = x.day and m.product = ${ALL_PRODUCTS}`.execute(trx);
    await sql`
      insert into agent_fold_member (member_id, day, product, bets, bet_amount, valid_bet, payout, deposits,
        deposit, withdrawals, withdrawal, promotions, promotion, rebate, agent_rebate, transfer_in, transfer_out,
        registrations, first_bets, first_deposits, registered_first_deposits, rate_bp, own_rebate)
      select x.member_id, x.day, ${ALL_PRODUCTS}, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        x.first_bets, x.first_deposits, x.registered_first_deposits, 0, 0
      from agent_fold_firsts x
      where not exists (
        select 1 from agent_fold_member m
        where m.member_id = x.member_id and m.day = x.day and m.product = ${ALL_PRODUCTS}
      )`.execute(trx);
  }

  /** The batch's sums added to each member's rows, then to each upline's, over the tree. */
  private async addFigures(trx: Kysely<DB>): Promise<void> {
    // The players' own rebates ride along in the rows written anyway (decision 059).
    await sql`
      insert into agent_member_day as d (member_id, day, product, ${cols}, own_rebate)
        select member_id, day, product, ${cols}, own_rebate from agent_fold_member
      on conflict (member_id, day, product) do update set ${adds('d')}, own_rebate = d.own_rebate + excluded.own_rebate`.execute(
      trx,
    );
    // The month rows (migration 081, decision 063) get the sums the day rows get, the team's in
    // the same statement over the same tree: a month's row is the sum of its day rows at every
    // commit. A member's only for its whole days (the user P&L's rows of an agent's downlines), and
    // only of the days its month rows already hold (migration 085): a bet settled after its day was
    // added by rollMemberMonths. The days after are added once, by that job, not at every fold.
    await sql`
      insert into agent_member_month as d (member_id, product, month, ${cols})
        select member_id, product, date_trunc('month', day)::date, ${sums} from agent_fold_member
        where product = ${ALL_PRODUCTS} and day <= (select member_month_through from agent_stat_state)
        group by member_id, product, date_trunc('month', day)::date
      on conflict (member_id, product, month) do update set ${adds('d')}`.execute(trx);
    // Each member's figures go to every upline (its own are its agent_member_day rows): summed per
    // direct upline first, then to that upline and each of its own uplines over the tree. A fold's
    // members are thousands and their direct uplines a few hundred: the tree is read for those, by
    // index (a lateral with offset 0 stays a lookup per row; a join was planned as a hash of the
    // whole tree at every fold). The members' direct uplines come from the fold's members
    // (agent_fold_who), resolved once.
    await sql`
      with t as (
        select t.ancestor_id, u.day, u.product, ${sums}
        from (
          select m.upline_id, f.day, f.product, ${sums}
          from agent_fold_member f
          join agent_fold_who m on m.member_id = f.member_id
          where m.upline_id is not null
          group by m.upline_id, f.day, f.product
        ) u
        cross join lateral (
          select t.ancestor_id from member_tree t where t.descendant_id = u.upline_id offset 0
        ) t
        group by t.ancestor_id, u.day, u.product
      ),
      days as (
        insert into agent_team_day as d (ancestor_id, day, product, ${cols})
          select ancestor_id, day, product, ${cols} from t
        on conflict (ancestor_id, day, product) do update set ${adds('d')}
      )
      insert into agent_team_month as d (ancestor_id, product, month, ${cols})
        select ancestor_id, product, date_trunc('month', day)::date, ${sums} from t
        group by ancestor_id, product, date_trunc('month', day)::date
      on conflict (ancestor_id, product, month) do update set ${adds('d')}`.execute(trx);
  }

  /**
   * Adds the members' whole-day rows of the days after agent_stat_state.member_month_through up to
   * `through` to their month rows and moves that day on (migration 085, decision 063), inside `trx`
   * under the fold's lock (waiting out a fold in progress), so no fold adds to the same rows
   * meanwhile. Re-running it with a day already held adds nothing. The rows added or updated.
   */
  async rollMemberMonths(trx: Kysely<DB>, through: string): Promise<number> {
    await sql`select pg_advisory_xact_lock(hashtextextended(${STATS_LOCK} || current_schema(), 0))`.execute(
      trx,
    );
    const state = await sql<{ from: string | null }>`
      select to_char(member_month_through, 'YYYY-MM-DD') as from from agent_stat_state`.execute(trx);
    const from = state.rows[0]?.from ?? null;
    if (from !== null && from >= through) return 0;
    const added = await sql`
      insert into agent_member_month as d (member_id, product, month, ${cols})
        select member_id, product, date_trunc('month', day)::date, ${sums} from agent_member_day
        where product = ${ALL_PRODUCTS} and day <= ${through}::date
          ${from === null ? sql`` : sql`and day > ${from}::date`}
        group by member_id, product, date_trunc('month', day)::date
      on conflict (member_id, product, month) do update set ${adds('d')}`.execute(trx);
    await sql`update agent_stat_state set member_month_through = ${through}::date`.execute(trx);
    return Number(added.numAffectedRows ?? 0);
  }

  /**
   * Distinct members, before the figures are added: the batch's changes to each member's active
   * days (agent_fold_act) and the members whose active days change, from the first changed day on
   * (agent_fold_affected), with the gaps (days since the previous active day) of their days as they
   * were (agent_fold_gap, counted out). True when some member's active days change.
   */
  private async activeChanges(trx: Kysely<DB>, tz: string): Promise<boolean> {
    const m = ActiveMetric;
    await sql`
      create temp table agent_fold_act on commit drop as
      select member_id, metric, day, sum(n)::integer as n from (
        select member_id, (at at time zone ${tz})::date as day,
          case
            when event = 'LOGIN' then ${sql.lit(m.login)}
            when event = 'BET' then ${sql.lit(m.bettor)}
            when kind = 'DEPOSIT' then ${sql.lit(m.depositor)}
            when kind = 'WITHDRAW_PAYOUT' then ${sql.lit(m.withdrawer)}
            when kind = 'BONUS_GRANT' then ${sql.lit(m.promotion)}
          end as metric,
          case
            when event = 'LOGIN' then 1
            when event = 'BET' then bets
            when kind = 'WITHDRAW_PAYOUT' then -sign(amount)::integer
            else sign(amount)::integer
          end as n
        from agent_fold_batch
      ) x
      where metric is not null
      group by member_id, metric, day
      having sum(n) <> 0`.execute(trx);
    // Gaps depend only on which days a member was active, not on how often: only a day that becomes
    // active (its first event) or stops being active (its last one corrected away) moves them. Most
    // of a busy member's events fall on a day already active and only add to its count.
    // Each of the batch's days looked up in a primary key (the lateral with offset 0 keeps it a
    // lookup per row): a join was planned as a hash of the whole table at every fold.
    await sql`
      create temp table agent_fold_affected on commit drop as
      select a.member_id, a.metric, min(a.day) as first_day
      from agent_fold_act a
      left join lateral (${activeEvents(sql`a`, sql`= a.day`)} offset 0) m on true
      where (coalesce(m.events, 0) > 0) <> (coalesce(m.events, 0) + a.n > 0)
      group by a.member_id, a.metric`.execute(trx);
    const flips = await sql<{ n: number }>`select count(*)::integer as n from agent_fold_affected`.execute(
      trx,
    );
    if (!flips.rows[0]?.n) return false;
    await sql`create temp table agent_fold_gap on commit drop as ${activeGaps(-1)}`.execute(trx);
    return true;
  }

  /**
   * Distinct members, after the figures are added: the active days of the metrics other than the
   * bettors' counted, and when some member's days changed (`flips`), their gaps as they are now
   * counted in, the differences added to every upline's counts.
   */
  private async addActive(trx: Kysely<DB>, flips: boolean): Promise<void> {
    await sql`
      insert into agent_member_active as a (member_id, metric, day, events)
        select member_id, metric, day, n from agent_fold_act where metric <> ${sql.lit(ActiveMetric.bettor)}
      on conflict (member_id, metric, day) do update set events = a.events + excluded.events`.execute(trx);
    if (!flips) return;
    await sql`insert into agent_fold_gap ${activeGaps(1)}`.execute(trx);
    await sql`
      insert into agent_team_active as a (ancestor_id, day, metric, gap, members)
        select t.ancestor_id, g.day, g.metric, g.gap, sum(g.sign)::integer
        from (
          select member_id, day, metric, gap, sum(sign) as sign from agent_fold_gap
          group by member_id, day, metric, gap having sum(sign) <> 0
        ) g
        join member_tree t on t.descendant_id = g.member_id and t.depth > 0
        group by t.ancestor_id, g.day, g.metric, g.gap
      on conflict (ancestor_id, day, metric, gap) do update set members = a.members + excluded.members`.execute(
      trx,
    );
  }
}

/**
 * A member's events on its days of a metric, for the row `r` (its member_id and metric) and the
 * days `days` (a condition on the day): the bettors' are the member's whole-day figures' bets
 * (agent_member_day, product '*'), the other metrics' their agent_member_active rows.
 */
function activeEvents(r: RawBuilder<unknown>, days: RawBuilder<unknown>) {
  const bettor = sql.lit(ActiveMetric.bettor);
  return sql`
    select ma.events, ma.day from agent_member_active ma
    where ${r}.metric <> ${bettor} and ma.member_id = ${r}.member_id and ma.metric = ${r}.metric and ma.day ${days}
    union all
    select md.bets, md.day from agent_member_day md
    where ${r}.metric = ${bettor} and md.member_id = ${r}.member_id and md.product = ${ALL_PRODUCTS} and md.day ${days}`;
}

/** The gaps of the affected members' active days from their first changed day on, signed. */
function activeGaps(sign: number) {
  const cap = sql.lit(ACTIVE_GAP_CAP);
  return sql`
    select g.member_id, g.metric, g.day, least(coalesce(g.day - g.previous, ${cap}), ${cap}) as gap,
      ${sql.lit(sign)}::integer as sign
    from (
      select f.member_id, f.metric, a.day, f.first_day,
        lag(a.day) over (partition by f.member_id, f.metric order by a.day) as previous
      from agent_fold_affected f
      cross join lateral (${activeEvents(sql`f`, sql`>= f.first_day - ${cap}`)}) a
      where a.events > 0
    ) g
    where g.day >= g.first_day`;
}

/**
 * The fold job: every `stats.foldEveryMs`, once per window across instances (platform/jobs). The
 * members' month job: every hour, the report days closed by its window's end into the month rows
 * (a day is added at the first run after its midnight; the hourly period makes up a missed one).
 */
export function registerAgentStatsJobs(jobs: JobRunner, stats: AgentStats): void {
  jobs.register(FOLD_JOB, { everyMs: stats.foldEveryMs }, async ({ db }) => {
    const r = await stats.fold(db);
    return { folded: r.folded, accrued: r.accrued };
  });
  jobs.register(MEMBER_MONTHS_JOB, { everyMs: MEMBER_MONTHS_EVERY_MS }, async ({ db, window }) => {
    const through = addDays(dayOf(window.end.getTime(), stats.timeZone), -1);
    return { rows: await stats.rollMemberMonths(db, through) };
  });
}
