import { z } from 'zod';
import { defineCall } from './call.ts';
import { AgentType } from './constants.ts';

/**
 * Member types allowed to log in to the member side: members (0), agents (1, 2) and the agent-only
 * accounts (41, 42, who need the account centre). Trial accounts (4) enter only through free play;
 * the non-playing account (40) is refused with "Non-member account unable to login" (spec B §6).
 */
export const memberSideLoginTypes: readonly number[] = [
  AgentType.member,
  AgentType.agent1,
  AgentType.agent2,
  AgentType.agentOnly41,
  AgentType.agentOnly42,
];

export const ServerPublicKeySchema = z.object({
  keyId: z.string(),
  /** RSA (2048 bits or more) public key, SPKI, PEM. */
  publicKey: z.string(),
});

/** Fields of the self-hosted slider challenge's pass, carried by login, register and SMS calls. */
export const challengeFields = {
  challengeId: z.string().max(64).optional(),
  challengeToken: z.string().max(128).optional(),
};

const credential = z.string().max(128);

export const LoginRequestSchema = z.object({
  /** The username, or in SMS mode the mobile number (spec B §3). */
  username: z.string().trim().max(64),
  /** The password, or in SMS mode the SMS code. */
  password: credential,
  captcha: z.string().trim().max(16).optional().default(''),
  /**
   * '' (the original's login after a phone reset, number as username) and absent read as
   * 'username'; null likewise.
   */
  type: z
    .enum(['username', 'sms', ''])
    .nullish()
    .transform((v) => (v === 'sms' ? 'sms' : 'username')),
  /** SMS mode: the dialing code the code was sent with (optional; the sent code names it). */
  countryDialingCode: z
    .string()
    .max(6)
    .nullish()
    .transform((v) => v || undefined),
  /** Ask for a remember token (1 day) instead of keeping the password anywhere (decision D7). */
  rememberMe: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
  ...challengeFields,
});
export type LoginRequest = z.input<typeof LoginRequestSchema>;

export const LoginResultSchema = z.object({
  token: z.string(),
  userName: z.string(),
  /** Agent type of the account (session storage `isAgent`). */
  type: z.number().int(),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
  /** The client must open the change-password modal before finishing the login (spec B §4). */
  forceChangePassword: z.boolean(),
  changePasswordReason: z.enum(['weak', 'expired']).nullable(),
  rememberToken: z.string().nullable(),
  rememberExpiresAt: z.number().nullable(),
});
export type LoginResult = z.infer<typeof LoginResultSchema>;

export const loginVerifyMethods = ['SMS', 'EMAIL', 'TOTP', 'BANK_NAME'] as const;
export type LoginVerifyMethod = (typeof loginVerifyMethods)[number];
/** The original's method letters (S, E, T, B) name the same methods. */
const methodLetters = { S: 'SMS', E: 'EMAIL', T: 'TOTP', B: 'BANK_NAME' } as const;
const LoginVerifyMethodSchema = z
  .enum([...loginVerifyMethods, 'S', 'E', 'T', 'B'])
  .transform((m): LoginVerifyMethod =>
    m in methodLetters ? methodLetters[m as keyof typeof methodLetters] : (m as LoginVerifyMethod),
  );

/** The `value` of a `login_verify_required` error. */
export const LoginVerifyRequiredSchema = z.object({
  verifyToken: z.string(),
  methods: z.array(z.enum(loginVerifyMethods)),
  /** Masked targets so the member knows where the code goes. */
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  expiresAt: z.number(),
});
export type LoginVerifyRequired = z.infer<typeof LoginVerifyRequiredSchema>;

export const getPublicKey = defineCall({
  id: 'getPublicKey',
  method: 'GET',
  path: '/wps/session/publicKey',
  moduleId: 'SESSION',
  token: false,
  summary: 'The current RSA public key for encrypted calls, by key id',
  response: ServerPublicKeySchema,
});

export const login = defineCall({
  id: 'login',
  method: 'POST',
  path: '/wps/session/login',
  moduleId: 'SESSION',
  token: false,
  encrypted: true,
  summary: 'Login version 2 by username and password, or by mobile number and SMS code',
  body: LoginRequestSchema,
  response: LoginResultSchema,
});

export const loginVerification = defineCall({
  id: 'loginVerification',
  method: 'POST',
  path: '/wps/session/login/verification',
  moduleId: 'SESSION',
  token: false,
  encrypted: true,
  summary:
    'Second factor of a login from a new IP: SMS code, e-mail code, authenticator code or bank account name',
  body: z.object({
    /** Our second factor's token from the login_verify_required answer (decision 014: kept). */
    verifyToken: z.string().min(16).max(128),
    method: LoginVerifyMethodSchema,
    /** The SMS or e-mail code, the authenticator code, or the bank account name. */
    code: z.string().trim().min(1).max(128),
  }),
  response: LoginResultSchema,
});

export const sendLoginVerificationCode = defineCall({
  id: 'sendLoginVerificationCode',
  method: 'POST',
  path: '/wps/session/login/verification/code',
  moduleId: 'SESSION',
  token: false,
  summary: 'Sends the second-factor code of a pending login by SMS or e-mail',
  body: z.object({ verifyToken: z.string().min(16).max(128), method: z.enum(['SMS', 'EMAIL']) }),
  response: z.object({ expiredMinutes: z.number().int(), target: z.string() }),
});

export const loginRemembered = defineCall({
  id: 'loginRemembered',
  method: 'POST',
  path: '/wps/session/login/remember',
  moduleId: 'SESSION',
  token: false,
  encrypted: true,
  summary: 'Login with the remember token of a remember-me login (rotated at each use)',
  body: z.object({ username: z.string().trim().max(64), rememberToken: z.string().min(16).max(128) }),
  response: LoginResultSchema,
});

export const loginFreePlay = defineCall({
  id: 'loginFreePlay',
  method: 'POST',
  path: '/wps/session/login/freeplay',
  moduleId: 'FREEPLAY3',
  token: false,
  encrypted: true,
  summary: 'Free play: a trial account (type 4) with demo money; the random string names the guest device',
  body: z.object({
    os: z.string().trim().max(40).default(''),
    platform: z.literal('W'),
    /** A random string the client keeps for the day: the same string returns the same trial account. */
    randomString: z.string().min(16).max(128),
    gatewayVersion: z.literal(3),
  }),
  response: LoginResultSchema,
});

export const logout = defineCall({
  id: 'logout',
  method: 'POST',
  path: '/wps/session/logout',
  moduleId: 'SESSION',
  token: true,
  summary: 'Ends the session (and its remember token) on the server',
  response: z.object({ loggedOut: z.literal(true) }),
});

export const logoutDelete = defineCall({
  id: 'logoutDelete',
  method: 'DELETE',
  path: '/wps/session/logout',
  moduleId: 'SESSION',
  token: true,
  summary: 'Ends the session: the DELETE form of logout (decision D6)',
  response: z.object({ loggedOut: z.literal(true) }),
});

/** What an encrypted call carries on the wire (DESIGN.md §2); the call's own fields are inside. */
export const EncryptedBodySchema = z.object({ value: z.string().min(1).max(1_000_000) });
