import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeatureSwitch } from '@app/contract';
import { testDbKind, type TestApp } from '../../test/test-app.ts';
import {
  callerAddresses,
  createWireTestApp,
  latestCode,
  loginToken,
  secureCall,
} from './accounts-test-kit.ts';

/**
 * The session calls as the original web client makes them (research/original-wire.md,
 * "session"): its request (encrypted where the call is, with our encryption, DESIGN.md §2), and
 * every field its code reads afterwards. Differences kept on purpose are in decision 014.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createWireTestApp();
});
afterAll(async () => t?.close());

/** A fresh caller address per request group, so rate limits and the new-IP gate stay apart. */
const fromNewIp = callerAddresses('198.51.100');

describe(`the original client's session calls (${testDbKind})`, () => {
  it('login: POST /wps/session/login answers the original fields (token, firstTimeLogin, passwordExpired); a failure carries value.captcha', async () => {
    const headers = fromNewIp();
    const res = await secureCall(t, {
      url: '/wps/session/login',
      payload: {
        username: 'demo',
        password: 'Demo1234',
        captcha: '',
        type: 'username',
        loginDeviceId: 'device-0001',
      },
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(typeof v.token).toBe('string');
    expect(v.token.length).toBeGreaterThan(0);
    expect(typeof v.firstTimeLogin).toBe('boolean');
    expect(typeof v.passwordExpired).toBe('boolean');

    const wrong = await secureCall(t, {
      url: '/wps/session/login',
      payload: { username: 'demo', password: 'Wrong1234', captcha: '', type: 'username', loginDeviceId: 'd' },
      headers,
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().value.captcha).toBe(true);
    await t.database.db.deleteFrom('login_failure').where('username_key', '=', 'demo').execute();
  });

  it('loginAfterPhoneReset: POST /wps/session/login with type "" and the mobile number as username answers value.token', async () => {
    const headers = fromNewIp();
    // The original's forgot-password flow: a code by /sms/noLogin, the phone reset, then this login.
    const sent = await t.call({
      url: '/wps/verification/sms/noLogin',
      method: 'POST',
      payload: { countryDialingCode: '66', mobileNum: '812345678' },
      headers,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const reset = await secureCall(t, {
      url: '/wps/member/password/verification',
      payload: {
        newPassword: 'Agent1234z',
        mobileNum: '812345678',
        verificationCode: await latestCode(t, '+66812345678'),
      },
      headers,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const res = await secureCall(t, {
      url: '/wps/session/login',
      payload: { username: '812345678', password: 'Agent1234z', type: '', loginDeviceId: 'device-0002' },
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(typeof res.json().value.token).toBe('string');
    expect(res.json().value.userName).toBe('agent1');
    // Back to the seeded password for the other tests.
    const agent1 = await t.app.ctx.members.byUsername('agent1');
    await t.app.ctx.members.setPassword(agent1!.id, 'Agent1234');
  });

  it('loginVerification: POST /wps/session/login/verification takes the original method letter (E) and answers value.token; the credentials-only body is refused cleanly', async () => {
    const headers = fromNewIp();
    await loginToken(t, 'demo', 'Demo1234', headers);
    await t.app.ctx.system.setSwitch(FeatureSwitch.loginIpVerification, true);
    try {
      const newIp = fromNewIp();
      // The original's body: credentials again, a method letter, no verify token (decision 014).
      const original = await secureCall(t, {
        url: '/wps/session/login/verification',
        payload: {
          username: 'demo',
          password: 'Demo1234',
          method: 'E',
          email: 'demo@luckylotus.example',
          loginDeviceId: 'device-0003',
        },
        headers: newIp,
      });
      expect(original.statusCode).toBe(422);
      expect(original.json().errorCode).toBe('invalid.input');

      const pending = await secureCall(t, {
        url: '/wps/session/login',
        payload: { username: 'demo', password: 'Demo1234', captcha: '', type: 'username' },
        headers: newIp,
      });
      expect(pending.json().errorCode).toBe('login_verify_required');
      const { verifyToken } = pending.json().value;
      const sent = await t.call({
        url: '/wps/session/login/verification/code',
        method: 'POST',
        payload: { verifyToken, method: 'EMAIL' },
        headers: newIp,
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const res = await secureCall(t, {
        url: '/wps/session/login/verification',
        payload: { verifyToken, method: 'E', code: await latestCode(t, 'demo@luckylotus.example') },
        headers: newIp,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(typeof res.json().value.token).toBe('string');
    } finally {
      await t.app.ctx.system.setSwitch(FeatureSwitch.loginIpVerification, false);
    }
  });

  it('loginFreePlay: POST /wps/session/login/freeplay answers value.token and value.firstTimeLogin; the original plain {} is refused cleanly (LG-08 random string kept)', async () => {
    const headers = fromNewIp();
    const plain = await t.call({ url: '/wps/session/login/freeplay', method: 'POST', payload: {}, headers });
    expect(plain.statusCode).toBeGreaterThanOrEqual(400);
    expect(plain.statusCode).toBeLessThan(500);
    expect(plain.json().errorCode).toBeTruthy();

    const res = await secureCall(t, {
      url: '/wps/session/login/freeplay',
      payload: { os: 'Linux', platform: 'W', randomString: 'original-wire-device-01', gatewayVersion: 3 },
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(typeof res.json().value.token).toBe('string');
    expect(res.json().value.firstTimeLogin).toBe(true);
  });

  it('logout: DELETE /wps/session/logout ends the session', async () => {
    const headers = fromNewIp();
    const token = await loginToken(t, 'demo', 'Demo1234', headers);
    const res = await t.call({ url: '/wps/session/logout', method: 'DELETE', token, headers });
    expect(res.statusCode, res.body).toBe(200);
    const after = await t.call({ url: '/wps/member/info', token, headers });
    expect(after.statusCode).toBe(401);
  });
});
