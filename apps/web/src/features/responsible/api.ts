import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  cancelRgPending,
  getRgSettings,
  getRgStatement,
  getRgStatus,
  logout,
  setRgLimit,
  setRgSession,
  startRgBlock,
  type CallBody,
  type RgPeriod,
} from '@app/contract';
import { useNavigate } from 'react-router';
import { call } from '../../shared/http/client.ts';
import { forgetAccountQueries } from '../../shared/session/account-queries.ts';
import { clearSession } from '../../shared/session/session.ts';
import { useUiStore } from '../../shared/shell/ui-store.ts';
import { forgetRememberToken } from '../session/index.ts';
import { useQuery } from '../../shared/http/use-query.ts';

/** Under ['wallet', …]: logout (which drops ['wallet']) clears them. */
const K = {
  settings: ['wallet', 'responsible', 'settings'],
  statement: (period: RgPeriod) => ['wallet', 'responsible', 'statement', period],
  status: ['wallet', 'responsible', 'status'],
} as const;

export function useRgSettings() {
  return useQuery({ queryKey: K.settings, queryFn: ({ signal }) => call(getRgSettings, { signal }) });
}

export function useRgStatement(period: RgPeriod) {
  return useQuery({
    queryKey: K.statement(period),
    queryFn: ({ signal }) => call(getRgStatement, { signal, query: { period, count: 6 } }),
  });
}

export function useRgStatus(enabled = true) {
  return useQuery({
    queryKey: K.status,
    queryFn: ({ signal }) => call(getRgStatus, { signal }),
    enabled,
    staleTime: 0,
  });
}

function useSettingsMutation<B>(fn: (body: B) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (value) => client.setQueryData(K.settings, value),
  });
}

export const useSetLimit = () =>
  useSettingsMutation((body: CallBody<typeof setRgLimit>) => call(setRgLimit, { body }));
export const useCancelPending = () =>
  useSettingsMutation((body: CallBody<typeof cancelRgPending>) => call(cancelRgPending, { body }));
export const useSetSession = () =>
  useSettingsMutation((body: CallBody<typeof setRgSession>) => call(setRgSession, { body }));
export const useStartBlock = () =>
  useMutation({ mutationFn: (body: CallBody<typeof startRgBlock>) => call(startRgBlock, { body }) });

/**
 * Ends the session here after a time-out or self-exclusion (the server already ended it) or when
 * the player stops at a reality check: the logout call (a refusal still logs out), then the
 * session, the cached account data and the remembered device go, and the player lands on /.
 */
export function useEndSession() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      try {
        await call(logout);
      } catch {
        // The session may already be over on the server (a time-out ends it there first).
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
