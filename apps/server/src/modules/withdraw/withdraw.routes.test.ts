import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCalls } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { runOpsCommand } from '../../cli/commands.ts';
import { AUTO_CONFIRM_JOB } from './withdraw.jobs.ts';
import {
  accountMinor,
  bindBank,
  mainMinor,
  newMember,
  submitWithdraw,
  tinyPng,
  trialToken,
  uploadProof,
  type TestMember,
} from './withdraw-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    configOverrides: { dataDir: mkdtempSync(join(tmpdir(), 'wd-routes-')) },
    services: {
      // Tests run the job themselves, at the times they choose.
      jobs: { tickMs: 0 },
      withdraw: { minMinor: 1_000, maxMinor: 500_000, dailyCount: 3, autoConfirmMinutes: 30 },
    },
  });
});
afterAll(async () => t?.close());

const ops = (...argv: string[]) => runOpsCommand(t.app.ctx, argv);
const detail = async (m: TestMember, id: number) =>
  (await t.call({ url: `/wps/withdraw/detail?id=${id}`, token: m.token })).json().value;
const confirm = (m: TestMember, payload: Record<string, unknown>) =>
  t.call({ method: 'POST', url: '/wps/relay/MCSFE_processC2CTransaction', token: m.token, payload });
const upload = (m: TestMember, withdrawalId: number, body: Buffer, type = 'image/png') =>
  uploadProof(t, m, withdrawalId, body, type);

/** A member with a bound bank account and a request of `amount`, taken to `until`. */
async function requestTo(
  until: 'PENDING' | 'APPROVED' | 'PAID',
  amount = 100,
  member?: TestMember,
): Promise<{ m: TestMember; id: number }> {
  const m = member ?? (await newMember(t));
  const bankAccountId = await bindBank(t, m);
  const res = await submitWithdraw(t, m, { bankAccountId, amount });
  if (res.statusCode !== 200) throw new Error(`withdraw failed: ${res.statusCode} ${res.body}`);
  const id = res.json().value.id as number;
  if (until !== 'PENDING') await ops('withdraw', 'approve', String(id));
  if (until === 'PAID') await ops('withdraw', 'pay', String(id));
  return { m, id };
}

