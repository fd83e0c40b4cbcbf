import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { captchaAnswer, loginToken, secureCall } from '../session/accounts-test-kit.ts';

/**
 * Only the languages the brand offers (config/brand.json: supportLanguages MY, EN, CN plus the
 * header picker's labels, each mapped through languageLabels, decision D1) are ever stored as a
 * member's language; the brand default is "MY", i.e. "my".
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ configOverrides: { trustProxy: true } });
});
afterAll(async () => t?.close());

let seq = 10;

async function registerWithLanguage(language: string): Promise<string> {
  const headers = { 'x-forwarded-for': `100.72.0.${seq}`, language };
  const captchaRes = await t.call({ url: '/wps/captcha', headers });
  const captchaId = captchaRes.headers['captcha-id'] as string;
  const username = `lang${String(seq++).padStart(4, '0')}`;
  const res = await secureCall(t, {
    url: '/wps/member/register',
    method: 'PUT',
    payload: {
      username,
      password: 'Lotus2024',
      confirmPassword: 'Lotus2024',
      captcha: await captchaAnswer(t, captchaId),
      registerMethod: 'WEB',
    },
    headers: { ...headers, 'captcha-id': captchaId },
  });
  expect(res.statusCode, res.body).toBe(200);
  const info = await t.call({ url: '/wps/member/info', token: res.json().value.token });
  return info.json().value.language as string;
}

describe(`a member's language is one the brand offers, everywhere (${testDbKind})`, () => {
  it('registration stores the Language header only when it names an offered language, else the brand default', async () => {
    expect(await registerWithLanguage('<svg/onload=alert(1)>')).toBe('my');
    expect(await registerWithLanguage('fr')).toBe('my');
    expect(await registerWithLanguage('zh-CN')).toBe('zh-CN');
    expect(await registerWithLanguage('zh-cn')).toBe('zh-CN');
    // A picker label maps through the brand's languageLabels.
    expect(await registerWithLanguage('EN')).toBe('en');
    expect(await registerWithLanguage('vi')).toBe('vi');
  });

  it('free play gives the trial account an offered language whatever the header says', async () => {
    const res = await secureCall(t, {
      url: '/wps/session/login/freeplay',
      payload: { os: 'Linux', platform: 'W', randomString: 'language-device-000001', gatewayVersion: 3 },
      headers: { 'x-forwarded-for': '100.72.1.1', language: '"><img src=x>' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const info = await t.call({ url: '/wps/member/info', token: res.json().value.token });
    expect(info.json().value.language).toBe('my');
  });

  it('a language stored before the check (any text) never comes back from member info: the brand default does', async () => {
    const token = await loginToken(t, 'agent1', 'Agent1234', { 'x-forwarded-for': '100.72.1.3' });
    await t.database.db
      .updateTable('member')
      .set({ language: '<svg/onlo' })
      .where('username', '=', 'agent1')
      .execute();
    const info = await t.call({ url: '/wps/member/info', token });
    expect(info.json().value.language).toBe('my');
  });

  it('PUT /wps/member/language stores an offered language and refuses any other with 422 invalid.input naming the offered ones', async () => {
    const token = await loginToken(t, 'agent2', 'Agent1234', { 'x-forwarded-for': '100.72.1.2' });
    const put = (language: string) =>
      t.call({ url: '/wps/member/language', method: 'PUT', payload: { language }, token });
    expect((await put('zh-CN')).json()).toEqual({ success: true, value: { language: 'zh-CN' } });
    // "ko" is a catalogue language, but this brand does not offer it.
    const refused = await put('ko');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ success: false, errorCode: 'invalid.input' });
    expect(refused.json().message).toMatch(/not offered.*my, en, zh-CN/);
    expect((await t.call({ url: '/wps/member/info', token })).json().value.language).toBe('zh-CN');
  });
});
