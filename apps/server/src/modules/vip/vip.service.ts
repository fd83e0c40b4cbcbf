import { sql, type Kysely, type Transaction } from 'kysely';
import {
  minorToMajor,
  VIP_SERVICE_ABOVE_RANK,
  VIP_SERVICE_CS_TYPE,
  type PlayerRankProgress,
  type VipLevel,
  type VipLevels,
} from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import type { ChangeFeed } from '../../platform/change-feed.ts';
import type { AuditActor, AuditLog } from '../backoffice/audit.service.ts';
import { clubLabel } from '../member/member.service.ts';
import { HouseAccount, type WalletService } from '../wallet/wallet.service.ts';
import { addDays, reportDay } from './report-days.ts';

/**
 * VIP levels (issue 32, decision 042). A member's level is the highest rank whose deposit and
 * valid-bet requirements its figures over the window meet: the agent fold's member-day figures
 * (agent_member_day, product '*'), so no trigger of its own on bets or postings. The level job
 * applies the levels every few minutes, once per window across instances, and credits each rank's
 * reward the first time a member reaches it, exactly once (vip_reward's key and the ledger key).
 */

export const VIP_LEVELS_JOB = 'vip.levels';
/** A transaction advisory lock of the level runs (keyed by the schema too, as the folds'). */
const VIP_LOCK = 'vip-levels:';

export interface LevelRow {
  rank: number;
  label: string;
  /** Minor units. */
  deposit: number;
  validBet: number;
  reward: number;
}

export interface RecomputeSummary {
  /** Members whose figures were looked at. */
  checked: number;
  /** Members whose level changed. */
  changed: number;
  /** Level rewards credited. */
  rewarded: number;
  /** 1 when another run held the lock and this one did nothing. */
  busy: number;
}

export interface VipDeps {
  database: Database;
  wallet: WalletService;
  audit: AuditLog;
  feed: ChangeFeed;
  /** IANA name of the report time zone (the figures' days). */
  timeZone: string;
}

export class VipService {
  private readonly database: Database;
  private readonly wallet: WalletService;
  private readonly audit: AuditLog;
  private readonly feed: ChangeFeed;
  readonly timeZone: string;

  constructor(deps: VipDeps) {
    this.database = deps.database;
    this.wallet = deps.wallet;
    this.audit = deps.audit;
    this.feed = deps.feed;
    this.timeZone = deps.timeZone;
  }

  private major(minor: number): number {
    return minorToMajor(minor, this.wallet.currency().precision);
  }

  /** The ladder, lowest rank first (minor units). */
  async ladder(db: Kysely<DB> = this.database.db): Promise<LevelRow[]> {
    const rows = await db.selectFrom('vip_level').selectAll().orderBy('rank_level').execute();
    return rows.map((r) => ({
      rank: r.rank_level,
      label: r.label,
      deposit: Number(r.min_deposit),
      validBet: Number(r.min_valid_bet),
      reward: Number(r.reward),
    }));
  }

  async windowDays(db: Kysely<DB> = this.database.db): Promise<number> {
    const row = await db.selectFrom('vip_config').select('window_days').executeTakeFirst();
    return row?.window_days ?? 30;
  }

  private wireLevel(l: LevelRow): VipLevel {
    return {
      rankLevel: l.rank,
      labelName: l.label,
      color: clubLabel(l.label, l.rank).color,
      deposit: this.major(l.deposit),
      validBet: this.major(l.validBet),
      reward: this.major(l.reward),
    };
  }

  /** GET /wps/vip/levels. */
  async levels(): Promise<VipLevels> {
    const [ladder, windowDays] = await Promise.all([this.ladder(), this.windowDays()]);
    return { windowDays, levels: ladder.map((l) => this.wireLevel(l)) };
  }

  /** The first and last report day of the window ending today. */
  windowOf(now: Date, days: number): { from: string; to: string } {
    const to = reportDay(now, this.timeZone);
    return { from: addDays(to, -(days - 1)), to };
  }

