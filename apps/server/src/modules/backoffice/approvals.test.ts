import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffice, Errors } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { runOpsCommand } from '../../cli/commands.ts';
import { loginToken } from '../session/accounts-test-kit.ts';
import { memberWithMoney, walletMinor } from '../wallet/wallet-test-kit.ts';
import {
  accountMinor,
  bindBank,
  newMember,
  submitWithdraw,
  tinyPng,
  uploadProof,
} from '../withdraw/withdraw-test-kit.ts';
import { auditOf, callerIp, createSignedIn, type SignedIn } from './backoffice-test-kit.ts';

/**
 * The back office's approval queues (issue 31, decision 031 "Approvals"), on PGlite and on
 * PostgreSQL (where the races are real: every call below that runs "at once" holds its own
 * connection). Four eyes is set at 1,000.00: 500 needs one approval, 2,000 needs two.
 */
const { approvalCalls, BackofficeErrors: E, ApprovalErrors: AE } = backoffice;
const THRESHOLD_MINOR = 1_000_00;

let t: TestApp;
let finance: SignedIn;
let finance2: SignedIn;
let finance3: SignedIn;
let admin: SignedIn;
let support: SignedIn;
let content: SignedIn;
let memberToken: string;

beforeAll(async () => {
  t = await createTestApp({
    configOverrides: { trustProxy: true },
    services: { approvals: { fourEyesAboveMinor: THRESHOLD_MINOR } },
  });
  finance = await createSignedIn(t, 'fin-anna', 'finance');
  finance2 = await createSignedIn(t, 'fin-bao', 'finance');
  finance3 = await createSignedIn(t, 'fin-chi', 'finance');
  admin = await createSignedIn(t, 'adm-dung', 'admin');
  support = await createSignedIn(t, 'sup-em', 'support');
  content = await createSignedIn(t, 'con-giang', 'content');
  memberToken = await loginToken(t, 'demo', 'Demo1234', callerIp());
}, 180_000);
afterAll(async () => t?.close());

function bo(who: SignedIn | string | undefined, method: 'GET' | 'POST', url: string, payload?: object) {
  const token = typeof who === 'string' ? who : who?.token;
  return t.call({
    method,
    url,
    headers: callerIp(),
    ...(token ? { token } : {}),
    ...(method === 'POST' ? { payload: payload ?? {} } : {}),
  });
}

