import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { backoffice, BonusGrant, RewardCentre } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { runOpsCommand } from '../../cli/commands.ts';
import { memberWithMoney, walletMinor, type TestMember } from '../wallet/wallet-test-kit.ts';
import { deposit as credit, settleBets } from '../agent/stats-test-kit.ts';

/**
 * The reward centre (issue 32, PR-01 on the server): a member's claimable, pending and claimed
 * rewards of promotions, missions, VIP levels and invited friends in one answer, each moving from
 * claimable or pending to claimed as the claim call or its job pays it through the ledger.
 */
let t: TestApp;
const cli = { kind: 'cli' as const, id: null, name: 'reward-test', ip: null };
let precision: number;

beforeAll(async () => {
  t = await createTestApp({ services: { jobs: { tickMs: 0 } } });
  await t.app.ctx.points.foldAll();
  await t.app.ctx.agentStats.foldAll();
  await t.app.ctx.vip.recomputeNow();
  precision = t.app.ctx.wallet.currency().precision;
  // A friend qualifies with a first deposit of 100.00 and 200.00 of valid bets; the reward 50.00.
  await t.app.ctx.referral.setTerms({ reward: 5000, minFirstDeposit: 10000, minValidBet: 20000 });
}, 180_000);
afterAll(async () => t?.close());

const minor = (major: number) => Math.round(major * 10 ** precision);
const ops = (...argv: string[]) => runOpsCommand(t.app.ctx, argv, 'op-rewards');

