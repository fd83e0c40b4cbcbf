import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { runOpsCommand } from '../../cli/commands.ts';
import { bindBank, newMember, submitWithdraw, type TestMember } from '../withdraw/withdraw-test-kit.ts';

/**
 * Issue 28, what a new user met: the account record showed a withdrawal request as
 * "+100 → balance 100.00" (the held amount, counted as money in) and its payout as "−100". A
 * withdrawal now reads as one outgoing movement of the main wallet, with the request's state.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ services: { jobs: { tickMs: 0 } } });
});
afterAll(async () => t?.close());

const ops = (...argv: string[]) => runOpsCommand(t.app.ctx, argv);

interface Row {
  reference: string;
  kind: string;
  type: string;
  walletType: string;
  amount: number;
  balanceAfter: number;
  status?: string;
}

async function records(m: TestMember, query = '') {
  const res = await t.call({ url: `/wps/relay/ODSFE2_getAccountRecords?size=50${query}`, token: m.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as {
    content: Row[];
    totalElements: number;
    summary: { credit: number; debit: number };
  };
}

async function request(m: TestMember, bankAccountId: number, amount: number) {
  const res = await submitWithdraw(t, m, { bankAccountId, amount });
  expect(res.statusCode, res.body).toBe(200);
  const value = res.json().value as { id: number; orderNo: string };
  return value;
}

describe(`withdrawals in the account record (${testDbKind})`, () => {
  it('a withdrawal is one outgoing row of the main wallet, −100 with the balance after it, whose state goes pending → paid; the held amount and the payout are not rows of their own', async () => {
    const m = await newMember(t, { money: 1_000 });
    const bank = await bindBank(t, m);
    const { id, orderNo } = await request(m, bank, 100);

    let v = await records(m);
    expect(v.content.every((r) => r.walletType === 'MAIN')).toBe(true);
    const held = v.content.filter((r) => r.reference === orderNo);
    expect(held).toEqual([
      expect.objectContaining({
        kind: 'WITHDRAW_HOLD',
        type: 'WITHDRAW',
        walletType: 'MAIN',
        amount: -100,
        balanceAfter: 900,
        status: 'PENDING',
      }),
    ]);
    // Nothing of the request counts as money in.
    expect(v.content.some((r) => r.amount > 0 && r.type === 'WITHDRAW')).toBe(false);
    expect(v.summary).toEqual({ credit: 1_000, debit: -100 });

    await ops('withdraw', 'approve', String(id));
    expect((await records(m)).content.find((r) => r.reference === orderNo)!.status).toBe('PENDING');
    await ops('withdraw', 'pay', String(id));
    v = await records(m);
    expect(v.content.filter((r) => r.reference === orderNo)).toEqual([
      expect.objectContaining({ kind: 'WITHDRAW_HOLD', amount: -100, balanceAfter: 900, status: 'PAID' }),
    ]);
    expect(v.totalElements).toBe(2);
    expect(v.summary).toEqual({ credit: 1_000, debit: -100 });
    // The same under the withdrawal filter, and in the exported file.
    const filtered = await records(m, '&type=WITHDRAW');
    expect(filtered.content).toHaveLength(1);
    expect(filtered.summary).toEqual({ credit: 0, debit: -100 });
    const csv = await t.call({ url: '/wps/records/export?kind=account', token: m.token });
    const lines = csv.body.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('Time,Reference,Type,Kind,Wallet,Amount,Balance after,Memo,Status');
    expect(lines.filter((l) => l.includes(orderNo))).toEqual([
      expect.stringMatching(new RegExp(`,${orderNo},WITHDRAW,WITHDRAW_HOLD,MAIN,-100\\.00,900\\.00,,PAID$`)),
    ]);
    // Profit and loss still counts what left for the bank.
    const pl = await t.call({ url: '/wps/relay/ODSFE2_getProfitLoss', token: m.token });
    expect(pl.json().value.totals.withdraw).toBe(100);
  });

  it('a rejected request reads rejected and a cancelled one cancelled, each with the return of its money as the movement that brought it back', async () => {
    const m = await newMember(t, { money: 500 });
    const bank = await bindBank(t, m);
    const rejected = await request(m, bank, 100);
    const cancelled = await request(m, bank, 50);
    await ops('withdraw', 'reject', String(rejected.id), '--reason', 'Name does not match');
    const cancel = await t.call({
      method: 'POST',
      url: '/wps/withdraw/cancel',
      token: m.token,
      payload: { id: cancelled.id },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const v = await records(m);
    expect(v.content.every((r) => r.walletType === 'MAIN')).toBe(true);
    const of = (orderNo: string) =>
      v.content
        .filter((r) => r.reference === orderNo)
        .map((r) => ({ kind: r.kind, amount: r.amount, status: r.status }));
    expect(of(rejected.orderNo)).toEqual([
      { kind: 'WITHDRAW_RELEASE', amount: 100, status: undefined },
      { kind: 'WITHDRAW_HOLD', amount: -100, status: 'REJECTED' },
    ]);
    expect(of(cancelled.orderNo)).toEqual([
      { kind: 'WITHDRAW_RELEASE', amount: 50, status: undefined },
      { kind: 'WITHDRAW_HOLD', amount: -50, status: 'CANCELLED' },
    ]);
    // The newest row's balance is the wallet's: all of it back.
    expect(v.content[0]!.balanceAfter).toBe(500);
  });
});
