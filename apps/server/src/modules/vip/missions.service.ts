import { sql, type Kysely } from 'kysely';
import {
  betProducts,
  minorToMajor,
  MISSION_LEADERBOARD_SIZE,
  missionKinds,
  missionPeriods,
  type Mission,
  type MissionKind,
  type MissionLeaderboard,
  type MissionPeriod,
  type MissionSummary,
} from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { DB, MissionTable } from '../../db/schema.ts';
import type { AuditActor, AuditLog } from '../backoffice/audit.service.ts';
import { ActiveMetric } from '../agent/stats.ts';
import { HouseAccount, type WalletService } from '../wallet/wallet.service.ts';
import { addDays, periodOf, reportDay } from './report-days.ts';
import type { Selectable } from 'kysely';

/**
 * Missions (issue 32, decision 042): a target over a period (a report day, week or month) on valid
 * bets (of one product or all), deposits or login days. Progress is read from the agent fold's
 * member-day figures and active days, so it follows real bets and deposits within one fold. The
 * settlement job pays each member who completed a mission once per period: the mission_reward row
 * and the ledger key name (mission, period, member), and of two instances settling at once the
 * second finds the rows of the first.
 */

export const MISSIONS_SETTLE_JOB = 'missions.settle';
const MISSIONS_LOCK = 'missions-settle:';

type MissionRow = Selectable<MissionTable>;

export interface MissionInput {
  title: string;
  kind: MissionKind;
  /** BET only: a product code, or '' for every product. */
  product?: string;
  period: MissionPeriod;
  /** Minor units (BET, DEPOSIT) or days (LOGIN). */
  target: number;
  /** Cash, minor units. */
  reward: number;
}

export interface SettleSummary {
  /** Missions looked at. */
  missions: number;
  /** Rewards credited. */
  rewarded: number;
  busy: number;
}

export interface MissionDeps {
  database: Database;
  wallet: WalletService;
  audit: AuditLog;
  timeZone: string;
}

/** `ab***9`: an account as other members see it on the leaderboard. */
export function maskAccount(account: string): string {
  if (account.length <= 3) return `${account.slice(0, 1)}***`;
  return `${account.slice(0, 2)}***${account.slice(-1)}`;
}

export class MissionService {
  private readonly database: Database;
  private readonly wallet: WalletService;
  private readonly audit: AuditLog;
  readonly timeZone: string;

  constructor(deps: MissionDeps) {
    this.database = deps.database;
    this.wallet = deps.wallet;
    this.audit = deps.audit;
    this.timeZone = deps.timeZone;
  }

  private major(minor: number): number {
    return minorToMajor(minor, this.wallet.currency().precision);
  }

