import { z } from 'zod';
import { defineCall } from './call.ts';
import { challengeFields, LoginResultSchema } from './session.ts';
import { ContractTermsSchema } from './agent-contracts/kinds.ts';
import { contractStatuses } from './agent-contracts/status.ts';

export const AvatarSchema = z.object({
  /** A static avatar number ("1".."12") or the path of a custom image. */
  avatar: z.string(),
  avatarType: z.enum(['CUSTOM', 'STATIC']),
  avatarUrl: z.string(),
});

export const MemberInfoSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  userName: z.string(),
  nickname: z.string(),
  /** Agent type: 0 member, 1/2 agents, 4 trial, 40 non-playing, 41/42 agent-only. */
  type: z.number().int(),
  toUpline: z.boolean(),
  /** When the member last logged in (epoch ms; this session's login once logged in), null before any. */
  lastLogin: z.number().nullable(),
  /**
   * The VIP club label: name and rank (spec), and as the original reads them a display colour
   * (#rrggbb) and a type (`VIP` from rank 1, `NORMAL` below).
   */
  clubLabel: z.object({
    labelName: z.string(),
    rankLevel: z.number().int(),
    color: z.string(),
    type: z.string(),
  }),
  memberLabel: z.string(),
  avatar: z.string(),
  avatarType: z.enum(['CUSTOM', 'STATIC']),
  avatarUrl: z.string(),
  language: z.string(),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
  /** Masked contact details (the member centre shows which are bound). */
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  payeeName: z.string().nullable(),
  hasPaymentPassword: z.boolean(),
  totpBound: z.boolean(),
  currency: z.string(),
  registeredAt: z.number(),
});
export type MemberInfo = z.infer<typeof MemberInfoSchema>;

/** A contract the member holds, as an info key lists it (`.agent`): the terms in force. */
export const ContractInfoSchema = z.object({
  agent: z.array(
    z.object({
      contractId: z.number().int(),
      status: z.enum(contractStatuses),
      /** Null: the platform holds this contract with a top agent. */
      uplineId: z.number().int().nullable(),
      terms: ContractTermsSchema,
    }),
  ),
});

export const ConsolidatedSchema = z.object({
  dailysalreqtype: z.number().int(),
  divtypereq: z.number().int(),
  contracthoursalreq: z.number().int(),
  realtimesalreqtype: z.number().int(),
  /** Dividend by competition period: no separate request kind here, so it follows divtypereq. */
  divtypecompperiodreq: z.number().int(),
  // The info keys (research §1.3, issue 30): the contracts the member holds with its upline, in
  // force, keyed by product type (and the dividend's period); absent when it holds none. The
  // request keys above count the offers and termination requests waiting for its answer.
  divtypecompperiodinfo: z.record(z.string(), z.record(z.string(), ContractInfoSchema)).optional(),
  dailysalinfotype: z.record(z.string(), ContractInfoSchema).optional(),
  contracthoursalinfo: z.record(z.string(), ContractInfoSchema).optional(),
  realtimesalinfotype: z.record(z.string(), ContractInfoSchema).optional(),
});
export type Consolidated = z.infer<typeof ConsolidatedSchema>;

/** Languages a member may choose: the catalogues of spec B §9 by code. */
export const memberLanguages = [
  'zh-CN',
  'en',
  'ja',
  'th',
  'vi',
  'my',
  'es',
  'hi',
  'id',
  'km',
  'ko',
  'ms',
  'pt',
  'ta',
  'zh-TW',
  'tl',
  'ur',
  'ur-Latn',
  'pt-BR',
  'tr',
  'bn',
  'ar',
  'fa',
  'ru',
  'kk',
  'uz',
  'lo',
  'ne',
  'fr',
  'te',
  'sw',
] as const;

export const getMemberInfo = defineCall({
  id: 'getMemberInfo',
  method: 'GET',
  path: '/wps/member/info',
  moduleId: 'MEMBER',
  token: true,
  summary: 'The logged-in member: id, account, nickname, type, labels and avatar',
  response: MemberInfoSchema,
});

export const getMemberIcon = defineCall({
  id: 'getMemberIcon',
  method: 'GET',
  path: '/wps/member/info/icon',
  moduleId: 'MEMBER',
  token: true,
  summary: "The member's icon: its name (a static avatar number, or the path of a custom image)",
  response: z.string(),
});

export const getPlayerAvatar = defineCall({
  id: 'getPlayerAvatar',
  method: 'GET',
  path: '/wps/relay/MCSFE_getPlayerAvatar',
  moduleId: 'MCSFE',
  token: true,
  summary: "The player's avatar",
  response: AvatarSchema,
});

export const getUnreadCount = defineCall({
  id: 'getUnreadCount',
  method: 'GET',
  path: '/wps/relay/CSP_unreadCount',
  moduleId: 'CSP',
  token: true,
  summary: 'Number of unread platform messages',
  response: z.number().int(),
});

export const getConsolidated = defineCall({
  id: 'getConsolidated',
  method: 'GET',
  path: '/wps/member/info/funds/consolidated',
  moduleId: 'MEMBER',
  token: true,
  summary:
    'Contract requests waiting for the account (daily salary, dividend, hourly, real-time) and the contracts it holds',
  response: ConsolidatedSchema,
});

