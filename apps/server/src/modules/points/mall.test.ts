import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { encryptPayload, redeemStatuses, type RedeemRecord } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { runOpsCommand, UsageError } from '../../cli/commands.ts';
import { memberWithMoney, walletMinor, type TestMember } from '../wallet/wallet-test-kit.ts';
import { publicKey, secureCall } from '../session/accounts-test-kit.ts';
import { auditOf, callerIp, createSignedIn, type SignedIn } from '../backoffice/backoffice-test-kit.ts';
import { grantPoints } from './points-test-kit.ts';

/**
 * The points mall (issue 32, decision 033 "The mall"): goods, redeem and convert through the
 * encrypted call with the payment password, the redeem list and its statuses, the operator's
 * decisions through the CLI and the back office (audited, one outcome), points on deposits; the
 * ledger exact after each.
 */
let t: TestApp;
let finance: SignedIn;
let finance2: SignedIn;
let support: SignedIn;
let content: SignedIn;
const PASSWORD = '135790';

beforeAll(async () => {
  t = await createTestApp({ configOverrides: { trustProxy: true }, services: { jobs: { tickMs: 0 } } });
  await t.app.ctx.points.foldAll();
  finance = await createSignedIn(t, 'pts-fin-a', 'finance');
  finance2 = await createSignedIn(t, 'pts-fin-b', 'finance');
  support = await createSignedIn(t, 'pts-sup', 'support');
  content = await createSignedIn(t, 'pts-con', 'content');
}, 180_000);
afterAll(async () => t?.close());

const ops = (...argv: string[]) => runOpsCommand(t.app.ctx, argv, 'op-lan');

function bo(who: SignedIn, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.call({
    method,
    url,
    headers: callerIp(),
    token: who.token,
    ...(method === 'POST' ? { payload: payload ?? {} } : {}),
  });
}

/** A member holding `points` (hundredths) earned on live bets, with the payment password. */
async function memberWithPoints(points: number, money = 0): Promise<TestMember> {
  const m = await memberWithMoney(t, money, { paymentPassword: PASSWORD, prefix: 'pts' });
  await grantPoints(t, m.memberId, points);
  return m;
}

