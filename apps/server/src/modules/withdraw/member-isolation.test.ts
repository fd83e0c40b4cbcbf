import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { allCalls, type CallDef } from '@app/contract';
import { runOpsCommand } from '../../cli/commands.ts';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { secureCall } from '../session/accounts-test-kit.ts';
import {
  bindBank,
  newMember,
  submitWithdraw,
  tinyPng,
  trialToken,
  uploadProof,
  PAYMENT_PASSWORD,
  type TestMember,
} from './withdraw-test-kit.ts';

/**
 * One member can never read or act on another's money, records or messages: every call of the
 * money, records and messages modules that names an object (a request, an order, a bank account,
 * a proof image, a message) is tried with another member's ids, and every list is read by a
 * member who must see nothing of the other's. The calls come from the contract, so a new call
 * that takes an id fails this test until it is tried here too.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const ops = (...argv: string[]) => runOpsCommand(t.app.ctx, argv);

/** The calls of the wallet, deposit, withdraw, records and messages modules (by their paths). */
const MODULE_PATH =
  /^\/wps\/(v2\/wallets|wallet\/|deposit\/|withdraw|member\/bankAccounts|member\/banks|records\/|relay\/(GCS_|CSP_|ODSFE2_|MCSFE_getPaymentConfirmationList|MCSFE_processC2CTransaction))/;
const moneyCalls = allCalls.filter((c) => MODULE_PATH.test(c.path));

/** Field names that point at one member's object. */
const ID_FIELD = /^(id|ids|orderNo|withdrawalId|bankAccountId)$/;

