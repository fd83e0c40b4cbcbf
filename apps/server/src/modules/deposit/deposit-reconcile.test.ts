import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, secondInstance, testDbKind, type TestApp } from '../../test/test-app.ts';
import { MAX_AMOUNT_MINOR, MAX_BALANCE_MINOR } from '@app/contract';
import { memberWithMoney, walletMinor, type TestMember } from '../wallet/wallet-test-kit.ts';
import { HouseAccount } from '../wallet/wallet.service.ts';
import { GATEWAY_NOTIFY_JOB, RECONCILE_JOB } from './deposit.jobs.ts';
import { openGatewayOrder } from './deposit-test-kit.ts';
import { SANDBOX_NOTIFY_LEASE_MS, SANDBOX_PAYMENT_TTL_MS } from './sandbox-gateway.ts';

/**
 * Issue 28, defect 5: the sandbox gateway's notification retries lived in process memory, so a
 * `kill -9` between "Pay" and the notification left payments PAID and their orders PENDING for
 * good. The notification owed is now a row of the gateway's table (retried by the
 * sandbox-gateway.notify job until acknowledged), and deposit.reconcile settles every open
 * gateway order by the gateway's record. Another instance on the same database stands for the
 * restarted server: nothing of the first one's memory survives into it.
 */
const SECRET = 'reconcile-test-secret';
let t: TestApp;
let restarted: FastifyInstance;
beforeAll(async () => {
  const services = { sandboxPaySecret: SECRET, jobs: { tickMs: 0 } };
  t = await createTestApp({ services });
  restarted = await secondInstance(t, services);
});
afterAll(async () => {
  await restarted?.close();
  await t?.close();
});

const gatewayOrder = (m: TestMember, amount: number) => openGatewayOrder(t, m, amount);

const orderStatus = async (m: TestMember, orderNo: string) =>
  (await t.call({ url: `/wps/deposit/order?orderNo=${orderNo}`, token: m.token })).json().value.status;

/** DEPOSIT movements of an order in the ledger: a credited order has exactly one. */
const depositsOf = async (orderNo: string) =>
  (
    await t.database.db
      .selectFrom('ledger_transaction')
      .select('id')
      .where('kind', '=', 'DEPOSIT')
      .where('reference', '=', orderNo)
      .execute()
  ).length;

/** The start of the job's window that closes just after `at` (a tick at that time runs it). */
const windowAfter = (app: FastifyInstance, job: string, at: number) =>
  app.ctx.jobs.dueWindows(job, new Date(at))[0]!.start;

