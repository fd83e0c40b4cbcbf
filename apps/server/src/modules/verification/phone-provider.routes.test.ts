import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeatureSwitch, Limits } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { captchaAnswer, latestCode, loginCall, secureCall } from '../session/accounts-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    configOverrides: { trustProxy: true },
    services: { verification: { smsDailyQuota: 1000 } },
  });
  await t.app.ctx.system.setSwitch(FeatureSwitch.phoneCodeProvider, true);
});
afterAll(async () => t?.close());

let ipSeq = 10;
const fromNewIp = () => ({ 'x-forwarded-for': `198.51.100.${ipSeq++}` });
const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = fromNewIp()) =>
  t.call({ url, method: 'POST', payload, headers });

async function sendCode(
  mobileNum: string,
  countryDialingCode: string,
  purpose: 'register' | 'login',
  headers: Record<string, string> = fromNewIp(),
) {
  const res = await post('/wps/verification/phone/send', { mobileNum, countryDialingCode, purpose }, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { sessionInfo: string; resendAfterSeconds: number; expiredMinutes: number };
}

async function idTokenFor(mobileNum: string, countryDialingCode: string, purpose: 'register' | 'login') {
  const sent = await sendCode(mobileNum, countryDialingCode, purpose);
  const code = await latestCode(t, `+${countryDialingCode}${mobileNum}`);
  const res = await post('/wps/verification/phone/verify', { sessionInfo: sent.sessionInfo, code });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.idToken as string;
}

async function registerMobile(mobileNum: string, firebaseIdToken: string) {
  const headers = fromNewIp();
  const captcha = await t.call({ url: '/wps/captcha', headers });
  const captchaId = captcha.headers['captcha-id'] as string;
  const payload = {
    username: mobileNum,
    password: 'Lotus2024',
    confirmPassword: 'Lotus2024',
    mobileNum,
    countryDialingCode: '84',
    captcha: await captchaAnswer(t, captchaId),
    verificationCode: '',
    firebaseChannel: 'sms',
    firebaseIdToken,
    registerUrl: 'https://www.luckylotus.example/',
    registerMethod: 'WEB',
    login: true,
  };
  return secureCall(t, {
    url: '/wps/member/register/mobile',
    method: 'PUT',
    payload,
    headers: { ...headers, 'captcha-id': captchaId },
  });
}

describe(`phone-code provider (${testDbKind})`, () => {
  it('SV-07 a provider code request answers a session handle and a 1-minute resend time; a second request within the minute is refused', async () => {
    const headers = fromNewIp();
    const sent = await sendCode('941234567', '84', 'register', headers);
    expect(sent.sessionInfo).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(sent.resendAfterSeconds).toBe(Limits.phoneCodeFlowCountdownSeconds);
    expect(sent.resendAfterSeconds).toBe(60);
    expect(await latestCode(t, '+84941234567')).toMatch(/^\d{6}$/);
    const again = await post(
      '/wps/verification/phone/send',
      { mobileNum: '941234567', countryDialingCode: '84', purpose: 'register' },
      headers,
    );
    expect(again.statusCode).toBe(429);
    expect(again.json().errorCode).toBe('TOO_MANY_REQUESTS');
  });

  it('a code is confirmed only under its own handle, once; a wrong code is "verification code not valid"', async () => {
    const sent = await sendCode('951234567', '84', 'register');
    const code = await latestCode(t, '+84951234567');
    const unknown = await post('/wps/verification/phone/verify', { sessionInfo: 'not-a-handle', code });
    expect(unknown.json()).toMatchObject({
      success: false,
      errorCode: 'verification.code.invalid',
      message: 'Verification code not valid',
    });
    const wrong = await post('/wps/verification/phone/verify', {
      sessionInfo: sent.sessionInfo,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.json().errorCode).toBe('verification.code.invalid');
    const missing = await post('/wps/verification/phone/verify', { sessionInfo: sent.sessionInfo, code: '' });
    expect(missing.json().errorCode).toBe('verification.code.missing');
    const right = await post('/wps/verification/phone/verify', { sessionInfo: sent.sessionInfo, code });
    expect(right.statusCode).toBe(200);
    expect(right.json().value).toMatchObject({ phoneNumber: '+84951234567', expiresIn: 600 });
    expect(right.json().value.idToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const replay = await post('/wps/verification/phone/verify', { sessionInfo: sent.sessionInfo, code });
    expect(replay.json().errorCode).toBe('verification.code.invalid');
  });

  it('a code confirmed by several concurrent calls gives exactly one ID token, and a token redeemed concurrently logs in once', async () => {
    // A number of its own, registered through the provider, so no other test's resend throttle applies.
    expect(
      (await registerMobile('936543210', await idTokenFor('936543210', '84', 'register'))).statusCode,
    ).toBe(200);
    const sent = await sendCode('936543210', '84', 'login');
    const code = await latestCode(t, '+84936543210');
    const confirms = await Promise.all(
      Array.from({ length: 6 }, () =>
        post('/wps/verification/phone/verify', { sessionInfo: sent.sessionInfo, code }),
      ),
    );
    const tokens = confirms.filter((r) => r.statusCode === 200).map((r) => r.json().value.idToken as string);
    expect(tokens).toHaveLength(1);
    const logins = await Promise.all(
      Array.from({ length: 6 }, () =>
        loginCall(
          t,
          { username: '936543210', password: tokens[0], type: 'sms', countryDialingCode: '84' },
          fromNewIp(),
        ),
      ),
    );
    expect(logins.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of logins.filter((x) => x.statusCode !== 200))
      expect(r.json().errorCode).toBe('verification.code.invalid');
  });

  it('RG-27 registration takes the ID token in firebaseIdToken instead of an SMS code; the token is single use and bound to its number', async () => {
    const idToken = await idTokenFor('961234567', '84', 'register');
    const otherNumber = await registerMobile('971234567', idToken);
    expect(otherNumber.json().errorCode).toBe('verification.code.invalid');
    const res = await registerMobile('961234567', idToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ userName: '961234567', forceChangePassword: false });
    const row = await t.database.db
      .selectFrom('member')
      .select(['mobile_dialing_code', 'mobile_number'])
      .where('username', '=', '961234567')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ mobile_dialing_code: '84', mobile_number: '961234567' });
    // Replayed for a fresh number, the spent token proves nothing.
    const replay = await registerMobile('981234567', idToken);
    expect(replay.json().errorCode).toBe('verification.code.invalid');
    // A made-up token is refused the same way.
    const forged = await registerMobile('981234567', 'x'.repeat(43));
    expect(forged.json().errorCode).toBe('verification.code.invalid');
  });

  it('a number that is taken cannot ask for a register code, and an unregistered one not for a login code', async () => {
    const taken = await post('/wps/verification/phone/send', {
      mobileNum: '912345678',
      countryDialingCode: '84',
      purpose: 'register',
    });
    expect(taken.json().errorCode).toBe('mobile.exists');
    const unknown = await post('/wps/verification/phone/send', {
      mobileNum: '991234567',
      countryDialingCode: '84',
      purpose: 'login',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('LG-22 the SMS login takes the provider ID token as its password, with or without the dialing code, and never forces a password change', async () => {
    const withCode = await idTokenFor('812345678', '66', 'login');
    const a = await loginCall(
      t,
      { username: '812345678', password: withCode, type: 'sms', countryDialingCode: '66' },
      fromNewIp(),
    );
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json().value).toMatchObject({ userName: 'agent1', forceChangePassword: false });
    const again = await loginCall(
      t,
      { username: '812345678', password: withCode, type: 'sms', countryDialingCode: '66' },
      fromNewIp(),
    );
    expect(again.json().errorCode).toBe('verification.code.invalid');
    const national = await idTokenFor('912345678', '84', 'login');
    const wrongNumber = await loginCall(
      t,
      { username: '812345678', password: national, type: 'sms' },
      fromNewIp(),
    );
    expect(wrongNumber.json().errorCode).toBe('verification.code.invalid');
    const b = await loginCall(t, { username: '0912345678', password: national, type: 'sms' }, fromNewIp());
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json().value.userName).toBe('demo');
  });

  it('with PHONEAUTH3 off the provider calls answer "function not enabled" and a register ID token is refused', async () => {
    const idToken = await idTokenFor('921234567', '84', 'register');
    await t.app.ctx.system.setSwitch(FeatureSwitch.phoneCodeProvider, false);
    try {
      const send = await post('/wps/verification/phone/send', {
        mobileNum: '931234568',
        countryDialingCode: '84',
        purpose: 'register',
      });
      expect(send.statusCode).toBe(403);
      expect(send.json()).toMatchObject({
        errorCode: 'function.disabled',
        message: 'Function not enabled, contact customer service',
      });
      const verify = await post('/wps/verification/phone/verify', {
        sessionInfo: 'anything',
        code: '123456',
      });
      expect(verify.json().errorCode).toBe('function.disabled');
      const reg = await registerMobile('921234567', idToken);
      expect(reg.json().errorCode).toBe('function.disabled');
    } finally {
      await t.app.ctx.system.setSwitch(FeatureSwitch.phoneCodeProvider, true);
    }
  });

  it('bad bodies get a 422 with a plain message', async () => {
    const res = await post('/wps/verification/phone/send', {
      mobileNum: '941234567',
      countryDialingCode: '84',
      purpose: 'withdraw',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().success).toBe(false);
    const long = await post('/wps/verification/phone/verify', { sessionInfo: 'x'.repeat(500), code: '1' });
    expect(long.statusCode).toBe(422);
  });
});
