import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadingZeroBits } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { captchaAnswer, loginCall } from '../../modules/session/accounts-test-kit.ts';

/**
 * A browser carries its captcha in the HttpOnly cookie the captcha call set, among its other
 * cookies, and sends no Captcha-Id header: the login finds it there (parsed by the `cookie`
 * package). A cookie header no parser expects is a missing captcha, never a server error.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ configOverrides: { trustProxy: true } });
});
afterAll(async () => t?.close());

let ipSeq = 10;
const fromNewIp = () => ({ 'x-forwarded-for': `198.51.100.${ipSeq++}` });

/** A wrong password: from now on agent2's logins need a captcha (until one succeeds). */
async function failOnce() {
  const bad = await loginCall(t, { username: 'agent2', password: 'Wrong1234' }, fromNewIp());
  expect(bad.json()).toMatchObject({ errorCode: 'user.password.invalid', value: { captcha: true } });
}

/** A fresh captcha for a caller of its own address: its cookie (name=value) and its answer. */
async function freshCaptcha() {
  const headers = fromNewIp();
  const res = await t.call({ url: '/wps/captcha', headers });
  const cookie = String(res.headers['set-cookie']).split(';')[0]!;
  const id = res.headers['captcha-id'] as string;
  expect(cookie).toBe(`wps_captcha=${id}`);
  return { headers, cookie, answer: await captchaAnswer(t, id) };
}

describe(`the captcha's cookie (${testDbKind})`, () => {
  it('a login carrying the captcha only in its cookie, beside other cookies, is checked against that captcha', async () => {
    await failOnce();
    const c = await freshCaptcha();
    const wrong = await loginCall(
      t,
      { username: 'agent2', password: 'Agent1234', captcha: c.answer === '0000' ? '1111' : '0000' },
      { ...c.headers, cookie: `theme=dark; ${c.cookie}; lang=my` },
    );
    expect(wrong.json()).toMatchObject({ errorCode: 'captcha.invalid' });

    const good = await freshCaptcha();
    const ok = await loginCall(
      t,
      { username: 'agent2', password: 'Agent1234', captcha: good.answer },
      { ...good.headers, cookie: `theme=dark;${good.cookie} ; lang=my` },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value.token).toEqual(expect.any(String));
  });

  it('a malformed or over-long captcha cookie reads as no captcha: captcha.invalid, not a 500', async () => {
    await failOnce();
    for (const cookie of [
      'wps_captcha=%E0%A4%A',
      'wps_captcha=%',
      `wps_captcha=${'a'.repeat(65)}`,
      'wps_captcha',
    ]) {
      const c = await freshCaptcha();
      const res = await loginCall(
        t,
        { username: 'agent2', password: 'Agent1234', captcha: c.answer },
        {
          ...c.headers,
          cookie,
        },
      );
      expect(res.statusCode, cookie).toBeLessThan(500);
      expect(res.json(), cookie).toMatchObject({ errorCode: 'captcha.invalid' });
    }
  });

  it("the accessible alternative (decision 050): a proof of work on the check's salt passes the login's captcha, a wrong one and a second use do not", async () => {
    const check = async () => {
      const headers = fromNewIp();
      const res = await t.call({ url: '/wps/captcha/check', headers });
      const { salt, bits } = res.json().value as { salt: string; bits: number };
      expect(bits).toBe(14);
      const id = res.headers['captcha-id'] as string;
      let n = 0;
      const ok = (x: number) => leadingZeroBits(createHash('sha256').update(`${salt}:${x}`).digest()) >= bits;
      while (!ok(n)) n++;
      let bad = 0;
      while (ok(bad)) bad++;
      return { headers: { ...headers, 'captcha-id': id }, answer: String(n), wrong: String(bad) };
    };
    // agent2 needs a captcha from here (the tests before may have left it so already).
    const bad = await loginCall(t, { username: 'agent2', password: 'Wrong1234' }, fromNewIp());
    expect(bad.json()).toMatchObject({ value: { captcha: true } });
    const refused = await check();
    const wrong = await loginCall(
      t,
      { username: 'agent2', password: 'Agent1234', captcha: refused.wrong },
      refused.headers,
    );
    expect(wrong.json()).toMatchObject({ errorCode: 'captcha.invalid' });
    // Spent, right or wrong: the right answer to the same check is refused now.
    const again = await loginCall(
      t,
      { username: 'agent2', password: 'Agent1234', captcha: refused.answer },
      refused.headers,
    );
    expect(again.json()).toMatchObject({ errorCode: 'captcha.invalid' });
    const c = await check();
    const ok = await loginCall(
      t,
      { username: 'agent2', password: 'Agent1234', captcha: c.answer },
      c.headers,
    );
    expect(ok.statusCode).toBe(200);
  });
});