describe(`issue 28 defect 5: a paid gateway payment is always credited, once (${testDbKind})`, () => {
  it('a payment paid when the server died before notifying (PAID at the gateway, order PENDING) is credited once by deposit.reconcile on the restarted server; running it again, and the late notification, move nothing more', async () => {
    const m = await memberWithMoney(t, 0);
    const { orderNo, paymentId } = await gatewayOrder(m, 42.5);
    // What "Pay" commits before it notifies; the process then dies and its delivery with it.
    expect(await t.app.ctx.sandboxGateway.complete(paymentId, 'PAID')).not.toBeNull();
    expect(await orderStatus(m, orderNo)).toBe('PENDING');
    expect(await walletMinor(t, m.memberId)).toBe(0);

    const now = Date.now();
    const first = windowAfter(restarted, RECONCILE_JOB, now);
    expect(await restarted.ctx.jobs.runWindow(RECONCILE_JOB, first)).toBe('ran');
    expect(await orderStatus(m, orderNo)).toBe('SUCCESS');
    expect(await walletMinor(t, m.memberId)).toBe(4_250);
    expect(await depositsOf(orderNo)).toBe(1);

    // Later runs, on either instance, and the same window again: nothing more.
    expect(await t.app.ctx.jobs.runWindow(RECONCILE_JOB, new Date(first.getTime() + 60_000))).toBe('ran');
    expect(await restarted.ctx.jobs.runWindow(RECONCILE_JOB, new Date(first.getTime() + 120_000))).toBe(
      'ran',
    );
    expect(await restarted.ctx.jobs.runWindow(RECONCILE_JOB, first)).toBe('done-already');
    // The gateway still owes its notification: sent once its lease has run out, acknowledged, no money.
    const afterLease = windowAfter(restarted, GATEWAY_NOTIFY_JOB, now + SANDBOX_NOTIFY_LEASE_MS + 11_000);
    expect(await restarted.ctx.jobs.runWindow(GATEWAY_NOTIFY_JOB, afterLease)).toBe('ran');
    const payment = await restarted.ctx.sandboxGateway.find(paymentId);
    expect(payment).toMatchObject({ status: 'PAID', notify_attempts: 1, next_notify_at: null });
    expect(payment!.notified_at).not.toBeNull();
    expect(await walletMinor(t, m.memberId)).toBe(4_250);
    expect(await depositsOf(orderNo)).toBe(1);
  });

  it('a notification the merchant did not take (its first delivery failed) is kept in the gateway table and delivered by sandbox-gateway.notify on the restarted server: credited once, then nothing is due', async () => {
    const m = await memberWithMoney(t, 0);
    const { orderNo, paymentId, redirectUrl } = await gatewayOrder(m, 15);
    // The first instance's route to the merchant breaks: its own delivery after "Pay" fails.
    t.app.ctx.sandboxGateway.attachNotifier(() => Promise.reject(new Error('connect ECONNREFUSED')));
    const pay = await t.call({
      method: 'POST',
      url: redirectUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    expect(pay.statusCode).toBe(303);
    expect(await orderStatus(m, orderNo)).toBe('PENDING');
    const owed = (await t.app.ctx.sandboxGateway.find(paymentId))!;
    expect(owed).toMatchObject({ status: 'PAID', notify_attempts: 1, notified_at: null });
    expect(owed.last_notify_error).toContain('ECONNREFUSED');
    // Due again 10 s on (the first step of the retry schedule), in the table, not in a timer.
    expect(owed.next_notify_at!.getTime()).toBeGreaterThan(Date.now() + 5_000);

    // Not yet due: a run now sends nothing.
    const now = Date.now();
    expect(
      await restarted.ctx.jobs.runWindow(GATEWAY_NOTIFY_JOB, windowAfter(restarted, GATEWAY_NOTIFY_JOB, now)),
    ).toBe('ran');
    expect(await orderStatus(m, orderNo)).toBe('PENDING');
    const due = windowAfter(restarted, GATEWAY_NOTIFY_JOB, owed.next_notify_at!.getTime() + 11_000);
    expect(await restarted.ctx.jobs.runWindow(GATEWAY_NOTIFY_JOB, due)).toBe('ran');
    expect(await orderStatus(m, orderNo)).toBe('SUCCESS');
    expect(await walletMinor(t, m.memberId)).toBe(1_500);
    expect(await restarted.ctx.sandboxGateway.find(paymentId)).toMatchObject({
      notify_attempts: 2,
      next_notify_at: null,
      last_notify_error: null,
    });
    // Nothing is due any more, however late the next run.
    const later = new Date(due.getTime() + 86_400_000);
    expect(await restarted.ctx.jobs.runWindow(GATEWAY_NOTIFY_JOB, later)).toBe('ran');
    expect(
      await restarted.ctx.jobs.runWindow(
        RECONCILE_JOB,
        windowAfter(restarted, RECONCILE_JOB, later.getTime()),
      ),
    ).toBe('ran');
    expect((await restarted.ctx.sandboxGateway.find(paymentId))!.notify_attempts).toBe(2);
    expect(await walletMinor(t, m.memberId)).toBe(1_500);
    expect(await depositsOf(orderNo)).toBe(1);
  });

  it('deposit.reconcile settles every open gateway order by the gateway record: a paid cancelled order is credited, a failed payment fails its order, an expired unpaid one stops waiting; a payment still open is left alone', async () => {
    const m = await memberWithMoney(t, 0);
    const cancelledPaid = await gatewayOrder(m, 11);
    const failed = await gatewayOrder(m, 12);
    const expired = await gatewayOrder(m, 13);
    const open = await gatewayOrder(m, 14);
    const cancel = await t.call({
      method: 'POST',
      url: '/wps/deposit/order/cancel',
      token: m.token,
      payload: { orderNo: cancelledPaid.orderNo },
    });
    expect(cancel.json().value.status).toBe('CANCELLED');
    const gateway = t.app.ctx.sandboxGateway;
    await gateway.complete(cancelledPaid.paymentId, 'PAID');
    await gateway.complete(failed.paymentId, 'FAILED');

    // A run while the pages are still open changes nothing of those (a window of its own: the
    // other tests ran the current ones).
    const now = Date.now();
    expect(
      await restarted.ctx.jobs.runWindow(RECONCILE_JOB, windowAfter(restarted, RECONCILE_JOB, now - 600_000)),
    ).toBe('ran');
    expect(await orderStatus(m, cancelledPaid.orderNo)).toBe('SUCCESS');
    expect(await orderStatus(m, failed.orderNo)).toBe('FAILED');
    expect(await orderStatus(m, expired.orderNo)).toBe('PENDING');
    expect(await walletMinor(t, m.memberId)).toBe(1_100);

    // Past the page's life (and the margin): the unpaid orders stop waiting, credited nothing.
    const late = now + SANDBOX_PAYMENT_TTL_MS + 5 * 60_000;
    expect(
      await restarted.ctx.jobs.runWindow(RECONCILE_JOB, windowAfter(restarted, RECONCILE_JOB, late)),
    ).toBe('ran');
    const detail = await t.call({ url: `/wps/deposit/order?orderNo=${expired.orderNo}`, token: m.token });
    expect(detail.json().value).toMatchObject({
      status: 'FAILED',
      note: 'The payment expired at the gateway',
    });
    expect(await orderStatus(m, open.orderNo)).toBe('FAILED');
    expect(await walletMinor(t, m.memberId)).toBe(1_100);
    expect(await depositsOf(cancelledPaid.orderNo)).toBe(1);
    for (const o of [failed, expired, open]) expect(await depositsOf(o.orderNo)).toBe(0);
  });
  it('an order the ledger refuses (its balance at the ceiling) stays pending and does not hold back the others of the same deposit.reconcile run', async () => {
    const full = await memberWithMoney(t, 0);
    for (let i = 0, left = MAX_BALANCE_MINOR - 500; left > 0; i++) {
      const amount = Math.min(left, MAX_AMOUNT_MINOR);
      await t.app.ctx.wallet.transfer({
        from: { house: HouseAccount.cash },
        to: { memberId: full.memberId },
        amount,
        kind: 'ADJUSTMENT',
        reference: `reconcile-full-${full.memberId}`,
        idempotencyKey: `test:reconcile-full:${full.memberId}:${i}`,
      });
      left -= amount;
    }
    const other = await memberWithMoney(t, 0);
    // The refused order comes first in the run (older id), the other after it.
    const refused = await gatewayOrder(full, 10);
    const fine = await gatewayOrder(other, 10);
    await t.app.ctx.sandboxGateway.complete(refused.paymentId, 'PAID');
    await t.app.ctx.sandboxGateway.complete(fine.paymentId, 'PAID');
    const w = windowAfter(restarted, RECONCILE_JOB, Date.now() - 1_200_000);
    expect(await restarted.ctx.jobs.runWindow(RECONCILE_JOB, w)).toBe('ran');
    expect(await orderStatus(other, fine.orderNo)).toBe('SUCCESS');
    expect(await walletMinor(t, other.memberId)).toBe(1_000);
    expect(await orderStatus(full, refused.orderNo)).toBe('PENDING');
    expect(await walletMinor(t, full.memberId)).toBe(MAX_BALANCE_MINOR - 500);
    expect(await depositsOf(refused.orderNo)).toBe(0);
  });
});
