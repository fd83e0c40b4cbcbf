import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  accountCentreTypes,
  AGENT_LIST_COUNT_CAP,
  AGENT_REPORT_MAX_DAYS,
  Errors,
  ledgerKindCategory,
  POINTS_WALLET,
  type AccountRecordType,
  type AgentIncome,
  type AgentOverview,
  type AgentProfitLoss,
  type AgentProfitLossRow,
  type AgentReportRange,
  type AgentTeamBets,
  type AgentTransactions,
  type BetStatus,
  type ProfitLossFigures,
  type TeamAmounts,
  type TeamCounts,
} from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../platform/http/errors.ts';
import { WalletType, type WalletService } from '../wallet/wallet.service.ts';
import { ACTIVE_GAP_CAP, ActiveMetric, ALL_PRODUCTS, FIGURE_COLUMNS } from './stats.ts';
import {
  addDays,
  dayOf,
  daysBetween,
  dayStart,
  eachDay,
  rangeDays,
  rangePieces,
  rangePiecesThrough,
  type RangePieces,
} from './stats-days.ts';
import { contractIncome } from './contract-reads.ts';
import type { AgentTeamBalance } from './team-balance.ts';

/**
 * The agent centre's team reports (issue 29, decision 028). Figures (overview, user P&L, income)
 * read the folded per-day tables, never the raw bets; the lists (team betting, transaction
 * details) read raw rows one page at a time from their indexes.
 *
 * Every query is scoped to the calling agent's team through member_tree (the agent and every
 * member under it): an id or username is first looked up inside the team, and one outside it is
 * refused exactly as a missing one (404 not.found), so nothing tells a sibling branch apart from
 * nobody.
 */

export interface ReportsDeps {
  database: Database;
  wallet: WalletService;
  /** The team's balances and member counts: live for a small team, the job's snapshot for a large one. */
  teamBalance: AgentTeamBalance;
  /** IANA name of the report time zone (the fold's). */
  timeZone: string;
  /** The clock (tests move it). */
  now?: () => number;
}

export interface DayRangeQuery {
  range?: AgentReportRange | undefined;
  startDay?: string | undefined;
  endDay?: string | undefined;
}

export interface TimeRangeQuery {
  startTime?: number | undefined;
  endTime?: number | undefined;
}

export interface TeamBetsQuery extends TimeRangeQuery {
  page: number;
  size: number;
  cursor?: string | undefined;
  username?: string | undefined;
  product?: string | undefined;
  status?: BetStatus | undefined;
}

export interface ProfitLossQuery extends DayRangeQuery {
  page: number;
  size: number;
  username?: string | undefined;
  product?: string | undefined;
  filterEmpty?: boolean | undefined;
}

export interface TransactionsQuery extends TimeRangeQuery {
  page: number;
  size: number;
  username?: string | undefined;
  type?: AccountRecordType | undefined;
  kind?: string | undefined;
}

interface TeamMember {
  id: number;
  username: string;
  agentType: number;
  /** Depth under the calling agent (0: the agent). */
  depth: number;
}

/** Teams up to this size page their bets through each member's own index. */
const SMALL_TEAM = 2_000;

/** The figures the reports read of a member's or a team's day (and month) row: all but the transfers. */
const FIGURES = FIGURE_COLUMNS.filter((c) => c !== 'transfer_in' && c !== 'transfer_out');

const figureColumns = sql.raw(FIGURES.join(', '));

/** The figure sums of day rows (money in minor units). */
const figureSums = sql.raw(FIGURES.map((c) => `coalesce(sum(${c}), 0)::bigint as ${c}`).join(',\n  '));

/** The figure columns negated (day rows taken away from a month row). */
const negatedColumns = sql.raw(FIGURES.map((c) => `-${c} as ${c}`).join(', '));

interface FigureRow {
  bets: number;
  bet_amount: number;
  valid_bet: number;
  payout: number;
  deposits: number;
  deposit: number;
  withdrawals: number;
  withdrawal: number;
  promotions: number;
  promotion: number;
  rebate: number;
  agent_rebate: number;
  registrations: number;
  first_bets: number;
  first_deposits: number;
  registered_first_deposits: number;
}

