import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeatureSwitch } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { captchaAnswer, latestCode, secureCall } from '../session/accounts-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ configOverrides: { trustProxy: true } });
});
afterAll(async () => t?.close());

let ipSeq = 10;
const fromNewIp = () => ({ 'x-forwarded-for': `100.64.0.${ipSeq++}` });

async function withCaptcha(headers: Record<string, string>) {
  const res = await t.call({ url: '/wps/captcha', headers });
  const id = res.headers['captcha-id'] as string;
  return { headers: { ...headers, 'captcha-id': id }, captcha: await captchaAnswer(t, id) };
}

/** The full register payload of spec B §3 (RG-26) with the extra fields of §3/§7 (RG-27). */
function fullPayload(overrides: Record<string, unknown> = {}) {
  return {
    username: 'newplayer01',
    password: 'Lotus2024',
    confirmPassword: 'Lotus2024',
    payeeName: 'Tran Minh',
    email: 'tran.minh@example.com',
    qqNum: '',
    mobileNum: '',
    recommenderId: '',
    captcha: '',
    verificationCode: '',
    affiliateCode: 'LOTUS8',
    paymentPassword: '',
    line: '',
    whatsapp: '',
    facebook: '',
    wechat: '',
    idNumber: '',
    referralCode: 'DEMO8888',
    domain: 'www.luckylotus.example',
    countryDialingCode: '84',
    login: true,
    firebaseChannel: 'sms',
    firebaseIdToken: '',
    registerUrl: 'https://www.luckylotus.example/register?affiliateCode=LOTUS8',
    registerMethod: 'WEB',
    challengeId: '',
    challengeToken: '',
    ...overrides,
  };
}

const register = (payload: unknown, headers: Record<string, string>, mobile = false) =>
  secureCall(t, {
    url: mobile ? '/wps/member/register/mobile' : '/wps/member/register',
    method: 'PUT',
    payload,
    headers,
  });

