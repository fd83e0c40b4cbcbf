import type { Reward, RewardCentre as RewardCentreWire, RewardSource } from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import type { BonusService } from './bonus.service.ts';
import type { MissionService } from '../vip/missions.service.ts';
import type { VipService } from '../vip/vip.service.ts';
import type { ReferralService } from '../referral/referral.service.ts';
import { maskAccount } from '../vip/missions.service.ts';

export interface RewardCentreDeps {
  database: Database;
  wallet: WalletService;
  bonus: BonusService;
  missions: MissionService;
  vip: VipService;
  referral: ReferralService;
}

const CLAIMED_MAX = 100;

/**
 * The reward centre (issue 32, PR-01): a member's rewards of every kind in one place, read from
 * the services and tables that pay them, nothing stored of its own. Claimable: a promotion's bonus
 * the member claims now (the claim call, decision 041). Pending: owed and on its way (a reward
 * request staff decide; a mission completed, a level reached or a friend qualified, which their
 * jobs pay within minutes, decisions 042 and 043). Claimed: what the ledger credited (bonus grants,
 * mission, level and referral rewards), newest first.
 */
export class RewardCentre {
  private readonly deps: RewardCentreDeps;

  constructor(deps: RewardCentreDeps) {
    this.deps = deps;
  }

  private major(minor: number): number {
    return this.deps.wallet.toMajor(minor);
  }

  async of(memberId: number, now = new Date()): Promise<RewardCentreWire> {
    const { bonus, missions, vip, referral } = this.deps;
    const db = this.deps.database.db;
    const [claimables, entries, wallet, summary, progress, ladder, missionPaid, levelPaid, friendsPaid] =
      await Promise.all([
        bonus.claimables(memberId),
        bonus.claimList(memberId),
        bonus.bonusWallet(memberId),
        missions.summary(memberId, now),
        vip.progress(memberId, now),
        vip.ladder(),
        db
          .selectFrom('mission_reward as r')
          .innerJoin('mission as m', 'm.id', 'r.mission_id')
          .select(['r.mission_id', 'r.period_start', 'r.amount', 'r.created_at', 'm.title'])
          .where('r.member_id', '=', memberId)
          .orderBy('r.created_at', 'desc')
          .limit(CLAIMED_MAX)
          .execute(),
        db
          .selectFrom('vip_reward as r')
          .leftJoin('vip_level as l', 'l.rank_level', 'r.rank_level')
          .select(['r.rank_level', 'r.amount', 'r.created_at', 'l.label'])
          .where('r.member_id', '=', memberId)
          .orderBy('r.created_at', 'desc')
          .execute(),
        db
          .selectFrom('referral_reward as r')
          .innerJoin('member as m', 'm.id', 'r.invitee_id')
          .select(['r.invitee_id', 'r.amount', 'r.created_at', 'm.username'])
          .where('r.referrer_id', '=', memberId)
          .orderBy('r.created_at', 'desc')
          .limit(CLAIMED_MAX)
          .execute(),
      ]);
    const t = now.getTime();
    const base = { promotionId: null, status: '' };

    const claimable: Reward[] = claimables.map((c) => ({
      key: `promotion:${c.entryId}`,
      source: 'PROMOTION',
      state: 'CLAIMABLE',
      title: c.title,
      amount: c.amount,
      wallet: 'BONUS',
      promotionId: c.promotionId,
      status: 'claim',
      time: c.since,
    }));

    const pending: Reward[] = [];
    for (const e of entries.filter((x) => x.status === 'applying'))
      pending.push({
        key: `promotion:${e.id}`,
        source: 'PROMOTION',
        state: 'PENDING',
        title: e.title,
        amount: null,
        wallet: 'BONUS',
        promotionId: e.promotionId,
        status: 'applying',
        time: e.joinedAt,
      });
    for (const m of summary.missions.filter((x) => x.completed && !x.rewarded))
      pending.push({
        ...base,
        key: `mission:${m.id}:${m.periodStart}`,
        source: 'MISSION',
        state: 'PENDING',
        title: m.title,
        amount: m.reward,
        wallet: 'MAIN',
        time: t,
      });
    const paidRanks = new Set(levelPaid.map((r) => r.rank_level));
    const current = progress.playerRankProgress.rankLevel;
    for (const l of ladder)
      if (l.rank > current && l.rank <= progress.reachedRankLevel && l.reward > 0 && !paidRanks.has(l.rank))
        pending.push({
          ...base,
          key: `vip:${l.rank}`,
          source: 'VIP',
          state: 'PENDING',
          title: l.label,
          amount: this.major(l.reward),
          wallet: 'MAIN',
          time: t,
        });
    // Friends who qualified and wait for the job's payment (only while invite friends is on).
    const friends = await referral.invitees(memberId, 1, 100).catch(() => null);
    if (friends?.content.some((f) => f.status === 'QUALIFIED')) {
      const terms = await referral.terms();
      for (const f of friends.content.filter((x) => x.status === 'QUALIFIED'))
        pending.push({
          ...base,
          key: `referral:${f.username}:${f.registeredAt}`,
          source: 'REFERRAL',
          state: 'PENDING',
          title: f.username,
          amount: this.major(terms.reward),
          wallet: 'MAIN',
          time: f.registeredAt,
        });
    }

    const claimed: Reward[] = [
      ...[wallet.active, ...wallet.history]
        .filter((g) => g !== null)
        .map((g): Reward => ({
          key: `bonus:${g.id}`,
          source: 'PROMOTION',
          state: 'CLAIMED',
          title: g.title,
          amount: g.amount,
          wallet: 'BONUS',
          promotionId: g.promotionId,
          status: g.status,
          time: g.createdAt,
        })),
      ...missionPaid.map((r): Reward => ({
        ...base,
        key: `mission:${r.mission_id}:${r.period_start}`,
        source: 'MISSION',
        state: 'CLAIMED',
        title: r.title,
        amount: this.major(Number(r.amount)),
        wallet: 'MAIN',
        time: new Date(r.created_at).getTime(),
      })),
      ...levelPaid.map((r): Reward => ({
        ...base,
        key: `vip:${r.rank_level}`,
        source: 'VIP',
        state: 'CLAIMED',
        title: r.label ?? `VIP ${r.rank_level}`,
        amount: this.major(Number(r.amount)),
        wallet: 'MAIN',
        time: new Date(r.created_at).getTime(),
      })),
      ...friendsPaid.map((r): Reward => ({
        ...base,
        key: `referral:${r.invitee_id}`,
        source: 'REFERRAL',
        state: 'CLAIMED',
        title: maskAccount(r.username),
        amount: this.major(Number(r.amount)),
        wallet: 'MAIN',
        time: new Date(r.created_at).getTime(),
      })),
    ]
      .sort((a, b) => b.time - a.time)
      .slice(0, CLAIMED_MAX);

    const unit = 10 ** this.deps.wallet.currency().precision;
    const minor = { PROMOTION: 0, MISSION: 0, VIP: 0, REFERRAL: 0 } as Record<RewardSource, number>;
    for (const r of claimed) minor[r.source] += Math.round((r.amount ?? 0) * unit);
    const totals = Object.fromEntries(Object.entries(minor).map(([k, v]) => [k, this.major(v)])) as Record<
      RewardSource,
      number
    >;
    const newest = (a: Reward, b: Reward) => b.time - a.time;
    return { claimable: claimable.sort(newest), pending: pending.sort(newest), claimed, totals };
  }
}