const emptyFigures: FigureRow = {
  bets: 0,
  bet_amount: 0,
  valid_bet: 0,
  payout: 0,
  deposits: 0,
  deposit: 0,
  withdrawals: 0,
  withdrawal: 0,
  promotions: 0,
  promotion: 0,
  rebate: 0,
  agent_rebate: 0,
  registrations: 0,
  first_bets: 0,
  first_deposits: 0,
  registered_first_deposits: 0,
};

const metricNames = {
  [ActiveMetric.login]: 'logins',
  [ActiveMetric.bettor]: 'bettors',
  [ActiveMetric.depositor]: 'depositors',
  [ActiveMetric.withdrawer]: 'withdrawers',
  [ActiveMetric.promotion]: 'promotionClaimers',
} as const;
type MetricName = (typeof metricNames)[keyof typeof metricNames];

/**
 * The day rows of a member and of its team (the team's rows leave the member out: its own are its
 * agent_member_day rows): together, the member with its whole team.
 */
function teamAndSelf(memberId: number, product: string, startDay: string, endDay: string) {
  return sql`
    select day, ${figureColumns} from agent_member_day
    where member_id = ${memberId} and product = ${product} and day between ${startDay}::date and ${endDay}::date
    union all
    select day, ${figureColumns} from agent_team_day
    where ancestor_id = ${memberId} and product = ${product} and day between ${startDay}::date and ${endDay}::date`;
}

/**
 * The figure rows (keyed `id`) of the members (`member`: their own) or the teams (`team`) whose id
 * meets `who` (a condition on the key column), for `product` from startDay to endDay: the month
 * rows of the months the range covers and day rows at its edges (decision 063), which sum to the
 * day rows' sum over the range. A member's month rows are its whole days' ('*') only.
 */
function rangeRows(
  kind: 'member' | 'team',
  who: RawBuilder<unknown>,
  product: string,
  startDay: string,
  endDay: string,
  memberMonthsThrough: string | null,
): RawBuilder<unknown> {
  const key = sql.raw(kind === 'member' ? 'member_id' : 'ancestor_id');
  const dayTable = sql.raw(kind === 'member' ? 'agent_member_day' : 'agent_team_day');
  const monthTable = sql.raw(kind === 'member' ? 'agent_member_month' : 'agent_team_month');
  // A member's month rows hold its whole days up to a closed day (migration 085).
  const p: RangePieces =
    kind === 'team'
      ? rangePieces(startDay, endDay)
      : rangePiecesThrough(startDay, endDay, product === ALL_PRODUCTS ? memberMonthsThrough : null);
  const days = ([a, b]: [string, string], columns: RawBuilder<unknown>) =>
    sql`select ${key} as id, ${columns} from ${dayTable}
      where ${key} ${who} and product = ${product} and day between ${a}::date and ${b}::date`;
  return sql.join(
    [
      ...(p.months
        ? [
            sql`select ${key} as id, ${figureColumns} from ${monthTable}
              where ${key} ${who} and product = ${product} and month between ${p.months[0]}::date and ${p.months[1]}::date`,
          ]
        : []),
      ...p.plus.map((r) => days(r, figureColumns)),
      ...p.minus.map((r) => days(r, negatedColumns)),
    ],
    sql` union all `,
  );
}

/** A keyset cursor: the row's bet time (UTC, to the microsecond, as digits) and id. */
function cursorTime(digits: string): string {
  const d = digits.padStart(20, '0');
  return `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}T${d.slice(8, 10)}:${d.slice(10, 12)}:${d.slice(12, 14)}.${d.slice(14, 20)}Z`;
}

export class AgentReportsService {
  private readonly database: Database;
  private readonly wallet: WalletService;
  private readonly teamBalance: AgentTeamBalance;
  readonly timeZone: string;
  private readonly now: () => number;

  constructor(deps: ReportsDeps) {
    this.database = deps.database;
    this.wallet = deps.wallet;
    this.teamBalance = deps.teamBalance;
    this.timeZone = deps.timeZone;
    this.now = deps.now ?? Date.now;
  }

  private get db(): Kysely<DB> {
    return this.database.db;
  }

  private major(minor: number): number {
    return this.wallet.toMajor(Number(minor));
  }

  /** Today's report day. */
  today(): string {
    return dayOf(this.now(), this.timeZone);
  }

  // ---- scope ---------------------------------------------------------------------------------