/** A pending bank-transfer deposit of `amount` (major units) by a new member. */
async function bankDeposit(amount: number) {
  const m = await memberWithMoney(t, 0);
  const res = await t.call({
    method: 'POST',
    url: '/wps/deposit/orders',
    token: m.token,
    payload: { channelCode: 'BANK', amount, payerReference: `ref ${m.username}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { orderNo } = res.json().value as { orderNo: string };
  const { id } = await t.database.db
    .selectFrom('deposit_order')
    .select('id')
    .where('order_no', '=', orderNo)
    .executeTakeFirstOrThrow();
  return { m, id, orderNo };
}

/** A pending withdrawal of `amount` (major units) by a new member holding 60,000. */
async function withdrawal(amount: number) {
  const m = await newMember(t, { money: 60_000 });
  const bankAccountId = await bindBank(t, m);
  const res = await submitWithdraw(t, m, { bankAccountId, amount });
  expect(res.statusCode, res.body).toBe(200);
  return { m, id: res.json().value.id as number };
}

const approveDeposit = (who: SignedIn, id: number) =>
  bo(who, 'POST', '/bo/api/approvals/deposits/approve', { id });
const approveWithdrawal = (who: SignedIn, id: number) =>
  bo(who, 'POST', '/bo/api/approvals/withdrawals/approve', { id });

async function ledgerHolds() {
  const report = await t.app.ctx.wallet.check();
  expect(report.ok, JSON.stringify(report)).toBe(true);
  const chain = await t.app.ctx.audit.verify();
  expect(chain.ok, JSON.stringify(chain)).toBe(true);
}

async function depositCredits(orderNo: string) {
  return t.database.db
    .selectFrom('ledger_transaction')
    .select(['kind'])
    .where('reference', '=', orderNo)
    .where('kind', '=', 'DEPOSIT')
    .execute();
}

describe(`back-office approval queues (${testDbKind})`, () => {
  it('permission matrix over the approval calls: no token 401 bo.not.signed.in, a member token 401 bo.session.ended, support and content 403 bo.permission.denied, finance and admin allowed', async () => {
    expect(approvalCalls.map((c) => c.id)).toEqual([
      'boDepositQueue',
      'boDepositDetail',
      'boDepositApprove',
      'boDepositReject',
      'boWithdrawalQueue',
      'boWithdrawalDetail',
      'boWithdrawalApprove',
      'boWithdrawalReject',
      'boWithdrawalPay',
      'boWithdrawalRefund',
      'boWithdrawalDismiss',
      'boWithdrawalProof',
    ]);
    // Every one of them is in the list the foundation's matrix test walks too.
    for (const call of approvalCalls) expect(backoffice.backofficeCalls).toContain(call);
    const d = await bankDeposit(200);
    for (const call of approvalCalls) {
      // The deposit calls name a real pending deposit; the withdrawal calls a request that does
      // not exist (a refused call must not even get to say so).
      const id = call.id.startsWith('boDeposit') ? d.id : 999_999_999;
      const send = (who: SignedIn | string | undefined) =>
        bo(who, call.method as 'GET' | 'POST', call.method === 'GET' ? `${call.path}?id=${id}` : call.path, {
          id,
          reason: 'matrix',
        });
      const none = await send(undefined);
      expect([none.statusCode, none.json().errorCode], call.id).toEqual([401, E.boNotSignedIn.code]);
      const member = await send(memberToken);
      expect([member.statusCode, member.json().errorCode], call.id).toEqual([401, E.boSessionEnded.code]);
      for (const who of [support, content]) {
        const res = await send(who);
        expect([res.statusCode, res.json().errorCode], `${call.id} as ${who.username}`).toEqual([
          403,
          E.boPermissionDenied.code,
        ]);
      }
      // Finance and admin get through to the call itself (a read answers; an action acts or says why not).
      if (call.method === 'GET')
        for (const who of [finance, admin]) {
          const res = await send(who);
          expect(res.statusCode, `${call.id} as ${who.username}: ${res.body}`).toBe(
            call.id.startsWith('boWithdrawal') && call.id !== 'boWithdrawalQueue' ? 404 : 200,
          );
        }
      expect(call.access === 'deposit.approve' || call.access === 'withdrawal.approve').toBe(true);
      expect(backoffice.can('finance', call.access as backoffice.StaffPermission)).toBe(true);
      expect(backoffice.can('support', call.access as backoffice.StaffPermission)).toBe(false);
    }
    // The refused calls changed nothing: the deposit is still pending, nobody approved it.
    const item = (await bo(finance, 'GET', `/bo/api/approvals/deposit?id=${d.id}`)).json().value.item;
    expect(item).toMatchObject({ status: 'PENDING', approvals: { required: 1, votes: [] } });
    expect(await walletMinor(t, d.m.memberId)).toBe(0);
  });

  it('the deposit queue pages, sorts and filters on the server, and shows the proof (reference, account paid to) and the four-eyes state', async () => {
    const a = await bankDeposit(150);
    const b = await bankDeposit(2_500);
    const c = await bankDeposit(180);
    const res = await bo(
      finance,
      'GET',
      `/bo/api/approvals/deposits?sort=amount&order=desc&size=2&amountMin=150&amountMax=2500&from=${Date.now() - 60_000}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().value;
    expect(page).toMatchObject({ page: 1, size: 2, currency: 'USD', precision: 2, fourEyesAbove: 1000 });
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.list.map((i: { amount: number }) => i.amount)).toEqual([2500, page.list[1].amount]);
    expect(page.list[1].amount).toBeLessThanOrEqual(2500);
    const mine = (
      await bo(finance, 'GET', `/bo/api/approvals/deposits?username=${b.m.username.toUpperCase()}`)
    ).json().value;
    expect(mine.total).toBe(1);
    expect(mine.list[0]).toMatchObject({
      id: b.id,
      orderNo: b.orderNo,
      memberId: b.m.memberId,
      username: b.m.username,
      amount: 2500,
      status: 'PENDING',
      channelCode: 'BANK',
      payerReference: `ref ${b.m.username}`,
      paidTo: { accountNumber: '402-3-58714-6' },
      approvals: { required: 2, votes: [], approvedByYou: false },
    });
    const byRef = (
      await bo(finance, 'GET', `/bo/api/approvals/deposits?reference=${encodeURIComponent(c.m.username)}`)
    ).json().value;
    expect(byRef.list.map((i: { id: number }) => i.id)).toEqual([c.id]);
    const oldestFirst = (await bo(finance, 'GET', '/bo/api/approvals/deposits?size=200'))
      .json()
      .value.list.map((i: { id: number }) => i.id);
    expect(oldestFirst.indexOf(a.id)).toBeLessThan(oldestFirst.indexOf(c.id));
    // Bad filters are a clear 422, never a 500.
    for (const q of ['sort=member', 'size=0', 'status=DONE', 'amountMin=-1', 'page=x'])
      expect((await bo(finance, 'GET', `/bo/api/approvals/deposits?${q}`)).statusCode, q).toBe(422);
    expect((await bo(finance, 'GET', '/bo/api/approvals/deposit?id=999999999')).json().errorCode).toBe(
      'deposit.not.found',
    );
  });

  it('four eyes: below the threshold one approval credits; above it the first approval waits, the same person cannot approve twice, a second person credits once', async () => {
    const small = await bankDeposit(500);
    const one = await approveDeposit(finance, small.id);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().value).toMatchObject({
      outcome: 'approved',
      item: { status: 'SUCCESS', reviewedBy: 'fin-anna', approvals: { required: 1, approvedByYou: true } },
    });
    expect(await walletMinor(t, small.m.memberId)).toBe(500_00);

    const big = await bankDeposit(2_000);
    const first = await approveDeposit(finance, big.id);
    expect(first.json().value).toMatchObject({
      outcome: 'awaiting-second',
      item: {
        status: 'PENDING',
        approvals: { required: 2, votes: [{ name: 'fin-anna', staffId: finance.id }] },
      },
    });
    expect(await walletMinor(t, big.m.memberId)).toBe(0);
    // The same person again, from another session too: refused, nothing moves.
    const again = await approveDeposit(finance, big.id);
    expect([again.statusCode, again.json().errorCode]).toEqual([409, AE.boApprovalSameApprover.code]);
    // Through the CLI as the same staff member is another door but the CLI's own identity; the
    // queue shows the item waiting for a second person.
    const waiting = (
      await bo(finance2, 'GET', '/bo/api/approvals/deposits?awaitingSecond=true&size=200')
    ).json().value;
    expect(waiting.list.map((i: { id: number }) => i.id)).toContain(big.id);
    expect(waiting.list.find((i: { id: number }) => i.id === big.id).approvals.approvedByYou).toBe(false);
    const second = await approveDeposit(finance2, big.id);
    expect(second.json().value).toMatchObject({
      outcome: 'approved',
      item: { status: 'SUCCESS', reviewedBy: 'fin-anna, fin-bao' },
    });
    expect(await walletMinor(t, big.m.memberId)).toBe(2_000_00);
    expect(await depositCredits(big.orderNo)).toHaveLength(1);
    // A third approval credits nothing again.
    const third = await approveDeposit(finance3, big.id);
    expect(third.json().value.outcome).toBe('already-approved');
    expect(await walletMinor(t, big.m.memberId)).toBe(2_000_00);

    // Audited: who, from where, before and after, in the chain.
    const firsts = (await auditOf(t, 'deposit.approve.first')).filter((e) => e.target_id === big.orderNo);
    expect(firsts).toHaveLength(1);
    expect(firsts[0]).toMatchObject({
      actor_kind: 'staff',
      actor_id: finance.id,
      actor_name: 'fin-anna',
      target_type: 'deposit',
    });
    expect(firsts[0]!.ip).toMatch(/^198\.51\.100\./);
    expect(firsts[0]!.before).toMatchObject({ status: 'PENDING', approvals: [] });
    expect(firsts[0]!.after).toMatchObject({ status: 'PENDING', approvals: ['fin-anna'], required: 2 });
    const done = (await auditOf(t, 'deposit.approve')).filter((e) => e.target_id === big.orderNo);
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ actor_id: finance2.id, actor_name: 'fin-bao' });
    expect(done[0]!.after).toMatchObject({
      status: 'SUCCESS',
      amount: 2_000_00,
      approvals: ['fin-anna', 'fin-bao'],
    });
    expect((done[0]!.after as { ledgerTransactionId: number }).ledgerTransactionId).toBeGreaterThan(0);
    await ledgerHolds();
  });

  it('a rejection needs one person, carries its reason to the member and credits nothing; a rejected deposit cannot be approved', async () => {
    const big = await bankDeposit(3_000);
    await approveDeposit(finance, big.id);
    const res = await bo(finance2, 'POST', '/bo/api/approvals/deposits/reject', {
      id: big.id,
      reason: 'No such transfer',
    });
    expect(res.json().value).toMatchObject({
      outcome: 'rejected',
      item: { status: 'REJECTED', note: 'No such transfer' },
    });
    const late = await approveDeposit(finance3, big.id);
    expect([late.statusCode, late.json().errorCode]).toEqual([409, 'deposit.not.pending']);
    expect(await walletMinor(t, big.m.memberId)).toBe(0);
    const blank = await bo(finance, 'POST', '/bo/api/approvals/deposits/reject', {
      id: big.id,
      reason: '  ',
    });
    expect(blank.statusCode).toBe(422);
    const [entry] = (await auditOf(t, 'deposit.reject')).filter((e) => e.target_id === big.orderNo);
    expect(entry!.before).toMatchObject({ status: 'PENDING', approvals: ['fin-anna'] });
    expect(entry!.after).toMatchObject({ status: 'REJECTED', reason: 'No such transfer' });
  });

  it('races: two approvers completing four eyes at once credit once; approvals racing on one item credit once; approve and reject racing give one outcome', async () => {
    // The two approvals a large deposit needs, at once: one records, the other credits.
    const big = await bankDeposit(4_000);
    const pair = await Promise.all([approveDeposit(finance, big.id), approveDeposit(finance2, big.id)]);
    expect(pair.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(pair.map((r) => r.json().value.outcome).sort()).toEqual(['approved', 'awaiting-second']);
    expect(await walletMinor(t, big.m.memberId)).toBe(4_000_00);
    expect(await depositCredits(big.orderNo)).toHaveLength(1);

    // Three people on one small deposit: one credit, the others told it was done already.
    const small = await bankDeposit(300);
    const three = await Promise.all([finance, finance2, finance3].map((w) => approveDeposit(w, small.id)));
    expect(three.map((r) => r.json().value.outcome).sort()).toEqual([
      'already-approved',
      'already-approved',
      'approved',
    ]);
    expect(await walletMinor(t, small.m.memberId)).toBe(300_00);
    expect(await depositCredits(small.orderNo)).toHaveLength(1);
    expect((await auditOf(t, 'deposit.approve')).filter((e) => e.target_id === small.orderNo)).toHaveLength(
      1,
    );

    // Approve and reject at once: exactly one of them happens.
    const mixed = await bankDeposit(400);
    const outcomes = await Promise.all([
      approveDeposit(finance, mixed.id),
      bo(finance2, 'POST', '/bo/api/approvals/deposits/reject', { id: mixed.id, reason: 'race' }),
    ]);
    const ok = outcomes.filter((r) => r.statusCode === 200);
    const order = await t.database.db
      .selectFrom('deposit_order')
      .select('status')
      .where('id', '=', mixed.id)
      .executeTakeFirstOrThrow();
    if (order.status === 'SUCCESS') {
      expect(await walletMinor(t, mixed.m.memberId)).toBe(400_00);
      expect(outcomes[1]!.json().errorCode).toBe('deposit.not.pending');
    } else {
      expect(order.status).toBe('REJECTED');
      expect(await walletMinor(t, mixed.m.memberId)).toBe(0);
      expect(outcomes[0]!.json().errorCode).toBe('deposit.not.pending');
    }
    expect(ok).toHaveLength(1);
    const entries = [...(await auditOf(t, 'deposit.approve')), ...(await auditOf(t, 'deposit.reject'))];
    expect(entries.filter((e) => e.target_id === mixed.orderNo)).toHaveLength(1);
    await ledgerHolds();
  });

  it("the withdrawal queue: open requests by default, filters and sorting, the detail with the account to pay to, the timeline and the member's history", async () => {
    const w = await withdrawal(1_500);
    const list = (await bo(finance, 'GET', `/bo/api/approvals/withdrawals?username=${w.m.username}`)).json()
      .value;
    expect(list).toMatchObject({ total: 1, fourEyesAbove: 1000 });
    expect(list.list[0]).toMatchObject({
      id: w.id,
      orderNo: `WD${String(w.id).padStart(8, '0')}`,
      amount: 1500,
      status: 'PENDING',
      bankCode: 'VCB',
      approvals: { required: 2, votes: [] },
    });
    expect(list.list[0].accountNumber).toMatch(/^\*\*\*\* \d{4}$/);
    const byNo = (
      await bo(finance, 'GET', `/bo/api/approvals/withdrawals?orderNo=WD${String(w.id).padStart(8, '0')}`)
    ).json().value;
    expect(byNo.list.map((i: { id: number }) => i.id)).toEqual([w.id]);
    const sorted = (
      await bo(finance, 'GET', '/bo/api/approvals/withdrawals?sort=amount&order=desc&size=200')
    ).json().value.list as { amount: number; status: string }[];
    expect(sorted.map((i) => i.amount)).toEqual([...sorted.map((i) => i.amount)].sort((a, b) => b - a));
    expect(sorted.every((i) => i.status === 'PENDING' || i.status === 'APPROVED')).toBe(true);
    const detail = (await bo(finance, 'GET', `/bo/api/approvals/withdrawal?id=${w.id}`)).json().value;
    expect(detail.fullAccountNumber).toMatch(/^\d{10,13}$/);
    expect(detail.fullAccountNumber.endsWith(list.list[0].accountNumber.slice(-4))).toBe(true);
    expect(detail.timeline.map((e: { status: string }) => e.status)).toEqual(['PENDING']);
    expect(detail.member).toMatchObject({
      id: w.m.id,
      username: w.m.username,
      realName: 'Nguyen Van An',
      mainBalance: 58_500,
      withdrawnTotal: 0,
      recentWithdrawals: [{ id: w.id, amount: 1500, status: 'PENDING' }],
    });
    expect(detail.bankAccounts).toHaveLength(1);
    expect(detail.bankAccounts[0]).toMatchObject({ bankCode: 'VCB', deleted: false });
    expect((await bo(finance, 'GET', '/bo/api/approvals/withdrawal?id=999999999')).json().errorCode).toBe(
      Errors.withdrawNotFound.code,
    );
  });

  it('withdrawals: four eyes on approval, then one payout however many people press pay at once; approve and reject racing give one outcome', async () => {
    const small = await withdrawal(200);
    expect((await approveWithdrawal(finance, small.id)).json().value).toMatchObject({
      outcome: 'approved',
      item: { status: 'APPROVED' },
    });

    const big = await withdrawal(5_000);
    expect((await approveWithdrawal(finance, big.id)).json().value).toMatchObject({
      outcome: 'awaiting-second',
      item: { status: 'PENDING', approvals: { required: 2, votes: [{ name: 'fin-anna' }] } },
    });
    // Not approved yet: it cannot be paid.
    const early = await bo(finance2, 'POST', '/bo/api/approvals/withdrawals/pay', { id: big.id });
    expect([early.statusCode, early.json().errorCode]).toEqual([409, Errors.withdrawStatusConflict.code]);
    const twice = await approveWithdrawal(finance, big.id);
    expect([twice.statusCode, twice.json().errorCode]).toEqual([409, AE.boApprovalSameApprover.code]);
    expect((await approveWithdrawal(finance2, big.id)).json().value.outcome).toBe('approved');

    // Three people mark it paid at once: one payout.
    const pays = await Promise.all(
      [finance, finance2, admin].map((w) =>
        bo(w, 'POST', '/bo/api/approvals/withdrawals/pay', { id: big.id, note: 'VCB ref 1' }),
      ),
    );
    expect(pays.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(pays.filter((r) => r.statusCode === 409).map((r) => r.json().errorCode)).toEqual([
      Errors.withdrawStatusConflict.code,
      Errors.withdrawStatusConflict.code,
    ]);
    expect(await accountMinor(t, big.m.id, 'PENDING_WITHDRAWAL')).toBe(0);
    expect(await mainOf(big.m.id)).toBe(55_000_00);
    const payouts = await t.database.db
      .selectFrom('ledger_transaction')
      .select('kind')
      .where('reference', '=', `WD${String(big.id).padStart(8, '0')}`)
      .where('kind', '=', 'WITHDRAW_PAYOUT')
      .execute();
    expect(payouts).toHaveLength(1);
    const [paid] = (await auditOf(t, 'withdrawal.pay')).filter(
      (e) => e.target_id === `WD${String(big.id).padStart(8, '0')}`,
    );
    expect(paid!.before).toMatchObject({ status: 'APPROVED', approvals: ['fin-anna', 'fin-bao'] });
    expect(paid!.after).toMatchObject({ status: 'PAID', amount: 5_000_00, note: 'VCB ref 1' });

    // Approve and reject at once on a small request: one wins, the hold moves once.
    const mixed = await withdrawal(300);
    const outcomes = await Promise.all([
      approveWithdrawal(finance, mixed.id),
      bo(finance2, 'POST', '/bo/api/approvals/withdrawals/reject', { id: mixed.id, reason: 'Name differs' }),
    ]);
    const status = (
      await t.database.db
        .selectFrom('withdrawal')
        .select('status')
        .where('id', '=', mixed.id)
        .executeTakeFirstOrThrow()
    ).status;
    expect(['APPROVED', 'REJECTED']).toContain(status);
    // A rejection after an approval is allowed (not paid yet): either order ends in one state.
    const wins = outcomes.filter((r) => r.statusCode === 200).length;
    expect(wins === 1 || (wins === 2 && status === 'REJECTED')).toBe(true);
    expect(await mainOf(mixed.m.id)).toBe(status === 'REJECTED' ? 60_000_00 : 59_700_00);
    expect(await accountMinor(t, mixed.m.id, 'PENDING_WITHDRAWAL')).toBe(status === 'REJECTED' ? 0 : 300_00);
    await ledgerHolds();
  });

  it('disputed payouts wait in the open queue with their proof images; finance refunds the missing money or dismisses a payout shown to have arrived, each audited once', async () => {
    const relay = (m: { token: string }, payload: object) =>
      t.call({ method: 'POST', url: '/wps/relay/MCSFE_processC2CTransaction', token: m.token, payload });
    const paidOut = async (amount: number) => {
      const w = await withdrawal(amount);
      expect((await approveWithdrawal(finance, w.id)).statusCode).toBe(200);
      expect((await bo(finance, 'POST', '/bo/api/approvals/withdrawals/pay', { id: w.id })).statusCode).toBe(
        200,
      );
      return w;
    };
    // Not received: the member uploads a proof and disputes; finance sees it, looks, refunds.
    const lost = await paidOut(400);
    const png = await tinyPng();
    expect((await uploadProof(t, lost.m, lost.id, png)).statusCode).toBe(200);
    expect(
      (await relay(lost.m, { id: lost.id, result: 'NOT_RECEIVED', remark: 'nothing came' })).statusCode,
    ).toBe(200);
    const open = (
      await bo(finance, 'GET', `/bo/api/approvals/withdrawals?username=${lost.m.username}`)
    ).json().value;
    expect(open.list.map((i: { status: string }) => i.status)).toEqual(['NOT_RECEIVED']);
    const detail = (await bo(finance, 'GET', `/bo/api/approvals/withdrawal?id=${lost.id}`)).json().value;
    expect(detail.proofs).toHaveLength(1);
    const image = (
      await bo(finance, 'GET', `/bo/api/approvals/withdrawal/proof?id=${detail.proofs[0].id}`)
    ).json().value;
    expect(image).toMatchObject({ withdrawalId: lost.id, contentType: 'image/png', size: png.length });
    expect(Buffer.from(image.dataUrl.split(',')[1], 'base64').equals(png)).toBe(true);
    expect(
      (await bo(finance, 'GET', '/bo/api/approvals/withdrawal/proof?id=999999999')).json().errorCode,
    ).toBe(Errors.withdrawProofNotFound.code);
    const refunds = await Promise.all(
      [finance, finance2].map((w) =>
        bo(w, 'POST', '/bo/api/approvals/withdrawals/refund', { id: lost.id, note: 'bank confirms' }),
      ),
    );
    expect(refunds.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(refunds.find((r) => r.statusCode === 200)!.json().value).toMatchObject({
      outcome: 'refunded',
      item: { status: 'REFUNDED' },
    });
    expect(await mainOf(lost.m.id)).toBe(60_000_00);
    const refundNo = `WD${String(lost.id).padStart(8, '0')}`;
    const [refund, ...more] = (await auditOf(t, 'withdrawal.refund')).filter((e) => e.target_id === refundNo);
    expect(more).toHaveLength(0);
    expect(refund!.before).toMatchObject({ status: 'NOT_RECEIVED' });
    expect(refund!.after).toMatchObject({ status: 'REFUNDED', refundAmount: 400_00, note: 'bank confirms' });

    // Partly received, but the bank shows it all arrived: dismissed with the finding (required).
    const part = await paidOut(500);
    expect(
      (await relay(part.m, { id: part.id, result: 'PARTLY_RECEIVED', receivedAmount: 300, remark: 'short' }))
        .statusCode,
    ).toBe(200);
    const bare = await bo(finance, 'POST', '/bo/api/approvals/withdrawals/dismiss', { id: part.id });
    expect(bare.statusCode).toBe(422);
    const dismissed = await bo(finance, 'POST', '/bo/api/approvals/withdrawals/dismiss', {
      id: part.id,
      note: 'VCB statement shows 500.00 credited',
    });
    expect(dismissed.json().value).toMatchObject({ outcome: 'dismissed', item: { status: 'RECEIVED' } });
    expect(await mainOf(part.m.id)).toBe(59_500_00);
    const [entry] = (await auditOf(t, 'withdrawal.dismiss')).filter(
      (e) => e.target_id === `WD${String(part.id).padStart(8, '0')}`,
    );
    expect(entry).toMatchObject({ actor_name: 'fin-anna', actor_kind: 'staff' });
    await ledgerHolds();
  });

  it('the CLI acts through the same service: its approvals count as one person (the OS user), are audited as the CLI, and four eyes holds across the two doors', async () => {
    const ops = (...argv: string[]) => runOpsCommand(t.app.ctx, argv, 'root');
    const big = await bankDeposit(2_200);
    expect(await ops('deposit', 'approve', big.orderNo)).toMatch(/first of two approvals recorded/);
    await expect(ops('deposit', 'approve', String(big.id))).rejects.toMatchObject({
      errorCode: AE.boApprovalSameApprover.code,
    });
    const second = await approveDeposit(finance, big.id);
    expect(second.json().value).toMatchObject({
      outcome: 'approved',
      item: { reviewedBy: 'root, fin-anna' },
    });
    const [first] = (await auditOf(t, 'deposit.approve.first')).filter((e) => e.target_id === big.orderNo);
    expect(first).toMatchObject({ actor_kind: 'cli', actor_name: 'root', actor_id: null, ip: null });

    const w = await withdrawal(100);
    expect(await ops('withdraw', 'approve', String(w.id))).toMatch(/approved: pay USD 100\.00/);
    expect(await ops('withdraw', 'pay', String(w.id), '--note', 'paid by hand')).toMatch(/paid/);
    const entries = (await auditOf(t, 'withdrawal.pay')).filter(
      (e) => e.target_id === `WD${String(w.id).padStart(8, '0')}`,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor_kind: 'cli', actor_name: 'root' });
    const queue = (
      await bo(finance, 'GET', `/bo/api/approvals/withdrawals?status=PAID&username=${w.m.username}`)
    ).json().value;
    expect(queue.list[0]).toMatchObject({
      status: 'PAID',
      approvals: { votes: [{ actorKind: 'cli', name: 'root' }] },
    });
    const report = await ops('audit', 'verify');
    expect(report).toMatch(/Head: \d+:[0-9a-f]{64}/);
    await ledgerHolds();
  });
});

function mainOf(memberId: number) {
  return accountMinor(t, memberId, 'MAIN');
}
