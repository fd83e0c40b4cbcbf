import type { AccessControlProvider, AuthProvider } from '@refinedev/core';
import { backoffice } from '@app/contract';
import { BoError, boCall, isSessionGone, tokenStore } from '../api/client.ts';

/**
 * Refine's auth and access-control providers over the staff session. The sign-in steps themselves
 * are the sign-in page's (sign-in-flow.ts); once the second factor has passed, `login({token})`
 * only adopts the session. Who the person is comes from `boMe`, asked once per session and kept:
 * the role and its permissions do not change while a session lives (a disabled account loses its
 * sessions, and the next call says so).
 */

/** Where the sign-in page lives, and why the person is there (shown above the form). */
export const SIGN_IN_PATH = '/signin';
export type SignedOutReason = 'idle' | 'ended' | 'signed-out';

let mePromise: Promise<backoffice.StaffMe> | null = null;
/**
 * Why this tab was last signed out. The console's guard re-checks as soon as the token is gone and
 * sends the person to sign-in too: it must give the same reason, not a bare "sign in".
 */
let signedOutBecause: SignedOutReason | null = null;

/** The signed-in member of staff (one call per session). */
export function currentStaff(): Promise<backoffice.StaffMe> {
  if (!tokenStore.get()) return Promise.reject(new BoError('bo.not.signed.in', 401, 'Not signed in'));
  mePromise ??= boCall(backoffice.boMe).catch((err: unknown) => {
    mePromise = null;
    throw err;
  });
  return mePromise;
}

/** Asks `boMe` again at the next look (the person's own password was just changed). */
export function forgetIdentity(): void {
  mePromise = null;
}

/** Forgets the session in this tab (the server's row is ended by logout, or has ended already). */
export function forgetSession(): void {
  tokenStore.clear();
  mePromise = null;
}

export const signInPath = (reason?: SignedOutReason) =>
  reason ? `${SIGN_IN_PATH}?reason=${reason}` : SIGN_IN_PATH;

export const authProvider: AuthProvider = {
  async login(params: { token?: string; me?: backoffice.StaffMe }) {
    if (!params.token)
      return { success: false, error: new Error('Sign in with your password and authenticator first') };
    tokenStore.set(params.token);
    mePromise = params.me ? Promise.resolve(params.me) : null;
    signedOutBecause = null;
    // The sign-in page opens the console itself, once Refine's auth state is refreshed.
    return { success: true };
  },
  async logout(params?: { reason?: SignedOutReason }) {
    const reason = params?.reason ?? 'signed-out';
    // An idled-out session is gone on the server already: only a live one is ended there.
    if (reason === 'signed-out' && tokenStore.get()) await boCall(backoffice.boLogout).catch(() => undefined);
    forgetSession();
    signedOutBecause = reason;
    return { success: true, redirectTo: signInPath(reason) };
  },
  async check() {
    try {
      await currentStaff();
      return { authenticated: true };
    } catch (err) {
      if (tokenStore.get() && !isSessionGone(err)) return { authenticated: true, error: err as Error };
      if (tokenStore.get() !== null) signedOutBecause = 'ended';
      forgetSession();
      return { authenticated: false, logout: true, redirectTo: signInPath(signedOutBecause ?? undefined) };
    }
  },
  async onError(error: unknown) {
    if (isSessionGone(error)) {
      forgetSession();
      signedOutBecause = 'ended';
      return { logout: true, redirectTo: signInPath('ended') };
    }
    return {};
  },
  async getIdentity() {
    return currentStaff().catch(() => null);
  },
  async getPermissions() {
    return currentStaff()
      .then((me) => me.permissions)
      .catch(() => []);
  },
};

/**
 * What the console shows: a resource (a menu item, a page) carries the permission its calls need
 * in `meta.permission`; it is shown only to a role that has it. The server checks every call
 * anyway: this only keeps a person from meeting screens that would refuse them.
 */
export const accessControlProvider: AccessControlProvider = {
  async can({ resource, params }) {
    const permission = (params?.resource?.meta as { permission?: backoffice.StaffPermission } | undefined)
      ?.permission;
    if (!permission) return { can: true };
    try {
      const me = await currentStaff();
      return me.permissions.includes(permission)
        ? { can: true }
        : { can: false, reason: `Your role (${me.role}) does not include ${permission}` };
    } catch {
      return { can: false, reason: `Sign in to open ${resource ?? 'this page'}` };
    }
  },
};