  /** A member's deposits and valid bets over the window (minor units). */
  async figures(memberId: number, now = new Date()): Promise<{ deposit: number; validBet: number }> {
    const { from, to } = this.windowOf(now, await this.windowDays());
    const r = await this.database.db
      .selectFrom('agent_member_day')
      .select([
        sql<string>`coalesce(sum(deposit), 0)::text`.as('deposit'),
        sql<string>`coalesce(sum(valid_bet), 0)::text`.as('valid_bet'),
      ])
      .where('member_id', '=', memberId)
      .where('product', '=', '*')
      .where('day', '>=', from)
      .where('day', '<=', to)
      .executeTakeFirst();
    return { deposit: Number(r?.deposit ?? 0), validBet: Number(r?.valid_bet ?? 0) };
  }

  /** GET /wps/relay/MCSFE_getPlayerRankProgress. */
  async progress(memberId: number, now = new Date()): Promise<PlayerRankProgress> {
    const [ladder, windowDays, member, figures] = await Promise.all([
      this.ladder(),
      this.windowDays(),
      this.database.db
        .selectFrom('member')
        .select(['club_label', 'rank_level'])
        .where('id', '=', memberId)
        .executeTakeFirstOrThrow(),
      this.figures(memberId, now),
    ]);
    const reached = rankFor(ladder, figures.deposit, figures.validBet);
    const next = ladder.find((l) => l.rank > member.rank_level) ?? null;
    const met = next
      ? Number(figures.deposit >= next.deposit) + Number(figures.validBet >= next.validBet)
      : 2;
    return {
      playerRankProgress: {
        labelId: member.rank_level,
        labelName: member.club_label,
        rankLevel: member.rank_level,
      },
      currentProgress: { completedConditions: met, totalExpectedConditions: 2 },
      deposit: this.major(figures.deposit),
      validBet: this.major(figures.validBet),
      windowDays,
      reachedRankLevel: reached,
      next: next ? this.wireLevel(next) : null,
      vipService: member.rank_level > VIP_SERVICE_ABOVE_RANK,
    };
  }

  /** Applies the levels in a transaction of its own (the CLI's `vip recompute`, tests). */
  recomputeNow(now = new Date()): Promise<RecomputeSummary> {
    return this.database.db.transaction().execute((trx) => this.recompute(trx, now));
  }

