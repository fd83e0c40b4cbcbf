import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeatureSwitch, WEAK_DEFAULT_PASSWORD } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { hashToken } from '../../platform/auth/session.ts';
import { captchaAnswer, latestCode, loginCall, loginToken, secureCall } from './accounts-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ configOverrides: { trustProxy: true } });
});
afterAll(async () => t?.close());

/** Each test plays a caller of its own address, so per-IP limits of one test do not touch another. */
let ipSeq = 10;
const fromNewIp = () => ({ 'x-forwarded-for': `203.0.113.${ipSeq++}` });

async function freshCaptcha(headers: Record<string, string>) {
  const res = await t.call({ url: '/wps/captcha', headers });
  const id = res.headers['captcha-id'] as string;
  return { id, answer: await captchaAnswer(t, id) };
}

describe(`login (${testDbKind})`, () => {
  it('LG-14 LG-16 LG-17 SA-04 an encrypted {username, password, captcha, type} login returns token, firstTimeLogin and passwordExpired', async () => {
    const res = await loginCall(t, { username: 'demo', password: 'Demo1234' }, fromNewIp());
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(v.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(v).toMatchObject({
      userName: 'demo',
      type: 0,
      firstTimeLogin: false,
      passwordExpired: false,
      forceChangePassword: false,
      rememberToken: null,
    });
    const info = await t.call({ url: '/wps/member/info', token: v.token });
    expect(info.json().value).toMatchObject({ account: 'demo', type: 0 });
  });

  it('LG-09 the username is trimmed, and a new token is issued at every login', async () => {
    const headers = fromNewIp();
    const a = await loginToken(t, '  demo ', 'Demo1234', headers);
    const b = await loginToken(t, 'DEMO', 'Demo1234', headers);
    expect(a).not.toBe(b);
  });

  it('LG-09 ER-38 the username alone, the password alone or a username of spaces missing is refused as missing', async () => {
    const headers = fromNewIp();
    for (const body of [
      { username: '', password: 'Demo1234' },
      { username: 'demo', password: '' },
      { username: ' \t ', password: 'Demo1234' },
    ]) {
      const res = await loginCall(t, body, headers);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json()).toMatchObject({ success: false, errorCode: 'credentials.missing' });
    }
    // None of them counted as a failed attempt: the right password still logs in without a captcha.
    const ok = await loginCall(t, { username: 'demo', password: 'Demo1234' }, headers);
    expect(ok.statusCode).toBe(200);
  });

  it('ER-38 a login without username or password is refused with "please enter the username and password"', async () => {
    const res = await loginCall(t, { username: '', password: '' }, fromNewIp());
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      success: false,
      errorCode: 'credentials.missing',
      message: 'Please enter the username and password',
    });
  });

  it('ER-16 a wrong password answers "wrong account or password" with the captcha flag, then the captcha is required', async () => {
    const headers = fromNewIp();
    const bad = await loginCall(t, { username: 'agent2', password: 'Wrong1234' }, headers);
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({
      success: false,
      errorCode: 'user.password.invalid',
      message: 'Wrong account or password',
      value: { captcha: true },
    });

    const noCaptcha = await loginCall(t, { username: 'agent2', password: 'Agent1234' }, headers);
    expect(noCaptcha.json()).toMatchObject({ errorCode: 'captcha.required', value: { captcha: true } });

    const wrong = await freshCaptcha(headers);
    const wrongCaptcha = await loginCall(
      t,
      { username: 'agent2', password: 'Agent1234', captcha: wrong.answer === '0000' ? '1111' : '0000' },
      { ...headers, 'captcha-id': wrong.id },
    );
    expect(wrongCaptcha.json()).toMatchObject({
      errorCode: 'captcha.invalid',
      message: 'Invalid captcha input',
    });
    // The captcha was consumed by the wrong answer: single use.
    const reused = await loginCall(
      t,
      { username: 'agent2', password: 'Agent1234', captcha: wrong.answer },
      { ...headers, 'captcha-id': wrong.id },
    );
    expect(reused.json().errorCode).toBe('captcha.invalid');

    const good = await freshCaptcha(headers);
    const ok = await loginCall(
      t,
      { username: 'agent2', password: 'Agent1234', captcha: good.answer },
      { ...headers, 'captcha-id': good.id },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value.type).toBe(2);
    // A success clears the failures: the next login needs no captcha.
    expect((await loginCall(t, { username: 'agent2', password: 'Agent1234' }, headers)).statusCode).toBe(200);
  });

  it('SV-11 ER-07 five failures within 5 minutes lock the account for 5 minutes with TOO_MANY_REQUESTS, even for the right password', async () => {
    const headers = fromNewIp();
    for (let i = 0; i < 5; i++) {
      let captcha = '';
      let extra: Record<string, string> = {};
      if (i > 0) {
        const c = await freshCaptcha(headers);
        captcha = c.answer;
        extra = { 'captcha-id': c.id };
      }
      const res = await loginCall(
        t,
        { username: 'expired', password: `Nope${i}xyz`, captcha },
        { ...headers, ...extra },
      );
      expect(res.statusCode).toBe(i < 4 ? 401 : 429);
    }
    const c = await freshCaptcha(headers);
    const locked = await loginCall(
      t,
      { username: 'expired', password: 'Expired1234', captcha: c.answer },
      { ...headers, 'captcha-id': c.id },
    );
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({
      errorCode: 'TOO_MANY_REQUESTS',
      message: 'Too many requests, try again after 5 minutes',
    });

    // Five minutes later (the failures moved back in time) the lock is over.
    await t.database.db
      .updateTable('login_failure')
      .set({ at: new Date(Date.now() - 6 * 60_000) })
      .where('username_key', '=', 'expired')
      .execute();
    const c2 = await freshCaptcha(headers);
    const after = await loginCall(
      t,
      { username: 'expired', password: 'Expired1234', captcha: c2.answer },
      { ...headers, 'captcha-id': c2.id },
    );
    expect(after.statusCode).toBe(200);
  });

  it('LG-20 the weak default password (123456) forces the change-password modal', async () => {
    const res = await loginCall(t, { username: 'weakpass', password: WEAK_DEFAULT_PASSWORD }, fromNewIp());
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({
      forceChangePassword: true,
      changePasswordReason: 'weak',
      firstTimeLogin: true,
    });
  });

  it('firstTimeLogin is true on the first login only', async () => {
    const headers = fromNewIp();
    const first = await secureCall(t, {
      url: '/wps/session/login/freeplay',
      payload: { os: 'Linux', platform: 'W', randomString: 'first-login-device-0001', gatewayVersion: 3 },
      headers,
    });
    expect(first.json().value.firstTimeLogin).toBe(true);
    const again = await secureCall(t, {
      url: '/wps/session/login/freeplay',
      payload: { os: 'Linux', platform: 'W', randomString: 'first-login-device-0001', gatewayVersion: 3 },
      headers,
    });
    expect(again.json().value.firstTimeLogin).toBe(false);
  });

  it('LG-21 an expired password forces the change only while switch PWDEXPFORCECHANGE3 is on', async () => {
    const headers = fromNewIp();
    await t.database.db.deleteFrom('login_failure').where('username_key', '=', 'expired').execute();
    const on = await loginCall(t, { username: 'expired', password: 'Expired1234' }, headers);
    expect(on.json().value).toMatchObject({
      passwordExpired: true,
      forceChangePassword: true,
      changePasswordReason: 'expired',
    });
    await t.app.ctx.system.setSwitch(FeatureSwitch.passwordExpiryChange, false);
    try {
      const off = await loginCall(t, { username: 'expired', password: 'Expired1234' }, headers);
      expect(off.json().value).toMatchObject({
        passwordExpired: true,
        forceChangePassword: false,
        changePasswordReason: null,
      });
    } finally {
      await t.app.ctx.system.setSwitch(FeatureSwitch.passwordExpiryChange, true);
    }
  });

  it('ER-27 SA-05 the non-playing account (type 40) cannot log in to the member side; agent-only accounts 41 and 42 can', async () => {
    const headers = fromNewIp();
    const refused = await loginCall(t, { username: 'nonplay', password: 'Nonplay1234' }, headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      errorCode: 'member.type.not.allowed',
      message: 'Non-member account unable to login',
    });
    for (const [username, type] of [
      ['agentonly41', 41],
      ['agentonly42', 42],
      ['agent1', 1],
    ] as const) {
      const ok = await loginCall(t, { username, password: 'Agent1234' }, headers);
      expect(ok.json().value.type).toBe(type);
    }
  });

  it('LG-15 LG-22 SV-04 an SMS login: username carries the mobile number and password the code; it never forces a password change', async () => {
    const headers = fromNewIp();
    const sent = await t.call({
      url: '/wps/verification/sms/noLogin',
      method: 'POST',
      payload: { mobileNum: '912345678', countryDialingCode: '84' },
      headers,
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().value.expiredMinutes).toBe(5);
    const code = await latestCode(t, '+84912345678');
    const res = await loginCall(t, { username: '912345678', password: code, type: 'sms' }, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ userName: 'demo', forceChangePassword: false });
    // Single use.
    const again = await loginCall(t, { username: '912345678', password: code, type: 'sms' }, headers);
    expect(again.json().errorCode).toBe('verification.code.invalid');
  });

  it('SA-15 POST /wps/session/logout ends the session: the token then gets 401 user.or.token.invalid', async () => {
    const token = await loginToken(t, 'demo', 'Demo1234', fromNewIp());
    expect((await t.call({ url: '/wps/v2/wallets/balance', token })).statusCode).toBe(200);
    const out = await t.call({ url: '/wps/session/logout', method: 'POST', token });
    expect(out.json()).toEqual({ success: true, value: { loggedOut: true } });
    const after = await t.call({ url: '/wps/v2/wallets/balance', token });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({
      errorCode: 'user.or.token.invalid',
      message: 'Your session has ended, please login again',
    });
  });

  it('SA-15 the DELETE form of logout ends the session too', async () => {
    const token = await loginToken(t, 'demo', 'Demo1234', fromNewIp());
    expect((await t.call({ url: '/wps/session/logout', method: 'DELETE', token })).statusCode).toBe(200);
    expect((await t.call({ url: '/wps/member/info', token })).statusCode).toBe(401);
  });

  it('ER-26 a member call without a token says "you are not logged in, please login"', async () => {
    const res = await t.call({ url: '/wps/member/info' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      errorCode: 'user.or.token.invalid',
      message: 'You are not logged in, please login',
    });
  });

  it('LG-04 remember me gives a revocable 1-day remember token (never the password), rotated at each use and revoked by logout', async () => {
    const headers = fromNewIp();
    const res = await loginCall(t, { username: 'demo', password: 'Demo1234', rememberMe: true }, headers);
    const v = res.json().value;
    expect(v.rememberToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(v.rememberExpiresAt - Date.now()).toBeGreaterThan(86_400_000 - 60_000);
    expect(v.rememberExpiresAt - Date.now()).toBeLessThanOrEqual(86_400_000);

    const again = await secureCall(t, {
      url: '/wps/session/login/remember',
      payload: { username: 'demo', rememberToken: v.rememberToken },
      headers,
    });
    expect(again.statusCode).toBe(200);
    const next = again.json().value;
    expect(next.rememberToken).not.toBe(v.rememberToken);
    expect(next.rememberExpiresAt).toBe(v.rememberExpiresAt);
    const replay = await secureCall(t, {
      url: '/wps/session/login/remember',
      payload: { username: 'demo', rememberToken: v.rememberToken },
      headers,
    });
    expect(replay.json().errorCode).toBe('remember.token.invalid');

    await t.call({ url: '/wps/session/logout', method: 'POST', token: next.token });
    const revoked = await secureCall(t, {
      url: '/wps/session/login/remember',
      payload: { username: 'demo', rememberToken: next.rememberToken },
      headers,
    });
    expect(revoked.statusCode).toBe(401);
  });

  it('LG-08 free play {os, platform W, encrypted random string, gateway 3} logs in a trial account (type 4) with demo money, only while FREEPLAY3 is on', async () => {
    const headers = fromNewIp();
    const payload = {
      os: 'Windows',
      platform: 'W',
      randomString: 'guest-device-abcdef-123456',
      gatewayVersion: 3,
    };
    const res = await secureCall(t, { url: '/wps/session/login/freeplay', payload, headers });
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(v.type).toBe(4);
    expect(v.userName).toMatch(/^guest\d{8}$/);
    const balance = await t.call({ url: '/wps/v2/wallets/balance', token: v.token });
    expect(balance.json().value.sumBalance).toBe(2000);
    // The same device string keeps its trial account.
    const again = await secureCall(t, { url: '/wps/session/login/freeplay', payload, headers });
    expect(again.json().value.userName).toBe(v.userName);

    await t.app.ctx.system.setSwitch(FeatureSwitch.freePlay, false);
    try {
      const off = await secureCall(t, { url: '/wps/session/login/freeplay', payload, headers });
      expect(off.statusCode).toBe(403);
      expect(off.json()).toMatchObject({
        errorCode: 'function.disabled',
        message: 'Function not enabled, contact customer service',
      });
    } finally {
      await t.app.ctx.system.setSwitch(FeatureSwitch.freePlay, true);
    }
  });

  it('a trial token is refused by member-only calls with in_need_true_account', async () => {
    const res = await secureCall(t, {
      url: '/wps/session/login/freeplay',
      payload: { os: 'Mac', platform: 'W', randomString: 'trial-gate-device-000001', gatewayVersion: 3 },
      headers: fromNewIp(),
    });
    const token = res.json().value.token as string;
    for (const call of [
      { url: '/wps/member/info/funds/consolidated', method: 'GET' as const },
      { url: '/wps/member/security/totp', method: 'POST' as const },
    ]) {
      const refused = await t.call({ ...call, token });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ errorCode: 'in_need_true_account' });
    }
    const pw = await secureCall(t, {
      url: '/wps/member/password',
      payload: { oldPassword: '', newPassword: 'Abc12345', confirmNewPassword: 'Abc12345' },
      token,
    });
    expect(pw.statusCode).toBe(403);
    expect(pw.json().errorCode).toBe('in_need_true_account');
    // The member bar still works for a trial player.
    expect((await t.call({ url: '/wps/member/info', token })).json().value.type).toBe(4);
  });

  it('SV-12 SV-13 with LOGINIPVERF3 on, a login from a new IP needs a second factor: SMS, e-mail, authenticator or bank account name', async () => {
    await loginToken(t, 'demo', 'Demo1234', { 'x-forwarded-for': '198.51.100.1' });
    await t.app.ctx.system.setSwitch(FeatureSwitch.loginIpVerification, true);
    try {
      // A known IP passes as before.
      expect(
        (
          await loginCall(
            t,
            { username: 'demo', password: 'Demo1234' },
            { 'x-forwarded-for': '198.51.100.1' },
          )
        ).statusCode,
      ).toBe(200);

      const newIp = { 'x-forwarded-for': '198.51.100.2' };
      const res = await loginCall(t, { username: 'demo', password: 'Demo1234' }, newIp);
      expect(res.statusCode).toBe(403);
      const body = res.json();
      expect(body.errorCode).toBe('login_verify_required');
      expect(body.value.methods).toEqual(['SMS', 'EMAIL', 'BANK_NAME']);
      expect(body.value.mobile).toBe('+84 91****678');

      // Bank account name, case and spacing aside.
      const wrongName = await secureCall(t, {
        url: '/wps/session/login/verification',
        payload: { verifyToken: body.value.verifyToken, method: 'BANK_NAME', code: 'Someone Else' },
        headers: newIp,
      });
      expect(wrongName.json().errorCode).toBe('login.verify.bank.name.invalid');
      const byName = await secureCall(t, {
        url: '/wps/session/login/verification',
        payload: { verifyToken: body.value.verifyToken, method: 'BANK_NAME', code: '  demo   player ' },
        headers: newIp,
      });
      expect(byName.statusCode).toBe(200);
      expect(byName.json().value.userName).toBe('demo');
      // That IP is now known.
      expect((await loginCall(t, { username: 'demo', password: 'Demo1234' }, newIp)).statusCode).toBe(200);

      // By e-mail code, from a third address.
      const third = { 'x-forwarded-for': '198.51.100.3' };
      const pending = (await loginCall(t, { username: 'demo', password: 'Demo1234' }, third)).json().value;
      const send = await t.call({
        url: '/wps/session/login/verification/code',
        method: 'POST',
        payload: { verifyToken: pending.verifyToken, method: 'EMAIL' },
        headers: third,
      });
      expect(send.json().value).toMatchObject({ expiredMinutes: 5, target: 'de***@luckylotus.example' });
      const code = await latestCode(t, 'demo@luckylotus.example');
      // The pending login belongs to the address that started it.
      const elsewhere = await secureCall(t, {
        url: '/wps/session/login/verification',
        payload: { verifyToken: pending.verifyToken, method: 'EMAIL', code },
        headers: { 'x-forwarded-for': '198.51.100.99' },
      });
      expect(elsewhere.statusCode).toBe(401);
      const byEmail = await secureCall(t, {
        url: '/wps/session/login/verification',
        payload: { verifyToken: pending.verifyToken, method: 'EMAIL', code },
        headers: third,
      });
      expect(byEmail.statusCode).toBe(200);
      const reuse = await secureCall(t, {
        url: '/wps/session/login/verification',
        payload: { verifyToken: pending.verifyToken, method: 'EMAIL', code },
        headers: third,
      });
      expect(reuse.statusCode).toBe(401);
    } finally {
      await t.app.ctx.system.setSwitch(FeatureSwitch.loginIpVerification, false);
    }
  });

  it('ER-23 ER-24 ER-25 with GEETEST3 on, login needs a slider pass: none, a failed drop and a reused pass are refused', async () => {
    const headers = fromNewIp();
    await t.app.ctx.system.setSwitch(FeatureSwitch.challengeLogin, true);
    try {
      const none = await loginCall(t, { username: 'demo', password: 'Demo1234' }, headers);
      expect(none.json()).toMatchObject({
        errorCode: 'challenge.required',
        message: 'Please complete verification first',
      });

      const issue = async () => {
        const c = (await t.call({ url: '/wps/verification/challenge?purpose=login', headers })).json().value;
        const row = await t.database.db
          .selectFrom('slider_challenge')
          .select('answer_x')
          .where('id', '=', c.challengeId)
          .executeTakeFirstOrThrow();
        return { id: c.challengeId as string, x: row.answer_x };
      };
      const miss = await issue();
      const failed = await t.call({
        url: '/wps/verification/challenge',
        method: 'POST',
        payload: { challengeId: miss.id, x: miss.x + 40, durationMs: 900 },
        headers,
      });
      expect(failed.json()).toMatchObject({
        errorCode: 'challenge.failed',
        message: 'Please pass the image verification correctly',
      });

      const hit = await issue();
      const passed = await t.call({
        url: '/wps/verification/challenge',
        method: 'POST',
        payload: { challengeId: hit.id, x: hit.x + 2, durationMs: 850, trail: [0, 10, 40, hit.x] },
        headers,
      });
      expect(passed.json().value.message).toBe('Verification succeeded');
      const pass = { challengeId: hit.id, challengeToken: passed.json().value.challengeToken };
      expect(
        (await loginCall(t, { username: 'demo', password: 'Demo1234', ...pass }, headers)).statusCode,
      ).toBe(200);
      const reused = await loginCall(t, { username: 'demo', password: 'Demo1234', ...pass }, headers);
      expect(reused.json().errorCode).toBe('challenge.failed');
    } finally {
      await t.app.ctx.system.setSwitch(FeatureSwitch.challengeLogin, false);
    }
  });
});

