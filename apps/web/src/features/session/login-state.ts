import { create } from 'zustand';
import { readToken, useSession } from '../../shared/session/session.ts';
import { readJson, sessionStore, writeJson } from '../../shared/storage/storage.ts';

/**
 * A login waiting for its forced password change, kept in session storage for the tab's life: a
 * reload must bring the change back, not a finished login. Only the name and the reason: the
 * password stays in memory (LG-28).
 */
export const PENDING_CHANGE_KEY = 'passwordChangePending';
export interface PendingChange {
  userName: string;
  reason: 'weak' | 'expired';
}

export function readPendingChange(): PendingChange | null {
  if (!readToken()) return null;
  const stored = readJson<Partial<PendingChange>>(sessionStore, PENDING_CHANGE_KEY);
  if (!stored || typeof stored.userName !== 'string') return null;
  return { userName: stored.userName, reason: stored.reason === 'weak' ? 'weak' : 'expired' };
}

interface LoginState {
  /** The after-login flag: true once the member info is stored (SA-03). */
  loggedIn: boolean;
  /** A login waits for its forced password change: it holds a token but is not finished. */
  pendingChange: boolean;
}

/**
 * The after-login flag of spec B §4: a token in session storage makes the player logged in for
 * the shell (SA-02), but the logged-in state turns true only once the member info is stored
 * (SA-03). It is memory only, so a reload re-earns it from the member info.
 */
export const useLoginState = create<LoginState>(() => ({
  loggedIn: false,
  pendingChange: readPendingChange() !== null,
}));

export function markLoggedIn(): void {
  sessionStore.remove(PENDING_CHANGE_KEY);
  useLoginState.setState({ loggedIn: true, pendingChange: false });
}

export function markPendingChange(pending: PendingChange): void {
  writeJson(sessionStore, PENDING_CHANGE_KEY, { userName: pending.userName, reason: pending.reason });
  useLoginState.setState({ loggedIn: false, pendingChange: true });
}

// A cleared or replaced session ends the logged-in state with it.
useSession.subscribe((s, before) => {
  if (before.token && s.token !== before.token) {
    sessionStore.remove(PENDING_CHANGE_KEY);
    useLoginState.setState({ loggedIn: false, pendingChange: false });
  }
});
