// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffice } from '@app/contract';
import type { TestApp } from '../../../server/src/test/test-app.ts';
import { hashToken } from '../../../server/src/platform/auth/session.ts';
import { createStaff, nextCode, startRealServer } from '../test/real-server.ts';
import { boCall, BoError, isSessionGone, onSessionGone, tokenStore } from '../api/client.ts';
import { authProvider, currentStaff } from './auth-provider.ts';
import { normaliseCode, refusalOf, submitCode, submitPassword } from './sign-in-flow.ts';

/** The sign-in steps and the auth provider against the real server (decision 031's flow). */
describe('back-office sign-in flow', () => {
  let t: TestApp;
  let password: string;
  let secret: string;

  beforeAll(async () => {
    t = await startRealServer();
    ({ password } = await createStaff(t, 'flow.admin'));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a wrong password with the one answer for every wrong name or password', async () => {
    const err = await submitPassword('flow.admin', 'not-the-password').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BoError);
    expect(err).toMatchObject({ code: 'bo.credentials.invalid', statusCode: 401 });
    expect(refusalOf(err)).toEqual({ message: 'Wrong username or password', restart: false });
  });

  it('first sign-in: password, then the enrolment with its otpauth address, confirmed by a code', async () => {
    const step = await submitPassword(' flow.admin ', password);
    expect(step.stage).toBe('enrol');
    if (step.stage !== 'enrol') return;
    secret = step.secret;
    expect(step.otpauthUri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(step.otpauthUri).toContain(step.secret);
    expect(step.username).toBe('flow.admin');
    // Nothing is kept before the second factor: the half-open session opens nothing else.
    expect(tokenStore.get()).toBeNull();
    await expect(boCall(backoffice.boMe, { token: step.token })).rejects.toMatchObject({
      code: 'bo.second.factor.required',
    });

    const wrong = await submitCode(step, '12345').catch((e: unknown) => e);
    expect(wrong).toMatchObject({ code: 'bo.totp.invalid' });

    const code = await nextCode(t, 'flow.admin', secret);
    const done = await submitCode(step, `${code.slice(0, 3)} ${code.slice(3)}`);
    expect(done).toMatchObject({
      stage: 'done',
      token: step.token,
      me: { username: 'flow.admin', role: 'admin' },
    });
    if (done.stage !== 'done') return;
    expect(done.me.permissions).toEqual([...backoffice.rolePermissions.admin]);

    // The auth provider adopts the session: the identity and permissions come from the server.
    const login = await authProvider.login({ token: done.token, me: done.me });
    expect(login).toEqual({ success: true });
    expect(tokenStore.get()).toBe(done.token);
    expect(await authProvider.check()).toEqual({ authenticated: true });
    expect(await authProvider.getPermissions!()).toContain('staff.manage');
  });

  it('later sign-ins ask for a code of the enrolled authenticator; a code works once', async () => {
    const step = await submitPassword('flow.admin', password);
    expect(step.stage).toBe('second-factor');
    if (step.stage !== 'second-factor') return;
    const code = await nextCode(t, 'flow.admin', secret);
    const done = await submitCode(step, code);
    expect(done.stage).toBe('done');

    const again = await submitPassword('flow.admin', password);
    if (again.stage !== 'second-factor') throw new Error('expected the second factor');
    const replay = await submitCode(again, code).catch((e: unknown) => e);
    expect(replay).toMatchObject({ code: 'bo.totp.replayed' });
  });

  it('a session that ended on the server sends the tab back to sign-in, saying why', async () => {
    const step = await submitPassword('flow.admin', password);
    if (step.stage !== 'second-factor') throw new Error('expected the second factor');
    const done = await submitCode(step, await nextCode(t, 'flow.admin', secret));
    if (done.stage !== 'done') throw new Error('expected to be signed in');
    await authProvider.login({ token: done.token });
    expect((await currentStaff()).username).toBe('flow.admin');

    // The session idles out on the server (its idle deadline passes): the next call hears it.
    await t.database.db
      .updateTable('staff_session')
      .set({ idle_expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashToken(done.token))
      .execute();
    const heard: string[] = [];
    const off = onSessionGone((err) => heard.push(err.code));
    const err = await boCall(backoffice.boStaffList, { query: { page: 1, size: 10 } }).catch(
      (e: unknown) => e,
    );
    off();
    expect(isSessionGone(err)).toBe(true);
    expect(heard).toEqual(['bo.session.ended']);
    expect(await authProvider.onError!(err)).toEqual({ logout: true, redirectTo: '/signin?reason=ended' });
    expect(tokenStore.get()).toBeNull();
    // The guard, checking again once the token is gone, gives the same reason.
    expect(await authProvider.check()).toMatchObject({
      authenticated: false,
      redirectTo: '/signin?reason=ended',
    });
  });

  it('an expired second step starts again from the password', () => {
    expect(refusalOf(new BoError('bo.session.ended', 401, 'ended'))).toEqual({
      message: 'The sign-in took too long and has expired: enter your password again.',
      restart: true,
    });
    expect(normaliseCode(' 123-456 ')).toBe('123456');
  });
});