describe(`session time-outs (${testDbKind})`, () => {
  // Margins for a loaded 2-core CI machine, where one call can take well over a second: the idle
  // tests get an idle time-out of 6 s (calls every 1.5 s keep it alive even when each call is
  // slow) and an absolute lifetime far beyond them, so the 401 they wait for is the idle one.
  let idle: TestApp;
  let short: TestApp;
  beforeAll(async () => {
    idle = await createTestApp({ sessionPolicy: { idleMs: 6000, absoluteMs: 120_000 } });
    short = await createTestApp({ sessionPolicy: { idleMs: 3000, absoluteMs: 9000 } });
  });
  afterAll(async () => {
    await idle?.close();
    await short?.close();
  });

  it('a token is refused after the idle time-out, and activity extends it', async () => {
    const token = await loginToken(idle, 'demo', 'Demo1234');
    // Three calls 1.5 s apart: 4.5 s and more after the login, each extending the time-out.
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setTimeout(r, 1500));
      expect((await idle.call({ url: '/wps/v2/wallets/balance', token })).statusCode).toBe(200);
    }
    await new Promise((r) => setTimeout(r, 6600));
    const dead = await idle.call({ url: '/wps/v2/wallets/balance', token });
    expect(dead.statusCode).toBe(401);
    expect(dead.json().errorCode).toBe('user.or.token.invalid');
  });

  it('calls arriving together once the extension is due all pass and move the idle deadline on', async () => {
    const token = await loginToken(idle, 'demo', 'Demo1234');
    const deadline = async () =>
      (
        await idle.database.db
          .selectFrom('session')
          .select('idle_expires_at')
          .where('token_hash', '=', hashToken(token))
          .executeTakeFirstOrThrow()
      ).idle_expires_at.getTime();
    const first = await deadline();
    // Past the extension step (a quarter of the 6 s idle time-out) but well inside the time-out.
    await new Promise((r) => setTimeout(r, 2000));
    const calls = await Promise.all(
      Array.from({ length: 8 }, () => idle.call({ url: '/wps/v2/wallets/balance', token })),
    );
    expect(calls.map((c) => c.statusCode)).toEqual(Array(8).fill(200));
    expect(await deadline()).toBeGreaterThanOrEqual(first + 1500);
  });

  it('a token is refused after the absolute lifetime, however active', async () => {
    const token = await loginToken(short, 'demo', 'Demo1234');
    const started = Date.now();
    while (Date.now() - started < 9300) {
      await new Promise((r) => setTimeout(r, 1000));
      await short.call({ url: '/wps/v2/wallets/balance', token });
    }
    expect((await short.call({ url: '/wps/v2/wallets/balance', token })).statusCode).toBe(401);
  });
});