  /** A member of the agent's team (or the agent) by username; 404 not.found otherwise. */
  async teamMember(agentId: number, username: string): Promise<TeamMember> {
    const row = await sql<{ id: number; username: string; agent_type: number; depth: number }>`
      select m.id, m.username, m.agent_type, t.depth
      from member m join member_tree t on t.descendant_id = m.id and t.ancestor_id = ${agentId}
      where lower(m.username) = lower(${username})`.execute(this.db);
    const m = row.rows[0];
    if (!m) throw fail(Errors.notFound, { message: 'No such member in your team' });
    return { id: Number(m.id), username: m.username, agentType: m.agent_type, depth: m.depth };
  }

  private async self(agentId: number): Promise<TeamMember> {
    const m = await this.db
      .selectFrom('member')
      .select(['id', 'username', 'agent_type'])
      .where('id', '=', agentId)
      .executeTakeFirstOrThrow();
    return { id: Number(m.id), username: m.username, agentType: m.agent_type, depth: 0 };
  }

  /** The report days of a query: a preset, startDay..endDay, or today. */
  days(q: DayRangeQuery): { startDay: string; endDay: string } {
    const today = this.today();
    if (q.range) return rangeDays(q.range, today);
    const startDay = q.startDay ?? q.endDay ?? today;
    const endDay = q.endDay ?? (startDay > today ? startDay : today);
    if (endDay < startDay)
      throw fail(Errors.invalidInput, { message: 'endDay must be on or after startDay' });
    if (daysBetween(startDay, endDay) + 1 > AGENT_REPORT_MAX_DAYS)
      throw fail(Errors.invalidInput, { message: `A range covers at most ${AGENT_REPORT_MAX_DAYS} days` });
    return { startDay, endDay };
  }

  /** The instants of a list query: [startTime, endTime), today's report day by default. */
  times(q: TimeRangeQuery): { start: Date; end: Date } {
    const today = this.today();
    const start = q.startTime ?? dayStart(today, this.timeZone);
    const end = q.endTime ?? Math.max(dayStart(addDays(today, 1), this.timeZone), start + 1);
    if (end <= start) throw fail(Errors.invalidInput, { message: 'endTime must be after startTime' });
    if (end - start > AGENT_REPORT_MAX_DAYS * 86_400_000)
      throw fail(Errors.invalidInput, { message: `A range covers at most ${AGENT_REPORT_MAX_DAYS} days` });
    return { start: new Date(start), end: new Date(end) };
  }

  // ---- overview ------------------------------------------------------------------------------

