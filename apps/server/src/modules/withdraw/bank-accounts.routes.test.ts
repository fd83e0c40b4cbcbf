import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { bindBank, newMember, trialToken, type TestMember } from './withdraw-test-kit.ts';

let t: TestApp;
let a: TestMember;
let b: TestMember;
beforeAll(async () => {
  t = await createTestApp({ services: { withdraw: { maxBankAccounts: 3 } } });
  [a, b] = [await newMember(t), await newMember(t, { payeeName: 'Somchai Jaidee' })];
});
afterAll(async () => t?.close());

const add = (m: TestMember, payload: Record<string, unknown>) =>
  t.call({ method: 'POST', url: '/wps/member/bankAccounts', token: m.token, payload });
const list = async (m: TestMember) =>
  (await t.call({ url: '/wps/member/bankAccounts', token: m.token })).json().value as {
    id: number;
    accountNumber: string;
    bankName: string;
    payeeName: string;
  }[];

describe(`bank accounts (${testDbKind})`, () => {
  it('lists the seeded banks of the countries the site serves, with their account number lengths', async () => {
    const res = await t.call({ url: '/wps/member/banks', token: a.token });
    expect(res.statusCode).toBe(200);
    const banks = res.json().value as {
      bankCode: string;
      countryCode: string;
      accountNumberMinLength: number;
    }[];
    expect(new Set(banks.map((x) => x.countryCode))).toEqual(
      new Set(['TH', 'VN', 'MY', 'MM', 'PH', 'ID', 'KH']),
    );
    expect(banks.find((x) => x.bankCode === 'KBANK')).toMatchObject({
      bankName: 'Kasikornbank',
      countryCode: 'TH',
      accountNumberMinLength: 10,
      accountNumberMaxLength: 10,
    });
  });

  it('binds an account (spaces and dashes dropped) and masks the number in the answer and in every list', async () => {
    const res = await add(a, {
      bankCode: 'kbank',
      payeeName: '  nguyen  van an ',
      accountNumber: '123-4-56789 0',
      branch: 'Silom',
    });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({
      bankCode: 'KBANK',
      bankName: 'Kasikornbank',
      payeeName: 'nguyen van an',
      accountNumber: '**** 7890',
      branch: 'Silom',
    });
    const rows = await list(a);
    expect(rows.map((r) => r.id)).toContain(v.id);
    for (const r of rows) expect(r.accountNumber).toMatch(/^\*\*\*\* \d{4}$/);
    expect(JSON.stringify(rows)).not.toContain('1234567890');
    // The settings of the withdraw page list them masked as well.
    const settings = await t.call({ url: '/wps/withdraw/settings', token: a.token });
    expect(JSON.stringify(settings.json().value.bankAccounts)).not.toContain('1234567890');
  });

  it('refuses an unknown bank, a number of the wrong length or with letters, and a malformed name', async () => {
    expect(
      (await add(a, { bankCode: 'NOPE', payeeName: 'Nguyen Van An', accountNumber: '1234567890' })).json(),
    ).toMatchObject({ errorCode: 'bank.unknown' });
    const short = await add(a, { bankCode: 'SCB', payeeName: 'Nguyen Van An', accountNumber: '123456789' });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({
      errorCode: 'bank.account.number.invalid',
      message: 'A Siam Commercial Bank account number has 10 digits',
    });
    const letters = await add(a, {
      bankCode: 'VCB',
      payeeName: 'Nguyen Van An',
      accountNumber: '12345abc90',
    });
    expect(letters.json().errorCode).toBe('bank.account.number.invalid');
    const name = await add(a, { bankCode: 'VCB', payeeName: 'An <script>', accountNumber: '1234567890' });
    expect(name.statusCode).toBe(422);
    expect(name.json().errorCode).toBe('real.name.format.invalid');
  });

  it("a payee name follows the profile's full-name rule: both accept and refuse the same names", async () => {
    const names: [string, boolean][] = [
      ['Nguyễn Văn An', true],
      ['Seán O’Brien', true],
      ['Jean-Luc Picard', true],
      ['J. R. R. Tolkien', true],
      ['𝒜'.repeat(33), true], // 33 characters though 66 UTF-16 units: the length counts characters
      ['A', false],
      ['An <script>', false],
      ['Tran 3', false],
      ['-Lee', false],
      ['x'.repeat(65), false],
    ];
    for (const [name, ok] of names) {
      const byProfile = await newMember(t, { money: 0, payeeName: null });
      const profile = await t.call({
        method: 'POST',
        url: '/wps/member/profile',
        token: byProfile.token,
        payload: { fullName: name },
      });
      const byBank = await newMember(t, { money: 0, payeeName: null });
      const number = String(1_000_000_000 + Math.floor(Math.random() * 8_999_999_999));
      const bank = await add(byBank, { bankCode: 'VCB', payeeName: name, accountNumber: number });
      expect(profile.statusCode, `profile ${name}: ${profile.body}`).toBe(ok ? 200 : 422);
      expect(bank.statusCode, `bank ${name}: ${bank.body}`).toBe(ok ? 200 : 422);
      if (!ok) expect(bank.json().errorCode).toBe('real.name.format.invalid');
    }
  });

  it("the payee must be the member's registered real name", async () => {
    const res = await add(a, { bankCode: 'VCB', payeeName: 'Somebody Else', accountNumber: '9988776655' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errorCode).toBe('bank.payee.mismatch');
  });

  it('an account bound by one member cannot be bound by another; after removal it can', async () => {
    const id = await bindBank(t, a, '5566778899', 'SCB');
    const again = await add(b, { bankCode: 'SCB', payeeName: 'Somchai Jaidee', accountNumber: '5566778899' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('bank.account.bound');
    const del = await t.call({
      method: 'POST',
      url: '/wps/member/bankAccounts/delete',
      token: a.token,
      payload: { id },
    });
    expect(del.json()).toEqual({ success: true, value: { deleted: true } });
    expect((await list(a)).map((r) => r.id)).not.toContain(id);
    const now = await add(b, { bankCode: 'SCB', payeeName: 'Somchai Jaidee', accountNumber: '5566778899' });
    expect(now.statusCode, now.body).toBe(200);
  });

  it('a member keeps at most the configured number of accounts bound', async () => {
    const m = await newMember(t);
    for (let i = 0; i < 3; i++) await bindBank(t, m);
    const fourth = await add(m, { bankCode: 'VCB', payeeName: m.payeeName, accountNumber: '1231231231' });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toMatchObject({ errorCode: 'bank.account.limit' });
  });

  it("a member can neither see nor remove another member's bank account", async () => {
    const id = await bindBank(t, b, undefined, 'VCB');
    expect((await list(a)).map((r) => r.id)).not.toContain(id);
    const del = await t.call({
      method: 'POST',
      url: '/wps/member/bankAccounts/delete',
      token: a.token,
      payload: { id },
    });
    expect(del.statusCode).toBe(404);
    expect(del.json().errorCode).toBe('bank.account.not.found');
    expect((await list(b)).map((r) => r.id)).toContain(id);
  });

  it('a trial account (type 4) is refused every bank call with in_need_true_account', async () => {
    const token = await trialToken(t);
    for (const req of [
      { url: '/wps/member/banks' },
      { url: '/wps/member/bankAccounts' },
      {
        method: 'POST' as const,
        url: '/wps/member/bankAccounts',
        payload: { bankCode: 'VCB', payeeName: 'Trial Guest', accountNumber: '1234567890' },
      },
      { method: 'POST' as const, url: '/wps/member/bankAccounts/delete', payload: { id: 1 } },
    ]) {
      const res = await t.call({ ...req, token });
      expect(res.statusCode, req.url).toBe(403);
      expect(res.json().errorCode).toBe('in_need_true_account');
    }
  });
});