export const updateLanguage = defineCall({
  id: 'updateLanguage',
  method: 'PUT',
  path: '/wps/member/language',
  moduleId: 'MEMBER',
  token: true,
  summary: "Stores the member's language (sent on language change)",
  /**
   * A code or the picker's label in any case (`EN`, `zh-cn`); the server maps it to a language
   * the brand offers and refuses any other with 422 naming them (decision D1).
   */
  body: z.object({ language: z.string().trim().min(1).max(20) }),
  response: z.object({ language: z.string() }),
});

export const changePassword = defineCall({
  id: 'changePassword',
  method: 'POST',
  path: '/wps/member/password',
  moduleId: 'MEMBER',
  token: true,
  encrypted: true,
  summary: 'Changes the login password; other sessions of the member end',
  body: z.object({
    oldPassword: z.string().max(128).optional().default(''),
    newPassword: z.string().max(128),
    confirmNewPassword: z.string().max(128),
  }),
  response: z.object({ changed: z.literal(true) }),
});

export const requestPasswordEmail = defineCall({
  id: 'requestPasswordEmail',
  method: 'POST',
  path: '/wps/member/password/email',
  moduleId: 'MEMBER',
  token: false,
  summary:
    'Forgot password by e-mail (JSON or form POST): sends a single-use reset link to the e-mail of the account',
  body: z.object({ username: z.string().trim().min(1).max(64), email: z.string().trim().min(1).max(100) }),
  response: z.object({ sent: z.literal(true), expiresInMinutes: z.number().int() }),
});

export const resetPasswordByEmail = defineCall({
  id: 'resetPasswordByEmail',
  method: 'POST',
  path: '/wps/member/password/email/reset',
  moduleId: 'MEMBER',
  token: false,
  encrypted: true,
  summary: 'Sets a new password with the token of the reset e-mail, then logs in',
  body: z.object({
    resetToken: z.string().min(16).max(128),
    newPassword: z.string().max(128),
    confirmNewPassword: z.string().max(128).optional(),
  }),
  response: LoginResultSchema,
});

export const requestPasswordSms = defineCall({
  id: 'requestPasswordSms',
  method: 'POST',
  path: '/wps/member/password/sms',
  moduleId: 'CHNGPASSVERIF3',
  token: false,
  summary:
    'Forgot password by phone, by account: texts the reset code to the mobile number of the account when it matches; the code is then sent to /wps/member/password/verification',
  body: z.object({
    username: z.string().trim().min(1).max(64),
    mobileNumber: z.string().trim().min(1).max(20),
    countryDialingCode: z
      .string()
      .trim()
      .max(6)
      .nullish()
      .transform((v) => v || undefined),
    ...challengeFields,
  }),
  response: z.object({ expiredMinutes: z.number().int(), expirationTime: z.number() }),
});

export const SecurityConfigSchema = z.object({
  /** Which second factors the member has set up. */
  mobileBound: z.boolean(),
  emailBound: z.boolean(),
  totpBound: z.boolean(),
  bankAccountBound: z.boolean(),
  paymentPasswordSet: z.boolean(),
  /** Whether a login from a new IP asks for a second factor (LOGINIPVERF3). */
  loginIpVerification: z.boolean(),
  /** The methods such a login may use for this member. */
  loginVerifyMethods: z.array(z.enum(['SMS', 'EMAIL', 'TOTP', 'BANK_NAME'])),
  /** When the password expires (epoch ms), null when it does not. */
  passwordExpiresAt: z.number().nullable(),
});

export type SecurityConfig = z.infer<typeof SecurityConfigSchema>;

export const getSecurityConfig = defineCall({
  id: 'getSecurityConfig',
  method: 'GET',
  path: '/wps/v2/member/securityConfig',
  moduleId: 'SECURITY',
  token: true,
  summary: "The member's security set-up: bound factors, the new-IP check and its methods, password expiry",
  response: SecurityConfigSchema,
});

export const resetPasswordByPhone = defineCall({
  id: 'resetPasswordByPhone',
  method: 'POST',
  path: '/wps/member/password/verification',
  moduleId: 'CHNGPASSVERIF3',
  token: false,
  encrypted: true,
  summary: 'Forgot password by phone: checks the SMS code, sets the new password and logs in',
  body: z.object({
    newPassword: z.string().max(128),
    mobileNum: z.string().trim().max(20),
    verificationCode: z.string().trim().max(255),
    countryDialingCode: z
      .string()
      .trim()
      .max(6)
      .nullish()
      .transform((v) => v || undefined),
    ...challengeFields,
  }),
  response: LoginResultSchema,
});

export const startTotpBinding = defineCall({
  id: 'startTotpBinding',
  method: 'POST',
  path: '/wps/member/security/totp',
  moduleId: 'SECURITY',
  token: true,
  summary:
    'Starts binding an authenticator: a new secret and its QR code (confirm with a code to finish); replacing a bound one also takes the login password',
  // Optional: a first binding may send no body at all. Strict: with every field optional, a body of
  // other fields would otherwise be stripped to {} and pass as a first binding's.
  body: z
    .object({ loginPassword: z.string().max(128).optional().default('') })
    .strict()
    .nullish(),
  response: z.object({ secret: z.string(), otpauthUrl: z.string(), qrCode: z.string() }),
});

export const confirmTotpBinding = defineCall({
  id: 'confirmTotpBinding',
  method: 'POST',
  path: '/wps/member/security/totp/confirm',
  moduleId: 'SECURITY',
  token: true,
  summary: 'Finishes binding the authenticator with a current code',
  body: z.object({
    code: z
      .string()
      .trim()
      .regex(/^[0-9]{6}$/, 'code is 6 digits'),
  }),
  response: z.object({ bound: z.literal(true) }),
});
