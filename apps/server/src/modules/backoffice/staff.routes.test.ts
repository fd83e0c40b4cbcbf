import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffice } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { hashToken } from '../../platform/auth/session.ts';
import {
  auditOf,
  callerIp,
  createSignedIn,
  freshCode,
  signInAgain,
  type SignedIn,
} from './backoffice-test-kit.ts';
import { totpCode } from './totp.ts';

/**
 * Staff sign-in (issue 31, decision 031): password then authenticator, enrolment at the first
 * sign-in, a code good once, sessions that idle out and end at logout or when the account is
 * disabled, the limits on guesses, and an audit entry for each of these.
 */
const E = backoffice.BackofficeErrors;
const IDLE_MS = 10 * 60_000;

let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp({
    configOverrides: { trustProxy: true },
    services: { staff: { idleMs: IDLE_MS, failures: { limit: 3, windowMs: 60_000 } } },
  });
  admin = await createSignedIn(t, 'root', 'admin');
}, 120_000);
afterAll(async () => t?.close());

const login = (username: string, password: string, headers = callerIp()) =>
  t.call({ method: 'POST', url: '/bo/api/session/login', headers, payload: { username, password } });
const post = (url: string, token: string, payload: unknown = {}) =>
  t.call({ method: 'POST', url, token, headers: callerIp(), payload: payload as Record<string, unknown> });
const me = (token: string) =>
  t.call({ method: 'GET', url: '/bo/api/session/me', token, headers: callerIp() });

async function createStaff(username: string, role: backoffice.StaffRole) {
  const res = await post('/bo/api/staff', admin.token, { username, displayName: `${username} name`, role });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { staff: backoffice.Staff; password: string };
}

