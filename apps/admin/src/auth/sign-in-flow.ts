import { backoffice } from '@app/contract';
import { BoError, boCall } from '../api/client.ts';

/**
 * The back office's sign-in, step by step (decision 031): the password opens a session that can
 * only take its second factor; the first time, that is enrolling an authenticator (the secret and
 * its otpauth:// address are shown this once), later a code of it. Only a session that passed its
 * second factor becomes the tab's token (the auth provider's `login` adopts it). The screen (sign-in-page.tsx) renders these states.
 */

export type SignInState =
  | { stage: 'password' }
  | {
      stage: 'enrol';
      username: string;
      token: string;
      secret: string;
      otpauthUri: string;
      /** Epoch ms: after this the half-open session is gone and the password is asked again. */
      expiresAt: number;
    }
  | { stage: 'second-factor'; username: string; token: string; expiresAt: number }
  /** An admin reset the password: the signed-in session opens nothing else until it is changed. */
  | { stage: 'change-password'; token: string; me: backoffice.StaffMe }
  | { stage: 'done'; token: string; me: backoffice.StaffMe };

export const initialSignIn: SignInState = { stage: 'password' };

/** Step one: username and password. */
export async function submitPassword(username: string, password: string): Promise<SignInState> {
  const res = await boCall(backoffice.boLogin, { body: { username: username.trim(), password } });
  if (res.stage === 'enrol') {
    if (!res.enrolment)
      throw new BoError(
        'contract',
        200,
        'The server asked for an enrolment without giving the authenticator',
      );
    return {
      stage: 'enrol',
      username: username.trim(),
      token: res.token,
      secret: res.enrolment.secret,
      otpauthUri: res.enrolment.otpauthUri,
      expiresAt: res.expiresAt,
    };
  }
  return { stage: 'second-factor', username: username.trim(), token: res.token, expiresAt: res.expiresAt };
}

/** Six digits, spaces and dashes an authenticator app shows between groups left out. */
export const normaliseCode = (raw: string): string => raw.replace(/[\s-]/g, '');

/**
 * Step two: the authenticator's code, confirming the enrolment or as the second factor. On success
 * the session is ready to be adopted; a session that expired meanwhile sends the person back to the password.
 */
export async function submitCode(
  state: Extract<SignInState, { stage: 'enrol' | 'second-factor' }>,
  raw: string,
): Promise<SignInState> {
  const code = normaliseCode(raw);
  if (!/^\d{6}$/.test(code))
    throw new BoError(
      backoffice.BackofficeErrors.boTotpInvalid.code,
      422,
      'Enter the six digits your authenticator shows',
    );
  const def = state.stage === 'enrol' ? backoffice.boEnrolConfirm : backoffice.boSecondFactor;
  const me = await boCall(def, { body: { code }, token: state.token });
  if (me.passwordChangeRequired) return { stage: 'change-password', token: state.token, me };
  return { stage: 'done', token: state.token, me };
}

/**
 * A new password in the staff policy (the contract's StaffNewPasswordSchema), typed twice alike:
 * the message to show, or null when it may be sent.
 */
export function newPasswordProblem(next: string, confirm: string, username: string): string | null {
  const parsed = backoffice.StaffNewPasswordSchema.safeParse(next);
  if (!parsed.success) return `The new password needs ${parsed.error.issues[0]!.message}.`;
  if (next.toLowerCase().includes(username.toLowerCase()))
    return 'The new password must not hold your username.';
  if (next !== confirm) return 'The two new passwords differ.';
  return null;
}

/**
 * Changes the signed-in member's own password (My account, or the step after a reset). Their
 * other sessions end on the server; this one stays.
 */
export async function changeOwnPassword(
  input: { current: string; next: string; confirm: string; username: string },
  token?: string,
): Promise<{ sessionsEnded: number }> {
  const problem = newPasswordProblem(input.next, input.confirm, input.username);
  if (problem) throw new BoError(backoffice.BackofficeErrors.boPasswordWeak.code, 422, problem);
  return boCall(backoffice.boStaffPasswordChange, {
    body: { current: input.current, next: input.next },
    ...(token ? { token } : {}),
  });
}

/** The step after a reset: the new password set, the session is ready to be adopted. */
export async function submitNewPassword(
  state: Extract<SignInState, { stage: 'change-password' }>,
  current: string,
  next: string,
  confirm: string,
): Promise<Extract<SignInState, { stage: 'done' }>> {
  await changeOwnPassword({ current, next, confirm, username: state.me.username }, state.token);
  return { stage: 'done', token: state.token, me: { ...state.me, passwordChangeRequired: false } };
}

/** What to tell the person after a refusal, and whether the flow starts again from the password. */
export function refusalOf(err: unknown): { message: string; restart: boolean } {
  if (err instanceof BoError) {
    const restart =
      err.code === backoffice.BackofficeErrors.boSessionEnded.code ||
      err.code === backoffice.BackofficeErrors.boNotSignedIn.code;
    return {
      message: restart
        ? 'The sign-in took too long and has expired: enter your password again.'
        : err.message,
      restart,
    };
  }
  return { message: 'Something went wrong: try again.', restart: false };
}