  /** Every mission, active ones first (the CLI's list). */
  all(db: Kysely<DB> = this.database.db): Promise<MissionRow[]> {
    return db
      .selectFrom('mission')
      .selectAll()
      .orderBy('active', 'desc')
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  private active(db: Kysely<DB> = this.database.db): Promise<MissionRow[]> {
    return db
      .selectFrom('mission')
      .selectAll()
      .where('active', '=', true)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  /**
   * The members who reached the mission's target in [start, end] (report days), with their
   * progress, optionally only `memberId`. The members with figures in the period come from the
   * whole-day rows' day index; their product rows and active days from the tables' keys.
   */
  private async progressOf(
    db: Kysely<DB>,
    m: MissionRow,
    start: string,
    end: string,
    o: { memberId?: number; reachedOnly: boolean },
  ): Promise<Map<number, number>> {
    const who =
      o.memberId !== undefined
        ? sql`select ${o.memberId}::bigint as member_id`
        : sql`select distinct member_id from agent_member_day
              where product = '*' and day between ${start}::date and ${end}::date`;
    const having = o.reachedOnly ? sql`having sum(x.v) >= ${m.target}` : sql``;
    let rows;
    if (m.kind === 'LOGIN') {
      rows = await sql<{ member_id: number; progress: string }>`
        select a.member_id, count(x.v)::text as progress
        from (${who}) a
        join member mb on mb.id = a.member_id and mb.agent_type <> 4
        left join lateral (
          select 1 as v from agent_member_active d
          where d.member_id = a.member_id and d.metric = ${ActiveMetric.login}
            and d.day between ${start}::date and ${end}::date
        ) x on true
        group by a.member_id
        ${o.reachedOnly ? sql`having count(x.v) >= ${m.target}` : sql``}`.execute(db);
    } else {
      const product = m.kind === 'BET' && m.product ? m.product : '*';
      const column = m.kind === 'BET' ? sql.ref('d.valid_bet') : sql.ref('d.deposit');
      rows = await sql<{ member_id: number; progress: string }>`
        select a.member_id, coalesce(sum(x.v), 0)::text as progress
        from (${who}) a
        join member mb on mb.id = a.member_id and mb.agent_type <> 4
        left join lateral (
          select ${column} as v from agent_member_day d
          where d.member_id = a.member_id and d.product = ${product}
            and d.day between ${start}::date and ${end}::date
        ) x on true
        group by a.member_id
        ${having}`.execute(db);
    }
    return new Map(rows.rows.map((r) => [Number(r.member_id), Number(r.progress)]));
  }

  /** GET /wps/relay/MCSFE_getMissionSummaryDetails: the active missions of their current periods. */
  async summary(memberId: number, now = new Date()): Promise<MissionSummary> {
    const db = this.database.db;
    const today = reportDay(now, this.timeZone);
    const missions = await this.active();
    const out: Mission[] = [];
    let rewardedMinor = 0;
    for (const m of missions) {
      const { start, end } = periodOf(m.period, today);
      const [progress, reward] = await Promise.all([
        this.progressOf(db, m, start, end, { memberId, reachedOnly: false }),
        db
          .selectFrom('mission_reward')
          .select('amount')
          .where('mission_id', '=', m.id)
          .where('period_start', '=', start)
          .where('member_id', '=', memberId)
          .executeTakeFirst(),
      ]);
      const p = progress.get(memberId) ?? 0;
      if (reward) rewardedMinor += Number(reward.amount);
      const money = m.kind !== 'LOGIN';
      out.push({
        id: m.id,
        title: m.title,
        kind: m.kind,
        product: m.product,
        period: m.period,
        periodStart: start,
        periodEnd: end,
        target: money ? this.major(Number(m.target)) : Number(m.target),
        progress: money ? this.major(p) : p,
        completed: p >= Number(m.target) || reward !== undefined,
        rewarded: reward !== undefined,
        reward: this.major(Number(m.reward)),
      });
    }
    return {
      count: out.filter((m) => !m.completed).length,
      completed: out.filter((m) => m.completed).length,
      rewarded: this.major(rewardedMinor),
      missions: out,
    };
  }

  /** GET /wps/relay/MCSFE_getMissionLeaderboard: this week's members by missions completed, then rewards. */
  async leaderboard(memberId: number, now = new Date()): Promise<MissionLeaderboard> {
    const { start, end } = periodOf('WEEKLY', reportDay(now, this.timeZone));
    const tz = this.timeZone;
    const rows = await sql<{
      member_id: number;
      username: string;
      completed: string;
      reward: string;
      rank: string;
    }>`
      with w as (
        select r.member_id, count(*) as completed, sum(r.amount) as reward, max(r.created_at) as last_at
        from mission_reward r
        where r.created_at >= (${start}::date::timestamp at time zone ${tz})
          and r.created_at < (${addDays(end, 1)}::date::timestamp at time zone ${tz})
        group by r.member_id
      ), ranked as (
        select w.*, row_number() over (order by w.completed desc, w.reward desc, w.last_at, w.member_id) as rank
        from w
      )
      select ranked.member_id, m.username, ranked.completed::text, ranked.reward::text, ranked.rank::text
      from ranked join member m on m.id = ranked.member_id
      where ranked.rank <= ${MISSION_LEADERBOARD_SIZE} or ranked.member_id = ${memberId}
      order by ranked.rank`.execute(this.database.db);
    const wire = rows.rows.map((r) => ({
      rank: Number(r.rank),
      account: Number(r.member_id) === memberId ? r.username : maskAccount(r.username),
      completed: Number(r.completed),
      reward: this.major(Number(r.reward)),
      me: Number(r.member_id) === memberId,
    }));
    return {
      periodStart: start,
      periodEnd: end,
      list: wire.filter((r) => r.rank <= MISSION_LEADERBOARD_SIZE),
      mine: wire.find((r) => r.me) ?? null,
    };
  }

  /** Settles in a transaction of its own (the CLI's `mission settle`, tests). */
  settleNow(now = new Date()): Promise<SettleSummary> {
    return this.database.db.transaction().execute((trx) => this.settle(trx, now));
  }

  /**
   * Pays every member who completed an active mission in its current period, or in the period
   * before (the bets of its last seconds are folded after it closed), and was not paid for it yet.
   * A period that ended before the mission was created is never settled.
   */
  async settle(trx: Kysely<DB>, now = new Date()): Promise<SettleSummary> {
    const lock = await sql<{ ok: boolean }>`
      select pg_try_advisory_xact_lock(hashtextextended(${MISSIONS_LOCK} || current_schema(), 0)) as ok`.execute(
      trx,
    );
    if (!lock.rows[0]?.ok) return { missions: 0, rewarded: 0, busy: 1 };
    const today = reportDay(now, this.timeZone);
    const missions = await this.active(trx);
    let rewarded = 0;
    for (const m of missions) {
      const current = periodOf(m.period, today);
      const previous = periodOf(m.period, addDays(current.start, -1));
      const created = reportDay(m.created_at, this.timeZone);
      for (const period of previous.end >= created ? [previous, current] : [current]) {
        const reached = await this.progressOf(trx, m, period.start, period.end, { reachedOnly: true });
        const ids = [...reached.keys()].sort((a, b) => a - b);
        if (!ids.length) continue;
        // The rows first: a member paid already (by another run) is not in what comes back.
        const claimed = await trx
          .insertInto('mission_reward')
          .values(
            ids.map((id) => ({
              mission_id: m.id,
              period_start: period.start,
              member_id: id,
              amount: m.reward,
            })),
          )
          .onConflict((oc) => oc.columns(['mission_id', 'period_start', 'member_id']).doNothing())
          .returning('member_id')
          .execute();
        for (const c of claimed) {
          if (Number(m.reward) <= 0) continue;
          const key = `mission-reward:${m.id}:${period.start}:${c.member_id}`;
          const posted = await this.wallet.transfer(
            {
              from: { house: HouseAccount.bonus },
              to: { memberId: Number(c.member_id) },
              amount: Number(m.reward),
              kind: 'MISSION_REWARD',
              reference: `MS${m.id}-${period.start}`,
              memo: m.title,
              idempotencyKey: key,
            },
            trx,
          );
          if (posted.replayed) throw new Error(`missions: ledger key ${key} was used`);
          await trx
            .updateTable('mission_reward')
            .set({ ledger_transaction_id: posted.transactionId })
            .where('mission_id', '=', m.id)
            .where('period_start', '=', period.start)
            .where('member_id', '=', Number(c.member_id))
            .execute();
          rewarded++;
        }
      }
    }
    return { missions: missions.length, rewarded, busy: 0 };
  }

  // ---- the operator's writes (CLI), audited --------------------------------------------------------

  private check(input: MissionInput): Required<MissionInput> {
    const title = input.title.trim();
    if (!title || title.length > 80) throw new Error('A title is 1 to 80 characters');
    if (!missionKinds.includes(input.kind)) throw new Error(`A kind is one of ${missionKinds.join(', ')}`);
    if (!missionPeriods.includes(input.period))
      throw new Error(`A period is one of ${missionPeriods.join(', ')}`);
    const product = (input.product ?? '').trim().toUpperCase();
    if (product && input.kind !== 'BET') throw new Error('Only a BET mission names a product');
    if (product && !(betProducts as readonly string[]).includes(product))
      throw new Error(`A product is one of ${betProducts.join(', ')}`);
    if (!Number.isSafeInteger(input.target) || input.target <= 0)
      throw new Error('The target is more than 0');
    if (input.kind === 'LOGIN' && input.target > 31) throw new Error('A login mission is at most 31 days');
    if (!Number.isSafeInteger(input.reward) || input.reward < 0) throw new Error('The reward is 0 or more');
    return { ...input, title, product };
  }

  async define(actor: AuditActor, input: MissionInput): Promise<MissionRow> {
    const c = this.check(input);
    return this.database.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('mission')
        .values({
          title: c.title,
          kind: c.kind,
          product: c.product,
          period: c.period,
          target: c.target,
          reward: c.reward,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.audit.append(trx, actor, {
        action: 'mission.create',
        targetType: 'mission',
        targetId: row.id,
        before: null,
        after: row,
      });
      return row;
    });
  }

  /** Turns a mission on or off (off: no more progress shown, nothing more paid). */
  async setActive(actor: AuditActor, id: number, active: boolean): Promise<MissionRow> {
    return this.database.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('mission')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw new Error(`No mission ${id}`);
      const after = await trx
        .updateTable('mission')
        .set({ active, updated_at: sql`now()` })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.audit.append(trx, actor, {
        action: active ? 'mission.on' : 'mission.off',
        targetType: 'mission',
        targetId: id,
        before,
        after,
      });
      return after;
    });
  }
}
