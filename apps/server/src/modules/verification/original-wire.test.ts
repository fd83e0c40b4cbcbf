import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeatureSwitch } from '@app/contract';
import { testDbKind, type TestApp } from '../../test/test-app.ts';
import { callerAddresses, createWireTestApp, latestCode } from '../session/accounts-test-kit.ts';

/**
 * The verification calls as the original web client makes them (research/original-wire.md,
 * "verification"): its request, and every field its code reads afterwards. Differences kept on
 * purpose (no GeeTest: the slider challenge) are in decision 014.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createWireTestApp();
});
afterAll(async () => t?.close());

/** A fresh caller address per request group, so rate limits and the new-IP gate stay apart. */
const fromNewIp = callerAddresses('192.0.2');
const post = (url: string, payload: Record<string, unknown>) =>
  t.call({ url, method: 'POST', payload, headers: fromNewIp() });

describe(`the original client's verification calls (${testDbKind})`, () => {
  it('getCaptcha: GET /wps/captcha answers the image as a string', async () => {
    const res = await t.call({ url: '/wps/captcha', headers: fromNewIp() });
    expect(res.statusCode, res.body).toBe(200);
    expect(typeof res.json().value).toBe('string');
    expect(Buffer.from(res.json().value, 'base64').subarray(1, 4).toString()).toBe('PNG');
  });

  it('getGeetest: GET /wps/captcha/geetest?t= answers gt, challenge and newCaptcha; the challenge is a slider challenge of ours', async () => {
    const res = await t.call({ url: `/wps/captcha/geetest?t=${Date.now()}`, headers: fromNewIp() });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(v.gt).toBe('');
    expect(typeof v.challenge).toBe('string');
    expect(v.challenge.length).toBeGreaterThan(0);
    expect(v.newCaptcha).toBe(true);
    // The id names a live slider challenge: a drop checked against it is judged, not unknown.
    const check = await post('/wps/verification/challenge', {
      challengeId: v.challenge,
      x: 0,
      durationMs: 900,
    });
    expect(check.statusCode).toBeGreaterThanOrEqual(400);
    expect(check.json().errorCode).toBe('challenge.failed');
  });

  it('sendSmsLoginNoDialingCode: POST /wps/verification/sms/noLogin without countryDialingCode answers value.expiredMinutes (the country where the number is registered)', async () => {
    // 912345678 is a valid number in both of the site's countries (VN, TH); demo holds it in VN.
    const res = await post('/wps/verification/sms/noLogin', { mobileNum: '912345678' });
    expect(res.statusCode, res.body).toBe(200);
    expect(typeof res.json().value.expiredMinutes).toBe('number');
    expect(await latestCode(t, '+84912345678')).toMatch(/^\d{6}$/);
  });

  it('sendSmsLogin: POST /wps/verification/sms/noLogin with countryDialingCode answers value.expiredMinutes', async () => {
    const res = await post('/wps/verification/sms/noLogin', {
      mobileNum: '912345678',
      countryDialingCode: '84',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(typeof res.json().value.expiredMinutes).toBe('number');
  });

  it('sendSmsLogin2fa: POST /wps/verification/sms/noLogin answers value.expirationTime (epoch ms)', async () => {
    const before = Date.now();
    const res = await post('/wps/verification/sms/noLogin', {
      countryDialingCode: '66',
      mobileNum: '812345678',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { expirationTime, expiredMinutes } = res.json().value;
    expect(typeof expirationTime).toBe('number');
    expect(expirationTime).toBeGreaterThan(before);
    expect(Math.abs(expirationTime - (before + expiredMinutes * 60_000))).toBeLessThan(60_000);
  });

  it('sendSmsRegisterNoDialingCode: POST /wps/verification/sms/register without countryDialingCode answers value.expiredMinutes (the home country); an ambiguous foreign number is refused', async () => {
    const res = await post('/wps/verification/sms/register', { mobileNo: '987654321' });
    expect(res.statusCode, res.body).toBe(200);
    expect(typeof res.json().value.expiredMinutes).toBe('number');
    expect(await latestCode(t, '+84987654321')).toMatch(/^\d{6}$/);
    // A number valid in no served country is refused, never texted to a guess.
    const none = await post('/wps/verification/sms/register', { mobileNo: '1234' });
    expect(none.statusCode).toBe(422);
  });

  it('sendSmsRegister: POST /wps/verification/sms/register with countryDialingCode answers value.expiredMinutes', async () => {
    const res = await post('/wps/verification/sms/register', {
      countryDialingCode: '84',
      mobileNo: '987654322',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(typeof res.json().value.expiredMinutes).toBe('number');
    // Off with both registrations' switches off.
    await t.app.ctx.system.setSwitch(FeatureSwitch.mobileRegister, false);
    try {
      const off = await post('/wps/verification/sms/register', {
        countryDialingCode: '84',
        mobileNo: '987654323',
      });
      expect(off.statusCode).toBe(403);
    } finally {
      await t.app.ctx.system.setSwitch(FeatureSwitch.mobileRegister, true);
    }
  });
});