  /**
   * Sets every member's level to what its figures over the window reach, and credits the reward of
   * each rank a member reaches for the first time. Looks at the members with figures in the window
   * and those above the lowest rank (who may fall back). Safe to run again at any time: a level
   * already applied changes nothing, a reward already paid is never paid again.
   */
  async recompute(trx: Kysely<DB>, now = new Date()): Promise<RecomputeSummary> {
    const lock = await sql<{ ok: boolean }>`
      select pg_try_advisory_xact_lock(hashtextextended(${VIP_LOCK} || current_schema(), 0)) as ok`.execute(
      trx,
    );
    if (!lock.rows[0]?.ok) return { checked: 0, changed: 0, rewarded: 0, busy: 1 };
    const ladder = await this.ladder(trx);
    const base = ladder[0];
    if (!base) return { checked: 0, changed: 0, rewarded: 0, busy: 0 };
    const { from, to } = this.windowOf(now, await this.windowDays(trx));
    const rows = await sql<{
      id: number;
      rank_level: number;
      club_label: string;
      deposit: string;
      valid_bet: string;
    }>`
      select m.id, m.rank_level, m.club_label,
             coalesce(f.deposit, 0)::text as deposit, coalesce(f.valid_bet, 0)::text as valid_bet
      from member m
      left join (
        select member_id, sum(deposit) as deposit, sum(valid_bet) as valid_bet
        from agent_member_day
        where product = '*' and day between ${from}::date and ${to}::date
        group by member_id
      ) f on f.member_id = m.id
      where m.agent_type <> 4
        and (f.member_id is not null or m.rank_level <> ${base.rank} or m.club_label <> ${base.label})
      order by m.id`.execute(trx);
    const byRank = new Map(ladder.map((l) => [l.rank, l]));
    const changes: { id: number; rank: number; label: string }[] = [];
    const rewards: { memberId: number; rank: number; amount: number }[] = [];
    for (const r of rows.rows) {
      const rank = rankFor(ladder, Number(r.deposit), Number(r.valid_bet));
      const level = byRank.get(rank)!;
      if (rank !== r.rank_level || level.label !== r.club_label)
        changes.push({ id: Number(r.id), rank, label: level.label });
      // Every rank above the member's current one up to the reached one is reached now.
      for (const l of ladder)
        if (l.rank > r.rank_level && l.rank <= rank)
          rewards.push({ memberId: Number(r.id), rank: l.rank, amount: l.reward });
    }
    if (changes.length)
      await sql`
        update member m set rank_level = x.rank, club_label = x.label
        from unnest(${changes.map((c) => c.id)}::bigint[], ${changes.map((c) => c.rank)}::int[],
                    ${changes.map((c) => c.label)}::text[]) as x(id, rank, label)
        where m.id = x.id`.execute(trx);
    let rewarded = 0;
    for (const w of rewards) {
      // The row first: of two writers the second finds it and pays nothing.
      const claimed = await trx
        .insertInto('vip_reward')
        .values({ member_id: w.memberId, rank_level: w.rank, amount: w.amount })
        .onConflict((oc) => oc.columns(['member_id', 'rank_level']).doNothing())
        .returning('member_id')
        .executeTakeFirst();
      if (!claimed || w.amount <= 0) continue;
      const posted = await this.wallet.transfer(
        {
          from: { house: HouseAccount.bonus },
          to: { memberId: w.memberId },
          amount: w.amount,
          kind: 'VIP_REWARD',
          reference: `VIP${w.rank}`,
          memo: `${byRank.get(w.rank)!.label}`,
          idempotencyKey: `vip-reward:${w.memberId}:${w.rank}`,
        },
        trx,
      );
      if (posted.replayed)
        throw new Error(`vip: the reward of rank ${w.rank} to member ${w.memberId} was paid already`);
      await trx
        .updateTable('vip_reward')
        .set({ ledger_transaction_id: posted.transactionId })
        .where('member_id', '=', w.memberId)
        .where('rank_level', '=', w.rank)
        .execute();
      rewarded++;
    }
    return { checked: rows.rows.length, changed: changes.length, rewarded, busy: 0 };
  }

  // ---- the operator's writes (CLI), audited --------------------------------------------------------

  /** Adds or changes a rank of the ladder (minor units). */
  async setLevel(actor: AuditActor, level: LevelRow): Promise<LevelRow> {
    if (!Number.isInteger(level.rank) || level.rank < 1 || level.rank > 20)
      throw new Error('A rank is 1 to 20');
    const label = level.label.trim();
    if (!label || label.length > 40) throw new Error('A label is 1 to 40 characters');
    for (const v of [level.deposit, level.validBet, level.reward])
      if (!Number.isSafeInteger(v) || v < 0) throw new Error('Amounts are 0 or more');
    return this.database.db.transaction().execute(async (trx) => {
      const ladder = await this.ladder(trx);
      const before = ladder.find((l) => l.rank === level.rank) ?? null;
      const after = { ...level, label };
      // A higher rank never asks for less than a lower one: the ladder stays a ladder.
      const next = [...ladder.filter((l) => l.rank !== level.rank), after].sort((a, b) => a.rank - b.rank);
      for (let i = 1; i < next.length; i++)
        if (next[i]!.deposit < next[i - 1]!.deposit || next[i]!.validBet < next[i - 1]!.validBet)
          throw new Error(
            `Rank ${next[i]!.rank} would need less than rank ${next[i - 1]!.rank}: a higher rank needs at least as much`,
          );
      if (next[0]!.deposit !== 0 || next[0]!.validBet !== 0)
        throw new Error(`The lowest rank (${next[0]!.rank}) needs nothing: it is every member's level`);
      await trx
        .insertInto('vip_level')
        .values({
          rank_level: level.rank,
          label,
          min_deposit: level.deposit,
          min_valid_bet: level.validBet,
          reward: level.reward,
        })
        .onConflict((oc) =>
          oc.column('rank_level').doUpdateSet({
            label,
            min_deposit: level.deposit,
            min_valid_bet: level.validBet,
            reward: level.reward,
            updated_at: sql`now()`,
          }),
        )
        .execute();
      await this.audit.append(trx as Transaction<DB>, actor, {
        action: 'vip.level.set',
        targetType: 'vip-level',
        targetId: level.rank,
        before,
        after,
      });
      return after;
    });
  }

