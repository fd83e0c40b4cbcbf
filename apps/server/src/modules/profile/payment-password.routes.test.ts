import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { secureCall } from '../session/accounts-test-kit.ts';
import {
  PASSWORD,
  PAYMENT_PASSWORD,
  newMember,
  submitWithdraw,
  bindBank,
  trialToken,
} from '../withdraw/withdraw-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const SET = '/wps/member/security/paymentPassword';
const CHANGE = '/wps/member/security/paymentPassword/change';

describe(`payment password (${testDbKind})`, () => {
  it('sets the first payment password with the login password; bad input is a 422 with its reason; a second set is refused', async () => {
    const m = await newMember(t, { paymentPassword: null, money: 0 });
    const set = (payload: Record<string, unknown>) => secureCall(t, { url: SET, token: m.token, payload });
    const code = async (payload: Record<string, unknown>) => {
      const res = await set(payload);
      return [res.statusCode, res.json().errorCode];
    };
    const good = { loginPassword: PASSWORD, paymentPassword: '482913', confirmPaymentPassword: '482913' };
    expect(await code({ ...good, paymentPassword: '12ab56', confirmPaymentPassword: '12ab56' })).toEqual([
      422,
      'password.format.invalid',
    ]);
    expect(await code({ ...good, paymentPassword: '1234567', confirmPaymentPassword: '1234567' })).toEqual([
      422,
      'password.format.invalid',
    ]);
    expect(await code({ ...good, confirmPaymentPassword: '482914' })).toEqual([
      422,
      'password.confirm.mismatch',
    ]);
    expect(await code({ ...good, loginPassword: 'Wrong1234' })).toEqual([422, 'password.old.invalid']);
    expect(await code({ ...good, loginPassword: '' })).toEqual([422, 'input.empty']);
    expect(await code({ ...good, paymentPassword: 42 })).toEqual([422, 'invalid.input']);
    // The plain body is refused: the call is encrypted like the login password change.
    const plain = await t.call({ method: 'POST', url: SET, token: m.token, payload: good });
    expect(plain.json().errorCode).toBe('payload.encryption.required');

    const info = async () => (await t.call({ url: '/wps/member/info', token: m.token })).json().value;
    expect((await info()).hasPaymentPassword).toBe(false);
    const ok = await set(good);
    expect(ok.json()).toEqual({ success: true, value: { set: true } });
    expect((await info()).hasPaymentPassword).toBe(true);
    expect(await code(good)).toEqual([409, 'conflict']);
    // The stored hash is an argon2id hash, never the digits.
    const row = await t.app.ctx.database.db
      .selectFrom('member')
      .select('payment_password_hash')
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row.payment_password_hash).toMatch(/^\$argon2id\$/);
  });

  it('changes the payment password with the old one; the withdrawal then takes only the new one', async () => {
    const m = await newMember(t, { money: 500 });
    const bankAccountId = await bindBank(t, m);
    const change = (payload: Record<string, unknown>) =>
      secureCall(t, { url: CHANGE, token: m.token, payload });
    const good = {
      oldPaymentPassword: PAYMENT_PASSWORD,
      newPaymentPassword: '602417',
      confirmNewPaymentPassword: '602417',
    };
    const code = async (payload: Record<string, unknown>) => {
      const res = await change(payload);
      return [res.statusCode, res.json().errorCode];
    };
    expect(await code({ ...good, oldPaymentPassword: '000000' })).toEqual([422, 'payment.password.invalid']);
    expect(await code({ ...good, confirmNewPaymentPassword: '602418' })).toEqual([
      422,
      'password.confirm.mismatch',
    ]);
    expect(await code({ ...good, newPaymentPassword: 'abc', confirmNewPaymentPassword: 'abc' })).toEqual([
      422,
      'password.format.invalid',
    ]);
    expect(
      await code({
        ...good,
        newPaymentPassword: PAYMENT_PASSWORD,
        confirmNewPaymentPassword: PAYMENT_PASSWORD,
      }),
    ).toEqual([422, 'password.same.as.old']);
    expect((await change(good)).json()).toEqual({ success: true, value: { changed: true } });
    // The old one no longer opens a withdrawal; the new one does.
    const old = await submitWithdraw(t, m, { amount: '100', bankAccountId });
    expect(old.json().errorCode).toBe('payment.password.invalid');
    const fresh = await submitWithdraw(t, m, { amount: '100', bankAccountId, paymentPassword: '602417' });
    expect(fresh.statusCode).toBe(200);
    // Setting a "first" password again is refused: there is one.
    const again = await secureCall(t, {
      url: SET,
      token: m.token,
      payload: { loginPassword: PASSWORD, paymentPassword: '111222', confirmPaymentPassword: '111222' },
    });
    expect(again.statusCode).toBe(409);
  });

  it('a change without a payment password set is refused with payment.password.not.set', async () => {
    const m = await newMember(t, { paymentPassword: null, money: 0 });
    const res = await secureCall(t, {
      url: CHANGE,
      token: m.token,
      payload: {
        oldPaymentPassword: '123456',
        newPaymentPassword: '654321',
        confirmNewPaymentPassword: '654321',
      },
    });
    expect([res.statusCode, res.json().errorCode]).toEqual([409, 'payment.password.not.set']);
  });

  it('a trial account is refused both calls with in_need_true_account; no token is a 401', async () => {
    const token = await trialToken(t);
    for (const [url, payload] of [
      [SET, { loginPassword: 'x', paymentPassword: '123456', confirmPaymentPassword: '123456' }],
      [
        CHANGE,
        { oldPaymentPassword: '123456', newPaymentPassword: '654321', confirmNewPaymentPassword: '654321' },
      ],
    ] as const) {
      const res = await secureCall(t, { url, token, payload });
      expect(res.json().errorCode).toBe('in_need_true_account');
      const anon = await t.call({ method: 'POST', url, payload });
      expect(anon.statusCode).toBe(401);
    }
  });
});
