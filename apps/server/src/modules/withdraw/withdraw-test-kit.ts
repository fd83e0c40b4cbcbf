import { randomBytes } from 'node:crypto';
import type { TestApp } from '../../test/test-app.ts';
import { HouseAccount } from '../wallet/wallet.service.ts';
import { loginToken, secureCall } from '../session/accounts-test-kit.ts';

/** Helpers of the withdrawal tests: real members logged in through HTTP, money from the house. */

export const PASSWORD = 'Player1234';
export const PAYMENT_PASSWORD = '135790';

export interface TestMember {
  id: number;
  username: string;
  payeeName: string;
  token: string;
}

let counter = 0;

/** A member with a payment password and `money` (major units) in the main wallet, logged in. */
export async function newMember(
  t: TestApp,
  opts: { money?: number; paymentPassword?: string | null; payeeName?: string | null } = {},
): Promise<TestMember> {
  const username = `wd${Date.now().toString(36).slice(-5)}${(counter++).toString(36)}${randomBytes(2).toString('hex')}`;
  const payeeName = opts.payeeName === undefined ? 'Nguyen Van An' : opts.payeeName;
  const id = await t.app.ctx.members.create({
    username,
    agentType: 0,
    password: PASSWORD,
    paymentPassword: opts.paymentPassword === undefined ? PAYMENT_PASSWORD : opts.paymentPassword,
    payeeName,
    firstLogin: false,
  });
  const money = opts.money ?? 1_000;
  if (money > 0) {
    const precision = t.app.ctx.wallet.currency().precision;
    await t.app.ctx.wallet.creditFromHouse(
      id,
      HouseAccount.demoCredit,
      Math.round(money * 10 ** precision),
      `test-credit:${username}`,
      'DEMO_CREDIT',
    );
  }
  return { id, username, payeeName: payeeName ?? '', token: await loginToken(t, username, PASSWORD) };
}

/** Binds a Vietcombank account (10 to 13 digits) and answers its id. */
export async function bindBank(
  t: TestApp,
  m: TestMember,
  accountNumber = `97${randomBytes(4).readUInt32BE(0).toString().padStart(10, '0')}`.slice(0, 12),
  bankCode = 'VCB',
): Promise<number> {
  const res = await t.call({
    method: 'POST',
    url: '/wps/member/bankAccounts',
    token: m.token,
    payload: { bankCode, payeeName: m.payeeName || 'Nguyen Van An', accountNumber },
  });
  if (res.statusCode !== 200) throw new Error(`bind bank failed: ${res.statusCode} ${res.body}`);
  return res.json().value.id as number;
}

/** The encrypted withdraw call, as the web client sends it. */
export function submitWithdraw(t: TestApp, m: TestMember, payload: Record<string, unknown>) {
  return secureCall(t, {
    url: '/wps/withdraw',
    token: m.token,
    payload: { paymentPassword: PAYMENT_PASSWORD, ...payload },
  });
}

/** The main wallet's balance in minor units, read from the ledger. */
export async function mainMinor(t: TestApp, memberId: number): Promise<number> {
  return accountMinor(t, memberId, 'MAIN');
}

export async function accountMinor(t: TestApp, memberId: number, walletType: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('ledger_account')
    .select('balance')
    .where('member_id', '=', memberId)
    .where('wallet_type', '=', walletType)
    .executeTakeFirst();
  return row?.balance ?? 0;
}

/** A trial (type 4) account's token through free play. */
export async function trialToken(t: TestApp): Promise<string> {
  const res = await secureCall(t, {
    url: '/wps/session/login/freeplay',
    payload: {
      os: 'Windows',
      platform: 'W',
      randomString: `wd-trial-${randomBytes(8).toString('hex')}`,
      gatewayVersion: 3,
    },
  });
  if (res.statusCode !== 200) throw new Error(`free play failed: ${res.statusCode} ${res.body}`);
  return res.json().value.token as string;
}

/** A real 4×4 PNG. */
export async function tinyPng(): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  return sharp({ create: { width: 4, height: 4, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
}

/** Uploads one proof image of a request, as the web client does (raw body, its content type). */
export function uploadProof(
  t: TestApp,
  m: TestMember,
  withdrawalId: number,
  body: Buffer,
  type = 'image/png',
) {
  return t.call({
    method: 'POST',
    url: `/wps/withdraw/proof?withdrawalId=${withdrawalId}`,
    token: m.token,
    payload: body,
    headers: { 'content-type': type },
  });
}
