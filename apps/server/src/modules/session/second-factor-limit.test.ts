import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeatureSwitch } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { loginCall, loginToken, secureCall } from './accounts-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    configOverrides: { trustProxy: true },
    // A short lock, so the test also sees it end.
    services: { login: { lockoutMs: 3_000 } },
  });
  await loginToken(t, 'demo', 'Demo1234', { 'x-forwarded-for': '198.51.100.50' });
  await t.app.ctx.system.setSwitch(FeatureSwitch.loginIpVerification, true);
});
afterAll(async () => t?.close());

const newIp = { 'x-forwarded-for': '198.51.100.51' };

async function pendingLogin(): Promise<string> {
  const res = await loginCall(t, { username: 'demo', password: 'Demo1234' }, newIp);
  expect(res.json().errorCode).toBe('login_verify_required');
  return res.json().value.verifyToken as string;
}

const answer = (verifyToken: string, code: string) =>
  secureCall(t, {
    url: '/wps/session/login/verification',
    payload: { verifyToken, method: 'BANK_NAME', code },
    headers: newIp,
  });

describe(`second-factor failures count per member, across pending logins (${testDbKind})`, () => {
  it('five wrong answers spread over two logins lock the second factor; a new login gives no new guesses; the lock ends', async () => {
    const first = await pendingLogin();
    for (let i = 0; i < 3; i++)
      expect((await answer(first, `Wrong Name ${i}`)).json().errorCode).toBe(
        'login.verify.bank.name.invalid',
      );
    // A fresh login with the right password: still only two guesses left.
    const second = await pendingLogin();
    for (let i = 0; i < 2; i++)
      expect((await answer(second, `Other Name ${i}`)).json().errorCode).toBe(
        'login.verify.bank.name.invalid',
      );
    const lockedRight = await answer(second, 'demo player');
    expect(lockedRight.statusCode).toBe(429);
    expect(lockedRight.json()).toMatchObject({ errorCode: 'TOO_MANY_REQUESTS' });

    const third = await pendingLogin();
    const stillLocked = await answer(third, 'demo player');
    expect(stillLocked.statusCode).toBe(429);

    await new Promise((r) => setTimeout(r, 3_100));
    const afterLock = await answer(third, 'demo player');
    expect(afterLock.statusCode, afterLock.body).toBe(200);
    expect(afterLock.json().value.userName).toBe('demo');
  });

  it('a right answer forgets the failures before it, as a right password does', async () => {
    await t.call({ url: '/wps/session/logout', method: 'POST' });
    const ip = { 'x-forwarded-for': '198.51.100.52' };
    const start = async () =>
      (await loginCall(t, { username: 'demo', password: 'Demo1234' }, ip)).json().value.verifyToken as string;
    const verify = (verifyToken: string, code: string) =>
      secureCall(t, {
        url: '/wps/session/login/verification',
        payload: { verifyToken, method: 'BANK_NAME', code },
        headers: ip,
      });
    const pending = await start();
    for (let i = 0; i < 4; i++) expect((await verify(pending, `Nope ${i}`)).statusCode).toBe(422);
    expect((await verify(pending, 'demo player')).statusCode).toBe(200);
    // That IP is known now; from yet another one the count starts again at zero.
    const other = { 'x-forwarded-for': '198.51.100.53' };
    const next = (await loginCall(t, { username: 'demo', password: 'Demo1234' }, other)).json().value
      .verifyToken as string;
    for (let i = 0; i < 4; i++)
      expect(
        (
          await secureCall(t, {
            url: '/wps/session/login/verification',
            payload: { verifyToken: next, method: 'BANK_NAME', code: `Nope ${i}` },
            headers: other,
          })
        ).statusCode,
      ).toBe(422);
  });
});