  async overview(agentId: number, range: AgentReportRange): Promise<AgentOverview> {
    const db = this.db;
    const cap = sql.lit(ACTIVE_GAP_CAP);
    const today = this.today();
    const { startDay, endDay } = rangeDays(range, today);
    const from = startDay < today ? startDay : today;
    const to = endDay > today ? endDay : today;
    const [figures, active, balance, online, state] = await Promise.all([
      sql<FigureRow & { day: string }>`
        select day::text as day, ${figureSums} from (${teamAndSelf(agentId, ALL_PRODUCTS, from, to)}) f
        group by day order by day`.execute(db),
      // Per day: members active that day; over the range: each member on its first day in it. The
      // agent's own active days (it is not in its team's counts) add one on each.
      sql<{ day: string; metric: number; on_day: number; first_in_range: number }>`
        select day::text as day, metric, sum(members)::bigint as on_day,
          coalesce(sum(members) filter (where day >= ${startDay}::date and gap > day - ${startDay}::date), 0)::bigint
            as first_in_range
        from (
          select day, metric, gap, members from agent_team_active
          where ancestor_id = ${agentId} and day between ${from}::date and ${to}::date
          union all
          select day, metric, gap, 1 from (
            select day, metric, least(coalesce(day - lag(day) over (partition by metric order by day), ${cap}), ${cap})
              as gap
            from (
              select day, metric from agent_member_active
              where member_id = ${agentId} and events > 0 and day between ${from}::date - ${cap} and ${to}::date
              -- A bettor's days: its whole-day figures with bets (decision 028).
              union all
              select day, ${sql.lit(ActiveMetric.bettor)}::smallint from agent_member_day
              where member_id = ${agentId} and product = ${ALL_PRODUCTS} and bets > 0
                and day between ${from}::date - ${cap} and ${to}::date
            ) d
          ) own
          where day >= ${from}::date
        ) a
        group by day, metric`.execute(db),
      // The team's wallets and size: summed now for a small team, the job's snapshot for a large one.
      this.teamBalance.of(agentId, db),
      sql<{ n: number }>`
        select count(distinct s.member_id)::bigint as n from session s
        where s.revoked_at is null and s.idle_expires_at > now() and s.absolute_expires_at > now()
          and exists (select 1 from member_tree t
                      where t.ancestor_id = ${agentId} and t.descendant_id = s.member_id and t.depth > 0)`.execute(
        db,
      ),
      db.selectFrom('agent_stat_state').select('last_fold_at').executeTakeFirst(),
    ]);

    const figureOf = new Map(figures.rows.map((r) => [r.day, r]));
    const activeOf = new Map<string, Partial<Record<MetricName, number>>>();
    const rangeActive: Partial<Record<MetricName, number>> = {};
    for (const r of active.rows) {
      const name = metricNames[r.metric as keyof typeof metricNames];
      if (!name) continue;
      const entry = activeOf.get(r.day) ?? {};
      entry[name] = Number(r.on_day);
      activeOf.set(r.day, entry);
      if (r.day >= startDay && r.day <= endDay)
        rangeActive[name] = (rangeActive[name] ?? 0) + Number(r.first_in_range);
    }
    const days = eachDay(startDay, endDay).map((d) => {
      const f = figureOf.get(d) ?? emptyFigures;
      return { day: d, counts: this.counts(f, activeOf.get(d) ?? {}), amounts: this.amounts(f) };
    });
    const total = eachDay(startDay, endDay).reduce<FigureRow>((acc, d) => {
      const f = figureOf.get(d);
      if (!f) return acc;
      const out = { ...acc };
      for (const k of Object.keys(emptyFigures) as (keyof FigureRow)[]) out[k] = acc[k] + Number(f[k]);
      return out;
    }, emptyFigures);
    const todayFigures = figureOf.get(today) ?? emptyFigures;
    return {
      timeZone: this.timeZone,
      today,
      asOf: state?.last_fold_at ? new Date(state.last_fold_at).getTime() : null,
      todayTeam: {
        logins: activeOf.get(today)?.logins ?? 0,
        registrations: Number(todayFigures.registrations),
        firstBets: Number(todayFigures.first_bets),
        firstDeposits: Number(todayFigures.first_deposits),
        online: Number(online.rows[0]?.n ?? 0),
      },
      balance: { total: this.major(balance.total), team: this.major(balance.team) },
      balanceAsOf: balance.asOf,
      members: { team: balance.teamMembers, direct: balance.directMembers },
      range: {
        key: range,
        startDay,
        endDay,
        counts: this.counts(total, rangeActive),
        amounts: this.amounts(total),
        days,
      },
    };
  }

  private counts(f: FigureRow, active: Partial<Record<MetricName, number>>): TeamCounts {
    return {
      logins: active.logins ?? 0,
      registrations: Number(f.registrations),
      firstBets: Number(f.first_bets),
      firstDeposits: Number(f.first_deposits),
      registeredFirstDeposits: Number(f.registered_first_deposits),
      depositors: active.depositors ?? 0,
      withdrawers: active.withdrawers ?? 0,
      bettors: active.bettors ?? 0,
      promotionClaimers: active.promotionClaimers ?? 0,
    };
  }

  private amounts(f: FigureRow): TeamAmounts {
    const m = (n: number) => this.major(n);
    return {
      deposit: m(f.deposit),
      depositCount: Number(f.deposits),
      withdrawal: m(f.withdrawal),
      withdrawalCount: Number(f.withdrawals),
      betCount: Number(f.bets),
      betAmount: m(f.bet_amount),
      validBet: m(f.valid_bet),
      payout: m(f.payout),
      winLoss: m(Number(f.payout) - Number(f.bet_amount)),
      promotion: m(f.promotion),
      promotionCount: Number(f.promotions),
      rebate: m(f.rebate),
    };
  }

  // ---- team betting --------------------------------------------------------------------------

