import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createSession } from '../../platform/auth/session.ts';
import { loginCall } from '../session/accounts-test-kit.ts';
import { DWD, numerosFrom, officialSscGame, placeBet, slipLine } from '../lottery/lottery-test-kit.ts';
import { memberWithMoney, walletMinor, type TestMember } from '../wallet/wallet-test-kit.ts';

/**
 * Responsible gambling (issue 33, decision 039) through the real calls and services: each limit
 * with its cooling-off (the service's clock moved, never slept), two stakes racing a limit, the
 * time-out and the self-exclusion ending sessions and refusing login, deposits, launches and bets.
 */
let t: TestApp;
const HOUR = 3_600_000;
// The service's clock: the database stamps rows with its own, so a test moves this one forward
// from the real time only.
let clock = Date.now();
beforeEach(() => {
  // Each test starts at the real time (its member's rows are stamped by the database's clock).
  clock = Date.now();
});
beforeAll(async () => {
  t = await createTestApp({
    services: { jobs: { tickMs: 0 }, responsible: { now: () => new Date(clock), timeZone: 'UTC' } },
  });
});
afterAll(async () => {
  await t?.close();
});

const post = (m: TestMember, url: string, payload: unknown) =>
  t.call({ method: 'POST', url, token: m.token, payload: payload as Record<string, unknown> });
const settings = async (m: TestMember) => {
  const res = await t.call({ url: '/wps/responsible/settings', token: m.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
};
const deposit = (m: TestMember, amount: number) =>
  post(m, '/wps/deposit/orders', { channelCode: 'SANDBOXPAY', amount });

let serial = 0;
const sw = () => t.app.ctx.seamlessWallet;
const debit = (m: TestMember, amount: number) =>
  sw().debit({
    vendor: 'SBX',
    memberId: m.memberId,
    transactionId: `rg-${process.pid}-${++serial}-${randomUUID().slice(0, 8)}`,
    roundId: `rg-r-${process.pid}-${serial}`,
    amount,
  });
const spin = (m: TestMember, amount: number, win = 0) =>
  sw().play(
    {
      vendor: 'SBX',
      memberId: m.memberId,
      transactionId: `rg-s-${process.pid}-${++serial}-${randomUUID().slice(0, 8)}`,
      roundId: `rg-sr-${process.pid}-${serial}`,
      amount,
    },
    { transactionId: `rg-w-${process.pid}-${serial}-${randomUUID().slice(0, 8)}`, amount: win },
  );
const errorCode = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'passed';
  } catch (e) {
    return (e as { errorCode?: string }).errorCode ?? String(e);
  }
};

describe('deposit limits', () => {
  it('a daily deposit limit refuses a deposit over it; a decrease applies at once, an increase after 24 hours, cancellable while pending', async () => {
    const m = await memberWithMoney(t, 0);
    let res = await post(m, '/wps/responsible/limit', { kind: 'deposit', period: 'day', amount: 100 });
    expect(res.statusCode, res.body).toBe(200);
    expect((await deposit(m, 60)).statusCode).toBe(200);
    res = await deposit(m, 50);
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe('rg.deposit.limit');
    expect(res.json().message).toContain('daily deposit limit of 100');
    expect((await deposit(m, 40)).statusCode).toBe(200);

    // A decrease: at once.
    res = await post(m, '/wps/responsible/limit', { kind: 'deposit', period: 'day', amount: 50 });
    expect(res.json().value.limits[0]).toMatchObject({
      kind: 'deposit',
      period: 'day',
      amount: 50,
      used: 100,
      pending: null,
    });
    // An increase: pending for 24 hours, visible, the old limit in force.
    res = await post(m, '/wps/responsible/limit', { kind: 'deposit', period: 'day', amount: 500 });
    const limit = res.json().value.limits[0];
    expect(limit.amount).toBe(50);
    expect(limit.pending).toEqual({ amount: 500, from: clock + 24 * HOUR });
    // Cancelled: nothing pending; cancelling again finds nothing.
    res = await post(m, '/wps/responsible/limit/cancel', { kind: 'deposit', period: 'day' });
    expect(res.json().value.limits[0].pending).toBeNull();
    res = await post(m, '/wps/responsible/limit/cancel', { kind: 'deposit', period: 'day' });
    expect(res.statusCode).toBe(404);
    expect(res.json().errorCode).toBe('rg.nothing.pending');

    // Asked again, then 24 hours later it is in force (a new day: the window is empty again).
    await post(m, '/wps/responsible/limit', { kind: 'deposit', period: 'day', amount: 500 });
    clock += 24 * HOUR - 1000;
    expect((await settings(m)).limits[0].amount).toBe(50);
    clock += 1000;
    expect((await settings(m)).limits[0]).toMatchObject({ amount: 500, pending: null });
  });

  it('weekly and monthly deposit limits count the orders of their windows; removal waits for the cooling-off', async () => {
    const m = await memberWithMoney(t, 0);
    await post(m, '/wps/responsible/limit', { kind: 'deposit', period: 'week', amount: 30 });
    await post(m, '/wps/responsible/limit', { kind: 'deposit', period: 'month', amount: 1000 });
    expect((await deposit(m, 20)).statusCode).toBe(200);
    expect((await deposit(m, 20)).json().errorCode).toBe('rg.deposit.limit');
    const res = await post(m, '/wps/responsible/limit', { kind: 'deposit', period: 'week', amount: null });
    expect(
      res.json().value.limits.find((l: { period: string }) => l.period === 'week').pending.amount,
    ).toBeNull();
    expect((await deposit(m, 20)).json().errorCode).toBe('rg.deposit.limit');
    clock += 24 * HOUR;
    const s = await settings(m);
    expect(s.limits.map((l: { period: string }) => l.period)).toEqual(['month']);
  });

  it('bad input is refused with a clear error', async () => {
    const m = await memberWithMoney(t, 0);
    let res = await post(m, '/wps/responsible/limit', { kind: 'deposit', period: 'day', amount: -5 });
    expect(res.statusCode).toBe(422);
    res = await post(m, '/wps/responsible/limit', { kind: 'bonus', period: 'day', amount: 5 });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    res = await post(m, '/wps/responsible/block', { kind: 'timeout', duration: '5y' });
    expect(res.statusCode).toBe(422);
  });
});

