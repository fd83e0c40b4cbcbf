import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import { jobPeriodMsFromEnv } from '../../platform/jobs/job-period.ts';
import { WalletType } from '../wallet/wallet.service.ts';

/**
 * A team's main-wallet balances and member counts for the overview (issue 29, decision 064).
 *
 * A small team's are summed at every call, exact: a deposit shows at once. A large team's (above
 * `largeTeam` members) are read from `agent_team_balance` (migration 084), which the
 * `agent.team-balance` job takes for every large team in one statement, once per window across
 * instances; the overview says when (`balanceAsOf`). A large team with no row yet (the job has not
 * run since it grew) is summed live once, and that sum is kept as its row.
 */

export const TEAM_BALANCE_JOB = 'agent.team-balance';

/**
 * Teams above this many members (at any depth) read the job's snapshot. Summing a team's wallets
 * costs a lookup per member: 2,000 are a few milliseconds, well inside the overview's budget,
 * while the top agent's 101,000 took 100–230 ms (decision 064). The same size at which team
 * betting stops paging through each member's own index.
 */
export const LARGE_TEAM = 2_000;

/**
 * How often the job takes the large teams' balances by default, in seconds (env
 * AGENT_TEAM_BALANCE_S, 5–600): a large team's balance is at most this much (and one run's time)
 * old. Twice the fold's period: balances are a glance, the figures are the report.
 */
export const DEFAULT_TEAM_BALANCE_EVERY_S = 60;

/** The job's period in milliseconds (env AGENT_TEAM_BALANCE_S), checked once at start. */
export function teamBalanceEveryMsFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  return jobPeriodMsFromEnv(env, 'AGENT_TEAM_BALANCE_S', {
    defaultS: DEFAULT_TEAM_BALANCE_EVERY_S,
    minS: 5,
    maxS: 600,
  });
}

export interface TeamBalanceDeps {
  database: Database;
  /** The currency of the main wallets summed (the site's). */
  currency: () => string;
  /** Teams above this many members read the snapshot (default LARGE_TEAM; tests lower it). */
  largeTeam?: number;
  /** The job's period (default: env AGENT_TEAM_BALANCE_S, else DEFAULT_TEAM_BALANCE_EVERY_S). */
  everyMs?: number;
}

/** A team's balances (minor units) and member counts; `asOf` when they were taken, null when live. */
export interface TeamBalance {
  total: number;
  team: number;
  teamMembers: number;
  directMembers: number;
  asOf: number | null;
}

interface SnapshotRow {
  ancestor_id: number;
  total: number;
  team: number;
  team_members: number;
  direct_members: number;
  taken_at: Date | string;
}

/** A snapshot row (or a live sum's, whose time is not an "as of") as the reports read it. */
function balanceOf(
  row: Omit<SnapshotRow, 'ancestor_id' | 'taken_at'>,
  asOf: Date | string | null,
): TeamBalance {
  return {
    total: Number(row.total),
    team: Number(row.team),
    teamMembers: Number(row.team_members),
    directMembers: Number(row.direct_members),
    asOf: asOf === null ? null : new Date(asOf).getTime(),
  };
}

export class AgentTeamBalance {
  readonly largeTeam: number;
  readonly everyMs: number;
  private readonly database: Database;
  private readonly currency: () => string;

  constructor(deps: TeamBalanceDeps) {
    this.database = deps.database;
    this.currency = deps.currency;
    this.largeTeam = deps.largeTeam ?? LARGE_TEAM;
    this.everyMs = deps.everyMs ?? teamBalanceEveryMsFromEnv();
  }

  /**
   * Takes the balances and counts of every large team (`ancestors`: the agents whose rows to write,
   * as a subquery of `ancestor_id`s) in one statement: the team's rows of member_tree with their
   * main wallets, summed per agent, upserted with the statement's time.
   */
  private take(db: Kysely<DB>, ancestors: RawBuilder<unknown>) {
    return sql<SnapshotRow>`
      insert into agent_team_balance (ancestor_id, total, team, team_members, direct_members, taken_at)
      ${this.sums(ancestors)}
      on conflict (ancestor_id) do update set total = excluded.total, team = excluded.team,
        team_members = excluded.team_members, direct_members = excluded.direct_members, taken_at = excluded.taken_at
      returning ancestor_id, total, team, team_members, direct_members, taken_at`.execute(db);
  }

