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

export const MemberSessionSchema = z.object({
  id: z.number().int(),
  /** The address the session last came from (the member's own; shown in full to them only). */
  ip: z.string(),
  /** Epoch milliseconds. */
  createdAt: z.number(),
  lastSeenAt: z.number(),
  /** The session making this call. */
  current: z.boolean(),
});
export type MemberSession = z.infer<typeof MemberSessionSchema>;

export const listMemberSessions = defineCall({
  id: 'listMemberSessions',
  method: 'GET',
  path: '/wps/member/security/sessions',
  moduleId: 'MEMBER',
  token: true,
  summary: "The member's active sessions, the newest first; the caller's own is marked current",
  response: z.object({ sessions: z.array(MemberSessionSchema) }),
});

export const logoutOtherSessions = defineCall({
  id: 'logoutOtherSessions',
  method: 'POST',
  path: '/wps/member/security/sessions/logoutOthers',
  moduleId: 'MEMBER',
  token: true,
  summary: 'Ends every other session of the member and every remembered device; this one stays',
  // Takes no fields: a body with any is a caller that means something else, and is refused.
  body: z.object({}).strict().optional().default({}),
  response: z.object({ ended: z.number().int() }),
});

/** A nickname: 2 to 20 characters of letters, digits, spaces, `_`, `-` and `.` in any script. */
export const NICKNAME_PATTERN = /^[\p{L}\p{N}_.\- ]{2,20}$/u;
export const NICKNAME_HINT = 'A nickname is 2 to 20 letters, digits, spaces, _ - or .';

export const updateNickname = defineCall({
  id: 'updateNickname',
  method: 'POST',
  path: '/wps/member/security/nickname',
  moduleId: 'MEMBER',
  token: true,
  summary: "Changes the member's nickname (shown in the member bar and the security centre)",
  body: z.object({ nickname: z.string().max(200) }),
  response: z.object({ nickname: z.string() }),
});