describe('wager and loss limits', () => {
  it('a daily wager limit refuses the stake that passes it, on vendor debits and house spins', async () => {
    const m = await memberWithMoney(t, 100_000);
    await post(m, '/wps/responsible/limit', { kind: 'wager', period: 'day', amount: 100 });
    await debit(m, 6000);
    expect(await errorCode(debit(m, 5000))).toBe('rg.wager.limit');
    expect(await errorCode(spin(m, 5000))).toBe('rg.wager.limit');
    await spin(m, 4000, 9000);
    expect(await errorCode(spin(m, 1))).toBe('rg.wager.limit');
    expect((await settings(m)).limits[0]).toMatchObject({ kind: 'wager', used: 100 });
    // Raising it waits; the next day the window is empty again.
    await post(m, '/wps/responsible/limit', { kind: 'wager', period: 'day', amount: 1000 });
    expect(await errorCode(spin(m, 1))).toBe('rg.wager.limit');
    clock += 24 * HOUR;
    expect(await errorCode(spin(m, 50_000))).toBe('passed');
  });

  it('a loss limit counts stakes less wins; two concurrent stakes cannot both pass it', async () => {
    const m = await memberWithMoney(t, 100_000);
    await post(m, '/wps/responsible/limit', { kind: 'loss', period: 'week', amount: 100 });
    // Won 50 net: the limit has 150 of room.
    await spin(m, 1000, 6000);
    const results = await Promise.all(
      [spin(m, 9000), spin(m, 9000), debit(m, 9000), debit(m, 9000)].map(errorCode),
    );
    expect(results.filter((r) => r === 'passed')).toHaveLength(1);
    expect(results.filter((r) => r === 'rg.loss.limit')).toHaveLength(3);
    const s = await settings(m);
    expect(s.limits[0]).toMatchObject({ kind: 'loss', period: 'week', used: 40 });
    expect(await walletMinor(t, m.memberId)).toBe(100_000 + 5000 - 9000);
  });

  it('a lottery bet counts against a wager limit, and is refused past it', async () => {
    const m = await memberWithMoney(t, 100_000);
    await post(m, '/wps/responsible/limit', { kind: 'wager', period: 'day', amount: 30 });
    const g = await officialSscGame(t);
    let lotteryClock = Date.now();
    t.app.ctx.lottery.now = () => lotteryClock;
    await t.app.ctx.lottery.engine.ensureNumeros(new Date(lotteryClock));
    const [n] = await numerosFrom(t, g, lotteryClock + 10_000, 1);
    lotteryClock = n!.sale_start.getTime() + 1000;
    const bet = () =>
      placeBet(t, m.token, {
        gameId: g.id,
        currentNumero: n!.numero,
        prizeModeId: 4,
        bettingSlipString: slipLine('5____', DWD, 10),
        betCartAmountSum: 20,
      });
    const first = await bet();
    expect(first.statusCode, JSON.stringify(first.json())).toBe(200);
    const second = await bet();
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ errorCode: 'rg.wager.limit' });
    expect(await walletMinor(t, m.memberId)).toBe(100_000 - 2000);
  });
});