  async teamBets(agentId: number, q: TeamBetsQuery): Promise<AgentTeamBets> {
    const { start, end } = this.times(q);
    const db = this.db;
    let who: RawBuilder<unknown>;
    if (q.username) {
      const m = await this.teamMember(agentId, q.username);
      who = sql`b.member_id = ${m.id}`;
    } else {
      const size = await sql<{ n: number }>`
        select count(*)::bigint as n from (select 1 from member_tree where ancestor_id = ${agentId} limit ${SMALL_TEAM + 1}) x`.execute(
        db,
      );
      // A small team: each member's own index (member, bet time); a big one: the bet-time index,
      // newest first, keeping the team's rows.
      who =
        Number(size.rows[0]!.n) <= SMALL_TEAM
          ? sql`b.member_id = any(array(select descendant_id from member_tree where ancestor_id = ${agentId}))`
          : sql`exists (select 1 from member_tree t where t.ancestor_id = ${agentId} and t.descendant_id = b.member_id)`;
    }
    const filters = sql`b.bet_at >= ${start} and b.bet_at < ${end} and ${who}
      ${q.product ? sql`and b.product = ${q.product}` : sql``}
      ${q.status ? sql`and b.status = ${q.status}` : sql``}`;
    let after = sql``;
    if (q.cursor) {
      const [at, id] = q.cursor.split('_');
      after = sql`and (b.bet_at, b.id) < (${cursorTime(at!)}::timestamptz, ${Number(id)}::bigint)`;
    }
    const offset = q.cursor ? 0 : (q.page - 1) * q.size;
    const [rows, count] = await Promise.all([
      sql<{
        id: number;
        bet_no: string;
        username: string;
        product: string;
        vendor: string;
        game_name: string;
        bet_amount: number;
        valid_bet: number;
        payout: number;
        status: BetStatus;
        bet_at: Date;
        settled_at: Date | null;
        cursor_at: string;
      }>`
        select b.id, b.bet_no, m.username, b.product, b.vendor, b.game_name, b.bet_amount, b.valid_bet, b.payout,
          b.status, b.bet_at, b.settled_at, to_char(b.bet_at at time zone 'UTC', 'YYYYMMDDHH24MISSUS') as cursor_at
        from bet_record b join member m on m.id = b.member_id
        where ${filters} ${after}
        order by b.bet_at desc, b.id desc
        limit ${q.size} offset ${offset}`.execute(db),
      sql<{ n: number }>`
        select count(*)::bigint as n from (
          select 1 from bet_record b where ${filters} limit ${AGENT_LIST_COUNT_CAP + 1}) x`.execute(db),
    ]);
    const n = Number(count.rows[0]!.n);
    const last = rows.rows[rows.rows.length - 1];
    const m = (x: number) => this.major(x);
    return {
      list: rows.rows.map((b) => ({
        id: Number(b.id),
        orderNo: b.bet_no,
        username: b.username,
        product: b.product,
        vendor: b.vendor,
        gameName: b.game_name,
        betTime: new Date(b.bet_at).getTime(),
        settleTime: b.settled_at ? new Date(b.settled_at).getTime() : null,
        betAmount: m(b.bet_amount),
        validBet: m(b.valid_bet),
        payout: m(b.payout),
        winLoss: b.status === 'SETTLED' ? m(Number(b.payout) - Number(b.bet_amount)) : 0,
        status: b.status,
      })),
      total: Math.min(n, AGENT_LIST_COUNT_CAP),
      totalCapped: n > AGENT_LIST_COUNT_CAP,
      page: q.cursor ? 0 : q.page,
      size: q.size,
      startTime: start.getTime(),
      endTime: end.getTime(),
      nextCursor: last && rows.rows.length === q.size ? `${last.cursor_at}_${last.id}` : null,
    };
  }

  // ---- user profit and loss ------------------------------------------------------------------

