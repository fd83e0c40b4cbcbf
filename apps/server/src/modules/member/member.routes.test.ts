import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { FeatureSwitch, WEAK_DEFAULT_PASSWORD } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { latestCode, loginCall, loginToken, secureCall } from '../session/accounts-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ configOverrides: { trustProxy: true } });
});
afterAll(async () => t?.close());

let ipSeq = 10;
const fromNewIp = () => ({ 'x-forwarded-for': `100.100.0.${ipSeq++}` });

describe(`member calls (${testDbKind})`, () => {
  it('MB-10 SA-04 GET /wps/member/info returns id, account, nickname, type, toUpline, clubLabel, memberLabel, avatar and avatarType', async () => {
    const token = await loginToken(t, 'demo', 'Demo1234', fromNewIp());
    const res = await t.call({ url: '/wps/member/info', token });
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({
      account: 'demo',
      nickname: 'Lucky Demo',
      type: 0,
      toUpline: true,
      clubLabel: { labelName: 'Gold', rankLevel: 3 },
      memberLabel: 'VIP 3',
      avatarType: 'STATIC',
      mobile: '+84 91****678',
      hasPaymentPassword: true,
    });
    expect(v.id).toEqual(expect.any(Number));
    expect(v.avatar).toMatch(/^\d+$/);
  });

  it('MB-11 MB-12 the member icon and the player avatar', async () => {
    const token = await loginToken(t, 'agent1', 'Agent1234', fromNewIp());
    const v = (await t.call({ url: '/wps/relay/MCSFE_getPlayerAvatar', token })).json().value;
    expect(v.avatarType).toBe('STATIC');
    expect(v.avatarUrl).toBe(`/TCG_PROD_IMAGES/AVATAR/${v.avatar}.png`);
    // The icon call answers the icon's name alone, as the original reads it (decision 014).
    expect((await t.call({ url: '/wps/member/info/icon', token })).json().value).toBe(v.avatar);
  });

  it('MB-13 GET /wps/member/info/funds/consolidated returns dailysalreqtype, divtypereq, contracthoursalreq and realtimesalreqtype', async () => {
    const token = await loginToken(t, 'agent1', 'Agent1234', fromNewIp());
    const res = await t.call({ url: '/wps/member/info/funds/consolidated', token });
    // The request keys; the info keys of the contracts agent1 holds come beside them (issue 30).
    expect(res.json().value).toMatchObject({
      dailysalreqtype: 1,
      divtypereq: 1,
      contracthoursalreq: 0,
      realtimesalreqtype: 0,
      divtypecompperiodreq: 1,
    });
  });

  it('CSP_unreadCount counts the unread platform messages', async () => {
    const token = await loginToken(t, 'demo', 'Demo1234', fromNewIp());
    const res = await t.call({ url: '/wps/relay/CSP_unreadCount', token });
    expect(res.json()).toEqual({ success: true, value: 2 });
  });

  it('LN-04 the language-update call stores the language; an unknown one is refused', async () => {
    const token = await loginToken(t, 'agent2', 'Agent1234', fromNewIp());
    const res = await t.call({
      url: '/wps/member/language',
      method: 'PUT',
      payload: { language: 'vi' },
      token,
    });
    expect(res.json()).toEqual({ success: true, value: { language: 'vi' } });
    expect((await t.call({ url: '/wps/member/info', token })).json().value.language).toBe('vi');
    const bad = await t.call({
      url: '/wps/member/language',
      method: 'PUT',
      payload: { language: 'xx' },
      token,
    });
    expect(bad.statusCode).toBe(422);
  });

  it('PW-15 PW-13 encrypted POST /wps/member/password {oldPassword, newPassword, confirmNewPassword} changes the password and ends the other sessions', async () => {
    const headers = fromNewIp();
    const token = await loginToken(t, 'weakpass', WEAK_DEFAULT_PASSWORD, headers);
    const other = await loginToken(t, 'weakpass', WEAK_DEFAULT_PASSWORD, headers);
    const change = (payload: unknown) =>
      secureCall(t, { url: '/wps/member/password', payload, token, headers });
    expect(
      (
        await change({
          oldPassword: WEAK_DEFAULT_PASSWORD,
          newPassword: 'Fresh2024',
          confirmNewPassword: 'Fresh2025',
        })
      ).json().errorCode,
    ).toBe('password.confirm.mismatch');
    expect(
      (
        await change({ oldPassword: 'wrong', newPassword: 'Fresh2024', confirmNewPassword: 'Fresh2024' })
      ).json().errorCode,
    ).toBe('password.old.invalid');
    expect(
      (
        await change({
          oldPassword: WEAK_DEFAULT_PASSWORD,
          newPassword: 'short',
          confirmNewPassword: 'short',
        })
      ).json().errorCode,
    ).toBe('password.format.invalid');
    const ok = await change({
      oldPassword: WEAK_DEFAULT_PASSWORD,
      newPassword: 'Fresh2024',
      confirmNewPassword: 'Fresh2024',
    });
    expect(ok.json()).toEqual({ success: true, value: { changed: true } });
    expect((await t.call({ url: '/wps/member/info', token })).statusCode).toBe(200);
    expect((await t.call({ url: '/wps/member/info', token: other })).statusCode).toBe(401);
    const relogin = await loginCall(t, { username: 'weakpass', password: 'Fresh2024' }, headers);
    expect(relogin.json().value).toMatchObject({ forceChangePassword: false, passwordExpired: false });
    // A plain body is refused on this encrypted call.
    const plain = await t.call({
      url: '/wps/member/password',
      method: 'POST',
      payload: { oldPassword: 'Fresh2024', newPassword: 'Fresh2025', confirmNewPassword: 'Fresh2025' },
      token,
    });
    expect(plain.json().errorCode).toBe('payload.encryption.required');
  });

  it('PW-04 ER-17 forgot password by e-mail is a form POST {username, email}; a mismatch is "username/e-mail does not exist"; the link works once', async () => {
    const headers = fromNewIp();
    const form = await t.call({
      url: '/wps/member/password/email',
      method: 'POST',
      payload: 'username=agent2&email=AGENT2%40luckylotus.example',
      headers: {
        ...headers,
        'content-type': 'application/x-www-form-urlencoded',
        host: 'www.luckylotus.example',
      },
    });
    expect(form.statusCode).toBe(200);
    expect(form.json()).toEqual({ success: true, value: { sent: true, expiresInMinutes: 30 } });
    const [mail] = await t.app.ctx.outbox.list({ to: 'agent2@luckylotus.example', limit: 1 });
    expect(mail!.subject).toMatch(/reset your password/);
    const link = /https?:\/\/\S+resetPasswordToken=(\S+)/.exec(mail!.body)!;
    expect(link[0]).toMatch(/^http:\/\/www\.luckylotus\.example\/\?resetPasswordToken=/);
    const resetToken = decodeURIComponent(link[1]!);

    const json = await t.call({
      url: '/wps/member/password/email',
      method: 'POST',
      payload: { username: 'agent2', email: 'someone@else.example' },
      headers,
    });
    expect(json.statusCode).toBe(404);
    expect(json.json()).toMatchObject({
      errorCode: 'user.email.notfound',
      message: 'Username or e-mail does not exist',
    });

    const reset = await secureCall(t, {
      url: '/wps/member/password/email/reset',
      payload: { resetToken, newPassword: 'Agent5678', confirmNewPassword: 'Agent5678' },
      headers,
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().value.userName).toBe('agent2');
    const twice = await secureCall(t, {
      url: '/wps/member/password/email/reset',
      payload: { resetToken, newPassword: 'Agent9999', confirmNewPassword: 'Agent9999' },
      headers,
    });
    expect(twice.json().errorCode).toBe('password.reset.invalid');
    expect((await loginCall(t, { username: 'agent2', password: 'Agent5678' }, headers)).statusCode).toBe(200);
  });

  it('a forged Host header never puts its domain into the reset link', async () => {
    await t.call({
      url: '/wps/member/password/email',
      method: 'POST',
      payload: { username: 'agent1', email: 'agent1@luckylotus.example' },
      headers: { ...fromNewIp(), host: 'evil.example' },
    });
    const [mail] = await t.app.ctx.outbox.list({ to: 'agent1@luckylotus.example', limit: 1 });
    expect(mail!.body).not.toContain('evil.example');
    expect(mail!.body).toContain('https://www.luckylotus.example/?resetPasswordToken=');
  });

  it('PW-07 PW-09 forgot password by phone: send code {countryDialingCode, mobileNum} gives value.expirationTime; the encrypted verification sets the password and logs in', async () => {
    const headers = fromNewIp();
    const sent = await t.call({
      url: '/wps/verification/sms/forgotPassword',
      method: 'POST',
      payload: { countryDialingCode: '66', mobileNum: '812345678' },
      headers,
    });
    expect(sent.statusCode).toBe(200);
    const expirationTime = sent.json().value.expirationTime;
    expect(expirationTime - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(expirationTime - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    const code = await latestCode(t, '+66812345678');
    const res = await secureCall(t, {
      url: '/wps/member/password/verification',
      payload: {
        newPassword: 'Agent2468',
        mobileNum: '812345678',
        verificationCode: code,
        challengeId: '',
        challengeToken: '',
      },
      headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ userName: 'agent1', forceChangePassword: false });
    expect((await t.call({ url: '/wps/member/info', token: res.json().value.token })).statusCode).toBe(200);
    expect((await loginCall(t, { username: 'agent1', password: 'Agent2468' }, headers)).statusCode).toBe(200);
    const reused = await secureCall(t, {
      url: '/wps/member/password/verification',
      payload: { newPassword: 'Agent1357', mobileNum: '812345678', verificationCode: code },
      headers,
    });
    expect(reused.json().errorCode).toBe('verification.code.invalid');
  });

  it('forgot password by phone needs CHNGPASSVERIF3', async () => {
    await t.app.ctx.system.setSwitch(FeatureSwitch.forgotPasswordByPhone, false);
    try {
      const res = await t.call({
        url: '/wps/verification/sms/forgotPassword',
        method: 'POST',
        payload: { countryDialingCode: '66', mobileNum: '812345678' },
        headers: fromNewIp(),
      });
      expect(res.json().errorCode).toBe('function.disabled');
    } finally {
      await t.app.ctx.system.setSwitch(FeatureSwitch.forgotPasswordByPhone, true);
    }
  });

  it('SV-13 an authenticator is bound with a QR code and a confirming code, then works as the second factor', async () => {
    const headers = fromNewIp();
    const token = await loginToken(t, 'demo', 'Demo1234', headers);
    const start = (await t.call({ url: '/wps/member/security/totp', method: 'POST', token })).json().value;
    expect(start.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Lucky%20Lotus:demo\?/);
    expect(start.qrCode).toMatch(/^data:image\/png;base64,/);
    const totp = new TOTP({ secret: Secret.fromBase32(start.secret), digits: 6, period: 30 });
    const bad = await t.call({
      url: '/wps/member/security/totp/confirm',
      method: 'POST',
      payload: { code: totp.generate() === '000000' ? '111111' : '000000' },
      token,
    });
    expect(bad.json().errorCode).toBe('totp.code.invalid');
    const ok = await t.call({
      url: '/wps/member/security/totp/confirm',
      method: 'POST',
      payload: { code: totp.generate() },
      token,
    });
    expect(ok.json()).toEqual({ success: true, value: { bound: true } });
    expect((await t.call({ url: '/wps/member/info', token })).json().value.totpBound).toBe(true);

    await t.app.ctx.system.setSwitch(FeatureSwitch.loginIpVerification, true);
    try {
      const newIp = fromNewIp();
      const pending = await loginCall(t, { username: 'demo', password: 'Demo1234' }, newIp);
      expect(pending.json().value.methods).toContain('TOTP');
      const res = await secureCall(t, {
        url: '/wps/session/login/verification',
        payload: { verifyToken: pending.json().value.verifyToken, method: 'TOTP', code: totp.generate() },
        headers: newIp,
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await t.app.ctx.system.setSwitch(FeatureSwitch.loginIpVerification, false);
    }
  });
});
