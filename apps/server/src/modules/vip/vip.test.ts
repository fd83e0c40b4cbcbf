import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, secondInstance, testDbKind, type TestApp } from '../../test/test-app.ts';
import { runOpsCommand } from '../../cli/commands.ts';
import { memberWithMoney, walletMinor, type TestMember } from '../wallet/wallet-test-kit.ts';
import { deposit, login, settleBets } from '../agent/stats-test-kit.ts';
import { VIP_LEVELS_JOB } from './vip.service.ts';
import { MISSIONS_SETTLE_JOB, maskAccount } from './missions.service.ts';
import { addDays, periodOf, reportDay } from './report-days.ts';

/**
 * VIP levels and missions (issue 32, decision 042): levels computed from the agent fold's
 * member-day figures over the window, level rewards and mission rewards credited exactly once,
 * across two complete server instances on one database, and safe to run again; the operator's
 * CLI writes audited.
 */
let t: TestApp;
let second: FastifyInstance;
const OPERATOR = 'vip-operator';
const ops = (argv: string[]) => runOpsCommand(t.app.ctx, argv, OPERATOR);

beforeAll(async () => {
  t = await createTestApp({ services: { jobs: { tickMs: 0 } } });
  second = await secondInstance(t, { jobs: { tickMs: 0 } });
  // The seeded history folded first, and the demo members' levels applied, so each test sees its own.
  await t.app.ctx.agentStats.foldAll();
  await t.app.ctx.vip.recomputeNow();
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const minor = (major: number) => Math.round(major * 10 ** t.app.ctx.wallet.currency().precision);

async function bet(m: TestMember, product: string, validMajor: number, at = new Date()): Promise<void> {
  const v = minor(validMajor);
  await settleBets(t, [
    { memberId: m.memberId, product, amount: v, valid: v, payout: 0, betAt: at, settledAt: at },
  ]);
}

async function rewards(memberId: number, kind: string): Promise<{ count: number; total: number }> {
  const r = await sql<{ n: string; total: string }>`
    select count(*)::text as n, coalesce(sum(p.amount), 0)::text as total
    from ledger_posting p join ledger_transaction x on x.id = p.transaction_id
    join ledger_account a on a.id = p.account_id
    where a.member_id = ${memberId} and x.kind = ${kind}`.execute(t.database.db);
  return { count: Number(r.rows[0]!.n), total: Number(r.rows[0]!.total) };
}

async function level(memberId: number) {
  return t.database.db
    .selectFrom('member')
    .select(['rank_level', 'club_label'])
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
}

async function get(url: string, token?: string) {
  const res = await t.call({ method: 'GET', url, ...(token ? { token } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
}

async function ledgerExact(): Promise<void> {
  const report = await t.app.ctx.wallet.check();
  expect(report.ok, JSON.stringify(report)).toBe(true);
}

/** The last closed window of a job at `now`, as a tick would run it. */
function windowStart(everyMs: number, now = Date.now()): Date {
  return new Date(Math.floor(now / everyMs) * everyMs - everyMs);
}

describe(`VIP levels (${testDbKind})`, () => {
  it('the ladder: levels from deposits and valid bets over the window, progress to the next level, the rank-up reward credited once for each rank reached; re-runs change nothing', async () => {
    const levels = await get('/wps/vip/levels');
    expect(levels.windowDays).toBe(30);
    expect(levels.levels.map((l: { labelName: string }) => l.labelName)).toEqual([
      'Bronze',
      'Silver',
      'Gold',
      'Platinum',
      'Diamond',
      'Crown',
    ]);
    const m = await memberWithMoney(t, 0, { prefix: 'vip-lv' });
    // Deposits alone reach no level: both conditions count.
    await deposit(t, m.memberId, minor(6_000));
    await t.app.ctx.agentStats.foldAll();
    let p = await get('/wps/relay/MCSFE_getPlayerRankProgress', m.token);
    expect(p.playerRankProgress).toEqual({ labelId: 1, labelName: 'Bronze', rankLevel: 1 });
    expect(p.deposit).toBe(6_000);
    expect(p.validBet).toBe(0);
    expect(p.next.labelName).toBe('Silver');
    expect(p.currentProgress).toEqual({ completedConditions: 1, totalExpectedConditions: 2 });
    expect(p.vipService).toBe(false);

    // Valid bets over two products and two days of the window: Gold (5,000 / 30,000) is reached.
    await bet(m, 'LIVE', 20_000);
    await bet(m, 'RNG', 10_000, new Date(Date.now() - 3 * 86_400_000));
    await t.app.ctx.agentStats.foldAll();
    p = await get('/wps/relay/MCSFE_getPlayerRankProgress', m.token);
    expect(p.reachedRankLevel).toBe(3);
    expect(p.playerRankProgress.rankLevel).toBe(1);
    const before = await walletMinor(t, m.memberId);
    const r = await t.app.ctx.vip.recomputeNow();
    expect(r.busy).toBe(0);
    expect(await level(m.memberId)).toEqual({ rank_level: 3, club_label: 'Gold' });
    // Silver's reward and Gold's, each once (18 + 58).
    expect(await rewards(m.memberId, 'VIP_REWARD')).toEqual({ count: 2, total: minor(76) });
    expect(await walletMinor(t, m.memberId)).toBe(before + minor(76));
    p = await get('/wps/relay/MCSFE_getPlayerRankProgress', m.token);
    expect(p.playerRankProgress).toEqual({ labelId: 3, labelName: 'Gold', rankLevel: 3 });
    expect(p.next.labelName).toBe('Platinum');
    const info = await get('/wps/member/info', m.token);
    expect(info.clubLabel).toMatchObject({ labelName: 'Gold', rankLevel: 3, type: 'VIP' });

    // Run again: nothing changes, nothing is paid twice.
    await t.app.ctx.vip.recomputeNow();
    await t.app.ctx.vip.recomputeNow();
    expect(await rewards(m.memberId, 'VIP_REWARD')).toEqual({ count: 2, total: minor(76) });

    // The window moves on: 40 days later the figures are out of it and the member falls back to
    // Bronze; back to today it climbs to Gold again, and Silver and Gold are not paid a second time.
    await t.app.ctx.vip.recomputeNow(new Date(Date.now() + 40 * 86_400_000));
    expect(await level(m.memberId)).toEqual({ rank_level: 1, club_label: 'Bronze' });
    await t.app.ctx.vip.recomputeNow();
    expect(await level(m.memberId)).toEqual({ rank_level: 3, club_label: 'Gold' });
    expect(await rewards(m.memberId, 'VIP_REWARD')).toEqual({ count: 2, total: minor(76) });
    await ledgerExact();
  });

  it('a member above rank 4 is marked for the VIP customer service, an entry the operator sets; a member below is not', async () => {
    const m = await memberWithMoney(t, 0, { prefix: 'vip-hd' });
    await deposit(t, m.memberId, minor(80_000));
    await bet(m, 'SPORTS', 600_000);
    await t.app.ctx.agentStats.foldAll();
    await t.app.ctx.vip.recomputeNow();
    expect(await level(m.memberId)).toEqual({ rank_level: 5, club_label: 'Diamond' });
    const p = await get('/wps/relay/MCSFE_getPlayerRankProgress', m.token);
    expect(p.vipService).toBe(true);
    const low = await memberWithMoney(t, 0, { prefix: 'vip-hd' });
    expect((await get('/wps/relay/MCSFE_getPlayerRankProgress', low.token)).vipService).toBe(false);
    // The VIP service is a customer-service entry of its own type, which the site's clients read.
    expect(
      await ops(['vip', 'service', '--name', 'VIP host', '--path', 'https://vip.example/chat']),
    ).toContain('VIP host');
    const status = await get('/wps/system/status');
    expect(status.info.customerService).toContainEqual({
      csType: 4,
      name: 'VIP host',
      path: 'https://vip.example/chat',
    });
    expect(status.info.customerService.some((c: { csType: number }) => c.csType === 1)).toBe(true);
  });

  it('the level job runs once per window across two instances, and pays each reward once', async () => {
    const members = [
      await memberWithMoney(t, 0, { prefix: 'vip-2i' }),
      await memberWithMoney(t, 0, { prefix: 'vip-2i' }),
    ];
    for (const m of members) {
      await deposit(t, m.memberId, minor(1_000));
      await bet(m, 'LOTT', 5_000);
    }
    await t.app.ctx.agentStats.foldAll();
    const w = windowStart(300_000);
    const prev = new Date(w.getTime() - 300_000);
    const outcomes = await Promise.all([
      t.app.ctx.jobs.runWindow(VIP_LEVELS_JOB, w),
      second.ctx.jobs.runWindow(VIP_LEVELS_JOB, w),
      second.ctx.jobs.runWindow(VIP_LEVELS_JOB, prev),
      t.app.ctx.jobs.runWindow(VIP_LEVELS_JOB, prev),
    ]);
    expect(outcomes.filter((o) => o === 'ran').length).toBeGreaterThanOrEqual(1);
    expect(outcomes.every((o) => o === 'ran' || o === 'done-already' || o === 'busy')).toBe(true);
    // A finished window run again does nothing.
    expect(await second.ctx.jobs.runWindow(VIP_LEVELS_JOB, w)).not.toBe('ran');
    for (const m of members) {
      expect(await level(m.memberId)).toEqual({ rank_level: 2, club_label: 'Silver' });
      expect(await rewards(m.memberId, 'VIP_REWARD')).toEqual({ count: 1, total: minor(18) });
    }
    await ledgerExact();
  });

  it('the operator defines the ladder and the window from the CLI, audited as the OS user', async () => {
    expect(
      await ops([
        'vip',
        'level',
        '7',
        '--label',
        'Legend',
        '--deposit',
        '1000000',
        '--valid-bet',
        '9000000',
        '--reward',
        '8888',
      ]),
    ).toContain('Rank 7 Legend');
    await expect(
      ops(['vip', 'level', '8', '--label', 'Cheap', '--deposit', '10', '--valid-bet', '10']),
    ).rejects.toThrow(/higher rank/);
    expect(await ops(['vip', 'window', '45'])).toContain('45');
    expect((await get('/wps/vip/levels')).windowDays).toBe(45);
    expect(await ops(['vip', 'levels'])).toContain('Legend');
    await ops(['vip', 'level', 'remove', '7']);
    await ops(['vip', 'window', '30']);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_name', 'actor_kind'])
      .where('action', 'like', 'vip.%')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'vip.service.set',
      'vip.level.set',
      'vip.window.set',
      'vip.level.remove',
      'vip.window.set',
    ]);
    expect(new Set(audit.map((a) => `${a.actor_kind}:${a.actor_name}`))).toEqual(
      new Set([`cli:${OPERATOR}`]),
    );
  });
});

describe(`missions (${testDbKind})`, () => {
  it('report days: a day, its week from Sunday, its month', () => {
    expect(periodOf('DAILY', '2026-11-29')).toEqual({ start: '2026-11-29', end: '2026-11-29' });
    expect(periodOf('WEEKLY', '2026-11-29')).toEqual({ start: '2026-11-29', end: '2026-12-05' });
    expect(periodOf('WEEKLY', '2026-11-28')).toEqual({ start: '2026-11-22', end: '2026-11-28' });
    expect(periodOf('MONTHLY', '2026-02-10')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(reportDay(new Date('2026-11-28T17:00:00Z'), 'Asia/Shanghai')).toBe('2026-11-29');
    expect(maskAccount('player123')).toBe('pl***3');
  });

  it('PR-04, PR-05: the mission summary and leaderboard calls need a token; progress from real bets and deposits, the summary with its open count, settled once across two instances, re-runs safe, the leaderboard', async () => {
    for (const url of ['/wps/relay/MCSFE_getMissionSummaryDetails', '/wps/relay/MCSFE_getMissionLeaderboard'])
      expect((await t.call({ method: 'GET', url })).statusCode).toBe(401);
    const day = reportDay(new Date(), t.app.ctx.missions.timeZone);
    const week = periodOf('WEEKLY', day);
    // Login days of the week so far (at most today's): a target the test can meet on any weekday.
    const loginDays = Math.min(2, (Date.parse(day) - Date.parse(week.start)) / 86_400_000 + 1);
    await ops([
      'mission',
      'add',
      '--title',
      'Live 500',
      '--kind',
      'BET',
      '--product',
      'LIVE',
      '--target',
      '500',
      '--period',
      'DAILY',
      '--reward',
      '5',
    ]);
    await ops([
      'mission',
      'add',
      '--title',
      'Deposit 300',
      '--kind',
      'DEPOSIT',
      '--target',
      '300',
      '--period',
      'WEEKLY',
      '--reward',
      '8',
    ]);
    await ops([
      'mission',
      'add',
      '--title',
      'Log in',
      '--kind',
      'LOGIN',
      '--target',
      String(loginDays),
      '--period',
      'WEEKLY',
      '--reward',
      '2',
    ]);
    await ops([
      'mission',
      'add',
      '--title',
      'Any 1000',
      '--kind',
      'BET',
      '--target',
      '1000',
      '--period',
      'MONTHLY',
      '--reward',
      '10',
    ]);
    const off = await ops([
      'mission',
      'add',
      '--title',
      'Gone',
      '--kind',
      'DEPOSIT',
      '--target',
      '1',
      '--period',
      'DAILY',
      '--reward',
      '99',
    ]);
    await ops(['mission', 'off', off.match(/Mission (\d+)/)![1]!]);
    expect(await ops(['mission', 'list'])).toMatch(/OFF {2}Gone/);

    const a = await memberWithMoney(t, 0, { prefix: 'ms-a' });
    const b = await memberWithMoney(t, 0, { prefix: 'ms-b' });
    const c = await memberWithMoney(t, 0, { prefix: 'ms-c' });
    let s = await get('/wps/relay/MCSFE_getMissionSummaryDetails', a.token);
    expect(s.count).toBe(4);
    expect(s.missions.map((m: { title: string }) => m.title)).toEqual([
      'Live 500',
      'Deposit 300',
      'Log in',
      'Any 1000',
    ]);

    // a: live bets of 300 then 250 (the daily live mission), 1,000 in all (the monthly), a deposit of 300.
    await bet(a, 'LIVE', 300);
    await bet(a, 'LIVE', 250);
    await bet(a, 'RNG', 450);
    await deposit(t, a.memberId, minor(300));
    for (let i = 0; i < loginDays; i++) await login(t, a.memberId, new Date(`${addDays(day, -i)}T04:00:00Z`));
    // b: slots only (not the live mission), 600; c: a deposit of 299.99.
    await bet(b, 'RNG', 600);
    await deposit(t, c.memberId, minor(299.99));
    await t.app.ctx.agentStats.foldAll();

    s = await get('/wps/relay/MCSFE_getMissionSummaryDetails', a.token);
    expect(
      s.missions.map((m: { progress: number; completed: boolean; rewarded: boolean }) => [
        m.progress,
        m.completed,
        m.rewarded,
      ]),
    ).toEqual([
      [550, true, false],
      [300, true, false],
      [loginDays, true, false],
      [1000, true, false],
    ]);
    expect(s.count).toBe(0);
    const sb = await get('/wps/relay/MCSFE_getMissionSummaryDetails', b.token);
    expect(sb.missions.map((m: { progress: number }) => m.progress)).toEqual([0, 0, 0, 600]);
    expect(sb.count).toBe(4);

    // Two instances settle the same window and the one before at once.
    const w = windowStart(60_000);
    const before = await walletMinor(t, a.memberId);
    const outcomes = await Promise.all([
      t.app.ctx.jobs.runWindow(MISSIONS_SETTLE_JOB, w),
      second.ctx.jobs.runWindow(MISSIONS_SETTLE_JOB, w),
      second.ctx.jobs.runWindow(MISSIONS_SETTLE_JOB, new Date(w.getTime() - 60_000)),
      t.app.ctx.jobs.runWindow(MISSIONS_SETTLE_JOB, new Date(w.getTime() - 60_000)),
    ]);
    expect(outcomes).toContain('ran');
    // Whatever ran where, and once more by hand on each instance: each reward once.
    await t.app.ctx.missions.settleNow();
    await second.ctx.missions.settleNow();
    expect(await ops(['mission', 'settle'])).toContain('0 reward(s) credited');
    expect(await rewards(a.memberId, 'MISSION_REWARD')).toEqual({ count: 4, total: minor(5 + 8 + 2 + 10) });
    expect(await walletMinor(t, a.memberId)).toBe(before + minor(25));
    expect(await rewards(b.memberId, 'MISSION_REWARD')).toEqual({ count: 0, total: 0 });
    expect(await rewards(c.memberId, 'MISSION_REWARD')).toEqual({ count: 0, total: 0 });
    s = await get('/wps/relay/MCSFE_getMissionSummaryDetails', a.token);
    expect(s.missions.every((m: { rewarded: boolean }) => m.rewarded)).toBe(true);
    expect(s.rewarded).toBe(25);

    // b bets 400 more: the monthly mission completes, and the next settlement pays it (only it).
    await bet(b, 'PVP', 400);
    await t.app.ctx.agentStats.foldAll();
    await second.ctx.jobs.runWindow(MISSIONS_SETTLE_JOB, new Date(w.getTime() + 60_000 * 0));
    await t.app.ctx.missions.settleNow();
    expect(await rewards(b.memberId, 'MISSION_REWARD')).toEqual({ count: 1, total: minor(10) });
    expect(await rewards(a.memberId, 'MISSION_REWARD')).toEqual({ count: 4, total: minor(25) });

    // The leaderboard: a first (4 missions), b second; others' accounts masked, the caller's own not.
    const board = await get('/wps/relay/MCSFE_getMissionLeaderboard', b.token);
    expect(board.periodStart).toBe(week.start);
    const ranks = board.list.filter((r: { completed: number }) => r.completed > 0);
    expect(ranks[0]).toMatchObject({
      rank: 1,
      account: maskAccount(a.username),
      completed: 4,
      reward: 25,
      me: false,
    });
    expect(board.mine).toMatchObject({ account: b.username, completed: 1, reward: 10, me: true });
    await ledgerExact();

    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_name'])
      .where('action', 'like', 'mission.%')
      .execute();
    expect(audit.map((x) => x.action)).toEqual([
      'mission.create',
      'mission.create',
      'mission.create',
      'mission.create',
      'mission.create',
      'mission.off',
    ]);
    expect(audit.every((x) => x.actor_name === OPERATOR)).toBe(true);
  });
});