let serial = 0;
async function promotion(rules: Omit<backoffice.PromotionRuleBody, 'id'>): Promise<number> {
  const row = await t.database.db
    .insertInto('announcement')
    .values({
      type: 'PR',
      title: `Reward promotion ${++serial}`,
      content: '<p>Rules</p>',
      execution: 'B',
      published_at: new Date(Date.now() - 60_000),
      created_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.app.ctx.bonus.saveRule(cli, { id: row.id, ...rules });
  return row.id;
}

async function ok<T>(res: Awaited<ReturnType<TestApp['call']>>): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as T;
}
const post = (m: TestMember, url: string, payload: object) =>
  t.call({ method: 'POST', url, token: m.token, payload });
const centre = async (m: TestMember) =>
  ok<RewardCentre>(await t.call({ url: '/wps/rewards', token: m.token }));

/** A bank deposit (major units) the operator approves: a deposit order of the member's own. */
async function depositOrder(m: TestMember, amount: number): Promise<void> {
  const res = await post(m, '/wps/deposit/orders', {
    channelCode: 'BANK',
    amount,
    payerReference: `ref ${m.username}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  await ops('deposit', 'approve', (res.json().value as { orderNo: string }).orderNo);
}

async function ledgerExact(): Promise<void> {
  const report = await t.app.ctx.wallet.check();
  expect(report.ok, JSON.stringify(report)).toBe(true);
}

const keys = (list: RewardCentre['claimable']) => list.map((r) => `${r.source}:${r.title}:${r.amount}`);

describe(`reward centre (${testDbKind})`, () => {
  it('needs a token', async () => {
    expect((await t.call({ url: '/wps/rewards' })).statusCode).toBe(401);
  });

  it("a member's promotion, mission, level and friend rewards in one place: claimable claimed there through the claim call, pending ones claimed once their job pays; the ledger exact", async () => {
    const m = await memberWithMoney(t, 0, { prefix: 'rwd' });
    const fixed = await promotion({
      kind: 'FIXED',
      category: 'REWARD',
      fixedBonus: 10,
      wageringMultiplier: 1,
      wageringBase: 'BONUS',
    });
    const match = await promotion({
      kind: 'DEPOSIT_MATCH',
      category: 'DEPOSIT',
      matchPercent: 50,
      maxBonus: 100,
      minDeposit: 50,
      wageringMultiplier: 2,
    });
    const request = await promotion({ kind: 'REQUEST', category: 'REWARD', fixedBonus: 5 });
    expect(await centre(m)).toEqual({
      claimable: [],
      pending: expect.any(Array),
      claimed: [],
      totals: { PROMOTION: 0, MISSION: 0, VIP: 0, REFERRAL: 0 },
    });

    // Joined: the fixed bonus is claimable at once; the match once its deposit has come.
    for (const id of [fixed, match, request])
      await ok(await post(m, '/wps/relay/MCSFE_signUpPromotionJoin', { promotionId: id }));
    let c = await centre(m);
    expect(keys(c.claimable)).toEqual([`PROMOTION:Reward promotion ${serial - 2}:10`]);
    await depositOrder(m, 120);
    await ok(
      await post(m, '/wps/relay/MCSFE_signUpRequestReward', {
        promotionId: request,
        remarks: 'my screenshot',
      }),
    );
    c = await centre(m);
    expect(c.claimable.map((r) => [r.promotionId, r.amount, r.wallet, r.status, r.state])).toEqual([
      // Newest first: the match claimable since its deposit, the fixed bonus since joining.
      [match, 60, 'BONUS', 'claim', 'CLAIMABLE'],
      [fixed, 10, 'BONUS', 'claim', 'CLAIMABLE'],
    ]);
    // The reward request waits for staff: pending, its amount theirs to set.
    expect(c.pending.filter((r) => r.source === 'PROMOTION')).toEqual([
      expect.objectContaining({ promotionId: request, state: 'PENDING', status: 'applying', amount: null }),
    ]);

    // Claimed from the centre: the claim call (the original's raffle claim) grants the bonus.
    const grant = await ok<BonusGrant>(
      await post(m, '/wps/relay/MCS2_claimRafflePromotion', { promotionId: fixed, raffleScheduleId: 0 }),
    );
    c = await centre(m);
    expect(c.claimable.map((r) => r.promotionId)).toEqual([match]);
    expect(c.claimed).toEqual([
      expect.objectContaining({
        key: `bonus:${grant.id}`,
        source: 'PROMOTION',
        state: 'CLAIMED',
        amount: 10,
        wallet: 'BONUS',
        status: 'ACTIVE',
      }),
    ]);
    expect(c.totals.PROMOTION).toBe(10);
    await ledgerExact();

    // A level reached and a weekly deposit mission completed: pending until their jobs pay.
    await ops(
      'mission',
      'add',
      '--title',
      'Rewards deposit',
      '--kind',
      'DEPOSIT',
      '--target',
      '5000',
      '--period',
      'WEEKLY',
      '--reward',
      '8',
    );
    await credit(t, m.memberId, minor(6_000));
    const v = minor(30_000);
    const now = new Date();
    await settleBets(t, [
      { memberId: m.memberId, product: 'LIVE', amount: v, valid: v, payout: 0, betAt: now, settledAt: now },
    ]);
    await t.app.ctx.agentStats.foldAll();
    c = await centre(m);
    const levels = (await t.app.ctx.vip.ladder()).filter((l) => l.rank > 1 && l.rank <= 3);
    expect(c.pending.filter((r) => r.source === 'VIP').map((r) => [r.title, r.amount, r.wallet])).toEqual(
      levels.map((l) => [l.label, l.reward / 10 ** precision, 'MAIN']),
    );
    expect(c.pending.filter((r) => r.source === 'MISSION').map((r) => [r.title, r.amount])).toEqual([
      ['Rewards deposit', 8],
    ]);
    const before = await walletMinor(t, m.memberId);
    await t.app.ctx.vip.recomputeNow();
    await t.app.ctx.missions.settleNow();
    c = await centre(m);
    expect(c.pending.filter((r) => r.source === 'VIP' || r.source === 'MISSION')).toEqual([]);
    const levelTotal = levels.reduce((s, l) => s + l.reward, 0);
    expect(c.totals.VIP).toBe(levelTotal / 10 ** precision);
    expect(c.totals.MISSION).toBe(8);
    expect(await walletMinor(t, m.memberId)).toBe(before + levelTotal + minor(8));
    expect(c.claimed.filter((r) => r.source === 'MISSION')).toEqual([
      expect.objectContaining({ title: 'Rewards deposit', state: 'CLAIMED', amount: 8, wallet: 'MAIN' }),
    ]);

    // A friend invited: pending once qualified, claimed when the referral job pays (masked name).
    const code = (await ok<{ code: string }>(await t.call({ url: '/wps/referral/summary', token: m.token })))
      .code;
    const friend = await memberWithMoney(t, 0, { prefix: 'rwdf' });
    await ok(await post(friend, '/wps/referral/bind', { code }));
    await depositOrder(friend, 100);
    await settleBets(t, [
      {
        memberId: friend.memberId,
        product: 'RNG',
        amount: minor(200),
        valid: minor(200),
        payout: 0,
        betAt: now,
        settledAt: now,
      },
    ]);
    c = await centre(m);
    expect(c.pending.filter((r) => r.source === 'REFERRAL').map((r) => r.amount)).toEqual([50]);
    await t.database.db.transaction().execute((trx) => t.app.ctx.referral.payRewards(trx));
    c = await centre(m);
    expect(c.pending.filter((r) => r.source === 'REFERRAL')).toEqual([]);
    const paid = c.claimed.filter((r) => r.source === 'REFERRAL');
    expect(paid).toEqual([expect.objectContaining({ state: 'CLAIMED', amount: 50, wallet: 'MAIN' })]);
    expect(paid[0]!.title).toMatch(/\*\*\*/);
    expect(c.totals.REFERRAL).toBe(50);
    // Newest first, every key once.
    expect(c.claimed.map((r) => r.time)).toEqual([...c.claimed.map((r) => r.time)].sort((a, b) => b - a));
    expect(new Set(c.claimed.map((r) => r.key)).size).toBe(c.claimed.length);
    await ledgerExact();
  });
});
