import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCalls } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { loginToken } from '../../modules/session/accounts-test-kit.ts';

/**
 * Every call the contract marks as needing a token, now and as later issues add them, refuses a
 * caller without one and a token that logout ended, with 401 `user.or.token.invalid`, before it
 * looks at anything else the request carries.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ configOverrides: { trustProxy: true } });
});
afterAll(async () => t?.close());

const guarded = allCalls.filter((c) => c.token);
const ip = { 'x-forwarded-for': '192.0.2.210' };

describe(`token checks on every guarded call (${testDbKind})`, () => {
  it('the contract marks calls as needing a token', () => {
    expect(guarded.length).toBeGreaterThan(5);
  });

  it('no token, a made-up token and a token ended by logout each get 401 user.or.token.invalid', async () => {
    const ended = await loginToken(t, 'demo', 'Demo1234', ip);
    const logout = await t.call({ method: 'POST', url: '/wps/session/logout', token: ended, headers: ip });
    expect(logout.statusCode, logout.body).toBe(200);
    for (const call of guarded) {
      for (const [label, token] of [
        ['no token', undefined],
        ['a made-up token', 'x'.repeat(43)],
        ['a token after logout', ended],
      ] as const) {
        const res = await t.call({
          method: call.method,
          url: call.path,
          headers: ip,
          ...(token ? { token } : {}),
          ...(call.method === 'GET' ? {} : { payload: {} }),
        });
        const where = `${call.method} ${call.path} with ${label}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, where).toBe(401);
        expect(res.json(), where).toMatchObject({ success: false, errorCode: 'user.or.token.invalid' });
      }
    }
  });
});
