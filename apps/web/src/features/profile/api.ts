import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  changePaymentPassword,
  listMemberSessions,
  logoutOtherSessions,
  setPaymentPassword,
  updateNickname,
  type CallBody,
} from '@app/contract';
import { call } from '../../shared/http/client.ts';
import { secureCall } from '../../shared/http/payload-encryption.ts';
import { memberInfoKey } from '../session/index.ts';

/** Sets the first payment password (encrypted, like the login password change). */
export function useSetPaymentPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof setPaymentPassword>) => secureCall(setPaymentPassword, { body }),
    // The security centre reads "set or not" from the member info.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberInfoKey }),
  });
}

export function useChangePaymentPassword() {
  return useMutation({
    mutationFn: (body: CallBody<typeof changePaymentPassword>) => secureCall(changePaymentPassword, { body }),
  });
}

const sessionsKey = ['member', 'sessions'] as const;

/** The member's active sessions (device list of the security centre). */
export function useMemberSessions() {
  return useQuery({ queryKey: sessionsKey, queryFn: ({ signal }) => call(listMemberSessions, { signal }) });
}

/** "Log out other devices": the list refreshes to this session only. */
export function useLogoutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(logoutOtherSessions, { body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** Changes the nickname; the member info (member bar, security centre) refreshes. */
export function useUpdateNickname() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (nickname: string) => call(updateNickname, { body: { nickname } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberInfoKey }),
  });
}
