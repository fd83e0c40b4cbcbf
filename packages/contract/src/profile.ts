import { z } from 'zod';
import { defineCall } from './call.ts';

/**
 * The security centre's own calls (issue 7, "Security centre and profile"; spec B §2, §3): the
 * payment password that withdrawals and upline transfers ask for. The login password change, the
 * authenticator and the bank accounts keep their calls in member.ts and withdraw.ts.
 */

/** A payment password is six digits, as the original's register rule for it (patternId 6, 6..6). */
export const PAYMENT_PASSWORD_PATTERN = /^\d{6}$/;
export const PAYMENT_PASSWORD_HINT = 'The payment password is 6 digits';

export const setPaymentPassword = defineCall({
  id: 'setPaymentPassword',
  method: 'POST',
  path: '/wps/member/security/paymentPassword',
  moduleId: 'MEMBER',
  token: true,
  encrypted: true,
  summary: 'Sets the first payment password; the login password confirms who is asking',
  body: z.object({
    loginPassword: z.string().max(128),
    paymentPassword: z.string().max(64),
    confirmPaymentPassword: z.string().max(64),
  }),
  response: z.object({ set: z.literal(true) }),
});

export const changePaymentPassword = defineCall({
  id: 'changePaymentPassword',
  method: 'POST',
  path: '/wps/member/security/paymentPassword/change',
  moduleId: 'MEMBER',
  token: true,
  encrypted: true,
  summary: 'Changes the payment password; the old payment password confirms who is asking',
  body: z.object({
    oldPaymentPassword: z.string().max(64),
    newPaymentPassword: z.string().max(64),
    confirmNewPaymentPassword: z.string().max(64),
  }),
  response: z.object({ changed: z.literal(true) }),
});