/** A bank-transfer deposit of `amount` (major units) by the member, approved by the operator. */
async function deposit(m: TestMember, amount: number, approve = true): Promise<string> {
  const res = await t.call({
    method: 'POST',
    url: '/wps/deposit/orders',
    token: m.token,
    payload: { channelCode: 'BANK', amount, payerReference: `ref ${m.username}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { orderNo } = res.json().value as { orderNo: string };
  if (approve) await ops('deposit', 'approve', orderNo);
  return orderNo;
}

async function item(name: string, points: number, quantity: number, amount = 0) {
  return t.app.ctx.mall.createGoods(
    { kind: 'cli', id: null, name: 'test', ip: null },
    { name, points, quantity, amount, image: '/img/mall/test.png' },
  );
}

const redeem = (m: TestMember, body: object, url = '/wps/relay/passwordCheck/MCSFE_redeemPointReward') =>
  secureCall(t, { url, token: m.token, payload: body });
const convert = (m: TestMember, body: object) =>
  secureCall(t, { url: '/wps/relay/passwordCheck/MCSFE_convertPoint', token: m.token, payload: body });
const balance = async (m: TestMember) =>
  (await t.call({ url: '/wps/relay/MCSFE_getPointBalance', token: m.token })).json().value.points as number;
const history = async (m: TestMember) =>
  (await t.call({ url: '/wps/relay/MCSFE_getRedeemPointList', token: m.token })).json().value
    .content as RedeemRecord[];

async function ledgerExact() {
  const report = await t.app.ctx.wallet.check();
  expect(report.ok, JSON.stringify(report)).toBe(true);
  const sums = await sql<{ n: string }>`
    select coalesce(sum(balance), 0)::text as n from ledger_account where wallet_type = 'POINTS' and currency = 'PTS'`.execute(
    t.database.db,
  );
  expect(BigInt(sums.rows[0]!.n)).toBe(0n);
  const chain = await t.app.ctx.audit.verify();
  expect(chain.ok, JSON.stringify(chain)).toBe(true);
}

describe(`points mall (${testDbKind})`, () => {
  it('PM-01, PM-02, PM-08, PM-11: balance and ratio; goods with name, image, quantity, points and amount requirements and available; the MCS2 twins answer the same', async () => {
    const m = await memberWithPoints(123_45);
    const g = await item('Mall mug', 50, 3, 100);
    expect(await balance(m)).toBe(123.45);
    const config = (await t.call({ url: '/wps/relay/MCSFE_getPointConfig', token: m.token })).json().value;
    expect(config).toMatchObject({ enabled: true, ratio: 100, minConvert: 100 });
    expect(config.rates).toContainEqual({ product: 'LIVE', type: 'LIVE', rate: 0.7 });
    expect(config.rates).toContainEqual({ product: 'DEPOSIT', type: 'DEPOSIT', rate: 0 });
    const goods = (await t.call({ url: '/wps/relay/MCSFE_getPointReward', token: m.token })).json().value
      .list;
    expect(goods).toContainEqual({
      id: g.id,
      name: 'Mall mug',
      image: '/img/mall/test.png',
      quantity: 3,
      points: 50,
      amount: 100,
      available: 3,
    });
    const twin = (await t.call({ url: '/wps/relay/MCS2_getPointReward', token: m.token })).json().value.list;
    expect(twin).toEqual(goods);
    expect(
      (await t.call({ url: '/wps/relay/MCS2_getPointBalance', token: m.token })).json().value.points,
    ).toBe(123.45);
    const types = (
      await t.call({ url: '/wps/relay/MCSFE_getPointRewardConversionType', token: m.token })
    ).json().value.types;
    expect(types.map((x: { type: string }) => x.type)).toEqual(['GOODS', 'CONVERT']);
    // Without a session: refused before anything is read.
    expect((await t.call({ url: '/wps/relay/MCSFE_getPointReward' })).statusCode).toBe(401);
  });

  it('PM-09, PM-03, PM-04, PM-06: a redeem checks the payment password through the encrypted call, takes the points and the item, and waits in process; wrong password, plain body and replay refused', async () => {
    const m = await memberWithPoints(100_00);
    const g = await item('Mall cap', 30, 5);
    const wrong = await redeem(m, { goodsId: g.id, paymentPassword: '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errorCode).toBe('payment.password.invalid');
    const plain = await t.call({
      method: 'POST',
      url: '/wps/relay/passwordCheck/MCSFE_redeemPointReward',
      token: m.token,
      payload: { goodsId: g.id, paymentPassword: PASSWORD },
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().errorCode).toBe('payload.encryption.required');

    // One sealed request sent twice: the second is a replay, refused, and nothing moves twice.
    const { body, headers } = await encryptPayload(await publicKey(t), {
      goodsId: g.id,
      quantity: 2,
      paymentPassword: PASSWORD,
    });
    const send = () =>
      t.call({
        method: 'POST',
        url: '/wps/relay/passwordCheck/MCSFE_redeemPointReward',
        payload: body,
        headers,
        token: m.token,
      });
    const ok = await send();
    expect(ok.statusCode, ok.body).toBe(200);
    const r = ok.json().value as RedeemRecord;
    expect(r).toMatchObject({
      type: 'GOODS',
      goodsName: 'Mall cap',
      quantity: 2,
      status: 'PROCESS',
      changedPoints: -60,
      pointsBalance: 40,
      remark: '',
    });
    expect(r.referenceNo).toMatch(/^PR\d{8,}$/);
    const replay = await send();
    expect(replay.statusCode).toBe(409);
    expect(replay.json().errorCode).toBe('payload.replayed');
    expect(await balance(m)).toBe(40);
    expect((await t.app.ctx.mall.allGoods()).find((x) => x.id === g.id)!.available).toBe(3);

    // Too few points, too many items, unknown item: clear refusals, nothing taken.
    expect(
      (await redeem(m, { goodsId: g.id, quantity: 2, paymentPassword: PASSWORD })).json().errorCode,
    ).toBe('points.insufficient');
    expect(
      (await redeem(m, { goodsId: g.id, quantity: 4, paymentPassword: PASSWORD })).json().errorCode,
    ).toBe('points.goods.sold.out');
    expect((await redeem(m, { goodsId: 99_999_999, paymentPassword: PASSWORD })).json().errorCode).toBe(
      'points.goods.not.found',
    );
    expect((await redeem(m, { goodsId: 'x', paymentPassword: PASSWORD })).statusCode).toBe(422);
    expect(await balance(m)).toBe(40);

    // The history (PM-03): reference, apply time, type, status, changed points, balance, remark.
    const list = await history(m);
    expect(list).toHaveLength(1);
    expect(list[0]).toEqual(r);
    expect(redeemStatuses).toEqual(['PROCESS', 'REJECTED', 'APPROVED']);
    // The details (PM-06): the redeem is of type REDEEM.
    const det = (await t.call({ url: '/wps/relay/ODSFE2_MemTransDet?type=REDEEM', token: m.token })).json()
      .value;
    expect(det.content).toMatchObject([{ type: 'REDEEM', changedPoints: -60, pointsBalance: 40 }]);
    await ledgerExact();
  });

  it('PM-10: the redeem list (getRedeemPointList, MCSFE and MCS2) answers a member with a token their own redeems; without a token it is refused (401)', async () => {
    const m = await memberWithPoints(50_00);
    const other = await memberWithPoints(50_00);
    const g = await item('Mall mug', 10, 5);
    const done = await redeem(m, { goodsId: g.id, paymentPassword: PASSWORD });
    expect(done.statusCode, done.body).toBe(200);
    const r = done.json().value as RedeemRecord;
    for (const url of ['/wps/relay/MCSFE_getRedeemPointList', '/wps/relay/MCS2_getRedeemPointList']) {
      const mine = await t.call({ url, token: m.token });
      expect(mine.statusCode, mine.body).toBe(200);
      expect(mine.json().value.content).toEqual([r]);
      const theirs = await t.call({ url, token: other.token });
      expect(theirs.json().value.content).toEqual([]);
      expect((await t.call({ url })).statusCode).toBe(401);
    }
  });

  it('an item with an amount requirement is redeemed only once the member has deposited that much', async () => {
    const m = await memberWithPoints(100_00);
    const g = await item('Mall watch', 10, 2, 150);
    expect((await redeem(m, { goodsId: g.id, paymentPassword: PASSWORD })).json().errorCode).toBe(
      'points.amount.requirement',
    );
    // A deposit still pending counts for nothing; the approved one reaches the requirement.
    const pending = await deposit(m, 150, false);
    expect((await redeem(m, { goodsId: g.id, paymentPassword: PASSWORD })).json().errorCode).toBe(
      'points.amount.requirement',
    );
    await ops('deposit', 'approve', pending);
    const ok = await redeem(m, { goodsId: g.id, paymentPassword: PASSWORD });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('the last item redeemed by two members at once goes to one; the other keeps its points', async () => {
    const g = await item('Last lamp', 20, 1);
    const members = await Promise.all([memberWithPoints(50_00), memberWithPoints(50_00)]);
    const results = await Promise.all(
      members.map((m) => redeem(m, { goodsId: g.id, paymentPassword: PASSWORD })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().errorCode).toBe('points.goods.sold.out');
    const balances = (await Promise.all(members.map(balance))).sort();
    expect(balances).toEqual([30, 50]);
    expect((await t.app.ctx.mall.allGoods()).find((x) => x.id === g.id)!.available).toBe(0);
    await ledgerExact();
  });

  it('PM-13: a conversion checks the password through the encrypted call and pays the points’ worth at the ratio from the house’s cash, at once', async () => {
    const m = await memberWithPoints(250_55);
    const precision = t.app.ctx.wallet.currency().precision;
    expect((await convert(m, { points: 150, paymentPassword: '000000' })).json().errorCode).toBe(
      'payment.password.invalid',
    );
    expect((await convert(m, { points: 50, paymentPassword: PASSWORD })).json().errorCode).toBe(
      'points.convert.too.small',
    );
    expect((await convert(m, { points: 1.234, paymentPassword: PASSWORD })).statusCode).toBe(422);
    expect((await convert(m, { points: 300, paymentPassword: PASSWORD })).json().errorCode).toBe(
      'points.insufficient',
    );
    const ok = await convert(m, { points: 150.5, paymentPassword: PASSWORD, requestId: 'convert-0001' });
    expect(ok.statusCode, ok.body).toBe(200);
    // 100 points are one unit: 150.50 points are 1.505 units, rounded down to the currency's unit.
    const expectedMinor = Math.floor((15_050 * 10 ** precision) / 10_000);
    expect(ok.json().value).toMatchObject({
      type: 'CONVERT',
      status: 'APPROVED',
      changedPoints: -150.5,
      pointsBalance: 100.05,
      amount: expectedMinor / 10 ** precision,
    });
    expect(await walletMinor(t, m.memberId)).toBe(expectedMinor);
    // The same request id again answers the first conversion; nothing moves twice.
    const again = await convert(m, { points: 150.5, paymentPassword: PASSWORD, requestId: 'convert-0001' });
    expect(again.json().value.id).toBe(ok.json().value.id);
    expect(await walletMinor(t, m.memberId)).toBe(expectedMinor);
    expect(await balance(m)).toBe(100.05);
    // The money movement has a kind of its own in the account record.
    const kinds = await sql<{ kind: string }>`
      select t.kind from ledger_transaction t join ledger_posting p on p.transaction_id = t.id
      join ledger_account a on a.id = p.account_id where a.member_id = ${m.memberId} and a.wallet_type = 'MAIN'`.execute(
      t.database.db,
    );
    expect(kinds.rows.map((r) => r.kind)).toEqual(['POINTS_CONVERT']);
    await ledgerExact();
  });

  it('PM-04: the operator approves through the CLI and rejects through the back office (the points and the item return); both audited; two staff deciding at once give one outcome', async () => {
    const g = await item('Mall bag', 10, 10);
    const m = await memberWithPoints(100_00);
    const a = (await redeem(m, { goodsId: g.id, paymentPassword: PASSWORD })).json().value as RedeemRecord;
    const b = (await redeem(m, { goodsId: g.id, quantity: 3, paymentPassword: PASSWORD })).json()
      .value as RedeemRecord;
    expect(await balance(m)).toBe(60);

    const listed = await ops('points', 'redeems', '--user', m.username);
    expect(listed).toContain(a.referenceNo);
    expect(listed).toContain(b.referenceNo);
    expect(await ops('points', 'approve', a.referenceNo, '--note', 'shipped')).toMatch(/approved/);
    const approvedAudit = (await auditOf(t, 'points.redeem.approve')).at(-1)!;
    expect(approvedAudit).toMatchObject({
      actor_kind: 'cli',
      actor_name: 'op-lan',
      target_id: a.referenceNo,
    });
    await expect(ops('points', 'approve', a.referenceNo)).rejects.toThrow(/approved already/);
    await expect(ops('points', 'reject', b.referenceNo)).rejects.toBeInstanceOf(UsageError);
    await expect(ops('points', 'approve', 'nope')).rejects.toBeInstanceOf(UsageError);

    // The back office's queue: support may not see it, finance may.
    expect((await bo(support, 'GET', '/bo/api/approvals/points')).statusCode).toBe(403);
    const queue = (await bo(finance, 'GET', `/bo/api/approvals/points?username=${m.username}`)).json().value;
    expect(queue.list.map((x: RedeemRecord) => x.referenceNo)).toEqual([b.referenceNo]);
    // Two staff at once: one rejects, the other's approval is refused.
    const [r1, r2] = await Promise.all([
      bo(finance, 'POST', '/bo/api/approvals/points/reject', { id: b.id, reason: 'out of stock locally' }),
      bo(finance2, 'POST', '/bo/api/approvals/points/approve', { id: b.id }),
    ]);
    const statuses = [r1.statusCode, r2.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const final = (await history(m)).find((x) => x.id === b.id)!;
    if (r1.statusCode === 200) {
      expect(final).toMatchObject({ status: 'REJECTED', remark: 'out of stock locally' });
      expect(await balance(m)).toBe(90);
      expect((await t.app.ctx.mall.allGoods()).find((x) => x.id === g.id)!.available).toBe(9);
      expect((await auditOf(t, 'points.redeem.reject')).at(-1)).toMatchObject({
        actor_kind: 'staff',
        actor_name: 'pts-fin-a',
        target_id: b.referenceNo,
      });
    } else {
      expect(final.status).toBe('APPROVED');
      expect(await balance(m)).toBe(60);
    }
    expect((await history(m)).find((x) => x.id === a.id)).toMatchObject({
      status: 'APPROVED',
      remark: 'shipped',
    });
    await ledgerExact();
  });

  it('decision 033: staff manage the goods (content.edit, audited); a new quantity moves what is left by the difference', async () => {
    const created = await bo(content, 'POST', '/bo/api/mall/goods', {
      name: 'Mall pen',
      quantity: 4,
      points: 5,
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().value.id as number;
    const m = await memberWithPoints(20_00);
    expect((await redeem(m, { goodsId: id, paymentPassword: PASSWORD })).statusCode).toBe(200);
    const changed = await bo(content, 'POST', '/bo/api/mall/goods', {
      id,
      name: 'Mall pen (blue)',
      quantity: 10,
      points: 6,
      enabled: false,
    });
    expect(changed.json().value).toMatchObject({
      name: 'Mall pen (blue)',
      quantity: 10,
      available: 9,
      points: 6,
    });
    // Off sale: no longer offered, not redeemable.
    const offered = (await t.call({ url: '/wps/relay/MCSFE_getPointReward', token: m.token })).json().value
      .list;
    expect(offered.some((x: { id: number }) => x.id === id)).toBe(false);
    expect((await redeem(m, { goodsId: id, paymentPassword: PASSWORD })).json().errorCode).toBe(
      'points.goods.not.found',
    );
    expect(
      (await bo(finance, 'POST', '/bo/api/mall/goods', { name: 'x', quantity: 1, points: 1 })).statusCode,
    ).toBe(403);
    expect(
      (await bo(content, 'POST', '/bo/api/mall/goods', { name: '', quantity: -1, points: 0 })).statusCode,
    ).toBe(422);
    expect((await auditOf(t, 'points.goods.update')).at(-1)).toMatchObject({ actor_name: 'pts-con' });
    expect(await ops('points', 'goods')).toContain('Mall pen (blue)');
  });

  it('points on deposits where configured (ops points rate DEPOSIT, audited): a successful deposit earns at the DEPOSIT rate, once, filed as DEPOSIT', async () => {
    const m = await memberWithPoints(0 + 1);
    expect(await ops('points', 'rate', 'deposit', '0.5')).toBe('Points rate of DEPOSIT: 0.5');
    expect((await auditOf(t, 'points.rate.set')).at(-1)).toMatchObject({
      actor_name: 'op-lan',
      target_id: 'DEPOSIT',
    });
    await expect(ops('points', 'rate', 'NOPE', '1')).rejects.toThrow(/No points rate/);
    await expect(ops('points', 'rate', 'LIVE', '-1')).rejects.toThrow(/0 to 1000/);
    try {
      const orderNo = await deposit(m, 200, false);
      await t.app.ctx.points.foldAll();
      expect(await balance(m)).toBe(0.01);
      await ops('deposit', 'approve', orderNo);
      // A second update of a successful order earns nothing more.
      await t.database.db
        .updateTable('deposit_order')
        .set({ note: 'checked' })
        .where('order_no', '=', orderNo)
        .execute();
      await t.app.ctx.points.foldAll();
      expect(await balance(m)).toBe(100.01);
      const det = (await t.call({ url: '/wps/relay/ODSFE2_MemTransDet?type=DEPOSIT', token: m.token })).json()
        .value;
      expect(det.content).toMatchObject([{ type: 'DEPOSIT', changedPoints: 100, pointsBalance: 100.01 }]);
    } finally {
      await ops('points', 'rate', 'DEPOSIT', '0');
    }
    await ledgerExact();
  });
});