describe(`staff sign-in (${testDbKind})`, () => {
  it('an admin creates staff with a one-time password; the first sign-in enrols an authenticator before the session opens', async () => {
    const { staff, password } = await createStaff('Finance.One', 'finance');
    expect(staff).toMatchObject({
      username: 'Finance.One',
      role: 'finance',
      enrolled: false,
      createdBy: admin.id,
    });
    expect(password.length).toBeGreaterThanOrEqual(20);
    const stored = await t.database.db
      .selectFrom('staff')
      .select(['password_hash'])
      .where('id', '=', staff.id)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);

    // Any case of the username; the password step gives the secret once and a session that waits.
    const first = await login('finance.one', password);
    expect(first.statusCode, first.body).toBe(200);
    const result = first.json().value as backoffice.StaffLoginResult;
    expect(result.stage).toBe('enrol');
    expect(result.enrolment!.otpauthUri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect((await me(result.token)).json().errorCode).toBe(E.boSecondFactorRequired.code);
    // The token is stored only as its hash.
    const sessions = await t.database.db
      .selectFrom('staff_session')
      .select('token_hash')
      .where('staff_id', '=', staff.id)
      .execute();
    expect(sessions.map((s) => Buffer.from(s.token_hash).toString('hex'))).toEqual([
      hashToken(result.token).toString('hex'),
    ]);

    // Not enrolled: the second-factor step refuses; a wrong code refuses; the right one opens it.
    expect(
      (await post('/bo/api/session/second-factor', result.token, { code: '123456' })).json().errorCode,
    ).toBe(E.boEnrolmentRequired.code);
    const wrong = totpCode(result.enrolment!.secret, Date.now() + 10 * 60_000);
    expect((await post('/bo/api/session/enrol', result.token, { code: wrong })).json().errorCode).toBe(
      E.boTotpInvalid.code,
    );
    const ok = await post('/bo/api/session/enrol', result.token, {
      code: totpCode(result.enrolment!.secret),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value).toMatchObject({ username: 'Finance.One', role: 'finance' });
    expect(ok.json().value.permissions).toContain('withdrawal.approve');
    expect((await me(result.token)).statusCode).toBe(200);

    // Enrolled: the next sign-in asks for a code and shows no secret.
    const second = await login('FINANCE.ONE', password);
    expect(second.json().value).toMatchObject({ stage: 'second-factor', enrolment: null });

    const [created] = await auditOf(t, 'staff.create');
    expect(created).toMatchObject({ actor_kind: 'cli', actor_name: 'test-operator', target_type: 'staff' });
    const byAdmin = (await auditOf(t, 'staff.create')).find((e) => e.target_id === String(staff.id))!;
    expect(byAdmin).toMatchObject({
      actor_kind: 'staff',
      actor_id: admin.id,
      actor_name: 'root',
      before: null,
    });
    expect(byAdmin.ip).toMatch(/^198\.51\.100\./);
    expect(byAdmin.after).toMatchObject({ username: 'Finance.One', role: 'finance', enrolled: false });
    expect(JSON.stringify(byAdmin.after)).not.toContain(password);
    expect((await auditOf(t, 'staff.enrol')).some((e) => e.actor_id === staff.id)).toBe(true);
    expect(
      (await auditOf(t, 'staff.enrol.failed')).some(
        (e) => e.actor_id === staff.id && (e.after as { reason: string }).reason === 'wrong code',
      ),
    ).toBe(true);
  });

  it('a code works once: the same code again is refused, even on another session', async () => {
    const { staff, password } = await createStaff('support.one', 'support');
    const first = (await login('support.one', password)).json().value as backoffice.StaffLoginResult;
    const secret = first.enrolment!.secret;
    const code = totpCode(secret);
    expect((await post('/bo/api/session/enrol', first.token, { code })).statusCode).toBe(200);

    const next = (await login('support.one', password)).json().value as backoffice.StaffLoginResult;
    const replay = await post('/bo/api/session/second-factor', next.token, { code });
    expect(replay.statusCode, replay.body).toBe(422);
    expect(replay.json().errorCode).toBe(E.boTotpReplayed.code);
    expect((await me(next.token)).json().errorCode).toBe(E.boSecondFactorRequired.code);
    const fresh = await post('/bo/api/session/second-factor', next.token, {
      code: await freshCode(t, staff.id, secret),
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    // Once passed, the step is done: it does not run twice.
    expect(
      (await post('/bo/api/session/second-factor', next.token, { code: '000000' })).json().errorCode,
    ).toBe(E.boSecondFactorDone.code);
    expect(
      (await auditOf(t, 'staff.login.second-factor.failed')).some(
        (e) => e.actor_id === staff.id && (e.after as { reason: string }).reason === 'code already used',
      ),
    ).toBe(true);
  });

  it('a wrong password, an unknown name and a disabled account get one answer; each is audited; guesses are limited', async () => {
    const ip = callerIp();
    const wrong = await login('root', 'not-the-password', ip);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().errorCode).toBe(E.boWrongCredentials.code);
    const unknown = await login('nobody-here', 'whatever', ip);
    expect(unknown.json().errorCode).toBe(E.boWrongCredentials.code);
    const failures = await auditOf(t, 'staff.login.failed');
    expect(failures.map((f) => [f.actor_name, (f.after as { reason: string }).reason, f.ip])).toEqual(
      expect.arrayContaining([
        ['root', 'wrong password', ip['x-forwarded-for']],
        ['nobody-here', 'unknown username', ip['x-forwarded-for']],
      ]),
    );
    // The limit (3 in this test's policy) counts per username, whatever the address.
    await login('root', 'wrong-2');
    await login('root', 'wrong-3');
    const locked = await login('root', admin.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().errorCode).toBe(E.boTooManyAttempts.code);
    await t.database.db.deleteFrom('rate_counter').where('bucket', 'like', 'bo:login:user:root').execute();
  });

  it('a session idles out; activity keeps it alive; logout ends it on the server', async () => {
    const who = await createSignedIn(t, 'idle.one', 'read-only');
    expect((await me(who.token)).statusCode).toBe(200);
    // The deadline passes (moved rather than waited for: a loaded machine's timers make no flaky test).
    await t.database.db
      .updateTable('staff_session')
      .set({ idle_expires_at: new Date(Date.now() - 1) })
      .where('token_hash', '=', hashToken(who.token))
      .execute();
    const idle = await me(who.token);
    expect(idle.statusCode).toBe(401);
    expect(idle.json().errorCode).toBe(E.boSessionEnded.code);

    // Activity moves the idle deadline: a call made once the last extension is older than the
    // touch step pushes it to the idle time from now. The deadline left is short but not so short
    // that a loaded machine's slow call outlives it (200 ms once did, in CI).
    const token = await signInAgain(t, who);
    const hash = hashToken(token);
    await t.database.db
      .updateTable('staff_session')
      .set({ last_seen_at: new Date(Date.now() - 60_000), idle_expires_at: new Date(Date.now() + 30_000) })
      .where('token_hash', '=', hash)
      .execute();
    expect((await me(token)).statusCode).toBe(200);
    const touched = await t.database.db
      .selectFrom('staff_session')
      .select('idle_expires_at')
      .where('token_hash', '=', hash)
      .executeTakeFirstOrThrow();
    expect(new Date(touched.idle_expires_at).getTime()).toBeGreaterThan(Date.now() + IDLE_MS / 2);
    const out = await post('/bo/api/session/logout', token);
    expect(out.statusCode, out.body).toBe(200);
    expect((await me(token)).json().errorCode).toBe(E.boSessionEnded.code);
    const row = await t.database.db
      .selectFrom('staff_session')
      .select('revoked_at')
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();
    expect((await auditOf(t, 'staff.logout')).some((e) => e.actor_id === who.id)).toBe(true);
  });

  it('disabling a member of staff ends their sessions at once and refuses their sign-in', async () => {
    const target = await createSignedIn(t, 'risk.one', 'risk');
    expect((await me(target.token)).statusCode).toBe(200);
    const res = await post('/bo/api/staff/disable', admin.token, {
      id: target.id,
      reason: 'left the company',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.disabledAt).toBeTypeOf('number');
    expect((await me(target.token)).json().errorCode).toBe(E.boSessionEnded.code);
    expect((await login('risk.one', target.password)).json().errorCode).toBe(E.boWrongCredentials.code);

    const again = await post('/bo/api/staff/disable', admin.token, { id: target.id, reason: 'twice' });
    expect(again.json().errorCode).toBe(E.boStaffDisabled.code);
    const self = await post('/bo/api/staff/disable', admin.token, { id: admin.id, reason: 'oops' });
    expect(self.json().errorCode).toBe(E.boCannotDisableSelf.code);
    const missing = await post('/bo/api/staff/disable', admin.token, { id: 99_999_999, reason: 'x' });
    expect(missing.statusCode).toBe(404);

    const [entry] = (await auditOf(t, 'staff.disable')).filter((e) => e.target_id === String(target.id));
    expect(entry).toMatchObject({ actor_kind: 'staff', actor_id: admin.id });
    expect(entry!.before).toMatchObject({ username: 'risk.one', disabledAt: null });
    expect(entry!.after).toMatchObject({ reason: 'left the company', sessionsEnded: 1 });

    const list = await t.call({
      method: 'GET',
      url: '/bo/api/staff?all=true',
      token: admin.token,
      headers: callerIp(),
    });
    expect(
      list.json().value.list.find((s: backoffice.Staff) => s.id === target.id).disabledAt,
    ).not.toBeNull();
    const active = await t.call({
      method: 'GET',
      url: '/bo/api/staff',
      token: admin.token,
      headers: callerIp(),
    });
    expect(active.json().value.list.some((s: backoffice.Staff) => s.id === target.id)).toBe(false);
  });

  it('usernames are unique whatever the case; bad input is a 4xx envelope, never a 500', async () => {
    const dup = await post('/bo/api/staff', admin.token, {
      username: 'ROOT',
      displayName: 'x',
      role: 'admin',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errorCode).toBe(E.boStaffExists.code);
    for (const payload of [
      { username: 'a', displayName: 'x', role: 'admin' },
      { username: 'good.name', displayName: 'x', role: 'superuser' },
      { username: 'good.name', displayName: '', role: 'admin' },
      { username: 'bad name!', displayName: 'x', role: 'admin' },
      [],
    ]) {
      const res = await post('/bo/api/staff', admin.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json()).toMatchObject({ success: false, errorCode: 'invalid.input' });
    }
    for (const q of ['size=0', 'size=abc', 'from=-1', 'actorKind=robot', 'before=1e400']) {
      const res = await t.call({
        method: 'GET',
        url: `/bo/api/audit?${q}`,
        token: admin.token,
        headers: callerIp(),
      });
      expect(res.statusCode, q).toBe(422);
    }
    const badCode = await login('root', 'x'.repeat(201));
    expect(badCode.statusCode).toBe(422);
    const missing = await t.call({ method: 'GET', url: '/bo/api/nothing-here', headers: callerIp() });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().success).toBe(false);
  });

  it('the audit list pages newest first and filters', async () => {
    const page1 = await t.call({
      method: 'GET',
      url: '/bo/api/audit?size=2&action=staff.',
      token: admin.token,
      headers: callerIp(),
    });
    expect(page1.statusCode, page1.body).toBe(200);
    const v1 = page1.json().value as { list: backoffice.AuditEntry[]; next: number };
    expect(v1.list).toHaveLength(2);
    expect(v1.list[0]!.id).toBeGreaterThan(v1.list[1]!.id);
    expect(v1.next).toBe(v1.list[1]!.id);
    const page2 = await t.call({
      method: 'GET',
      url: `/bo/api/audit?size=2&action=staff.&before=${v1.next}`,
      token: admin.token,
      headers: callerIp(),
    });
    expect(page2.json().value.list[0].id).toBeLessThan(v1.next);
    const disables = await t.call({
      method: 'GET',
      url: `/bo/api/audit?action=staff.disable&actorName=root&targetType=staff`,
      token: admin.token,
      headers: callerIp(),
    });
    const list = disables.json().value.list as backoffice.AuditEntry[];
    expect(list.length).toBeGreaterThanOrEqual(1);
    expect(list.every((e) => e.action === 'staff.disable' && e.actorName === 'root')).toBe(true);
    const none = await t.call({
      method: 'GET',
      url: `/bo/api/audit?from=${Date.now() + 3_600_000}`,
      token: admin.token,
      headers: callerIp(),
    });
    expect(none.json().value).toEqual({ list: [], next: null });
    // The sign-in's password step is recorded with where it came from.
    const step = await sql<{
      n: number;
    }>`select count(*)::int as n from audit_log where action = 'staff.login.password' and ip is not null`.execute(
      t.database.db,
    );
    expect(step.rows[0]!.n).toBeGreaterThan(0);
  });
});