describe(`per-IP limits (${testDbKind})`, () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      configOverrides: { trustProxy: true },
      services: { login: { loginsPerIpPerMinute: 3 } },
    });
  });
  afterAll(async () => limited?.close());

  it('logins from one IP are rate limited with counters in the database; another IP is not affected', async () => {
    const ip = { 'x-forwarded-for': '203.0.113.200' };
    // Counters use fixed one-minute windows: start well inside one.
    if (Date.now() % 60_000 > 50_000)
      await new Promise((r) => setTimeout(r, 60_000 - (Date.now() % 60_000) + 100));
    for (let i = 0; i < 3; i++)
      expect((await loginCall(limited, { username: 'demo', password: 'Demo1234' }, ip)).statusCode).toBe(200);
    const fourth = await loginCall(limited, { username: 'demo', password: 'Demo1234' }, ip);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().errorCode).toBe('TOO_MANY_REQUESTS');
    const counter = await limited.database.db
      .selectFrom('rate_counter')
      .select('hits')
      .where('bucket', '=', 'login:ip:203.0.113.200')
      .executeTakeFirstOrThrow();
    expect(counter.hits).toBe(4);
    expect(
      (
        await loginCall(
          limited,
          { username: 'demo', password: 'Demo1234' },
          { 'x-forwarded-for': '203.0.113.201' },
        )
      ).statusCode,
    ).toBe(200);
  });
});
