import { z } from 'zod';
import { defineCall } from './call.ts';
import { challengeFields } from './session.ts';

/** Length of SMS and e-mail codes. */
export const VERIFICATION_CODE_LENGTH = 6;

const dialingCode = z
  .string()
  .trim()
  .regex(/^\+?[0-9]{1,4}$/, 'countryDialingCode is 1 to 4 digits');
const mobile = z.string().trim().max(20);
/**
 * Optional on the SMS sends: the original's ...NoDialingCode calls leave it out, and the server
 * infers the country from the site's countries and the number (422 when that is ambiguous).
 */
const optionalDialingCode = dialingCode.nullish().transform((v) => v ?? undefined);

export const ChallengePurposeSchema = z.enum(['login', 'register', 'sms']);
export type ChallengePurpose = z.infer<typeof ChallengePurposeSchema>;

export const ChallengeSchema = z.object({
  challengeId: z.string(),
  /** Background with the hole, base64 PNG. */
  background: z.string(),
  /** The piece to drag, base64 PNG, drawn at x = 0 and at `y`. */
  piece: z.string(),
  y: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  pieceSize: z.number().int(),
  expiresAt: z.number(),
});
export type Challenge = z.infer<typeof ChallengeSchema>;

export const getCaptcha = defineCall({
  id: 'getCaptcha',
  method: 'GET',
  path: '/wps/captcha',
  moduleId: 'CAPTCHA',
  token: false,
  summary:
    'A captcha image drawn by the server, base64 PNG. It is bound to the caller by the Captcha-Id cookie and response header (send it back as the Captcha-Id header when cookies are off); single use, 5 minutes',
  response: z.string(),
});

/**
 * The captcha's accessible alternative (WCAG 3.3.8, decision 050): nothing to read or solve, the
 * browser proves some work instead. The answer, sent in the form's captcha field as an image's
 * would be, is a decimal number `n` (1 to 12 digits) such that the SHA-256 of `salt:n` begins
 * with `bits` zero bits.
 */
export const CaptchaCheckSchema = z.object({
  salt: z.string(),
  bits: z.number().int().min(1).max(32),
  expiresAt: z.number(),
});
export type CaptchaCheck = z.infer<typeof CaptchaCheckSchema>;

export const getCaptchaCheck = defineCall({
  id: 'getCaptchaCheck',
  method: 'GET',
  path: '/wps/captcha/check',
  moduleId: 'CAPTCHA',
  token: false,
  summary:
    "The captcha's accessible alternative, a proof of work instead of a picture to read: salt and bits, bound to the caller as the image is (Captcha-Id); the form's captcha field then carries a number n such that SHA-256(salt:n) begins with that many zero bits. Single use, 5 minutes",
  response: CaptchaCheckSchema,
});

/** How many zero bits a digest begins with. */
export function leadingZeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

export const getChallenge = defineCall({
  id: 'getChallenge',
  method: 'GET',
  path: '/wps/verification/challenge',
  moduleId: 'GEETEST3',
  token: false,
  summary: 'A slider challenge: background with a hole, the piece and its row; the server keeps the answer',
  query: z.object({ purpose: ChallengePurposeSchema.default('login') }),
  response: ChallengeSchema,
});

export const verifyChallenge = defineCall({
  id: 'verifyChallenge',
  method: 'POST',
  path: '/wps/verification/challenge',
  moduleId: 'GEETEST3',
  token: false,
  summary:
    'Checks a slider result; a pass gives a single-use challengeToken for the next login, register or SMS call',
  body: z.object({
    challengeId: z.string().min(1).max(64),
    /** Where the piece's left edge was dropped, in image pixels. */
    x: z.number().min(0).max(10_000),
    /** How long the drag took. */
    durationMs: z.number().int().min(0).max(600_000),
    /** Sampled x positions of the drag, oldest first (optional). */
    trail: z.array(z.number()).max(500).optional(),
    /**
     * The accessible alternative (decision 050): instead of a drop, the answer n to the caller's
     * proof-of-work check (GET /wps/captcha/check, bound by Captcha-Id or its cookie); x and
     * durationMs are then ignored.
     */
    proof: z.string().min(1).max(16).optional(),
  }),
  response: z.object({ challengeId: z.string(), challengeToken: z.string(), message: z.string() }),
});

/** Lifetime of the code sent, in minutes, and its end (epoch ms; the original's 2FA send reads it). */
const expiredMinutes = z.object({ expiredMinutes: z.number().int(), expirationTime: z.number() });