describe(`withdrawals (${testDbKind})`, () => {
  it('withdraw submit is an encrypted call (the withdraw half of SY-30): a plain body is refused before anything is read', async () => {
    const m = await newMember(t);
    const bankAccountId = await bindBank(t, m);
    const res = await t.call({
      method: 'POST',
      url: '/wps/withdraw',
      token: m.token,
      payload: { bankAccountId, amount: 100, paymentPassword: '135790' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('payload.encryption.required');
    expect(await mainMinor(t, m.id)).toBe(100_000);
  });

  it('WD-15 deposit, withdrawal, withdrawal confirmation and transfer-to-upline calls exist: declared once, token-guarded, answered by the server', async () => {
    const m = await newMember(t);
    const ids = ['createDepositOrder', 'submitWithdraw', 'processC2CTransaction', 'transferToUpline'];
    for (const id of ids) {
      const declared = allCalls.filter((c) => c.id === id);
      expect(declared, id).toHaveLength(1);
      const call = declared[0]!;
      expect(call.token, id).toBe(true);
      // Without a token: refused as a guarded call, so the route is there.
      const anon = await t.call({ method: call.method, url: call.path, payload: {} });
      expect(anon.statusCode, `${id} ${anon.body}`).toBe(401);
      // With one: the call's own checks answer (an empty body is not a request), never "no such call".
      const empty = await t.call({ method: call.method, url: call.path, payload: {}, token: m.token });
      expect(empty.statusCode, `${id} ${empty.body}`).toBeGreaterThanOrEqual(400);
      expect(empty.statusCode, id).toBeLessThan(500);
      expect(empty.json().errorCode, id).not.toBe('not.found');
    }
    expect(allCalls.find((c) => c.id === 'submitWithdraw')!.encrypted).toBe(true);
  });

  it('a request holds the amount at once: main wallet to the pending-withdrawal account, one balanced movement', async () => {
    const m = await newMember(t, { money: 1_000 });
    const bankAccountId = await bindBank(t, m, '9704123456789');
    const res = await submitWithdraw(t, m, { bankAccountId, amount: '250.50' });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({
      amount: 250.5,
      status: 'PENDING',
      bankCode: 'VCB',
      bankName: 'Vietcombank',
      accountNumber: '**** 6789',
      canCancel: true,
      canConfirm: false,
      orderNo: `WD${String(v.id).padStart(8, '0')}`,
    });
    expect(v.timeline).toEqual([{ status: 'PENDING', at: expect.any(Number), actor: 'member', note: '' }]);
    expect(await mainMinor(t, m.id)).toBe(100_000 - 25_050);
    expect(await accountMinor(t, m.id, 'PENDING_WITHDRAWAL')).toBe(25_050);
    const movements = await t.database.db
      .selectFrom('ledger_transaction')
      .innerJoin('ledger_posting', 'ledger_posting.transaction_id', 'ledger_transaction.id')
      .select(['ledger_transaction.kind', 'ledger_transaction.reference', 'ledger_posting.amount'])
      .where('ledger_transaction.idempotency_key', '=', `withdraw:${v.id}:hold`)
      .execute();
    expect(movements.map((p) => p.amount).sort((x, y) => x - y)).toEqual([-25_050, 25_050]);
    expect(movements.every((p) => p.kind === 'WITHDRAW_HOLD' && p.reference === v.orderNo)).toBe(true);
    // The settings read shows what is left and today's count.
    const s = (await t.call({ url: '/wps/withdraw/settings', token: m.token })).json().value;
    expect(s).toMatchObject({
      availableBalance: 749.5,
      usedToday: 1,
      dailyCount: 3,
      minAmount: 10,
      maxAmount: 5000,
    });
  });

  it('a retry with the same requestId returns the first request and holds nothing more; the id reused for another amount is refused', async () => {
    const m = await newMember(t, { money: 1_000 });
    const bankAccountId = await bindBank(t, m);
    const first = await submitWithdraw(t, m, { bankAccountId, amount: 100, requestId: 'req-abcdef-123' });
    const again = await submitWithdraw(t, m, { bankAccountId, amount: 100, requestId: 'req-abcdef-123' });
    expect(again.json().value.id).toBe(first.json().value.id);
    expect(await mainMinor(t, m.id)).toBe(90_000);
    // The same id for another amount is a different request: refused, nothing held.
    const other = await submitWithdraw(t, m, { bankAccountId, amount: 200, requestId: 'req-abcdef-123' });
    expect(other.statusCode).toBe(409);
    expect(other.json().errorCode).toBe('idempotency.key.reused');
    expect(await mainMinor(t, m.id)).toBe(90_000);
  });

  it('needs a bound bank account of the member and the right payment password', async () => {
    const m = await newMember(t);
    const other = await newMember(t);
    const othersAccount = await bindBank(t, other);
    const notMine = await submitWithdraw(t, m, { bankAccountId: othersAccount, amount: 100 });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().errorCode).toBe('bank.account.not.found');
    const bankAccountId = await bindBank(t, m);
    const wrong = await submitWithdraw(t, m, { bankAccountId, amount: 100, paymentPassword: '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errorCode).toBe('payment.password.invalid');
    const noPassword = await newMember(t, { paymentPassword: null });
    const acc = await bindBank(t, noPassword);
    const notSet = await submitWithdraw(t, noPassword, { bankAccountId: acc, amount: 100 });
    expect(notSet.statusCode).toBe(409);
    expect(notSet.json().errorCode).toBe('payment.password.not.set');
    expect(await mainMinor(t, m.id)).toBe(100_000);
  });

  it('min, max, decimals and the daily count come from configuration; refused requests hold nothing', async () => {
    const m = await newMember(t, { money: 10_000 });
    const bankAccountId = await bindBank(t, m);
    for (const [amount, message] of [
      [9.99, 'Enter an amount from 10.00 to 5,000.00'],
      [5000.01, 'Enter an amount from 10.00 to 5,000.00'],
      ['10.005', 'Enter an amount with at most 2 decimals'],
      ['1e3', 'Enter the amount in plain digits, without an exponent'],
      [-50, 'The amount cannot be negative'],
    ] as const) {
      const res = await submitWithdraw(t, m, { bankAccountId, amount });
      expect(res.statusCode, String(amount)).toBe(422);
      expect(res.json()).toMatchObject({ errorCode: 'amount.invalid', message });
    }
    expect(await mainMinor(t, m.id)).toBe(1_000_000);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await submitWithdraw(t, m, { bankAccountId, amount: 10 });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().value.id);
    }
    const fourth = await submitWithdraw(t, m, { bankAccountId, amount: 10 });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toMatchObject({
      errorCode: 'withdraw.daily.limit',
      message: "You have made today's 3 withdrawal requests: try again tomorrow",
    });
    // A cancelled request does not count towards the day's requests.
    const cancel = await t.call({
      method: 'POST',
      url: '/wps/withdraw/cancel',
      token: m.token,
      payload: { id: ids[0] },
    });
    expect(cancel.json().value.status).toBe('CANCELLED');
    expect((await submitWithdraw(t, m, { bankAccountId, amount: 10 })).statusCode).toBe(200);
    expect(await mainMinor(t, m.id)).toBe(1_000_000 - 3 * 1_000);
  });

  it('never holds more than the balance: the amount above the balance is refused', async () => {
    const m = await newMember(t, { money: 100 });
    const bankAccountId = await bindBank(t, m);
    const res = await submitWithdraw(t, m, { bankAccountId, amount: 100.01 });
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe('wallet.balance.insufficient');
    expect(await mainMinor(t, m.id)).toBe(10_000);
    expect(
      await t.database.db.selectFrom('withdrawal').select('id').where('member_id', '=', m.id).execute(),
    ).toEqual([]);
  });

  it('pending → approved → paid → received, each step in the timeline; the payout leaves through the clearing account', async () => {
    const { m, id } = await requestTo('PENDING', 200);
    expect(await ops('withdraw', 'list')).toContain(`WD${String(id).padStart(8, '0')}`);
    expect(await ops('withdraw', 'approve', String(id), '--note', 'checked')).toMatch(/approved/);
    expect(await ops('withdraw', 'pay', `WD${String(id).padStart(8, '0')}`)).toMatch(/30 minutes to confirm/);
    expect(await accountMinor(t, m.id, 'PENDING_WITHDRAWAL')).toBe(0);
    const paid = await detail(m, id);
    expect(paid).toMatchObject({ status: 'PAID', canConfirm: true, canCancel: false });
    expect(paid.confirmBefore).toBe(paid.paidAt + 30 * 60_000);
    const waiting = (
      await t.call({ url: '/wps/relay/MCSFE_getPaymentConfirmationList', token: m.token })
    ).json().value;
    expect(waiting.map((w: { id: number }) => w.id)).toEqual([id]);

    const res = await confirm(m, { id, result: 'RECEIVED' });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(v.status).toBe('RECEIVED');
    expect(v.forcedReceived).toBe(false);
    expect(v.timeline.map((e: { status: string; actor: string }) => `${e.status}/${e.actor}`)).toEqual([
      'PENDING/member',
      'APPROVED/operator',
      'PAID/operator',
      'RECEIVED/member',
    ]);
    expect(v.timeline[1].note).toBe('checked');
    expect(
      (await t.call({ url: '/wps/relay/MCSFE_getPaymentConfirmationList', token: m.token })).json().value,
    ).toEqual([]);
    expect(await mainMinor(t, m.id)).toBe(80_000);
    expect(await ops('withdraw', 'show', String(id))).toMatch(/RECEIVED\s+member/);
    expect((await t.app.ctx.wallet.audit()).drifted).toBe(0);
  });

  it('rejection (pending or approved) and cancellation return the hold to the main wallet', async () => {
    const m = await newMember(t, { money: 1_000 });
    const r1 = await requestTo('PENDING', 100, m);
    const r2 = await requestTo('APPROVED', 200, m);
    const r3 = await requestTo('PENDING', 300, m);
    expect(await mainMinor(t, m.id)).toBe(40_000);
    expect(await ops('withdraw', 'reject', String(r1.id), '--reason', 'Name differs')).toMatch(/returned/);
    await ops('withdraw', 'reject', String(r2.id));
    const c = await t.call({
      method: 'POST',
      url: '/wps/withdraw/cancel',
      token: m.token,
      payload: { id: r3.id },
    });
    expect(c.json().value).toMatchObject({ status: 'CANCELLED', canCancel: false });
    expect(await mainMinor(t, m.id)).toBe(100_000);
    expect(await accountMinor(t, m.id, 'PENDING_WITHDRAWAL')).toBe(0);
    expect((await detail(m, r1.id)).timeline.at(-1)).toMatchObject({
      status: 'REJECTED',
      actor: 'operator',
      note: 'Name differs',
    });
    // A finished request cannot be moved again: nothing is returned twice.
    await expect(ops('withdraw', 'reject', String(r1.id))).rejects.toThrow(/rejected and cannot be rejected/);
    await expect(ops('withdraw', 'pay', String(r3.id))).rejects.toThrow(/cancelled and cannot be paid/);
    const again = await t.call({
      method: 'POST',
      url: '/wps/withdraw/cancel',
      token: m.token,
      payload: { id: r3.id },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('withdraw.status.conflict');
    expect(await mainMinor(t, m.id)).toBe(100_000);
  });

  it('WD-07 a paid-out request is answered received, partly received (with the amount) or not received, once', async () => {
    const a = await requestTo('PAID', 100);
    const b = await requestTo('PAID', 100);
    const c = await requestTo('PAID', 100);
    // Before payout there is nothing to confirm.
    const early = await requestTo('APPROVED', 100);
    expect((await confirm(early.m, { id: early.id, result: 'RECEIVED' })).statusCode).toBe(409);

    expect((await confirm(a.m, { id: a.id, result: 'RECEIVED' })).json().value.status).toBe('RECEIVED');
    const partly = await confirm(b.m, {
      id: b.id,
      result: 'PARTLY_RECEIVED',
      receivedAmount: '60.25',
      remark: 'fee taken',
    });
    expect(partly.json().value).toMatchObject({
      status: 'PARTLY_RECEIVED',
      receivedAmount: 60.25,
      remark: 'fee taken',
    });
    const png = await tinyPng();
    expect((await upload(c.m, c.id, png)).statusCode).toBe(200);
    const not = await confirm(c.m, { id: c.id, result: 'NOT_RECEIVED', remark: 'nothing arrived' });
    expect(not.json().value).toMatchObject({
      status: 'NOT_RECEIVED',
      proofs: [{ contentType: 'image/png' }],
    });
    // A second answer is refused: the first one stands.
    const twice = await confirm(a.m, { id: a.id, result: 'NOT_RECEIVED' });
    expect(twice.statusCode).toBe(409);
    expect((await detail(a.m, a.id)).status).toBe('RECEIVED');
    // Partly received needs an amount between zero and the request.
    const d = await requestTo('PAID', 100);
    for (const receivedAmount of [undefined, 0, 100, 150, '1.234']) {
      const res = await confirm(d.m, { id: d.id, result: 'PARTLY_RECEIVED', receivedAmount });
      expect(res.statusCode, String(receivedAmount)).toBe(422);
      expect(res.json().errorCode).toBe('withdraw.received.amount.invalid');
    }
  });

  it('WD-08 not received needs uploaded proof', async () => {
    const { m, id } = await requestTo('PAID', 100);
    const res = await confirm(m, { id, result: 'NOT_RECEIVED' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errorCode).toBe('withdraw.proof.required');
    expect((await detail(m, id)).status).toBe('PAID');
    await upload(m, id, await tinyPng());
    expect((await confirm(m, { id, result: 'NOT_RECEIVED' })).json().value.status).toBe('NOT_RECEIVED');
  });

  it('a disputed payout is refunded by the operator (what is missing returns to the wallet) or closed as received', async () => {
    const partly = await requestTo('PAID', 100);
    await confirm(partly.m, { id: partly.id, result: 'PARTLY_RECEIVED', receivedAmount: 60 });
    expect(await ops('withdraw', 'refund', String(partly.id))).toMatch(/40\.00 returned/);
    expect(await mainMinor(t, partly.m.id)).toBe(90_000 + 4_000);
    expect(await detail(partly.m, partly.id)).toMatchObject({ status: 'REFUNDED', refundAmount: 40 });

    const none = await requestTo('PAID', 100);
    await upload(none.m, none.id, await tinyPng());
    await confirm(none.m, { id: none.id, result: 'NOT_RECEIVED' });
    await ops('withdraw', 'refund', String(none.id));
    expect(await mainMinor(t, none.m.id)).toBe(100_000);

    const shown = await requestTo('PAID', 100);
    await upload(shown.m, shown.id, await tinyPng());
    await confirm(shown.m, { id: shown.id, result: 'NOT_RECEIVED' });
    await expect(ops('withdraw', 'dismiss', String(shown.id))).rejects.toThrow(/needs --note/);
    await ops('withdraw', 'dismiss', String(shown.id), '--note', 'bank slip 8812 shows the credit');
    expect((await detail(shown.m, shown.id)).timeline.at(-1)).toMatchObject({
      status: 'RECEIVED',
      actor: 'operator',
      note: 'bank slip 8812 shows the credit',
    });
    await expect(ops('withdraw', 'refund', String(shown.id))).rejects.toThrow(/cannot be refunded/);
    expect(await mainMinor(t, shown.m.id)).toBe(90_000);
    expect((await t.app.ctx.wallet.audit()).drifted).toBe(0);
  });

  it('WD-10 WD-11 a payout unanswered for the configured minutes counts as received and forfeits the refund', async () => {
    const { m, id } = await requestTo('PAID', 100);
    const paidAt = (await detail(m, id)).paidAt as number;
    // 29 minutes on: not yet.
    await t.app.ctx.jobs.runDue(new Date(paidAt + 29 * 60_000));
    expect((await detail(m, id)).status).toBe('PAID');
    // 31 minutes on: counted as received, by the system, and closed to disputes and refunds.
    await t.app.ctx.jobs.runDue(new Date(paidAt + 31 * 60_000));
    const v = await detail(m, id);
    expect(v).toMatchObject({
      status: 'RECEIVED',
      forcedReceived: true,
      refundForfeited: true,
      canConfirm: false,
    });
    expect(v.timeline.at(-1)).toMatchObject({ status: 'RECEIVED', actor: 'system' });
    expect(v.timeline.at(-1).note).toMatch(/30 minutes/);
    expect(v.confirmedAt).toBeGreaterThanOrEqual(paidAt);
    const dispute = await confirm(m, { id, result: 'NOT_RECEIVED' });
    expect(dispute.statusCode).toBe(409);
    expect(dispute.json().errorCode).toBe('withdraw.confirm.closed');
    const proof = await upload(m, id, await tinyPng());
    expect(proof.json().errorCode).toBe('withdraw.confirm.closed');
    await expect(ops('withdraw', 'refund', String(id))).rejects.toThrow(/refund is forfeited/);
    expect(await mainMinor(t, m.id)).toBe(90_000);
    // A payout answered in time by its member keeps its refund.
    const early = await requestTo('PAID', 100);
    await confirm(early.m, { id: early.id, result: 'PARTLY_RECEIVED', receivedAmount: 50 });
    expect(await detail(early.m, early.id)).toMatchObject({ forcedReceived: false, refundForfeited: false });
    expect(await ops('jobs', '--job', AUTO_CONFIRM_JOB)).toMatch(/withdraw\.auto-confirm .* done/);
    // The operator may run the latest closed window by hand: once, then it is done.
    expect(await ops('jobs', 'run', AUTO_CONFIRM_JOB)).toMatch(/: ran\.$/);
    expect(await ops('jobs', 'run', AUTO_CONFIRM_JOB)).toMatch(/was done already: nothing ran again/);
  });

  it('concurrent requests never hold more than the balance', async () => {
    const m = await newMember(t, { money: 1_000 });
    const bankAccountId = await bindBank(t, m);
    // Each of 8 requests alone would pass; together only 3 fit (the daily count is raised for this).
    t.app.ctx.withdrawals.policy.dailyCount = 100;
    try {
      const results = await Promise.all(
        Array.from({ length: 8 }, () => submitWithdraw(t, m, { bankAccountId, amount: 300 })),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 200)).toHaveLength(3);
      for (const r of results.filter((x) => x.statusCode !== 200))
        expect(r.json().errorCode).toBe('wallet.balance.insufficient');
    } finally {
      t.app.ctx.withdrawals.policy.dailyCount = 3;
    }
    expect(await mainMinor(t, m.id)).toBe(10_000);
    expect(await accountMinor(t, m.id, 'PENDING_WITHDRAWAL')).toBe(90_000);
    expect((await t.app.ctx.wallet.audit()).drifted).toBe(0);
  });

  it('concurrent approvals, rejections, cancellations, payouts and confirmations of one request each resolve once', async () => {
    const settled = async (work: Promise<unknown>[]) =>
      (await Promise.allSettled(work)).filter((o) => o.status === 'fulfilled').length;
    // Rejections by the operator and cancellations by the member race: one wins, the hold returns once.
    const r = await requestTo('PENDING', 100);
    const cancel = () =>
      t
        .call({ method: 'POST', url: '/wps/withdraw/cancel', token: r.m.token, payload: { id: r.id } })
        .then((res) => {
          if (res.statusCode !== 200) throw new Error(res.body);
        });
    expect(
      await settled([
        ops('withdraw', 'reject', String(r.id)),
        cancel(),
        ops('withdraw', 'reject', String(r.id)),
        cancel(),
      ]),
    ).toBe(1);
    expect(await mainMinor(t, r.m.id)).toBe(100_000);
    expect((await detail(r.m, r.id)).timeline).toHaveLength(2);
    // Approvals: one.
    const a = await requestTo('PENDING', 100);
    expect(await settled(Array.from({ length: 4 }, () => ops('withdraw', 'approve', String(a.id))))).toBe(1);
    // Payouts: one; the hold leaves once.
    expect(await settled(Array.from({ length: 4 }, () => ops('withdraw', 'pay', String(a.id))))).toBe(1);
    expect(await accountMinor(t, a.m.id, 'PENDING_WITHDRAWAL')).toBe(0);
    expect(await mainMinor(t, a.m.id)).toBe(90_000);
    expect((await detail(a.m, a.id)).timeline.map((e: { status: string }) => e.status)).toEqual([
      'PENDING',
      'APPROVED',
      'PAID',
    ]);
    // Approve and reject together: each at most once, and a rejection returns the hold once.
    const mixed = await requestTo('PENDING', 100);
    const outcomes = await Promise.allSettled([
      ops('withdraw', 'approve', String(mixed.id)),
      ops('withdraw', 'reject', String(mixed.id)),
      ops('withdraw', 'approve', String(mixed.id)),
      ops('withdraw', 'reject', String(mixed.id)),
    ]);
    const won = outcomes.map((o, i) => (o.status === 'fulfilled' ? (i % 2 ? 'reject' : 'approve') : null));
    expect(won.filter((w) => w === 'approve').length).toBeLessThanOrEqual(1);
    expect(won.filter((w) => w === 'reject').length).toBeLessThanOrEqual(1);
    const final = await detail(mixed.m, mixed.id);
    expect(await mainMinor(t, mixed.m.id)).toBe(final.status === 'REJECTED' ? 100_000 : 90_000);
    // The member's answers and the auto-confirm job: one of them.
    const { m, id } = await requestTo('PAID', 100);
    await upload(m, id, await tinyPng());
    const answers = await Promise.all([
      confirm(m, { id, result: 'RECEIVED' }),
      confirm(m, { id, result: 'NOT_RECEIVED' }),
      confirm(m, { id, result: 'PARTLY_RECEIVED', receivedAmount: 10 }),
      t.app.ctx.jobs.runWindow(AUTO_CONFIRM_JOB, new Date(Math.floor(Date.now() / 60_000 + 40) * 60_000)),
    ]);
    const ok = answers.slice(0, 3).filter((r) => typeof r !== 'string' && r.statusCode === 200);
    const forced = (await detail(m, id)).forcedReceived as boolean;
    expect(ok.length + (forced ? 1 : 0)).toBe(1);
    expect(
      (await detail(m, id)).timeline.filter(
        (e: { status: string }) => e.status !== 'PENDING' && e.status !== 'APPROVED' && e.status !== 'PAID',
      ),
    ).toHaveLength(1);
  });

  it("a member cannot read or act on another member's withdrawals or proofs (every call with the other's ids)", async () => {
    const owner = await requestTo('PAID', 100);
    const pendingOne = await requestTo('PENDING', 100);
    const proof = (await upload(owner.m, owner.id, await tinyPng())).json().value.id as number;
    const intruder = await newMember(t);
    const calls = [
      { url: `/wps/withdraw/detail?id=${owner.id}` },
      { url: `/wps/withdraw/proof?id=${proof}` },
      { method: 'POST' as const, url: '/wps/withdraw/cancel', payload: { id: pendingOne.id } },
      {
        method: 'POST' as const,
        url: '/wps/relay/MCSFE_processC2CTransaction',
        payload: { id: owner.id, result: 'RECEIVED' },
      },
      { method: 'POST' as const, url: '/wps/withdraw/proof/delete', payload: { id: proof } },
    ];
    for (const c of calls) {
      const res = await t.call({ ...c, token: intruder.token });
      expect(res.statusCode, `${c.url} ${res.body}`).toBe(404);
      expect(res.body).not.toContain('base64');
    }
    const up = await upload(intruder, owner.id, await tinyPng());
    expect(up.statusCode).toBe(404);
    const lists = [
      (await t.call({ url: '/wps/withdraw/list', token: intruder.token })).json().value.list,
      (await t.call({ url: '/wps/relay/MCSFE_getPaymentConfirmationList', token: intruder.token })).json()
        .value,
    ];
    for (const l of lists) expect(l).toEqual([]);
    // The owner's records are untouched.
    expect(await detail(owner.m, owner.id)).toMatchObject({ status: 'PAID', proofs: [{ id: proof }] });
    expect((await detail(pendingOne.m, pendingOne.id)).status).toBe('PENDING');
    expect(
      await t.database.db
        .selectFrom('withdrawal_proof')
        .select('id')
        .where('withdrawal_id', '=', owner.id)
        .execute(),
    ).toHaveLength(1);
  });

  it('a trial account (type 4) cannot withdraw: every withdrawal call answers in_need_true_account', async () => {
    const token = await trialToken(t);
    const responses = [
      await t.call({ url: '/wps/withdraw/settings', token }),
      await t.call({ url: '/wps/withdraw/list', token }),
      await t.call({ url: '/wps/relay/MCSFE_getPaymentConfirmationList', token }),
      await (
        await import('../session/accounts-test-kit.ts')
      ).secureCall(t, {
        url: '/wps/withdraw',
        token,
        payload: { bankAccountId: 1, amount: 100, paymentPassword: '135790' },
      }),
    ];
    for (const res of responses) {
      expect(res.statusCode).toBe(403);
      expect(res.json().errorCode).toBe('in_need_true_account');
    }
  });

  it('the member lists their requests newest first, by page and by status', async () => {
    const m = await newMember(t, { money: 1_000 });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await requestTo('PENDING', 10 + i, m)).id);
    await ops('withdraw', 'reject', String(ids[1]));
    const page1 = (await t.call({ url: '/wps/withdraw/list?pageSize=2', token: m.token })).json().value;
    expect(page1).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page1.list.map((w: { id: number }) => w.id)).toEqual([ids[2], ids[1]]);
    const rejected = (await t.call({ url: '/wps/withdraw/list?status=REJECTED', token: m.token })).json()
      .value;
    expect(rejected.list.map((w: { id: number }) => w.id)).toEqual([ids[1]]);
  });
});
