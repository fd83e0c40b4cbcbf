import { useEffect } from 'react';
import { useLogout } from '@refinedev/core';
import { lastCallAt, onSessionGone } from '../api/client.ts';
import type { SignedOutReason } from '../auth/auth-provider.ts';

/** The server ends a staff session after this long without a call (decision 031). */
export const IDLE_MS = 15 * 60_000;
const CHECK_EVERY_MS = 15_000;

/**
 * Back to sign-in when the session idles out. The server is the judge: any call answered with
 * `bo.session.ended` signs the tab out at once. The clock here only spares the person a screen
 * that would fail on the next click: past the server's idle time since the last call that went
 * through, the session is gone there too.
 */
export function useIdleOut(): void {
  const { mutate: logout } = useLogout<{ reason: SignedOutReason }>();
  useEffect(() => {
    const off = onSessionGone(() => logout({ reason: 'ended' }));
    const timer = setInterval(() => {
      if (Date.now() - lastCallAt() >= IDLE_MS) logout({ reason: 'idle' });
    }, CHECK_EVERY_MS);
    return () => {
      off();
      clearInterval(timer);
    };
  }, [logout]);
}
