// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../server/src/test/test-app.ts';
import { createStaff, nextCode, startRealServer } from '../test/real-server.ts';
import { tokenStore } from '../api/client.ts';
import {
  changeOwnPassword,
  newPasswordProblem,
  submitCode,
  submitNewPassword,
  submitPassword,
} from './sign-in-flow.ts';

/**
 * The console's side of staff self-service (issue 31), against the real server: after an admin's
 * reset the sign-in asks for a new password before the console opens, and My account changes the
 * person's own password.
 */
describe('back-office password change', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startRealServer();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** A member of staff enrolled and signed in once: their id, password and authenticator secret. */
  async function enrolled(username: string) {
    const { staff, password } = await createStaff(t, username, 'support');
    const step = await submitPassword(username, password);
    if (step.stage !== 'enrol') throw new Error('expected the enrolment');
    const done = await submitCode(step, await nextCode(t, username, step.secret));
    if (done.stage !== 'done') throw new Error('expected a session');
    return { id: staff.id, password, secret: step.secret, token: done.token };
  }

  it('says what a new password lacks before sending it', () => {
    expect(newPasswordProblem('short1', 'short1', 'pat')).toMatch(/at least 12 characters/);
    expect(newPasswordProblem('onlyletterslong', 'onlyletterslong', 'pat')).toMatch(/digit/);
    expect(newPasswordProblem('pat.support-2026', 'pat.support-2026', 'pat.support')).toMatch(/username/);
    expect(newPasswordProblem('Lanterns-at-9-pm', 'Lanterns-at-9-PM', 'pat')).toMatch(/differ/);
    expect(newPasswordProblem('Lanterns-at-9-pm', 'Lanterns-at-9-pm', 'pat')).toBeNull();
  });

  it('after an admin reset the sign-in asks for a new password before the console opens', async () => {
    const who = await enrolled('reset.pat');
    const { password: oneTime } = await t.app.ctx.staff.resetPassword(
      { kind: 'cli', id: null, name: 'console-test', ip: null },
      who.id,
      'forgot it',
    );
    const step = await submitPassword('reset.pat', oneTime);
    if (step.stage !== 'second-factor') throw new Error('expected the second factor');
    const next = await submitCode(step, await nextCode(t, 'reset.pat', who.secret));
    expect(next).toMatchObject({ stage: 'change-password', me: { passwordChangeRequired: true } });
    if (next.stage !== 'change-password') return;

    await expect(submitNewPassword(next, oneTime, 'Kettle-and-7-tulips', 'typo')).rejects.toMatchObject({
      code: 'bo.password.weak',
    });
    await expect(
      submitNewPassword(next, 'not-the-one-time', 'Kettle-and-7-tulips', 'Kettle-and-7-tulips'),
    ).rejects.toMatchObject({ code: 'bo.password.current.invalid' });
    const done = await submitNewPassword(next, oneTime, 'Kettle-and-7-tulips', 'Kettle-and-7-tulips');
    expect(done).toMatchObject({ stage: 'done', token: next.token, me: { passwordChangeRequired: false } });
    expect((await submitPassword('reset.pat', 'Kettle-and-7-tulips')).stage).toBe('second-factor');
  });

  it('My account changes the signed-in person’s own password and ends their other sessions', async () => {
    const who = await enrolled('self.kim');
    const other = await submitPassword('self.kim', who.password);
    if (other.stage !== 'second-factor') throw new Error('expected the second factor');
    await submitCode(other, await nextCode(t, 'self.kim', who.secret));
    tokenStore.set(who.token);
    const result = await changeOwnPassword({
      current: who.password,
      next: 'Harbour-lights-42',
      confirm: 'Harbour-lights-42',
      username: 'self.kim',
    });
    expect(result).toEqual({ sessionsEnded: 1 });
    await expect(submitPassword('self.kim', who.password)).rejects.toMatchObject({
      code: 'bo.credentials.invalid',
    });
    tokenStore.clear();
  });
});