export const sendSmsNoLogin = defineCall({
  id: 'sendSmsNoLogin',
  method: 'POST',
  path: '/wps/verification/sms/noLogin',
  moduleId: 'MOBILEVERCODELOGIN3',
  token: false,
  summary: 'Sends an SMS login code to a registered mobile number',
  body: z.object({ mobileNum: mobile, countryDialingCode: optionalDialingCode, ...challengeFields }),
  response: expiredMinutes,
});

export const sendSmsRegister = defineCall({
  id: 'sendSmsRegister',
  method: 'POST',
  path: '/wps/verification/sms/register',
  moduleId: 'REGMOBVERF3',
  token: false,
  summary: 'Sends the SMS code of a username registration (field mobileNo, spec B §7)',
  body: z.object({ mobileNo: mobile, countryDialingCode: optionalDialingCode, ...challengeFields }),
  response: expiredMinutes,
});

export const sendSmsRegisterMobile = defineCall({
  id: 'sendSmsRegisterMobile',
  method: 'POST',
  path: '/wps/verification/sms/register/mobile',
  moduleId: 'MOBILENUMREG3',
  token: false,
  summary: 'Sends the SMS code of a mobile registration (field mobileNo, spec B §7)',
  body: z.object({ mobileNo: mobile, countryDialingCode: optionalDialingCode, ...challengeFields }),
  response: expiredMinutes,
});

export const sendSmsForgotPassword = defineCall({
  id: 'sendSmsForgotPassword',
  method: 'POST',
  path: '/wps/verification/sms/forgotPassword',
  moduleId: 'CHNGPASSVERIF3',
  token: false,
  summary:
    'Sends the SMS code of a password reset by phone; value.expirationTime is when it expires (epoch ms)',
  body: z.object({ mobileNum: mobile, countryDialingCode: optionalDialingCode, ...challengeFields }),
  response: z.object({ expirationTime: z.number() }),
});

/**
 * The original's GeeTest registration call. GeeTest is not used here (the slider challenge of
 * GEETEST3 is, decision 014): the answer carries the fields the original reads with `gt` empty
 * (no GeeTest account) and `challenge` naming a fresh slider challenge of /wps/verification/challenge.
 */
export const getGeetest = defineCall({
  id: 'getGeetest',
  method: 'GET',
  path: '/wps/captcha/geetest',
  moduleId: 'GEETEST3',
  token: false,
  summary:
    "The original's GeeTest call, answered with a slider challenge id (no GeeTest here): gt empty, challenge, newCaptcha",
  query: z.object({ t: z.coerce.number().int().min(0).max(8.64e15).optional() }),
  response: z.object({
    gt: z.string(),
    challenge: z.string(),
    newCaptcha: z.boolean(),
    success: z.literal(0),
  }),
});

export const PhoneCodePurposeSchema = z.enum(['register', 'login']);
export type PhoneCodePurpose = z.infer<typeof PhoneCodePurposeSchema>;

/**
 * The phone-code provider (decision 012), the self-hosted counterpart of the original's
 * Firebase phone sign-in: a code request answers an opaque session handle; the code confirmed
 * under that handle is exchanged for a short-lived, single-use ID token that the register call
 * carries in firebaseIdToken and the SMS login in password. A new code for the same number may be
 * asked for after `resendAfterSeconds` (1 minute, spec B §9).
 */
export const sendPhoneCode = defineCall({
  id: 'sendPhoneCode',
  method: 'POST',
  path: '/wps/verification/phone/send',
  moduleId: 'PHONEAUTH3',
  token: false,
  summary:
    'Phone-code provider: texts a code to a number for a registration (the number must be free) or a login (the number must be registered); answers the session handle to confirm it under',
  body: z.object({
    mobileNum: mobile,
    countryDialingCode: dialingCode,
    purpose: PhoneCodePurposeSchema,
    ...challengeFields,
  }),
  response: z.object({
    sessionInfo: z.string(),
    resendAfterSeconds: z.number().int(),
    expiredMinutes: z.number().int(),
  }),
});

export const verifyPhoneCode = defineCall({
  id: 'verifyPhoneCode',
  method: 'POST',
  path: '/wps/verification/phone/verify',
  moduleId: 'PHONEAUTH3',
  token: false,
  summary:
    'Phone-code provider: confirms the code sent under a session handle and answers a single-use ID token for that number (10 minutes)',
  body: z.object({ sessionInfo: z.string().min(1).max(128), code: z.string().trim().max(16) }),
  response: z.object({ idToken: z.string(), phoneNumber: z.string(), expiresIn: z.number().int() }),
});
