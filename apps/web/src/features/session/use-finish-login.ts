import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { AgentType, type LoginResult } from '@app/contract';
import { ModalKeys, useUiStore } from '../../shared/shell/ui-store.ts';
import { saveAgentType, saveSession } from '../../shared/session/session.ts';
import { memberInfoQuery } from './member-info.ts';
import { markLoggedIn, markPendingChange } from './login-state.ts';
import { forgetAccountQueries } from '../../shared/session/account-queries.ts';

/** What the forced change-password modal is opened with; the password lives only in memory (LG-28). */
export interface ChangePasswordParams {
  userName: string;
  /** The password typed at this login, when it is known, for the re-login after the change. */
  password?: string | undefined;
  reason: 'weak' | 'expired';
  /** Carried through the change so the first-login welcome still follows (LG-19). */
  firstTimeLogin: boolean;
}

export interface FinishOptions {
  /** The password typed at this login (never stored; only passed on to a forced change). */
  password?: string | undefined;
  /** Show the first-login welcome even if this login's result no longer says so (after a forced change). */
  firstTimeLogin?: boolean;
}

export type FinishOutcome = 'done' | 'changePassword';

/**
 * Keeps the session of a login result: token and agent type in session storage (LG-18, SA-01),
 * then either the forced password change (LG-20, LG-21; the server never asks it of SMS logins,
 * LG-22) or the member info, stored before the logged-in state turns true (LG-23, SA-03).
 */
export async function keepLogin(
  queryClient: QueryClient,
  result: LoginResult,
  options: FinishOptions = {},
): Promise<FinishOutcome> {
  // A previous player's cached account data must not show for this one.
  forgetAccountQueries(queryClient);
  saveSession({ token: result.token, agentType: result.type });
  if (result.forceChangePassword) {
    const params: ChangePasswordParams = {
      userName: result.userName,
      password: options.password,
      reason: result.changePasswordReason ?? 'expired',
      firstTimeLogin: result.firstTimeLogin || (options.firstTimeLogin ?? false),
    };
    markPendingChange({ userName: params.userName, reason: params.reason });
    const ui = useUiStore.getState();
    ui.closeAllModals();
    ui.openModal(ModalKeys.changeExpiredPassword, params);
    return 'changePassword';
  }
  const info = await queryClient.fetchQuery(memberInfoQuery);
  saveAgentType(info.type);
  markLoggedIn();
  return 'done';
}

/**
 * The end of every way in (login, SMS login, second factor, free play, registration, password
 * reset, re-login after a change): keep the session, close the dialogs, go to / (LG-24, PW-10),
 * then run the first-login action when the account is new (LG-19).
 */
export function useFinishLogin(): (result: LoginResult, options?: FinishOptions) => Promise<FinishOutcome> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (result, options = {}) => {
      const outcome = await keepLogin(queryClient, result, options);
      if (outcome === 'changePassword') return outcome;
      const ui = useUiStore.getState();
      ui.closeAllModals();
      // Leaving a page closes its dialogs, so the welcome opens once the navigation has settled;
      // on / already there is nowhere to go (a revalidation would close it as it opens).
      if (window.location.pathname !== '/') await navigate('/');
      // A trial account has nothing to secure: the welcome is for real accounts.
      if ((result.firstTimeLogin || options.firstTimeLogin) && result.type !== AgentType.trial)
        useUiStore.getState().openModal(ModalKeys.firstLogin);
      return outcome;
    },
    [queryClient, navigate],
  );
}

/**
 * A call that logs the player in (a reset, a second factor, free play, a login again), as a
 * mutation that ends where every login does: busy until the player is in, and its error is the
 * form's. `finish` says what the login keeps (the typed password, for a forced change).
 */
export function useLoginMutation<V = void>(
  send: (variables: V) => Promise<LoginResult>,
  finish?: (variables: V) => FinishOptions,
) {
  const finishLogin = useFinishLogin();
  return useMutation({
    mutationFn: async (variables: V) => {
      await finishLogin(await send(variables), finish?.(variables));
    },
  });
}
