import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../shared/http/api-error.ts';
import { call } from '../../shared/http/client.ts';
import { clearSession } from '../../shared/session/session.ts';
import { useUiStore } from '../../shared/shell/ui-store.ts';
import { forgetRememberToken, logoutCall } from '../session/index.ts';

/**
 * Logout (SA-14, SA-15): POST /wps/session/logout ends the session and its remember token on the
 * server; then the session storage, the cached account data and the dead remember token go, and
 * the player lands on /. A call the server answers with a refusal (the token was already dead)
 * still logs out here; only a call that never got an answer keeps the session, to be retried.
 */
export function useLogout(): { logout: () => Promise<boolean>; busy: boolean; failed: unknown } {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<unknown>(null);
  const logout = useCallback(async () => {
    setBusy(true);
    setFailed(null);
    try {
      await call(logoutCall);
    } catch (e) {
      if (!isApiError(e) || e.status === 0) {
        setFailed(e);
        setBusy(false);
        return false;
      }
    }
    clearSession();
    forgetRememberToken();
    queryClient.removeQueries({ queryKey: ['member'] });
    queryClient.removeQueries({ queryKey: ['wallet'] });
    useUiStore.getState().closeAllModals();
    useUiStore.getState().closeMemberCentre();
    useUiStore.getState().closeAccountCentre();
    setBusy(false);
    await navigate('/');
    return true;
  }, [queryClient, navigate]);
  return { logout, busy, failed };
}