function fieldsOf(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

const takesId = (c: CallDef) => [...fieldsOf(c.query), ...fieldsOf(c.body)].some((f) => ID_FIELD.test(f));

interface Owner {
  m: TestMember;
  bankAccountId: number;
  pendingId: number;
  paidId: number;
  proofId: number;
  orderNo: string;
  messageId: number;
  accountNumber: string;
}

/** A number no other run bound, ending in the given digits (the owner's and the intruder's differ). */
const uniqueAccountNumber = (last4: string) =>
  `97${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}${last4}`;

/**
 * How an account number could show: whole, or masked as every call shows one ("**** 3344"). Its
 * last four digits alone are no trace: a public list (the winners board's amounts and times) can
 * hold any four digits by chance.
 */
const accountTraces = (number: string) => [number, `**** ${number.slice(-4)}`];

async function ownerWithEverything(): Promise<Owner> {
  const m = await newMember(t, { money: 1_000 });
  // A number of its own each run: account numbers are bound once, and a retry binds again.
  const accountNumber = uniqueAccountNumber('3344');
  const bankAccountId = await bindBank(t, m, accountNumber);
  const request = async (amount: number) => {
    const res = await submitWithdraw(t, m, { bankAccountId, amount });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value.id as number;
  };
  const paidId = await request(150);
  await ops('withdraw', 'approve', String(paidId));
  await ops('withdraw', 'pay', String(paidId));
  const up = await uploadProof(t, m, paidId, await tinyPng());
  expect(up.statusCode, up.body).toBe(200);
  const pendingId = await request(120);
  const order = await t.call({
    method: 'POST',
    url: '/wps/deposit/orders',
    token: m.token,
    payload: { channelCode: 'BANK', amount: 200, payerReference: 'OWNER-REF-77' },
  });
  expect(order.statusCode, order.body).toBe(200);
  await t.app.ctx.messages.send({ to: m.username, subject: 'Owner secret subject', body: '<p>secret</p>' });
  const inbox = await t.call({ url: '/wps/relay/CSP_getInbox?page=1&size=50', token: m.token });
  const messageId = (inbox.json().value.content as { id: number; subject: string }[]).find(
    (c) => c.subject === 'Owner secret subject',
  )!.id;
  return {
    m,
    bankAccountId,
    pendingId,
    paidId,
    proofId: up.json().value.id as number,
    orderNo: order.json().value.orderNo as string,
    messageId,
    accountNumber,
  };
}

/** Each id-taking call, made by `as` with the owner's ids. */
function intrusions(
  o: Owner,
  as: TestMember,
  png: Buffer,
): Record<string, () => Promise<LightMyRequestResponse>> {
  const call = (c: Parameters<TestApp['call']>[0]) => t.call({ ...c, token: as.token });
  return {
    getDepositOrder: () => call({ url: `/wps/deposit/order?orderNo=${o.orderNo}` }),
    cancelDepositOrder: () =>
      call({ method: 'POST', url: '/wps/deposit/order/cancel', payload: { orderNo: o.orderNo } }),
    getWithdrawal: () => call({ url: `/wps/withdraw/detail?id=${o.paidId}` }),
    cancelWithdrawal: () =>
      call({ method: 'POST', url: '/wps/withdraw/cancel', payload: { id: o.pendingId } }),
    processC2CTransaction: () =>
      call({
        method: 'POST',
        url: '/wps/relay/MCSFE_processC2CTransaction',
        payload: { id: o.paidId, result: 'RECEIVED' },
      }),
    getWithdrawProof: () => call({ url: `/wps/withdraw/proof?id=${o.proofId}` }),
    deleteWithdrawProof: () =>
      call({ method: 'POST', url: '/wps/withdraw/proof/delete', payload: { id: o.proofId } }),
    uploadWithdrawProof: () => uploadProof(t, as, o.paidId, png),
    deleteBankAccount: () =>
      call({ method: 'POST', url: '/wps/member/bankAccounts/delete', payload: { id: o.bankAccountId } }),
    // Withdrawing the intruder's own money to the owner's bank account.
    submitWithdraw: () =>
      secureCall(t, {
        url: '/wps/withdraw',
        token: as.token,
        payload: { bankAccountId: o.bankAccountId, amount: 100, paymentPassword: PAYMENT_PASSWORD },
      }),
    // The security centre's bank list (issue 7's profile part) makes one account the default.
    ...(allCalls.some((c) => c.id === 'setDefaultBankAccount')
      ? {
          setDefaultBankAccount: () =>
            call({
              method: 'POST',
              url: '/wps/member/bankAccounts/default',
              payload: { id: o.bankAccountId },
            }),
        }
      : {}),
    readMessages: () =>
      call({ method: 'POST', url: '/wps/relay/CSP_readMessage', payload: { ids: [o.messageId] } }),
    deleteMessages: () =>
      call({ method: 'DELETE', url: '/wps/relay/CSP_deleteMessage', payload: { ids: [o.messageId] } }),
  };
}

/** A reading of every list call (GET without an id) as `as`, for the owner's traces. */
async function readEveryList(as: TestMember, now: number): Promise<Record<string, string>> {
  const range = `startTime=${now - 7 * 86_400_000}&endTime=${now + 60_000}`;
  const query: Record<string, string> = {
    getAccountRecords: `?${range}&page=1&size=100`,
    getBetRecords: `?${range}&page=1&size=100`,
    getBonusDetails: `?${range}&page=1&size=100`,
    getProfitLoss: `?${range}`,
    exportRecords: `?kind=account&${range}`,
    getInbox: '?page=1&size=50',
  };
  const out: Record<string, string> = {};
  for (const c of moneyCalls.filter((c) => c.method === 'GET' && !takesId(c))) {
    const res = await t.call({ url: `${c.path}${query[c.id] ?? ''}`, token: as.token });
    expect(res.statusCode, `${c.id} ${res.body}`).toBe(200);
    out[c.id] = res.body;
  }
  return out;
}

describe(`one member's money, records and messages are theirs alone (${testDbKind})`, () => {
  it("a member cannot read or act on another member's requests, orders, records, messages, bank accounts or uploads: every call tried with the other's ids", async () => {
    const owner = await ownerWithEverything();
    await ops('deposit', 'approve', owner.orderNo);
    const intruder = await newMember(t, { money: 500 });
    await bindBank(t, intruder, uniqueAccountNumber('7766'));
    const png = await tinyPng();

    // The contract's id-taking calls of these modules are exactly the ones tried here.
    const tried = intrusions(owner, intruder, png);
    expect(
      moneyCalls
        .filter(takesId)
        .map((c) => c.id)
        .sort(),
    ).toEqual(Object.keys(tried).sort());

    const now = Date.now();
    const before = await readEveryList(owner.m, now);
    for (const [id, attempt] of Object.entries(tried)) {
      const res = await attempt();
      expect(res.statusCode, `${id}: ${res.body}`).toBe(404);
      expect(res.json().success, id).toBe(false);
      // Nothing of the owner's object comes back in the refusal.
      for (const trace of accountTraces(owner.accountNumber)) expect(res.body, id).not.toContain(trace);
      expect(res.body, id).not.toContain('Owner secret');
    }

    // Every list the intruder reads holds nothing of the owner's.
    const seen = await readEveryList(intruder, now);
    const traces = [
      owner.orderNo,
      `WD${String(owner.paidId).padStart(8, '0')}`,
      `WD${String(owner.pendingId).padStart(8, '0')}`,
      'OWNER-REF-77',
      ...accountTraces(owner.accountNumber),
      'Owner secret subject',
      owner.m.username,
    ];
    for (const [id, body] of Object.entries(seen))
      for (const trace of traces) expect(body, `${id} shows ${trace}`).not.toContain(trace);

    // The owner's things are as they were: same lists, the requests, proof, account and message untouched.
    expect(await readEveryList(owner.m, now)).toEqual(before);
    const detail = (id: number) =>
      t.call({ url: `/wps/withdraw/detail?id=${id}`, token: owner.m.token }).then((r) => r.json().value);
    expect(await detail(owner.paidId)).toMatchObject({ status: 'PAID', proofs: [{ id: owner.proofId }] });
    expect((await detail(owner.pendingId)).status).toBe('PENDING');
    const inbox = await t.call({ url: '/wps/relay/CSP_getInbox?page=1&size=50', token: owner.m.token });
    expect(inbox.json().value.content).toContainEqual(
      expect.objectContaining({ id: owner.messageId, read: false }),
    );
    const banks = await t.call({ url: '/wps/member/bankAccounts', token: owner.m.token });
    expect(banks.json().value).toContainEqual(expect.objectContaining({ id: owner.bankAccountId }));
    // The intruder's own request to the owner's account was never made.
    const mine = await t.call({ url: '/wps/withdraw/list', token: intruder.token });
    expect(mine.json().value.list).toEqual([]);
  });

  it('a trial account cannot deposit, withdraw, transfer or bind a bank account: every such call answers 403 in_need_true_account', async () => {
    const token = await trialToken(t);
    const trial = { id: 0, username: 'trial', payeeName: '', token };
    const tries: [string, Promise<LightMyRequestResponse>][] = [
      ['getDepositChannels', t.call({ url: '/wps/deposit/channels', token })],
      [
        'createDepositOrder',
        t.call({
          method: 'POST',
          url: '/wps/deposit/orders',
          token,
          payload: { channelCode: 'BANK', amount: 200, payerReference: 'X' },
        }),
      ],
      ['listDepositOrders', t.call({ url: '/wps/deposit/orders', token })],
      ['getWithdrawSettings', t.call({ url: '/wps/withdraw/settings', token })],
      ['submitWithdraw', submitWithdraw(t, trial, { bankAccountId: 1, amount: 100 })],
      ['listWithdrawals', t.call({ url: '/wps/withdraw/list', token })],
      [
        'addBankAccount',
        t.call({
          method: 'POST',
          url: '/wps/member/bankAccounts',
          token,
          payload: { bankCode: 'VCB', payeeName: 'Nguyen Van An', accountNumber: '970012345678' },
        }),
      ],
      [
        'walletTransfer',
        t.call({
          method: 'POST',
          url: '/wps/relay/GCS_walletTransfer',
          token,
          payload: {
            fromAccountTypeId: 1,
            toAccountTypeId: 2,
            amount: '1.00',
            idempotencyKey: 'trial-try-1',
          },
        }),
      ],
    ];
    for (const [id, pending] of tries) {
      const res = await pending;
      expect(res.statusCode, `${id}: ${res.body}`).toBe(403);
      expect(res.json().errorCode, id).toBe('in_need_true_account');
    }
    // Nothing was made for any trial account.
    const trials = (
      await t.database.db.selectFrom('member').select('id').where('agent_type', '=', 4).execute()
    ).map((m) => m.id);
    expect(trials.length).toBeGreaterThan(0);
    for (const table of ['deposit_order', 'withdrawal', 'bank_account'] as const)
      expect(
        await t.database.db.selectFrom(table).select('id').where('member_id', 'in', trials).execute(),
        table,
      ).toEqual([]);
  });
});
