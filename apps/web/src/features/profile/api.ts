import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useQuery } from '../../shared/http/use-query.ts';
import {
  addBankAccount,
  bindEmail,
  bindMobile,
  changePaymentPassword,
  deleteBankAccount,
  listBankAccounts,
  listBanks,
  sendBindEmailCode,
  sendBindMobileCode,
  setDefaultBankAccount,
  setStaticAvatar,
  updateMemberProfile,
  uploadAvatar,
  type CallValue,
  listMemberSessions,
  logoutOtherSessions,
  setPaymentPassword,
  updateNickname,
  type CallBody,
} from '@app/contract';
import { call } from '../../shared/http/client.ts';
import { postBytes } from '../../shared/http/post-bytes.ts';
import { secureCall } from '../../shared/http/payload-encryption.ts';
import { memberInfoKey } from '../session/index.ts';
import { profileKey, useMemberProfile } from './profile-query.ts';

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

/** The profile page's queries, under ['member', …] so logout drops them with the member's data. */
const K = {
  profile: profileKey,
  bankAccounts: ['member', 'bankAccounts'],
} as const;
/** The withdraw page's figures list the bank accounts too (wallet feature, ['wallet', …]). */
const walletKey = ['wallet'] as const;

export { useMemberProfile };

/** Saves the changed fields; the member info (real name) and the profile are read again. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof updateMemberProfile>) => call(updateMemberProfile, { body }),
    onSuccess: (profile) => {
      queryClient.setQueryData(K.profile, profile);
      void queryClient.invalidateQueries({ queryKey: memberInfoKey });
    },
  });
}

/** The banks a member can bind an account of (seeded per country; they rarely change). */
export function useBanks() {
  return useQuery({
    queryKey: ['member', 'banks'],
    queryFn: ({ signal }) => call(listBanks, { signal }),
    staleTime: 10 * 60_000,
  });
}

export function useBankAccounts() {
  return useQuery({ queryKey: K.bankAccounts, queryFn: ({ signal }) => call(listBankAccounts, { signal }) });
}

/** After any bank account change: the list, the default on the profile and the withdraw page. */
function useAfterBankChange() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: K.bankAccounts });
    void queryClient.invalidateQueries({ queryKey: K.profile });
    void queryClient.invalidateQueries({ queryKey: memberInfoKey });
    void queryClient.invalidateQueries({ queryKey: walletKey });
  };
}

export function useAddBankAccount() {
  const after = useAfterBankChange();
  return useMutation({
    mutationFn: (body: CallBody<typeof addBankAccount>) => call(addBankAccount, { body }),
    onSuccess: after,
  });
}

export function useDeleteBankAccount() {
  const after = useAfterBankChange();
  return useMutation({
    mutationFn: (id: number) => call(deleteBankAccount, { body: { id } }),
    onSuccess: after,
  });
}

export function useSetDefaultBankAccount() {
  const after = useAfterBankChange();
  return useMutation({
    mutationFn: (id: number) => call(setDefaultBankAccount, { body: { id } }),
    onSuccess: after,
  });
}

/** The avatar calls refresh the member info, which carries the avatar to the member bar. */
function useAfterAvatar() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: memberInfoKey });
}

export function useSetStaticAvatar() {
  const after = useAfterAvatar();
  return useMutation({
    mutationFn: (avatar: string) => call(setStaticAvatar, { body: { avatar } }),
    onSuccess: after,
  });
}

/** The upload sends the file's raw bytes (the server checks their signature and re-encodes them). */
function postAvatar(file: Blob): Promise<CallValue<typeof uploadAvatar>> {
  return postBytes(uploadAvatar.path, {}, file, 'application/octet-stream');
}

export function useUploadAvatar() {
  const after = useAfterAvatar();
  return useMutation({ mutationFn: postAvatar, onSuccess: after });
}

/** Binding a mobile number or an e-mail address: send a code, then bind with it. */
export function useBindContact(kind: 'mobile' | 'email') {
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: (target: { countryDialingCode?: string; mobileNum?: string; email?: string }) =>
      kind === 'mobile'
        ? call(sendBindMobileCode, {
            body: { countryDialingCode: target.countryDialingCode ?? '', mobileNum: target.mobileNum ?? '' },
          })
        : call(sendBindEmailCode, { body: { email: target.email ?? '' } }),
  });
  const bind = useMutation({
    mutationFn: (input: {
      countryDialingCode?: string;
      mobileNum?: string;
      email?: string;
      verificationCode: string;
      loginPassword: string;
    }): Promise<{ value: string }> =>
      kind === 'mobile'
        ? call(bindMobile, {
            body: {
              countryDialingCode: input.countryDialingCode ?? '',
              mobileNum: input.mobileNum ?? '',
              verificationCode: input.verificationCode,
              loginPassword: input.loginPassword,
            },
          }).then((r) => ({ value: r.mobile }))
        : call(bindEmail, {
            body: {
              email: input.email ?? '',
              verificationCode: input.verificationCode,
              loginPassword: input.loginPassword,
            },
          }).then((r) => ({ value: r.email })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: memberInfoKey }),
  });
  return { send, bind };
}
