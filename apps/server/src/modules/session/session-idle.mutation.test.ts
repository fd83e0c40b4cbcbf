import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, findSession, hashToken } from '../../platform/auth/session.ts';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { memberWithMoney } from '../wallet/wallet-test-kit.ts';

/**
 * The idle deadline's extension, which the mutation run (docs/mutation-testing.md) found no
 * session test holding: a call extends it once the last extension is older than a step of
 * min(1 minute, idle time-out / 4), to idle time-out after now, never past the absolute end.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const policy = { idleMs: 100_000, absoluteMs: 3_600_000 };

async function sessionAged(agoMs: number) {
  const m = await memberWithMoney(t, 0);
  const token = await createSession(t.database, m.memberId, '127.0.0.1', policy);
  const lastSeen = new Date(Date.now() - agoMs);
  await t.database.db
    .updateTable('session')
    .set({ last_seen_at: lastSeen, idle_expires_at: new Date(lastSeen.getTime() + policy.idleMs) })
    .where('token_hash', '=', hashToken(token))
    .execute();
  const row = () =>
    t.database.db
      .selectFrom('session')
      .select(['last_seen_at', 'idle_expires_at', 'absolute_expires_at'])
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
  return { token, lastSeen, row, memberId: m.memberId };
}

describe(`idle deadline (${testDbKind})`, () => {
  it('a call within the step (25 s of a 100 s idle time-out) writes nothing', async () => {
    const s = await sessionAged(20_000);
    expect(await findSession(t.database, s.token, policy)).toMatchObject({ memberId: s.memberId });
    const after = await s.row();
    expect(new Date(after.last_seen_at).getTime()).toBe(s.lastSeen.getTime());
    expect(new Date(after.idle_expires_at).getTime()).toBe(s.lastSeen.getTime() + policy.idleMs);
  });

  it('a call past the step moves the idle deadline to idle time-out after now', async () => {
    const s = await sessionAged(30_000);
    const before = Date.now();
    expect(await findSession(t.database, s.token, policy)).toMatchObject({ memberId: s.memberId });
    const after = await s.row();
    expect(new Date(after.last_seen_at).getTime()).toBeGreaterThanOrEqual(before - 1_000);
    const idle = new Date(after.idle_expires_at).getTime();
    expect(idle).toBeGreaterThanOrEqual(before + policy.idleMs - 1_000);
    expect(idle).toBeLessThanOrEqual(Date.now() + policy.idleMs + 1_000);
  });

  it('the step is a minute at most: a long idle time-out is extended after 61 s, not after 50 s', async () => {
    const long = { idleMs: 30 * 60_000, absoluteMs: 3_600_000 };
    for (const [ago, moved] of [
      [50_000, false],
      [61_000, true],
    ] as const) {
      const m = await memberWithMoney(t, 0);
      const token = await createSession(t.database, m.memberId, '127.0.0.1', long);
      const lastSeen = new Date(Date.now() - ago);
      await t.database.db
        .updateTable('session')
        .set({ last_seen_at: lastSeen })
        .where('token_hash', '=', hashToken(token))
        .execute();
      await findSession(t.database, token, long);
      const row = await t.database.db
        .selectFrom('session')
        .select('last_seen_at')
        .where('token_hash', '=', hashToken(token))
        .executeTakeFirstOrThrow();
      expect(new Date(row.last_seen_at).getTime() !== lastSeen.getTime(), `${ago} ms`).toBe(moved);
    }
  });

  it('an extension never passes the absolute end', async () => {
    const s = await sessionAged(30_000);
    const end = new Date(Date.now() + 40_000);
    await t.database.db
      .updateTable('session')
      .set({ absolute_expires_at: end })
      .where('token_hash', '=', hashToken(s.token))
      .execute();
    await findSession(t.database, s.token, policy);
    expect(new Date((await s.row()).idle_expires_at).getTime()).toBe(end.getTime());
  });
});