describe(`registration (${testDbKind})`, () => {
  it('RG-26 RG-27 RG-28 RG-30 RG-31 the username tab registers the full payload through encrypted PUT /wps/member/register; the value holds the login token', async () => {
    const { headers, captcha } = await withCaptcha(fromNewIp());
    const res = await register(fullPayload({ captcha }), headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.value.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.value).toMatchObject({
      userName: 'newplayer01',
      type: 0,
      firstTimeLogin: true,
      forceChangePassword: false,
    });
    const info = (await t.call({ url: '/wps/member/info', token: body.value.token })).json().value;
    expect(info).toMatchObject({
      account: 'newplayer01',
      payeeName: 'Tran Minh',
      email: 'tr***@example.com',
    });
    const row = await t.database.db
      .selectFrom('member')
      .selectAll()
      .where('username', '=', 'newplayer01')
      .executeTakeFirstOrThrow();
    const agent1 = await t.database.db
      .selectFrom('member')
      .select('id')
      .where('username', '=', 'agent1')
      .executeTakeFirstOrThrow();
    const demo = await t.database.db
      .selectFrom('member')
      .select('id')
      .where('username', '=', 'demo')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      upline_id: agent1.id,
      referrer_id: demo.id,
      register_method: 'WEB',
      register_domain: 'www.luckylotus.example',
    });
    expect(row.register_url).toBe('https://www.luckylotus.example/register?affiliateCode=LOTUS8');
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(
      (await t.call({ url: '/wps/v2/wallets/balance', token: body.value.token })).json().value.sumBalance,
    ).toBe(0);
  });

  it('the username must be new (case-insensitively)', async () => {
    const { headers, captcha } = await withCaptcha(fromNewIp());
    const res = await register(fullPayload({ username: 'DEMOx', captcha }), headers);
    expect(res.statusCode).toBe(422);
    const again = await withCaptcha(fromNewIp());
    const taken = await register(fullPayload({ username: 'Agent1', captcha: again.captcha }), again.headers);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ errorCode: 'user.exists' });
  });

  it('RG-29 RG-20 the mobile tab registers through PUT /wps/member/register/mobile with the SMS code; the username is the number', async () => {
    const headers = fromNewIp();
    await t.call({
      url: '/wps/verification/sms/register/mobile',
      method: 'POST',
      payload: { mobileNo: '931234567', countryDialingCode: '84' },
      headers,
    });
    const code = await latestCode(t, '+84931234567');
    const c = await withCaptcha(headers);
    const res = await register(
      fullPayload({
        username: '931234567',
        mobileNum: '931234567',
        verificationCode: code,
        captcha: c.captcha,
        affiliateCode: '',
        referralCode: '',
        email: '',
        payeeName: '',
      }),
      c.headers,
      true,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ userName: '931234567', forceChangePassword: false });
    const row = await t.database.db
      .selectFrom('member')
      .selectAll()
      .where('username', '=', '931234567')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ mobile_dialing_code: '84', mobile_number: '931234567' });
  });

  it('RG-32 ER-03 the affiliate check takes {code, domain}; an unknown code is "invitation code error" and stops registration', async () => {
    const ok = await t.call({ url: '/wps/agent/affiliate?code=lotus8&domain=www.luckylotus.example' });
    expect(ok.json()).toEqual({ success: true, value: { code: 'LOTUS8', kind: 'AFFILIATE', valid: true } });
    const bad = await t.call({ url: '/wps/agent/affiliate?code=NOPE99&domain=www.luckylotus.example' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({
      success: false,
      errorCode: 'invitation.code.error',
      message: 'invitation code error',
    });
    const { headers, captcha } = await withCaptcha(fromNewIp());
    const res = await register(
      fullPayload({ username: 'invitee01', affiliateCode: 'NOPE99', captcha }),
      headers,
    );
    expect(res.json().message).toBe('invitation code error');
    expect(
      await t.database.db
        .selectFrom('member')
        .select('id')
        .where('username', '=', 'invitee01')
        .executeTakeFirst(),
    ).toBeUndefined();
  });

  it('ER-31 ER-32 ER-33 ER-34 ER-35 ER-36 ER-39 the server enforces the register rules with the catalogue messages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ username: '1abc' }, 'account.format.invalid', 'Account format incorrect'],
      [{ username: '' }, 'input.empty', 'Input cannot be empty'],
      [
        { password: 'abcdefgh', confirmPassword: 'abcdefgh' },
        'password.format.invalid',
        'Password format incorrect',
      ],
      [{ confirmPassword: 'Lotus2025' }, 'password.confirm.mismatch', 'Confirmation password is not correct'],
      [{ payeeName: 'Tran' }, 'real.name.format.invalid', 'Real name format incorrect'],
      [{ email: 'not-an-email' }, 'email.format.invalid', 'E-mail format incorrect'],
      [{ mobileNum: '12ab' }, 'phone.number.format.invalid', 'Phone number format incorrect'],
    ];
    for (const [overrides, code, message] of cases) {
      const res = await register(fullPayload({ username: 'rulecheck01', ...overrides }), fromNewIp());
      expect(res.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(res.json().errorCode).toBe(code);
      expect(res.json().message.startsWith(message)).toBe(true);
    }
    // The pattern message names the bounds, as the client shows them (ER-42).
    const short = await register(fullPayload({ username: 'ab1' }), fromNewIp());
    expect(short.json().message).toContain('6-16 characters');
  });

  it('RG-22 the verification code is at most 255 characters', async () => {
    const res = await register(fullPayload({ verificationCode: '1'.repeat(256) }), fromNewIp());
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/verificationCode/);
  });

  it('ER-37 the register captcha follows CAPTCHA3: required while on, and neither shown nor needed while off', async () => {
    const missing = await register(fullPayload({ username: 'nocaptcha01' }), fromNewIp());
    expect(missing.json()).toMatchObject({
      errorCode: 'captcha.required',
      message: 'Please enter the captcha',
    });
    expect((await t.call({ url: '/wps/system/setting/register' })).json().value.captcha).toMatchObject({
      enabled: true,
      required: true,
    });
    await t.app.ctx.system.setSwitch(FeatureSwitch.registerCaptcha, false);
    try {
      expect((await t.call({ url: '/wps/system/setting/register' })).json().value.captcha).toMatchObject({
        enabled: false,
        required: false,
      });
      const res = await register(
        fullPayload({ username: 'nocaptcha01', affiliateCode: '', referralCode: '' }),
        fromNewIp(),
      );
      expect(res.statusCode).toBe(200);
    } finally {
      await t.app.ctx.system.setSwitch(FeatureSwitch.registerCaptcha, true);
    }
  });

  it('a plain (unencrypted) register body is refused', async () => {
    const res = await t.call({ url: '/wps/member/register', method: 'PUT', payload: fullPayload() });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('payload.encryption.required');
  });
});
