import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, hashToken } from './session.ts';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { memberWithMoney } from '../../modules/wallet/wallet-test-kit.ts';

/**
 * A poll is not the player's activity (decision 050, WCAG 2.2.1): a call sent with
 * `Session-Activity: passive` (the web client's balance, unread-count and status polls) is
 * answered as any call but does not extend the idle deadline; the same call without it does.
 */
const policy = { idleMs: 100_000, absoluteMs: 3_600_000 };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ configOverrides: { session: policy } });
});
afterAll(async () => t?.close());

/** A session whose last extension was 60 s ago (past the 25 s step). */
async function staleSession() {
  const m = await memberWithMoney(t, 0);
  const token = await createSession(t.database, m.memberId, '127.0.0.1', policy);
  const lastSeen = new Date(Date.now() - 60_000);
  await t.database.db
    .updateTable('session')
    .set({ last_seen_at: lastSeen, idle_expires_at: new Date(lastSeen.getTime() + policy.idleMs) })
    .where('token_hash', '=', hashToken(token))
    .execute();
  const idleEnd = async () =>
    new Date(
      (
        await t.database.db
          .selectFrom('session')
          .select('idle_expires_at')
          .where('token_hash', '=', hashToken(token))
          .executeTakeFirstOrThrow()
      ).idle_expires_at,
    ).getTime();
  return { token, was: lastSeen.getTime() + policy.idleMs, idleEnd };
}

describe(`passive calls (${testDbKind})`, () => {
  it('a call with Session-Activity: passive is answered but leaves the idle deadline; without it, the call extends it', async () => {
    const s = await staleSession();
    const passive = await t.call({
      url: '/wps/v2/wallets/balance',
      token: s.token,
      headers: { 'session-activity': 'passive' },
    });
    expect(passive.statusCode).toBe(200);
    expect(passive.json().success).toBe(true);
    expect(await s.idleEnd()).toBe(s.was);

    // Any other value is activity, as is no header.
    const other = await t.call({
      url: '/wps/v2/wallets/balance',
      token: s.token,
      headers: { 'session-activity': 'yes' },
    });
    expect(other.statusCode).toBe(200);
    expect(await s.idleEnd()).toBeGreaterThanOrEqual(Date.now() + policy.idleMs - 5_000);
  });

  it('a passive call on an ended session is refused as any call', async () => {
    const s = await staleSession();
    await t.database.db
      .updateTable('session')
      .set({ idle_expires_at: new Date(Date.now() - 1_000) })
      .where('token_hash', '=', hashToken(s.token))
      .execute();
    const res = await t.call({
      url: '/wps/v2/wallets/balance',
      token: s.token,
      headers: { 'session-activity': 'passive' },
    });
    expect(res.json().success).toBe(false);
  });
});
