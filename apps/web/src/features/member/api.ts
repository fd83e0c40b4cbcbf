import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useQuery } from '../../shared/http/use-query.ts';
import { useNavigate } from 'react-router';
import {
  AgentType,
  changePassword,
  getBalance,
  getConsolidated,
  getUnreadCount,
  login,
  logout,
  resetPasswordByEmail,
  resetPasswordByPhone,
  sendSmsForgotPassword,
  type CallBody,
} from '@app/contract';
import { isApiError } from '../../shared/http/api-error.ts';
import { call } from '../../shared/http/client.ts';
import { formatMoney } from '../../shared/i18n/money.ts';
import { secureCall } from '../../shared/http/payload-encryption.ts';
import { usePhoneCode } from '../../shared/forms/phone-code.ts';
import { secondsUntil } from '../../shared/forms/use-countdown.ts';
import { clearSession, useSession } from '../../shared/session/session.ts';
import { useUiStore } from '../../shared/shell/ui-store.ts';
import { persistedOptions, SessionCaches } from '../../shared/storage/query-persistence.ts';
import { forgetRememberToken, useLoginMutation } from '../session/index.ts';
import { postPasswordEmailForm } from './post-form.ts';
import { forgetAccountQueries } from '../../shared/session/account-queries.ts';

export const balanceKey = ['wallet', 'balance'] as const;

/** GET /wps/v2/wallets/balance (MB-09): the sum of the member's wallets, major units. */
export const balanceQuery = queryOptions({
  queryKey: balanceKey,
  // A poll, not the player's doing: it does not keep the session awake (decision 050).
  queryFn: ({ signal }) => call(getBalance, { signal, passive: true }),
  staleTime: 15_000,
  refetchInterval: 30_000,
});

export function useBalance(enabled: boolean) {
  const token = useSession((s) => s.token);
  return useQuery({ ...balanceQuery, enabled: enabled && token !== null });
}

/** GET /wps/relay/CSP_unreadCount: unread platform messages, for the messages badge. */
export function useUnreadCount() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: ['member', 'unread'],
    queryFn: ({ signal }) => call(getUnreadCount, { signal, passive: true }),
    enabled: token !== null,
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

/**
 * GET /wps/member/info/funds/consolidated (MB-13): the contract requests waiting for an agent,
 * kept in session storage as "consolidated" (BC-07) per member, so a reload shows the badge at
 * once. Trial accounts are refused this call by the server, so they do not ask.
 */
export function consolidatedQuery(memberId: number) {
  const queryKey = ['member', 'consolidated', memberId] as const;
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => call(getConsolidated, { signal }),
    ...persistedOptions(SessionCaches.consolidated, queryKey),
    staleTime: 60_000,
  });
}

export function useConsolidated(memberId: number | undefined, agentType: number | null) {
  return useQuery({
    ...consolidatedQuery(memberId ?? 0),
    enabled: memberId !== undefined && agentType !== null && agentType !== AgentType.trial,
  });
}

/**
 * Balance as the member bar shows it: 2 decimals whatever the currency (MB-07), in the player's
 * language, or *** when hidden (MB-08).
 */
export function formatBalance(amount: number, symbol: string, hidden: boolean): string {
  return hidden ? '***' : formatMoney(amount, { symbol, precision: 2 });
}

/*
 * The member feature's writes, as TanStack Query mutations: their busy and error states are the
 * dialogs'. Those that log the player in end where every login does (useFinishLogin).
 */

/**
 * Logout (SA-14, SA-15): POST /wps/session/logout ends the session and its remember token on the
 * server; then the session storage, the cached account data and the dead remember token go, and
 * the player lands on /. A call the server answers with a refusal (the token was already dead)
 * still logs out here; only a call that never got an answer fails, keeping the session to retry.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      try {
        await call(logout);
      } catch (e) {
        if (!isApiError(e) || e.status === 0) throw e;
      }
      clearSession();
      forgetRememberToken();
      forgetAccountQueries(queryClient);
      const ui = useUiStore.getState();
      ui.closeAllModals();
      ui.closeMemberCentre();
      ui.closeAccountCentre();
      await navigate('/');
    },
  });
}

/**
 * Ends the session a login opened when its forced password change is abandoned: the logout goes
 * with the token, then the token goes here whatever the answer.
 */
export function useAbandonLogin() {
  return useMutation({
    mutationFn: async () => {
      const sent = call(logout);
      clearSession();
      await sent.catch(() => undefined);
    },
  });
}

/** PUT /wps/member/password (PW-11..PW-13): the change of a logged-in member's password. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: CallBody<typeof changePassword>) => secureCall(changePassword, { body }),
  });
}

/** The login again with the new password after a forced change (PW-16), which lands on /. */
export function useLoginAgain() {
  return useLoginMutation(
    ({ userName, password }: { userName: string; password: string; firstTimeLogin: boolean }) =>
      secureCall(login, { body: { username: userName, password, type: 'username', captcha: '' } }),
    ({ password, firstTimeLogin }) => ({ password, firstTimeLogin }),
  );
}

/** Forgot password by e-mail (PW-04): the reset link goes to the member's address. */
export function useRequestPasswordEmail() {
  return useMutation({ mutationFn: postPasswordEmailForm });
}

/** The new password of a reset e-mail's link (PW-06); the player is then logged in. */
export function useResetPasswordByEmail() {
  return useLoginMutation(
    (body: CallBody<typeof resetPasswordByEmail>) => secureCall(resetPasswordByEmail, { body }),
    (body) => ({ password: body.newPassword }),
  );
}

/** The code of forgot password by phone (PW-07, PW-08): its countdown runs to the code's own expiry. */
export function useForgotPasswordPhoneCode() {
  return usePhoneCode({
    sendSms: async (target, pass) => {
      const sent = await call(sendSmsForgotPassword, { body: { ...target, ...(pass ?? {}) } });
      return secondsUntil(sent.expirationTime);
    },
  });
}

/** The reset by phone (PW-08): it logs the player in and lands on / (PW-10). */
export function useResetPasswordByPhone() {
  return useLoginMutation(
    (body: CallBody<typeof resetPasswordByPhone>) => secureCall(resetPasswordByPhone, { body }),
    (body) => ({ password: body.newPassword }),
  );
}
