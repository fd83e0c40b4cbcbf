import { z } from 'zod';
import { defineCall } from './call.ts';

/**
 * String error codes and English messages of the account flows (spec B §8), shared by the server
 * (which sends them) and the web client (which may show the message or map the code to a key).
 */
export const AccountErrors = {
  wrongCredentials: { code: 'user.password.invalid', message: 'Wrong account or password' },
  accountLocked: { code: 'TOO_MANY_REQUESTS', message: 'Too many requests, try again after 5 minutes' },
  captchaRequired: { code: 'captcha.required', message: 'Please enter the captcha' },
  captchaInvalid: { code: 'captcha.invalid', message: 'Invalid captcha input' },
  challengeRequired: { code: 'challenge.required', message: 'Please complete verification first' },
  challengeFailed: { code: 'challenge.failed', message: 'Please pass the image verification correctly' },
  nonMemberAccount: { code: 'member.type.not.allowed', message: 'Non-member account unable to login' },
  accountDisabled: {
    code: 'member.disabled',
    message: 'This account is disabled, please contact customer service',
  },
  trialForbidden: {
    code: 'in_need_true_account',
    message: 'Please register a real account to use this feature',
  },
  notLoggedIn: { code: 'user.or.token.invalid', message: 'You are not logged in, please login' },
  sessionEnded: { code: 'user.or.token.invalid', message: 'Your session has ended, please login again' },
  loginVerifyRequired: {
    code: 'login_verify_required',
    message: 'Please verify this login: it comes from a new IP address',
  },
  loginVerifyInvalid: {
    code: 'login.verify.invalid',
    message: 'The verification has expired, please login again',
  },
  bankNameInvalid: {
    code: 'login.verify.bank.name.invalid',
    message: 'The bank account name does not match',
  },
  totpInvalid: { code: 'totp.code.invalid', message: 'The authenticator code is not valid' },
  totpNotBound: { code: 'totp.not.bound', message: 'No authenticator is bound to this account' },
  verifyMethodUnavailable: {
    code: 'login.verify.method.unavailable',
    message: 'This verification method is not available for this account',
  },
  rememberInvalid: { code: 'remember.token.invalid', message: 'Please login again' },
  functionDisabled: { code: 'function.disabled', message: 'Function not enabled, contact customer service' },
  usernameExists: { code: 'user.exists', message: 'This username is already registered' },
  mobileExists: { code: 'mobile.exists', message: 'This mobile number is already registered' },
  invitationCodeError: { code: 'invitation.code.error', message: 'invitation code error' },
  accountFormat: { code: 'account.format.invalid', message: 'Account format incorrect' },
  passwordFormat: { code: 'password.format.invalid', message: 'Password format incorrect' },
  realNameFormat: { code: 'real.name.format.invalid', message: 'Real name format incorrect' },
  phoneFormat: { code: 'phone.number.format.invalid', message: 'Phone number format incorrect' },
  emailFormat: { code: 'email.format.invalid', message: 'E-mail format incorrect' },
  confirmMismatch: { code: 'password.confirm.mismatch', message: 'Confirmation password is not correct' },
  inputEmpty: { code: 'input.empty', message: 'Input cannot be empty' },
  usernamePasswordMissing: { code: 'credentials.missing', message: 'Please enter the username and password' },
  oldPasswordWrong: { code: 'password.old.invalid', message: 'The old password is not correct' },
  passwordReused: { code: 'password.same.as.old', message: 'The new password must differ from the old one' },
  passwordWeak: { code: 'password.weak', message: 'This password is not allowed, please choose another' },
  userEmailNotFound: { code: 'user.email.notfound', message: 'Username or e-mail does not exist' },
  resetTokenInvalid: {
    code: 'password.reset.invalid',
    message: 'This reset link is not valid or has expired, please request a new one',
  },
} as const satisfies Record<string, { code: string; message: string }>;

/**
 * Member types allowed to log in to the member side: members (0), agents (1, 2) and the agent-only
 * accounts (41, 42, who need the account centre). Trial accounts (4) enter only through free play;
 * the non-playing account (40) is refused with "Non-member account unable to login" (spec B §6).
 */
export const memberSideLoginTypes: readonly number[] = [0, 1, 2, 41, 42];

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
  type: z.enum(['username', 'sms']).default('username'),
  /** SMS mode: the dialing code the code was sent with (optional; the sent code names it). */
  countryDialingCode: z.string().max(6).optional(),
  /** Ask for a remember token (1 day) instead of keeping the password anywhere (decision D7). */
  rememberMe: z.boolean().optional().default(false),
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
    verifyToken: z.string().min(16).max(128),
    method: z.enum(loginVerifyMethods),
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

/** Error codes of refused encrypted requests. */
export const PayloadErrors = {
  encryptionRequired: {
    code: 'payload.encryption.required',
    message:
      'This call must be sent encrypted: body {value} with the Encryption and Encryption-Key-Id headers',
  },
  keyInvalid: {
    code: 'payload.key.invalid',
    message: 'The encryption key is unknown or expired: fetch /wps/session/publicKey and try again',
  },
  decryptFailed: {
    code: 'payload.decrypt.failed',
    message: 'The encrypted payload could not be opened (tampered, truncated or made for another key)',
  },
  malformed: {
    code: 'payload.malformed',
    message: 'The decrypted payload is not {payload, ts, nonce} with a nonce of at least 16 bytes',
  },
  clockSkew: {
    code: 'payload.timestamp.invalid',
    message: 'The request time is more than 5 minutes off the server clock: check the device clock',
  },
  replayed: {
    code: 'payload.replayed',
    message: 'This request was already received once and is refused (replay)',
  },
} as const satisfies Record<string, { code: string; message: string }>;