  /**
   * Per agent of `ancestors`: the main wallets of the agent with its team and of the team alone,
   * the team and direct member counts, the statement's time; one scan of the team's tree rows.
   */
  private sums(ancestors: RawBuilder<unknown>) {
    return sql<SnapshotRow>`
      select t.ancestor_id, coalesce(sum(a.balance), 0)::bigint as total,
        coalesce(sum(a.balance) filter (where t.depth > 0), 0)::bigint as team,
        count(*) filter (where t.depth > 0)::bigint as team_members,
        count(*) filter (where t.depth = 1)::bigint as direct_members, statement_timestamp() as taken_at
      from member_tree t
      left join ledger_account a on a.member_id = t.descendant_id and a.wallet_type = ${WalletType.main}
        and a.currency = ${this.currency()}
      where t.ancestor_id in (${ancestors})
      group by t.ancestor_id`;
  }

  /**
   * The job's work: the snapshot of every team above `largeTeam` members, and the rows of teams no
   * longer that large removed (their overview sums live again). The number of teams taken.
   */
  async refresh(db: Kysely<DB> = this.database.db): Promise<number> {
    // The members with a team are the uplines; each one's team counted from the tree's index, up to
    // one past the threshold (decision 064: cheaper than grouping the whole tree).
    const n = this.largeTeam;
    const taken = await this.take(
      db,
      sql`select u.upline_id from (select distinct upline_id from member where upline_id is not null) u
        where (select count(*) from (
          select 1 from member_tree t where t.ancestor_id = u.upline_id and t.depth > 0 limit ${n + 1}) c) > ${n}`,
    );
    const ids = taken.rows.map((r) => Number(r.ancestor_id));
    await sql`delete from agent_team_balance where not (ancestor_id = any(${ids}::bigint[]))`.execute(db);
    return ids.length;
  }

  /**
   * The balances and counts of `agentId`'s team for its overview: live for a small team (its size
   * counted up to the threshold from the tree's index, then the wallets summed); a large team's
   * snapshot, taken now if it has none.
   */
  async of(agentId: number, db: Kysely<DB> = this.database.db): Promise<TeamBalance> {
    const size = await sql<{ n: number }>`
      select count(*)::bigint as n from (
        select 1 from member_tree where ancestor_id = ${agentId} and depth > 0 limit ${this.largeTeam + 1}) x`.execute(
      db,
    );
    if (Number(size.rows[0]!.n) <= this.largeTeam) return this.live(agentId, db);
    const kept = await db
      .selectFrom('agent_team_balance')
      .selectAll()
      .where('ancestor_id', '=', agentId)
      .executeTakeFirst();
    const row = kept ?? (await this.take(db, sql`${agentId}::bigint`)).rows[0]!;
    return balanceOf(row, row.taken_at);
  }

  /**
   * The team balances and sizes of several members (a team management page's rows): a large
   * team's from its snapshot (`asOf` its time), the others summed now in one grouped statement. A
   * row of a team that has just grown past the threshold, before the job took it, is summed now as
   * the small ones are; one that has just shrunk keeps its snapshot until the job's next run.
   */
  async ofMany(ids: readonly number[], db: Kysely<DB> = this.database.db): Promise<Map<number, TeamBalance>> {
    const out = new Map<number, TeamBalance>();
    if (!ids.length) return out;
    const kept = await db
      .selectFrom('agent_team_balance')
      .selectAll()
      .where('ancestor_id', 'in', [...ids])
      .execute();
    for (const row of kept) out.set(Number(row.ancestor_id), balanceOf(row, row.taken_at));
    const rest = ids.filter((id) => !out.has(id));
    if (rest.length) {
      // The ids as values: the planner sees how many tree rows they hold and hashes the wallets
      // once (10 agents of 10,000 each: 80 ms), where a subquery per row probed the wallet index
      // once per member (180 ms).
      const live = await this.sums(sql`select unnest(${rest}::bigint[])`).execute(db);
      for (const r of live.rows) out.set(Number(r.ancestor_id), balanceOf(r, null));
    }
    return out;
  }

  /** Summed now: every main wallet of the agent and its team, and the team counted. */
  private async live(agentId: number, db: Kysely<DB>): Promise<TeamBalance> {
    const r = (await this.sums(sql`${agentId}::bigint`).execute(db)).rows[0];
    return balanceOf(r ?? { total: 0, team: 0, team_members: 0, direct_members: 0 }, null);
  }
}

/** The team-balance job: every `balances.everyMs`, once per window across instances (platform/jobs). */
export function registerTeamBalanceJobs(jobs: JobRunner, balances: AgentTeamBalance): void {
  jobs.register(TEAM_BALANCE_JOB, { everyMs: balances.everyMs }, async ({ db }) => ({
    teams: await balances.refresh(db),
  }));
}
