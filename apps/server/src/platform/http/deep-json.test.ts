import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { memberWithMoney, walletMinor } from '../../modules/wallet/wallet-test-kit.ts';
import { sandboxNotify } from '../../modules/deposit/deposit-test-kit.ts';
import { SANDBOX_VENDOR_CODE } from '../../modules/games/sandbox-vendor.ts';
import { vendorWalletPath } from '../../modules/games/vendor-callbacks.routes.ts';
import { signedHeaders } from '../../modules/games/vendor-signature.ts';
import { MAX_NESTING } from './nul-guard.ts';

/**
 * A JSON body nested thousands of levels deep (30 kB of `{"a":`) exhausted the stack of the edge's
 * NUL check and answered 500 on every JSON call, the login among them, and on signed callbacks.
 * Found by issue 28's re-attack; such a body is bad input: 422, naming where it went too deep.
 */
const PAY_SECRET = 'deep-json-test-pay-secret';
const GAME_SECRET = 'deep-json-test-game-secret';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ services: { sandboxPaySecret: PAY_SECRET, gameSandboxSecret: GAME_SECRET } });
});
afterAll(async () => t?.close());

const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
const deepArray = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe(`deeply nested JSON is bad input, never a 500 (${testDbKind})`, () => {
  it('the login, a member call and a field nested past the limit answer 422 invalid.input; the server answers the next request', async () => {
    const m = await memberWithMoney(t, 1_000, { prefix: 'deepjson' });
    for (const body of [
      deepObject(5_000),
      deepArray(8_000),
      deepObject(100_000),
      deepObject(MAX_NESTING + 1),
    ])
      for (const call of [{ url: '/wps/session/login' }, { url: '/wps/member/profile', token: m.token }]) {
        const res = await t.call({
          method: 'POST',
          ...call,
          headers: { 'content-type': 'application/json' },
          payload: body,
        });
        expect(res.statusCode, `${call.url} ${body.length}`).toBe(422);
        expect(res.json()).toMatchObject({ success: false, errorCode: 'invalid.input' });
        expect(res.json().message).toMatch(/nests deeper than \d+ levels/);
      }
    // Within the limit the depth itself is no reason to refuse: the call's schema decides.
    const shallow = await t.call({
      method: 'POST',
      url: '/wps/session/login',
      headers: { 'content-type': 'application/json' },
      payload: deepObject(3),
    });
    expect(shallow.statusCode).toBeLessThan(500);
    expect(shallow.json().message ?? '').not.toMatch(/nests deeper/);
    expect((await t.call({ url: '/wps/member/info', token: m.token })).statusCode).toBe(200);
  });

  it('a signed gateway notification or vendor callback nested thousands deep is 422 and moves nothing', async () => {
    const m = await memberWithMoney(t, 1_000, { prefix: 'deepjson2' });
    const notified = await sandboxNotify(t, PAY_SECRET, deepObject(5_000));
    expect(notified.statusCode).toBe(422);
    const path = vendorWalletPath(SANDBOX_VENDOR_CODE, 'debit');
    const raw = deepArray(8_000);
    const debit = await t.call({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json', ...signedHeaders(GAME_SECRET, 'POST', path, raw) },
      payload: raw,
    });
    expect(debit.statusCode).toBe(422);
    expect(await walletMinor(t, m.memberId)).toBe(1_000);
  });
});
