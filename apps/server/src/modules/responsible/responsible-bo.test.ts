import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { auditOf, callerIp, createSignedIn, type SignedIn } from '../backoffice/backoffice-test-kit.ts';
import { memberWithMoney } from '../wallet/wallet-test-kit.ts';

/**
 * A player's responsible-gambling tools in the back office (decision 039): support (player.lock)
 * sees them and changes nothing; risk (player.limits) sets a stricter limit or a time-out, never a
 * looser one, and every change is in the audit log with the state before and after.
 */
let t: TestApp;
let support: SignedIn;
let risk: SignedIn;
const tag = `rg${randomBytes(3).toString('hex')}`;

beforeAll(async () => {
  t = await createTestApp({ configOverrides: { trustProxy: true } });
  support = await createSignedIn(t, `sup-${tag}`, 'support');
  risk = await createSignedIn(t, `risk-${tag}`, 'risk');
}, 180_000);
afterAll(async () => t?.close());

function bo(who: SignedIn, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.call({
    method,
    url,
    headers: callerIp(),
    token: who.token,
    ...(method === 'POST' ? { payload: payload ?? {} } : {}),
  });
}

describe(`back office: responsible gambling (${testDbKind})`, () => {
  it("support sees a player's limits; only player.limits sets a stricter one, audited; a looser one is refused", async () => {
    const m = await memberWithMoney(t, 0);
    await t.call({
      method: 'POST',
      url: '/wps/responsible/limit',
      token: m.token,
      payload: { kind: 'deposit', period: 'day', amount: 500 },
    });
    const seen = await bo(support, 'GET', `/bo/api/players/responsible?id=${m.memberId}`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().value.limits).toMatchObject([
      { kind: 'deposit', period: 'day', amount: 500, used: 0 },
    ]);

    const body = {
      id: m.memberId,
      kind: 'deposit',
      period: 'day',
      amount: 200,
      reason: 'affordability check',
    };
    expect((await bo(support, 'POST', '/bo/api/players/responsible/limit', body)).statusCode).toBe(403);
    const set = await bo(risk, 'POST', '/bo/api/players/responsible/limit', body);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().value.limits[0]).toMatchObject({ amount: 200, pending: null });
    const looser = await bo(risk, 'POST', '/bo/api/players/responsible/limit', { ...body, amount: 300 });
    expect(looser.statusCode).toBe(409);
    expect(looser.json().errorCode).toBe('rg.limit.not.stricter');
    const bad = await bo(risk, 'POST', '/bo/api/players/responsible/limit', { ...body, period: 'session' });
    expect(bad.statusCode).toBe(422);

    const [entry] = (await auditOf(t, 'player.rg-limit')).filter((e) => e.target_id === String(m.memberId));
    expect(entry).toMatchObject({ actor_name: risk.username });
    expect(entry!.before).toMatchObject({ kind: 'deposit', period: 'day', limit: { amount: 50_000 } });
    expect(entry!.after).toMatchObject({ limit: { amount: 20_000 }, reason: 'affordability check' });
  });

  it("a time-out by staff ends the player's sessions, is audited and cannot be shortened", async () => {
    const m = await memberWithMoney(t, 0);
    const body = { id: m.memberId, duration: '1w', reason: 'player asked by phone' };
    expect((await bo(support, 'POST', '/bo/api/players/responsible/timeout', body)).statusCode).toBe(403);
    const res = await bo(risk, 'POST', '/bo/api/players/responsible/timeout', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.block).toMatchObject({ kind: 'timeout' });
    const balance = await t.call({ url: '/wps/v2/wallets/balance', token: m.token });
    expect(balance.statusCode).toBe(401);
    const shorter = await bo(risk, 'POST', '/bo/api/players/responsible/timeout', {
      ...body,
      duration: '24h',
    });
    expect(shorter.json().errorCode).toBe('rg.block.shorter');
    const [entry] = (await auditOf(t, 'player.rg-timeout')).filter((e) => e.target_id === String(m.memberId));
    expect(entry!.before).toMatchObject({ block: null, liveSessions: 1 });
    expect(entry!.after).toMatchObject({ block: { kind: 'timeout' }, duration: '1w' });
  });
});