  /** Removes a rank (not the lowest); members on it move at the next level run. */
  async removeLevel(actor: AuditActor, rank: number): Promise<void> {
    await this.database.db.transaction().execute(async (trx) => {
      const ladder = await this.ladder(trx);
      const before = ladder.find((l) => l.rank === rank);
      if (!before) throw new Error(`No rank ${rank}`);
      if (ladder[0]!.rank === rank)
        throw new Error('The lowest rank is every member’s level: change it, do not remove it');
      await trx.deleteFrom('vip_level').where('rank_level', '=', rank).execute();
      await this.audit.append(trx as Transaction<DB>, actor, {
        action: 'vip.level.remove',
        targetType: 'vip-level',
        targetId: rank,
        before,
        after: null,
      });
    });
  }

  async setWindow(actor: AuditActor, days: number): Promise<void> {
    if (!Number.isInteger(days) || days < 1 || days > 92) throw new Error('The window is 1 to 92 days');
    await this.database.db.transaction().execute(async (trx) => {
      const before = await this.windowDays(trx);
      await trx
        .updateTable('vip_config')
        .set({ window_days: days, updated_at: sql`now()` })
        .execute();
      await this.audit.append(trx as Transaction<DB>, actor, {
        action: 'vip.window.set',
        targetType: 'vip-config',
        before: { windowDays: before },
        after: { windowDays: days },
      });
    });
  }

  /** The VIP customer service (HD-04): the customer-service entry of its type, set or removed. */
  async setService(actor: AuditActor, service: { name: string; path: string } | null): Promise<void> {
    if (service) {
      if (!service.name.trim() || service.name.length > 60) throw new Error('A name is 1 to 60 characters');
      if (!/^(https:\/\/|\/)[^\s]{0,500}$/.test(service.path))
        throw new Error('The address is an https:// URL or a path of this site');
    }
    await this.database.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('customer_service')
        .select(['name', 'path'])
        .where('cs_type', '=', VIP_SERVICE_CS_TYPE)
        .executeTakeFirst();
      await trx.deleteFrom('customer_service').where('cs_type', '=', VIP_SERVICE_CS_TYPE).execute();
      if (service) {
        const sort = await trx
          .selectFrom('customer_service')
          .select(sql<number>`coalesce(max(sort), 0) + 1`.as('next'))
          .executeTakeFirst();
        await trx
          .insertInto('customer_service')
          .values({
            cs_type: VIP_SERVICE_CS_TYPE,
            name: service.name.trim(),
            path: service.path,
            sort: sort?.next ?? 1,
          })
          .execute();
      }
      await this.audit.append(trx as Transaction<DB>, actor, {
        action: 'vip.service.set',
        targetType: 'customer-service',
        targetId: VIP_SERVICE_CS_TYPE,
        before: before ?? null,
        after: service,
      });
    });
    await this.feed.publish('customer-service');
  }
}

/** The highest rank whose requirements the figures meet (the lowest rank needs nothing). */
export function rankFor(ladder: readonly LevelRow[], deposit: number, validBet: number): number {
  let rank = ladder[0]?.rank ?? 1;
  for (const l of ladder) if (deposit >= l.deposit && validBet >= l.validBet) rank = Math.max(rank, l.rank);
  return rank;
}
