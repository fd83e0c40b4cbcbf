import { z } from 'zod';
import { defineCall } from './call.ts';
import { challengeFields, LoginResultSchema } from './session.ts';

/** An optional text field: absent, null (the original sends `referralCode: null`) and '' all read as ''. */
const field = (max = 255) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v ?? '');
const secret = () =>
  z
    .string()
    .max(128)
    .nullish()
    .transform((v) => v ?? '');

/**
 * The register payload of spec B §3 (RG-26) and the extra fields of §3 and §7 (RG-27). Every
 * optional field may be empty; the server's field rules decide which are required.
 */
export const RegisterRequestSchema = z.object({
  username: field(64),
  password: secret(),
  confirmPassword: secret(),
  payeeName: field(100),
  email: field(100),
  qqNum: field(40),
  mobileNum: field(20),
  recommenderId: field(40),
  captcha: field(16),
  verificationCode: field(255),
  affiliateCode: field(40),
  paymentPassword: secret(),
  line: field(60),
  whatsapp: field(30),
  facebook: field(100),
  wechat: field(60),
  idNumber: field(40),
  referralCode: field(40),
  domain: field(255),
  countryDialingCode: field(6),
  login: z
    .boolean()
    .nullish()
    .transform((v) => v ?? true),
  firebaseChannel: field(20),
  firebaseIdToken: field(4096),
  registerUrl: field(2048),
  registerMethod: z
    .literal('WEB')
    .nullish()
    .transform(() => 'WEB' as const),
  /** The original's device id; accepted and not used (a device is not an identity here). */
  loginDeviceId: field(128),
  /**
   * The age confirmation of the register dialog (RG-34, decision 045): our web app sends true; false
   * is refused. Absent (the original client, which confirms in the form only) reads as not stated.
   */
  ageConfirmed: z.boolean().nullish(),
  /** YYYY-MM-DD, optional: when given, the birthday rule of the brand's minimum age applies. */
  birthday: field(10),
  ...challengeFields,
});
export type RegisterRequest = z.input<typeof RegisterRequestSchema>;

export const register = defineCall({
  id: 'register',
  method: 'PUT',
  path: '/wps/member/register',
  moduleId: 'USERNAMEREG3',
  token: false,
  encrypted: true,
  summary: 'Registers by username; the value holds the login token',
  body: RegisterRequestSchema,
  response: LoginResultSchema,
});

export const registerMobile = defineCall({
  id: 'registerMobile',
  method: 'PUT',
  path: '/wps/member/register/mobile',
  moduleId: 'MOBILENUMREG3',
  token: false,
  encrypted: true,
  summary: 'Registers by mobile number (the username is the number); the value holds the login token',
  body: RegisterRequestSchema,
  response: LoginResultSchema,
});

/**
 * The original's Firebase phone sign-up, with a username the server picks. The firebaseIdToken is
 * our phone-code provider's ID token (decision 012) for a registration: it names the number, which
 * becomes the username as on the mobile tab. No password: the member logs in by SMS code, or sets
 * one through the phone reset.
 */
export const RegisterAutoUsernameRequestSchema = z.object({
  registerUrl: field(2048),
  registerMethod: z
    .literal('WEB')
    .nullish()
    .transform(() => 'WEB' as const),
  affiliateCode: field(40),
  referralCode: field(40),
  domain: field(255),
  firebaseChannel: field(20),
  firebaseIdToken: z.string().trim().min(1).max(4096),
  login: z
    .boolean()
    .nullish()
    .transform((v) => v ?? true),
  loginDeviceId: field(128),
  ...challengeFields,
});

export const registerAutoUsername = defineCall({
  id: 'registerAutoUsername',
  method: 'PUT',
  path: '/wps/member/register/autoUsername',
  moduleId: 'PHONEAUTH3',
  token: false,
  summary:
    'Registers the number a phone-code ID token names (the username is the number, no password); the value holds the login token',
  body: RegisterAutoUsernameRequestSchema,
  response: LoginResultSchema,
});

export const checkAffiliate = defineCall({
  id: 'checkAffiliate',
  method: 'GET',
  path: '/wps/agent/affiliate',
  moduleId: 'AFFILIATE',
  token: false,
  summary:
    'Checks an affiliate (agent) or referral (friend) invitation code for a domain; an unknown code answers "invitation code error"',
  query: z.object({
    code: z.string().trim().min(1).max(40),
    domain: z.string().trim().max(255).optional().default(''),
  }),
  response: z.object({ code: z.string(), kind: z.enum(['AFFILIATE', 'REFERRAL']), valid: z.literal(true) }),
});

/** The register fields after validation (defaults applied), as the server reads them. */
export type RegisterPayload = z.output<typeof RegisterRequestSchema>;
