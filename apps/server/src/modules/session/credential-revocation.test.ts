import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeatureSwitch } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { latestCode, loginCall, loginToken, secureCall } from './accounts-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ configOverrides: { trustProxy: true } });
});
afterAll(async () => t?.close());

let ipSeq = 10;
const fromNewIp = () => ({ 'x-forwarded-for': `192.0.2.${ipSeq++}` });

async function rememberedLogin(username: string, password: string, headers: Record<string, string>) {
  const res = await loginCall(t, { username, password, rememberMe: true }, headers);
  expect(res.statusCode).toBe(200);
  return res.json().value as { token: string; rememberToken: string };
}

const remember = (username: string, rememberToken: string, headers: Record<string, string>) =>
  secureCall(t, { url: '/wps/session/login/remember', payload: { username, rememberToken }, headers });

async function withLoginIpVerification(work: () => Promise<void>): Promise<void> {
  await t.app.ctx.system.setSwitch(FeatureSwitch.loginIpVerification, true);
  try {
    await work();
  } finally {
    await t.app.ctx.system.setSwitch(FeatureSwitch.loginIpVerification, false);
  }
}

async function resetLinkToken(username: string, email: string, headers: Record<string, string>) {
  const sent = await t.call({
    url: '/wps/member/password/email',
    method: 'POST',
    payload: { username, email },
    headers,
  });
  expect(sent.statusCode).toBe(200);
  const [mail] = await t.app.ctx.outbox.list({ to: email, limit: 1 });
  return decodeURIComponent(/resetPasswordToken=(\S+)/.exec(mail!.body)![1]!);
}

describe(`a password change or reset ends every credential of the member (${testDbKind})`, () => {
  it('with LOGINIPVERF3 on, a remember-token login from a new IP needs the second factor, which then hands out a fresh remember token', async () => {
    const home = fromNewIp();
    const first = await rememberedLogin('demo', 'Demo1234', home);
    await withLoginIpVerification(async () => {
      const elsewhere = fromNewIp();
      const res = await remember('demo', first.rememberToken, elsewhere);
      expect(res.statusCode).toBe(403);
      expect(res.json().errorCode).toBe('login_verify_required');
      const done = await secureCall(t, {
        url: '/wps/session/login/verification',
        payload: { verifyToken: res.json().value.verifyToken, method: 'BANK_NAME', code: 'demo player' },
        headers: elsewhere,
      });
      expect(done.statusCode).toBe(200);
      expect(done.json().value.rememberToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      // From the address the token was issued at, no second factor is asked.
      const again = await remember('demo', done.json().value.rememberToken, home);
      expect(again.statusCode).toBe(200);
    });
  });

  it('a password change refuses every remember token (the changing device included), ends pending second-factor logins, and with LOGINIPVERF3 on an old token gets no second-factor prompt', async () => {
    const home = fromNewIp();
    const here = await rememberedLogin('demo', 'Demo1234', home);
    const otherDevice = await rememberedLogin('demo', 'Demo1234', home);
    let pendingVerifyToken = '';
    const away = fromNewIp();
    await withLoginIpVerification(async () => {
      const pending = await loginCall(t, { username: 'demo', password: 'Demo1234' }, away);
      expect(pending.json().errorCode).toBe('login_verify_required');
      pendingVerifyToken = pending.json().value.verifyToken;
    });

    const change = await secureCall(t, {
      url: '/wps/member/password',
      payload: { oldPassword: 'Demo1234', newPassword: 'Demo5678', confirmNewPassword: 'Demo5678' },
      token: here.token,
      headers: home,
    });
    expect(change.json()).toEqual({ success: true, value: { changed: true } });

    for (const old of [here.rememberToken, otherDevice.rememberToken]) {
      const res = await remember('demo', old, home);
      expect(res.statusCode).toBe(401);
      expect(res.json().errorCode).toBe('remember.token.invalid');
    }
    await withLoginIpVerification(async () => {
      // From a new address the old token is refused outright, not offered a second factor.
      const res = await remember('demo', otherDevice.rememberToken, fromNewIp());
      expect(res.statusCode).toBe(401);
      expect(res.json().errorCode).toBe('remember.token.invalid');
      const finish = await secureCall(t, {
        url: '/wps/session/login/verification',
        payload: { verifyToken: pendingVerifyToken, method: 'BANK_NAME', code: 'demo player' },
        headers: away,
      });
      expect(finish.statusCode).toBe(401);
    });
    // The session that made the change goes on; the new password works.
    expect((await t.call({ url: '/wps/member/info', token: here.token })).statusCode).toBe(200);
    expect((await loginCall(t, { username: 'demo', password: 'Demo5678' }, home)).statusCode).toBe(200);
  });

  it('a reset by e-mail refuses the remember tokens and sessions of before', async () => {
    const headers = fromNewIp();
    const before = await rememberedLogin('agent2', 'Agent1234', headers);
    const resetToken = await resetLinkToken('agent2', 'agent2@luckylotus.example', headers);
    const reset = await secureCall(t, {
      url: '/wps/member/password/email/reset',
      payload: { resetToken, newPassword: 'Agent5678', confirmNewPassword: 'Agent5678' },
      headers,
    });
    expect(reset.statusCode).toBe(200);
    const res = await remember('agent2', before.rememberToken, headers);
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe('remember.token.invalid');
    expect((await t.call({ url: '/wps/member/info', token: before.token })).statusCode).toBe(401);
  });

  it('a reset by phone refuses the remember tokens of before and the reset link still waiting in the mailbox', async () => {
    const headers = fromNewIp();
    const before = await rememberedLogin('agent1', 'Agent1234', headers);
    const link = await resetLinkToken('agent1', 'agent1@luckylotus.example', headers);
    const sent = await t.call({
      url: '/wps/verification/sms/forgotPassword',
      method: 'POST',
      payload: { countryDialingCode: '66', mobileNum: '812345678' },
      headers,
    });
    expect(sent.statusCode).toBe(200);
    const reset = await secureCall(t, {
      url: '/wps/member/password/verification',
      payload: {
        newPassword: 'Agent2468',
        mobileNum: '812345678',
        countryDialingCode: '66',
        verificationCode: await latestCode(t, '+66812345678'),
      },
      headers,
    });
    expect(reset.statusCode).toBe(200);
    const res = await remember('agent1', before.rememberToken, headers);
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe('remember.token.invalid');
    const stale = await secureCall(t, {
      url: '/wps/member/password/email/reset',
      payload: { resetToken: link, newPassword: 'Agent9999', confirmNewPassword: 'Agent9999' },
      headers,
    });
    expect(stale.json().errorCode).toBe('password.reset.invalid');
    expect(await loginToken(t, 'agent1', 'Agent2468', headers)).toBeTruthy();
  });
});
