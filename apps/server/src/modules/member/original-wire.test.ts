import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeatureSwitch } from '@app/contract';
import { testDbKind, type TestApp } from '../../test/test-app.ts';
import {
  callerAddresses,
  captchaAnswer,
  createWireTestApp,
  latestCode,
  loginToken,
  secureCall,
} from '../session/accounts-test-kit.ts';

/**
 * The member and registration calls as the original web client makes them
 * (research/original-wire.md, "member"): its request (encrypted where the call is, with our
 * encryption, DESIGN.md §2), and every field its code reads afterwards, with the types it reads
 * them as. Differences kept on purpose are in decision 014.
 */
let t: TestApp;
let demo: string;
let agent1: string;
beforeAll(async () => {
  t = await createWireTestApp();
  demo = await loginToken(t, 'demo', 'Demo1234', { 'x-forwarded-for': '203.0.113.2' });
  agent1 = await loginToken(t, 'agent1', 'Agent1234', { 'x-forwarded-for': '203.0.113.3' });
});
afterAll(async () => t?.close());

/** A fresh caller address per request group, so rate limits and the new-IP gate stay apart. */
const fromNewIp = callerAddresses('203.0.113');

async function withCaptcha(headers: Record<string, string>) {
  const res = await t.call({ url: '/wps/captcha', headers });
  const id = res.headers['captcha-id'] as string;
  return { headers: { ...headers, 'captcha-id': id }, captcha: await captchaAnswer(t, id) };
}

