import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { loginToken } from '../session/accounts-test-kit.ts';
import { PASSWORD, newMember, trialToken } from '../withdraw/withdraw-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ configOverrides: { trustProxy: true } });
});
afterAll(async () => t?.close());

const LIST = '/wps/member/security/sessions';
const OTHERS = '/wps/member/security/sessions/logoutOthers';

describe(`active sessions (${testDbKind})`, () => {
  it('lists only the caller\'s own live sessions with IP and times, marks the current one; "log out other devices" ends the rest and the remember tokens', async () => {
    const m = await newMember(t, { money: 0 });
    const second = await loginToken(t, m.username, PASSWORD, { 'x-forwarded-for': '100.64.9.7' });
    const stranger = await newMember(t, { money: 0 });

    const list = await t.call({ url: LIST, token: m.token });
    expect(list.statusCode).toBe(200);
    const sessions = list.json().value.sessions as {
      id: number;
      ip: string;
      current: boolean;
      lastSeenAt: number;
    }[];
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.map((s) => s.ip)).toContain('100.64.9.7');
    for (const s of sessions) expect(s.lastSeenAt).toBeGreaterThan(Date.now() - 60_000);
    // Another member sees only their own one session, never these.
    const theirs = (await t.call({ url: LIST, token: stranger.token })).json().value.sessions;
    expect(theirs).toHaveLength(1);
    expect(theirs[0].current).toBe(true);
    expect(sessions.map((s) => s.id)).not.toContain(theirs[0].id);

    // A remember token of the member, to see it end with the other sessions.
    await t.app.ctx.database.db
      .insertInto('remember_token')
      .values({
        member_id: m.id,
        token_hash: randomBytes(32),
        expires_at: new Date(Date.now() + 86_400_000),
      })
      .execute();

    const ended = await t.call({ method: 'POST', url: OTHERS, token: m.token, payload: {} });
    expect(ended.json()).toEqual({ success: true, value: { ended: 1 } });
    expect((await t.call({ url: '/wps/member/info', token: second })).statusCode).toBe(401);
    expect((await t.call({ url: '/wps/member/info', token: m.token })).statusCode).toBe(200);
    const open = await t.app.ctx.database.db
      .selectFrom('remember_token')
      .select('id')
      .where('member_id', '=', m.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(open).toEqual([]);
    const after = (await t.call({ url: LIST, token: m.token })).json().value.sessions;
    expect(after).toHaveLength(1);
    expect(after[0].current).toBe(true);
    // The stranger's session is untouched.
    expect((await t.call({ url: '/wps/member/info', token: stranger.token })).statusCode).toBe(200);
  });

  it('a trial account is refused with in_need_true_account; no token is a 401', async () => {
    const token = await trialToken(t);
    expect((await t.call({ url: LIST, token })).json().errorCode).toBe('in_need_true_account');
    expect((await t.call({ method: 'POST', url: OTHERS, token, payload: {} })).json().errorCode).toBe(
      'in_need_true_account',
    );
    expect((await t.call({ url: LIST })).statusCode).toBe(401);
  });
});
