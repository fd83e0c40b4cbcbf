import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changePaymentPassword, setPaymentPassword, type CallBody } from '@app/contract';
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