describe(`the original client's member calls (${testDbKind})`, () => {
  it('getMemberInfo: GET /wps/member/info answers the original fields', async () => {
    const res = await t.call({ url: '/wps/member/info', token: demo });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(typeof v.id).toBe('number');
    expect(v.account).toBe('demo');
    expect(v.nickname).toBe('Lucky Demo');
    expect(v.type).toBe(0);
    expect(v.toUpline).toBe(true);
    expect(typeof v.lastLogin).toBe('number');
    expect(Math.abs(v.lastLogin - Date.now())).toBeLessThan(5 * 60_000);
    expect(v.clubLabel).toEqual({
      labelName: 'Gold',
      rankLevel: 3,
      color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      type: 'VIP',
    });
    expect(v.memberLabel).toBe('VIP 3');
  });

  it('getMemberIcon: GET /wps/member/info/icon answers the icon name as a string', async () => {
    const res = await t.call({ url: '/wps/member/info/icon', token: demo });
    expect(res.statusCode, res.body).toBe(200);
    const info = (await t.call({ url: '/wps/member/info', token: demo })).json().value;
    expect(typeof res.json().value).toBe('string');
    expect(res.json().value).toBe(info.avatar);
  });

  it('getPlayerAvatar: GET /wps/relay/MCSFE_getPlayerAvatar answers avatarType and avatar', async () => {
    const res = await t.call({ url: '/wps/relay/MCSFE_getPlayerAvatar', token: demo });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(['CUSTOM', 'STATIC']).toContain(v.avatarType);
    expect(typeof v.avatar).toBe('string');
  });

  it('getUnreadCount: GET /wps/relay/CSP_unreadCount answers a number', async () => {
    const res = await t.call({ url: '/wps/relay/CSP_unreadCount', token: demo });
    expect(res.statusCode, res.body).toBe(200);
    expect(typeof res.json().value).toBe('number');
  });

  it("getInbox: GET /wps/relay/CSP_getInbox with the original's query answers content[] with read and subject", async () => {
    const now = Date.now();
    await t.app.ctx.messages.send({ to: 'demo', subject: 'Original wire', body: 'Hello' });
    const query = `page=1&size=1&sort=sendTime:desc&read=false&startTime=${now - 7 * 86_400_000}&endTime=${now + 60_000}`;
    const res = await t.call({ url: `/wps/relay/CSP_getInbox?${query}`, token: demo });
    expect(res.statusCode, res.body).toBe(200);
    const content = res.json().value.content;
    expect(Array.isArray(content)).toBe(true);
    expect(content).toHaveLength(1);
    expect(content[0].read).toBe(false);
    expect(content[0].subject).toBe('Original wire');
  });

  it('getSecurityConfig: GET /wps/v2/member/securityConfig answers an object', async () => {
    const res = await t.call({ url: '/wps/v2/member/securityConfig', token: demo });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(typeof v).toBe('object');
    expect(v).toMatchObject({
      mobileBound: true,
      emailBound: true,
      totpBound: false,
      bankAccountBound: true,
      loginIpVerification: false,
      loginVerifyMethods: ['SMS', 'EMAIL', 'BANK_NAME'],
    });
    expect(typeof v.passwordExpiresAt).toBe('number');
  });

  it('getConsolidated: GET /wps/member/info/funds/consolidated answers the five request types', async () => {
    const res = await t.call({ url: '/wps/member/info/funds/consolidated', token: agent1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({
      dailysalreqtype: 1,
      divtypereq: 1,
      contracthoursalreq: 0,
      realtimesalreqtype: 0,
      divtypecompperiodreq: 1,
    });
  });

  it('updateLanguage: PUT /wps/member/language takes the picker label "EN"', async () => {
    const res = await t.call({
      url: '/wps/member/language',
      method: 'PUT',
      payload: { language: 'EN' },
      token: demo,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.language).toBe('en');
    const info = await t.call({ url: '/wps/member/info', token: demo });
    expect(info.json().value.language).toBe('en');
    const unknown = await t.call({
      url: '/wps/member/language',
      method: 'PUT',
      payload: { language: 'XX' },
      token: demo,
    });
    expect(unknown.statusCode).toBe(422);
  });

  it('changePassword: POST /wps/member/password (encrypted) changes the password', async () => {
    const headers = fromNewIp();
    const token = await loginToken(t, 'agent2', 'Agent1234', headers);
    const res = await secureCall(t, {
      url: '/wps/member/password',
      payload: { oldPassword: 'Agent1234', newPassword: 'Agent1234w', confirmNewPassword: 'Agent1234w' },
      token,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    await loginToken(t, 'agent2', 'Agent1234w', fromNewIp());
  });

  it('forgotPasswordEmail: POST /wps/member/password/email as a form sends the reset link', async () => {
    const res = await t.call({
      url: '/wps/member/password/email',
      method: 'POST',
      payload: 'username=demo&email=demo%40luckylotus.example',
      headers: { ...fromNewIp(), 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await t.app.ctx.outbox.list({ to: 'demo@luckylotus.example', limit: 1 });
    expect(mail?.body).toMatch(/resetPasswordToken=/);
  });

  it('forgotPasswordSms: POST /wps/member/password/sms texts the reset code to the account number; a number not the account’s is refused', async () => {
    const headers = fromNewIp();
    const wrong = await t.call({
      url: '/wps/member/password/sms',
      method: 'POST',
      payload: { username: 'demo', mobileNumber: '912345679' },
      headers,
    });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().errorCode).toBe('mobile.not.registered');
    const res = await t.call({
      url: '/wps/member/password/sms',
      method: 'POST',
      payload: { username: 'demo', mobileNumber: '912345678' },
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await latestCode(t, '+84912345678')).toMatch(/^\d{6}$/);
  });

  it('setPasswordByPhone: POST /wps/member/password/verification (encrypted) takes the code sent by /wps/verification/sms/noLogin', async () => {
    const headers = fromNewIp();
    const sent = await t.call({
      url: '/wps/verification/sms/noLogin',
      method: 'POST',
      payload: { mobileNum: '812345678', countryDialingCode: '66' },
      headers,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const res = await secureCall(t, {
      url: '/wps/member/password/verification',
      payload: {
        newPassword: 'Agent1234z',
        mobileNum: '812345678',
        verificationCode: await latestCode(t, '+66812345678'),
      },
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(typeof res.json().value.token).toBe('string');
    await loginToken(t, 'agent1', 'Agent1234z', fromNewIp());
  });

  it("register: PUT /wps/member/register (encrypted) takes the original's body with referralCode null and answers value.token", async () => {
    const c = await withCaptcha(fromNewIp());
    const res = await secureCall(t, {
      url: '/wps/member/register',
      method: 'PUT',
      payload: {
        username: 'wireuser01',
        password: 'Lotus2024',
        confirmPassword: 'Lotus2024',
        payeeName: 'Wire User',
        email: 'wire.user@example.com',
        qqNum: '',
        mobileNum: '',
        recommenderId: '',
        captcha: c.captcha,
        verificationCode: '',
        affiliateCode: '',
        paymentPassword: '',
        line: '',
        whatsapp: '',
        facebook: '',
        wechat: '',
        idNumber: '',
        referralCode: null,
        domain: 'www.luckylotus.example',
        login: true,
        loginDeviceId: 'device-0101',
      },
      headers: c.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(typeof res.json().value.token).toBe('string');
  });

  it("registerMobile: PUT /wps/member/register/mobile (encrypted) takes the original's body and answers value.token", async () => {
    const headers = fromNewIp();
    const sent = await t.call({
      url: '/wps/verification/sms/register',
      method: 'POST',
      payload: { countryDialingCode: '84', mobileNo: '933333444' },
      headers,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = await latestCode(t, '+84933333444');
    const c = await withCaptcha(headers);
    const res = await secureCall(t, {
      url: '/wps/member/register/mobile',
      method: 'PUT',
      payload: {
        username: '933333444',
        password: 'Lotus2024',
        confirmPassword: 'Lotus2024',
        payeeName: 'Mobile Wire',
        email: 'mobile.wire@example.com',
        qqNum: '',
        mobileNum: '933333444',
        recommenderId: '',
        captcha: c.captcha,
        verificationCode: code,
        affiliateCode: '',
        paymentPassword: '',
        line: '',
        whatsapp: '',
        facebook: '',
        wechat: '',
        idNumber: '',
        referralCode: null,
        domain: 'www.luckylotus.example',
        login: true,
        countryDialingCode: '84',
        loginDeviceId: 'device-0102',
      },
      headers: c.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(typeof res.json().value.token).toBe('string');
  });

  it("registerAutoUsername: PUT /wps/member/register/autoUsername takes the original's body with a phone-code ID token and answers value.token; the token is single use", async () => {
    const headers = fromNewIp();
    await t.app.ctx.system.setSwitch(FeatureSwitch.phoneCodeProvider, true);
    try {
      const sent = await t.call({
        url: '/wps/verification/phone/send',
        method: 'POST',
        payload: { mobileNum: '945556667', countryDialingCode: '84', purpose: 'register' },
        headers,
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const verified = await t.call({
        url: '/wps/verification/phone/verify',
        method: 'POST',
        payload: { sessionInfo: sent.json().value.sessionInfo, code: await latestCode(t, '+84945556667') },
        headers,
      });
      expect(verified.statusCode, verified.body).toBe(200);
      const payload = {
        registerUrl: 'https://www.luckylotus.example/register',
        registerMethod: 'WEB',
        affiliateCode: 'LOTUS8',
        domain: 'www.luckylotus.example',
        firebaseChannel: 'sms',
        firebaseIdToken: verified.json().value.idToken,
        login: true,
        loginDeviceId: 'device-0103',
      };
      const res = await t.call({ url: '/wps/member/register/autoUsername', method: 'PUT', payload, headers });
      expect(res.statusCode, res.body).toBe(200);
      expect(typeof res.json().value.token).toBe('string');
      expect(res.json().value.userName).toBe('945556667');
      const again = await t.call({
        url: '/wps/member/register/autoUsername',
        method: 'PUT',
        payload,
        headers,
      });
      expect(again.statusCode).toBe(422);
    } finally {
      await t.app.ctx.system.setSwitch(FeatureSwitch.phoneCodeProvider, false);
    }
  });

  it('checkAffiliate: GET /wps/agent/affiliate?domain=&code= answers a known code and refuses an unknown one with an error envelope', async () => {
    const ok = await t.call({
      url: '/wps/agent/affiliate?domain=www.luckylotus.example&code=LOTUS8',
      headers: fromNewIp(),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const bad = await t.call({
      url: '/wps/agent/affiliate?domain=www.luckylotus.example&code=www',
      headers: fromNewIp(),
    });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
    expect(bad.json().errorCode).toBeTruthy();
  });
});