  async profitLoss(agentId: number, q: ProfitLossQuery): Promise<AgentProfitLoss> {
    const { startDay, endDay } = this.days(q);
    const viewed = q.username ? await this.teamMember(agentId, q.username) : await this.self(agentId);
    const product = q.product ?? ALL_PRODUCTS;
    const db = this.db;
    const state = await sql<{ through: string | null }>`
      select to_char(member_month_through, 'YYYY-MM-DD') as through from agent_stat_state`.execute(db);
    const through = state.rows[0]?.through ?? null;
    const empty = sql`(f.deposit = 0 and f.withdrawal = 0 and f.bets = 0 and f.bet_amount = 0 and f.payout = 0
      and f.rebate = 0 and f.promotion = 0)`;
    const filled = sql.raw(
      'bets, bet_amount, valid_bet, payout, deposits, deposit, withdrawals, withdrawal, promotions, promotion, rebate, ' +
        'agent_rebate, registrations, first_bets, first_deposits, registered_first_deposits'
          .split(', ')
          .map((c) => `coalesce(s.${c}, 0)::bigint as ${c}`)
          .join(', '),
    );
    const [own, directs, totals] = await Promise.all([
      sql<FigureRow>`
        select ${figureSums} from (${rangeRows('member', sql`= ${viewed.id}`, product, startDay, endDay, through)}) f`.execute(
        db,
      ),
      // Each direct downline with its team: its own rows and its team's, summed per downline; the
      // downlines from the tree first (materialized: the planner would otherwise walk every member
      // by name to find them).
      sql<FigureRow & { id: number; username: string; agent_type: number; team_size: number; total: number }>`
        with directs as materialized (
          select descendant_id as id from member_tree where ancestor_id = ${viewed.id} and depth = 1
        ),
        rows as (
          ${rangeRows('member', sql`in (select id from directs)`, product, startDay, endDay, through)}
          union all
          ${rangeRows('team', sql`in (select id from directs)`, product, startDay, endDay, through)}
        ),
        s as (select id, ${figureSums} from rows group by id),
        d as (
          select m.id, m.username, m.agent_type, ${filled}
          from directs x join member m on m.id = x.id left join s on s.id = x.id
        ),
        page as (
          select f.*, count(*) over () as total from d f ${q.filterEmpty ? sql`where not ${empty}` : sql``}
          order by lower(username), id
          limit ${q.size} offset ${(q.page - 1) * q.size}
        )
        select page.*, (select count(*) from member_tree x where x.ancestor_id = page.id and x.depth > 0)::bigint
          as team_size
        from page order by lower(username), id`.execute(db),
      sql<FigureRow & { team_size: number }>`
        select ${figureSums},
          (select count(*) from member_tree where ancestor_id = ${viewed.id} and depth > 0)::bigint as team_size
        from (
          ${rangeRows('member', sql`= ${viewed.id}`, product, startDay, endDay, through)}
          union all
          ${rangeRows('team', sql`= ${viewed.id}`, product, startDay, endDay, through)}
        ) f`.execute(db),
    ]);
    const row = (
      m: { id: number; username: string; agentType: number; teamSize: number },
      level: number,
      f: FigureRow,
    ): AgentProfitLossRow => ({
      memberId: Number(m.id),
      username: m.username,
      level,
      isAgent: accountCentreTypes.includes(m.agentType),
      teamSize: Number(m.teamSize),
      ...this.pnl(f),
    });
    return {
      startDay,
      endDay,
      self: row(
        { ...viewed, teamSize: Number(totals.rows[0]!.team_size) },
        viewed.depth,
        own.rows[0] ?? emptyFigures,
      ),
      list: directs.rows.map((d) =>
        row(
          { id: d.id, username: d.username, agentType: d.agent_type, teamSize: d.team_size },
          viewed.depth + 1,
          d,
        ),
      ),
      total: Number(directs.rows[0]?.total ?? 0),
      page: q.page,
      size: q.size,
      totals: this.pnl(totals.rows[0] ?? emptyFigures),
    };
  }

  private pnl(f: FigureRow): ProfitLossFigures {
    const winLoss = Number(f.payout) - Number(f.bet_amount);
    const m = (n: number) => this.major(n);
    return {
      deposit: m(f.deposit),
      withdrawal: m(f.withdrawal),
      betAmount: m(f.bet_amount),
      validBet: m(f.valid_bet),
      payout: m(f.payout),
      winLoss: m(winLoss),
      rebate: m(f.rebate),
      promotion: m(f.promotion),
      profit: m(winLoss + Number(f.rebate) + Number(f.promotion)),
    };
  }

  // ---- my income -----------------------------------------------------------------------------