describe('time-out and self-exclusion', () => {
  it('a self-exclusion ends every session at once and refuses login, deposits, launches and bets until its end; nobody shortens it', async () => {
    const password = 'Rg1234567';
    const username = `rgx${process.pid % 1000}${Math.floor(Math.random() * 1e5)}`;
    const memberId = await t.app.ctx.members.create({ username, agentType: 0, password });
    const m: TestMember = {
      memberId,
      username,
      token: await createSession(t.database, memberId, '127.0.0.1'),
    };
    let res = await post(m, '/wps/responsible/block', { kind: 'exclusion', duration: '6m' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.kind).toBe('exclusion');
    // The session that asked is ended.
    res = await t.call({ url: '/wps/responsible/settings', token: m.token });
    expect(res.statusCode).toBe(401);
    // Login refused with the reason.
    res = await loginCall(t, { username: m.username, password });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('rg.self.excluded');
    // Deposits and stakes refused even by a path that has no session (a vendor's callback).
    expect(await errorCode(debit(m, 100))).toBe('rg.self.excluded');
    expect(
      await errorCode(
        t.database.db.transaction().execute((trx) => t.app.ctx.responsible.deposit(trx, m.memberId, 100)),
      ),
    ).toBe('rg.self.excluded');
    expect(await errorCode(t.app.ctx.responsible.launch(m.memberId))).toBe('rg.self.excluded');
    expect(await t.app.ctx.responsible.marketingAllowed(m.memberId)).toBe(false);
    // An operator's message to every member (marketing) does not reach a blocked member.
    const sent = await t.app.ctx.messages.send({
      to: 'all',
      subject: 'Weekend bonus',
      body: '<p>Come back!</p>',
    });
    const got = await t.database.db
      .selectFrom('member_message')
      .select('id')
      .where('member_id', '=', m.memberId)
      .where('send_id', '=', sent.sendId)
      .execute();
    expect(got).toHaveLength(0);
    // A shorter block (a time-out) cannot replace it.
    expect(await errorCode(t.app.ctx.responsible.block(m.memberId, 'timeout', '6w', 'staff:x'))).toBe(
      'rg.block.shorter',
    );
    // Six months on, it is over.
    clock += 185 * 24 * HOUR;
    res = await loginCall(t, { username: m.username, password });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a time-out ends sessions and refuses deposits; a session limit shortens the next session', async () => {
    const m = await memberWithMoney(t, 100_000);
    let res = await post(m, '/wps/responsible/session', { sessionLimitMinutes: 30, realityCheckMinutes: 15 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({
      sessionLimit: { minutes: 30, pending: null },
      realityCheckMinutes: 15,
    });
    expect((await t.app.ctx.responsible.login(m.memberId)).sessionLimitMs).toBe(30 * 60_000);
    // The live session ends by the limit too.
    const live = await t.database.db
      .selectFrom('session')
      .select(['created_at', 'absolute_expires_at'])
      .where('member_id', '=', m.memberId)
      .executeTakeFirstOrThrow();
    expect(live.absolute_expires_at.getTime() - live.created_at.getTime()).toBeLessThanOrEqual(30 * 60_000);
    res = await post(m, '/wps/responsible/block', { kind: 'timeout', duration: '24h' });
    expect(res.json().value).toEqual({ kind: 'timeout', until: clock + 24 * HOUR });
    res = await deposit(m, 20);
    expect(res.statusCode).toBe(401);
    expect(await errorCode(t.app.ctx.responsible.login(m.memberId))).toBe('rg.time.out');
    clock += 24 * HOUR;
    expect((await t.app.ctx.responsible.login(m.memberId)).sessionLimitMs).toBe(30 * 60_000);
  });
});

describe('the reality check and the statement', () => {
  it("status answers this session's time and net result and the previous login; the statement sums per period", async () => {
    const m = await memberWithMoney(t, 100_000);
    await spin(m, 1000, 300);
    const res = await t.call({ url: '/wps/responsible/status', token: m.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ net: -7, wagered: 10, lastLogin: null, sessionEndsAt: null });
    const st = await t.call({ url: '/wps/responsible/statement?period=day&count=2', token: m.token });
    expect(st.statusCode, st.body).toBe(200);
    const rows = st.json().value.rows;
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ bets: 10, wins: 3, net: -7 });
    expect(rows[1]).toMatchObject({ bets: 0, wins: 0, net: 0 });
  });
});
