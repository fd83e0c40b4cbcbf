import { useEffect } from 'react';
import { useSession, saveAgentType } from '../../shared/session/session.ts';
import { useMemberInfo } from './member-info.ts';
import { markLoggedIn, useLoginState } from './login-state.ts';

/**
 * After a reload the token is still in session storage but the logged-in state is memory only:
 * it comes back once the member info has been read again (SA-03). A refused token clears the
 * session in the http client, which ends this too.
 */
export function useRestoreLogin(): void {
  const token = useSession((s) => s.token);
  const loggedIn = useLoginState((s) => s.loggedIn);
  const pendingChange = useLoginState((s) => s.pendingChange);
  const { data } = useMemberInfo();
  useEffect(() => {
    if (!token || loggedIn || pendingChange || !data) return;
    saveAgentType(data.type);
    markLoggedIn();
  }, [token, loggedIn, pendingChange, data]);
}
