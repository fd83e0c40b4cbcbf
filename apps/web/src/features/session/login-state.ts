import { create } from 'zustand';
import { useSession } from '../../shared/session/session.ts';

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
export const useLoginState = create<LoginState>(() => ({ loggedIn: false, pendingChange: false }));

export function markLoggedIn(): void {
  useLoginState.setState({ loggedIn: true, pendingChange: false });
}

export function markPendingChange(): void {
  useLoginState.setState({ loggedIn: false, pendingChange: true });
}

// A cleared or replaced session ends the logged-in state with it.
useSession.subscribe((s, before) => {
  if (before.token && s.token !== before.token) useLoginState.setState({ loggedIn: false, pendingChange: false });
});
