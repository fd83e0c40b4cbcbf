import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffice } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
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
 * Staff self-service and an admin's resets (issue 31): a member of staff changes their own
 * password (their other sessions end); an admin gives another a one-time password that must be
 * changed at the next sign-in before anything else opens, or drops their authenticator so they
 * enrol again. Each is audited, and none writes a password or a secret to the log.
 */
const E = backoffice.BackofficeErrors;

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ configOverrides: { trustProxy: true } });
  admin = await createSignedIn(t, 'acct-admin', 'admin');
}, 120_000);
afterAll(async () => t?.close());

const post = (url: string, token: string, payload: Record<string, unknown> = {}) =>
  t.call({ method: 'POST', url, token, headers: callerIp(), payload });
const get = (url: string, token: string) => t.call({ url, token, headers: callerIp() });
const login = (username: string, password: string) =>
  t.call({
    method: 'POST',
    url: '/bo/api/session/login',
    headers: callerIp(),
    payload: { username, password },
  });
const changeOwn = (token: string, current: string, next: string) =>
  post('/bo/api/session/password', token, { current, next });

describe(`staff self-service and admin resets (${testDbKind})`, () => {
  it('a member of staff changes their own password: current and policy checked, other sessions end, audited', async () => {
    const alice = await createSignedIn(t, 'acct-alice', 'support');
    const other = alice.token;
    const here = await signInAgain(t, alice);

    const wrong = await changeOwn(here, 'not-my-password', 'Another-pass-2026');
    expect(wrong.statusCode, wrong.body).toBe(422);
    expect(wrong.json().errorCode).toBe(E.boPasswordCurrentWrong.code);
    expect((await auditOf(t, 'staff.password.change.failed')).at(-1)).toMatchObject({
      actor_name: 'acct-alice',
      after: { reason: 'wrong current password' },
    });
    const short = await changeOwn(here, alice.password, 'short1');
    expect(short.statusCode).toBe(422);
    const withName = await changeOwn(here, alice.password, 'ACCT-alice-2026xx');
    expect(withName.statusCode).toBe(422);
    expect(withName.json().errorCode).toBe(E.boPasswordWeak.code);
    expect((await get('/bo/api/session/me', other)).statusCode).toBe(200);

    const ok = await changeOwn(here, alice.password, 'Tulips-and-1-kettle');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value).toEqual({ sessionsEnded: 1 });
    expect((await get('/bo/api/session/me', here)).statusCode).toBe(200);
    const ended = await get('/bo/api/session/me', other);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().errorCode).toBe(E.boSessionEnded.code);

    expect((await login('acct-alice', alice.password)).statusCode).toBe(401);
    expect((await login('acct-alice', 'Tulips-and-1-kettle')).json().value.stage).toBe('second-factor');
    const [entry] = (await auditOf(t, 'staff.password.change')).slice(-1);
    expect(entry).toMatchObject({
      actor_kind: 'staff',
      actor_name: 'acct-alice',
      target_id: String(alice.id),
      after: { passwordChangeRequired: false, sessionsEnded: 1 },
    });
    expect(JSON.stringify(entry)).not.toContain('Tulips');
  });

  it('an admin resets a password: a one-time password shown once, sessions end, and the next sign-in must change it before anything else', async () => {
    const bob = await createSignedIn(t, 'acct-bob', 'finance');
    const res = await post('/bo/api/staff/reset-password', admin.token, { id: bob.id, reason: 'forgot it' });
    expect(res.statusCode, res.body).toBe(200);
    const { staff, password } = res.json().value as { staff: backoffice.Staff; password: string };
    expect(staff).toMatchObject({ id: bob.id, passwordChangeRequired: true, enrolled: true });
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect((await get('/bo/api/session/me', bob.token)).statusCode).toBe(401);
    expect((await login('acct-bob', bob.password)).statusCode).toBe(401);

    // The authenticator stays: password, then its code.
    const first = await login('acct-bob', password);
    expect(first.json().value).toMatchObject({ stage: 'second-factor', enrolment: null });
    const token = first.json().value.token as string;
    const passed = await post('/bo/api/session/second-factor', token, {
      code: await freshCode(t, bob.id, bob.secret),
    });
    expect(passed.statusCode, passed.body).toBe(200);
    expect(passed.json().value.passwordChangeRequired).toBe(true);
    expect((await get('/bo/api/session/me', token)).json().value.passwordChangeRequired).toBe(true);
    const blocked = await get('/bo/api/dashboard', token);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().errorCode).toBe(E.boPasswordChangeRequired.code);

    const changed = await changeOwn(token, password, 'Bob-new-secret-77');
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await get('/bo/api/session/me', token)).json().value.passwordChangeRequired).toBe(false);
    expect((await get('/bo/api/dashboard', token)).statusCode).toBe(200);

    const [entry] = (await auditOf(t, 'staff.password.reset')).slice(-1);
    expect(entry).toMatchObject({
      actor_name: 'acct-admin',
      target_id: String(bob.id),
      before: { passwordChangeRequired: false },
      after: { passwordChangeRequired: true, reason: 'forgot it', sessionsEnded: 1 },
    });
    expect(JSON.stringify(entry)).not.toContain(password);
  });

  it('an admin resets an authenticator: sessions end and the next sign-in enrols a new one', async () => {
    const carol = await createSignedIn(t, 'acct-carol', 'risk');
    const res = await post('/bo/api/staff/reset-totp', admin.token, { id: carol.id, reason: 'lost phone' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ id: carol.id, enrolled: false, passwordChangeRequired: false });
    expect((await get('/bo/api/session/me', carol.token)).statusCode).toBe(401);

    const again = await login('acct-carol', carol.password);
    const { token, stage, enrolment } = again.json().value as backoffice.StaffLoginResult;
    expect(stage).toBe('enrol');
    expect(enrolment!.secret).not.toBe(carol.secret);
    // The old authenticator's code opens nothing.
    const old = await post('/bo/api/session/enrol', token, { code: totpCode(carol.secret) });
    expect(old.statusCode).toBe(422);
    const enrolled = await post('/bo/api/session/enrol', token, { code: totpCode(enrolment!.secret) });
    expect(enrolled.statusCode, enrolled.body).toBe(200);

    const [entry] = (await auditOf(t, 'staff.totp.reset')).slice(-1);
    expect(entry).toMatchObject({
      actor_name: 'acct-admin',
      target_id: String(carol.id),
      before: { enrolled: true },
      after: { enrolled: false, reason: 'lost phone', sessionsEnded: 1 },
    });
    expect(JSON.stringify(entry)).not.toContain(carol.secret);
  });

  it('an admin cannot reset their own account, nor an unknown or disabled one; other roles cannot reset at all', async () => {
    for (const url of ['/bo/api/staff/reset-password', '/bo/api/staff/reset-totp']) {
      const self = await post(url, admin.token, { id: admin.id, reason: 'mine' });
      expect(self.statusCode).toBe(409);
      expect(self.json().errorCode).toBe(E.boStaffResetSelf.code);
      const unknown = await post(url, admin.token, { id: 987_654, reason: 'who' });
      expect(unknown.statusCode).toBe(404);
      const noReason = await post(url, admin.token, { id: admin.id });
      expect(noReason.statusCode).toBe(422);
    }
    const dave = await createSignedIn(t, 'acct-dave', 'support');
    const denied = await post('/bo/api/staff/reset-password', dave.token, { id: admin.id, reason: 'x' });
    expect(denied.statusCode).toBe(403);
    expect(
      (await post('/bo/api/staff/disable', admin.token, { id: dave.id, reason: 'left' })).statusCode,
    ).toBe(200);
    const disabled = await post('/bo/api/staff/reset-totp', admin.token, { id: dave.id, reason: 'x' });
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json().errorCode).toBe(E.boStaffDisabled.code);
  });
});