  async income(agentId: number, q: DayRangeQuery): Promise<AgentIncome> {
    const { startDay, endDay } = this.days(q);
    const rows = await sql<{ product: string; agent_rebate: number; own_rebate: number }>`
      select product, coalesce(sum(agent_rebate), 0)::bigint as agent_rebate,
        coalesce(sum(rebate - agent_rebate), 0)::bigint as own_rebate
      from agent_member_day
      where member_id = ${agentId} and product <> ${ALL_PRODUCTS} and day between ${startDay}::date and ${endDay}::date
      group by product
      having sum(rebate) <> 0
      order by product`.execute(this.db);
    const agentRebate = rows.rows.reduce((s, r) => s + Number(r.agent_rebate), 0);
    const ownRebate = rows.rows.reduce((s, r) => s + Number(r.own_rebate), 0);
    // Contracts' pay (issue 30): contract-reads.ts.
    const contract = await contractIncome(this.db, agentId, startDay, endDay, this.timeZone);
    return {
      startDay,
      endDay,
      products: rows.rows.map((r) => ({
        product: r.product,
        agentRebate: this.major(r.agent_rebate),
        ownRebate: this.major(r.own_rebate),
      })),
      totals: {
        agentRebate: this.major(agentRebate),
        ownRebate: this.major(ownRebate),
        salary: this.major(contract.salary),
        dividend: this.major(contract.dividend),
        total: this.major(agentRebate + ownRebate + contract.salary + contract.dividend),
      },
    };
  }

  // ---- transaction details -------------------------------------------------------------------

  async transactions(agentId: number, q: TransactionsQuery): Promise<AgentTransactions> {
    const { start, end } = this.times(q);
    const db = this.db;
    const member = q.username ? await this.teamMember(agentId, q.username) : null;
    let kinds: string[] | null = null;
    if (q.type || q.kind) {
      const all = (await db.selectFrom('ledger_kind').select('code').execute()).map((k) => k.code);
      kinds = all.filter((k) => (!q.type || ledgerKindCategory(k) === q.type) && (!q.kind || k === q.kind));
    }
    const base = {
      list: [],
      total: 0,
      totalCapped: false,
      page: q.page,
      size: q.size,
      startTime: start.getTime(),
      endTime: end.getTime(),
    };
    if (kinds && kinds.length === 0) return base;
    // The members' wallets; money held for a withdrawal under review shows once, as it leaves, and
    // points, an asset of their own in the same ledger (decision 033), are not money.
    const accounts = sql`
      select a.id, a.member_id, a.wallet_type, a.balance from ledger_account a
      ${
        member
          ? sql`where a.member_id = ${member.id}`
          : sql`join member_tree t on t.descendant_id = a.member_id and t.ancestor_id = ${agentId}`
      }
      and a.wallet_type not in (${WalletType.pendingWithdrawal}, ${POINTS_WALLET})`;
    const filters = sql`p.created_at >= ${start} and p.created_at < ${end}
      ${kinds ? sql`and x.kind in (${sql.join(kinds)})` : sql``}`;
    const [rows, count] = await Promise.all([
      sql<{
        id: number;
        amount: number;
        created_at: Date;
        kind: string;
        reference: string;
        memo: string;
        wallet_type: string;
        username: string;
        balance_after: number;
      }>`
        with acct as (${accounts})
        select p.id, p.amount, p.created_at, x.kind, x.reference, x.memo, a.wallet_type, m.username,
          (a.balance - coalesce((select sum(q.amount) from ledger_posting q
                                 where q.account_id = p.account_id and q.id > p.id), 0))::bigint as balance_after
        from ledger_posting p
        join acct a on a.id = p.account_id
        join ledger_transaction x on x.id = p.transaction_id
        join member m on m.id = a.member_id
        where ${filters}
        order by p.id desc
        limit ${q.size} offset ${(q.page - 1) * q.size}`.execute(db),
      sql<{ n: number }>`
        with acct as (${accounts})
        select count(*)::bigint as n from (
          select 1 from ledger_posting p
          join acct a on a.id = p.account_id
          join ledger_transaction x on x.id = p.transaction_id
          where ${filters}
          limit ${AGENT_LIST_COUNT_CAP + 1}) c`.execute(db),
    ]);
    const n = Number(count.rows[0]!.n);
    return {
      ...base,
      list: rows.rows.map((p) => ({
        id: Number(p.id),
        username: p.username,
        kind: p.kind,
        type: ledgerKindCategory(p.kind),
        walletType: p.wallet_type,
        time: new Date(p.created_at).getTime(),
        amount: this.major(p.amount),
        balanceAfter: this.major(p.balance_after),
        reference: p.reference,
        remark: p.memo,
      })),
      total: Math.min(n, AGENT_LIST_COUNT_CAP),
      totalCapped: n > AGENT_LIST_COUNT_CAP,
    };
  }
}
