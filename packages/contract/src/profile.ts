import { z } from 'zod';
import { defineCall } from './call.ts';
import { patternCatalogue } from './patterns.ts';
import { ageOn, DEFAULT_MINIMUM_AGE } from './age.ts';

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

/* ------------------------------------------------------------------------------------------------
 * The member's profile page (`profile`, MC-09) with the fields of MC-10, the avatar, binding a
 * mobile number or an e-mail address with a code, and the default bank account (decision 023).
 * ---------------------------------------------------------------------------------------------- */

/** Where a member's income comes from (a closed list, as a KYC form asks it). */
export const SOURCES_OF_INCOME = [
  'SALARY',
  'BUSINESS',
  'INVESTMENT',
  'SAVINGS',
  'PENSION',
  'FAMILY',
  'OTHER',
] as const;
export type SourceOfIncome = (typeof SOURCES_OF_INCOME)[number];

/** ISO 3166-1 alpha-2 codes a nationality may take (the client names them with Intl.DisplayNames). */
export const COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW ' +
  'BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI ' +
  'FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN ' +
  'IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME ' +
  'MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF ' +
  'PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV ' +
  'SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE ' +
  'YT ZA ZM ZW'
).split(' ');

/** The profile fields a member edits on the profile page (the nickname has its own call). */
export const PROFILE_FIELDS = [
  'fullName',
  'telegram',
  'zalo',
  'birthday',
  'address',
  'nationality',
  'occupation',
  'sourceOfIncome',
  'placeOfBirth',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/**
 * Identity facts a KYC check relies on: set once by the member, after that changed only by customer
 * service (decision 023). Contact details, address, occupation and source of income stay editable.
 */
export const PROFILE_LOCKED_ONCE_SET: readonly ProfileField[] = [
  'fullName',
  'birthday',
  'nationality',
  'placeOfBirth',
];

/** Letters (any script) with spaces, dots, apostrophes and hyphens between words (as bank payee names). */
const PAYEE_NAME = /^[\p{L}\p{M}][\p{L}\p{M}.'’ -]*[\p{L}\p{M}.]$/u;

/*
 * The real name: the profile's full name (member.payee_name) and every bank account's payee name
 * follow this one rule, so the name a member gives and the accounts money may go to never disagree
 * (decision 023). The profile form, the bank form, the profile service and the withdraw service
 * all call these.
 */

/** What a member typed, folded: NFC, trimmed, runs of spaces to one. */
const fold = (raw: string) => raw.normalize('NFC').trim().replace(/\s+/g, ' ');

/** A real name as typed, folded (as every profile value is). */
export function normalizePayeeName(raw: string): string {
  return fold(raw);
}

/** Whether a (normalised) real name is acceptable: 2 to 64 characters of PAYEE_NAME. */
export function payeeNameOk(value: string): boolean {
  const len = [...value].length;
  return len >= 2 && len <= 64 && PAYEE_NAME.test(value);
}

/** Two real names are the same person's when they differ only in case, composition or spacing. */
export function samePayeeName(a: string, b: string): boolean {
  return normalizePayeeName(a).toLocaleLowerCase() === normalizePayeeName(b).toLocaleLowerCase();
}
/** Words of letters with spaces, dots, commas, apostrophes and hyphens (a town, an occupation). */
const WORDS = /^[\p{L}\p{M}][\p{L}\p{M}\p{N}.,'’ ()/-]*$/u;
/** Telegram usernames: 5-32 letters, digits and underscores, a letter first; the @ is optional. */
const TELEGRAM = /^@?[A-Za-z][A-Za-z0-9_]{4,31}$/;
/** Zalo is found by its phone number: 8-15 digits, an optional + first. */
const ZALO = /^\+?[0-9]{8,15}$/;
/** An address: letters, digits and the punctuation addresses use; no angle brackets or controls. */
const ADDRESS = /^[\p{L}\p{M}\p{N}\p{Zs}.,'’#/()&:;°-]+$/u;

/**
 * The youngest and oldest a member may say they are. The youngest is the brand's minimum age
 * (`minimumAge` of the brand config, RG-34, RG-35): this is its default, the rules below take the
 * brand's as a parameter.
 */
export const PROFILE_MIN_AGE = DEFAULT_MINIMUM_AGE;
export const PROFILE_MAX_AGE = 120;

/** English sentence of each field's rule: the server's refusal and the client's hint. */
export const PROFILE_FIELD_HINTS: Record<ProfileField, string> = {
  fullName: 'Your name as on your ID: 2 to 64 letters, spaces, dots, apostrophes or hyphens',
  telegram: 'A Telegram username: 5 to 32 letters, digits or _, starting with a letter',
  zalo: 'The phone number of your Zalo account: 8 to 15 digits',
  birthday: `A date (YYYY-MM-DD): you must be at least ${PROFILE_MIN_AGE}`,
  address: 'An address of 5 to 200 letters, digits and ordinary punctuation',
  nationality: 'Choose a country from the list',
  occupation: 'An occupation of 2 to 60 letters',
  sourceOfIncome: 'Choose a source of income from the list',
  placeOfBirth: 'A town or country of 2 to 100 letters',
};

/** Folds what a member typed: NFC, trimmed, runs of spaces to one. */
export function normalizeProfileValue(field: ProfileField, raw: string): string {
  const v = fold(raw);
  if (field === 'telegram') return v.replace(/^@/, '');
  if (field === 'zalo') return v.replace(/[\s-]/g, '');
  return v;
}

/** The rule's sentence of a field; the birthday's names the brand's minimum age. */
export function profileFieldHint(field: ProfileField, minimumAge: number = PROFILE_MIN_AGE): string {
  return field === 'birthday'
    ? `A date (YYYY-MM-DD): you must be at least ${minimumAge}`
    : PROFILE_FIELD_HINTS[field];
}

/**
 * Whether a birthday (YYYY-MM-DD) is a real date of someone between the brand's minimum age and
 * the maximum age, by the one age rule (age.ts: of age from the birthday itself).
 */
function birthdayOk(value: string, today: Date, minimumAge: number): boolean {
  const age = ageOn(value, today);
  return age !== null && age >= minimumAge && age <= PROFILE_MAX_AGE;
}

/**
 * One field's rule, shared by the form and the server: true when the (normalised, non-empty) value
 * is acceptable. An empty value means "clear it" and is judged by the caller.
 */
export function profileValueOk(
  field: ProfileField,
  value: string,
  today: Date = new Date(),
  minimumAge: number = PROFILE_MIN_AGE,
): boolean {
  const len = [...value].length;
  switch (field) {
    case 'fullName':
      return payeeNameOk(value);
    case 'telegram':
      return TELEGRAM.test(value);
    case 'zalo':
      return ZALO.test(value);
    case 'birthday':
      return birthdayOk(value, today, minimumAge);
    case 'address':
      return len >= 5 && len <= 200 && ADDRESS.test(value);
    case 'nationality':
      return COUNTRY_CODES.includes(value);
    case 'occupation':
      return len >= 2 && len <= 60 && WORDS.test(value);
    case 'sourceOfIncome':
      return (SOURCES_OF_INCOME as readonly string[]).includes(value);
    case 'placeOfBirth':
      return len >= 2 && len <= 100 && WORDS.test(value);
  }
}

const profileValue = z.string().nullable();

export const MemberProfileSchema = z.object({
  nickname: z.string(),
  /** The real name (the registration's payeeName): bank accounts must be in this name. */
  fullName: profileValue,
  telegram: profileValue,
  zalo: profileValue,
  /** YYYY-MM-DD. */
  birthday: profileValue,
  address: profileValue,
  /** ISO 3166-1 alpha-2. */
  nationality: profileValue,
  occupation: profileValue,
  sourceOfIncome: z.enum(SOURCES_OF_INCOME).nullable(),
  placeOfBirth: profileValue,
  /** Fields already set that the member can no longer change (PROFILE_LOCKED_ONCE_SET). */
  locked: z.array(z.enum(PROFILE_FIELDS)),
  /** The bank account withdrawals default to, masked like every account number; null when none is bound. */
  bankAccount: z
    .object({ id: z.number().int(), bankName: z.string(), accountNumber: z.string(), payeeName: z.string() })
    .nullable(),
});
export type MemberProfile = z.infer<typeof MemberProfileSchema>;

export const getMemberProfile = defineCall({
  id: 'getMemberProfile',
  method: 'GET',
  path: '/wps/member/profile',
  moduleId: 'MEMBER',
  token: true,
  summary: "The member's profile fields (MC-10), which of them are locked, and the default bank account",
  response: MemberProfileSchema,
});

const fieldInput = z.string().max(300).optional();

export const updateMemberProfile = defineCall({
  id: 'updateMemberProfile',
  method: 'POST',
  path: '/wps/member/profile',
  moduleId: 'MEMBER',
  token: true,
  summary:
    'Saves the fields sent (an empty string clears an editable one); a locked field that is set is refused',
  body: z
    .object({
      fullName: fieldInput,
      telegram: fieldInput,
      zalo: fieldInput,
      birthday: fieldInput,
      address: fieldInput,
      nationality: fieldInput,
      occupation: fieldInput,
      sourceOfIncome: fieldInput,
      placeOfBirth: fieldInput,
    })
    .strict(),
  response: MemberProfileSchema,
});

/** Built-in avatars are numbered 1 to 12 (the CDN's AVATAR folder). */
export const STATIC_AVATAR_COUNT = 12;
export const AvatarLimits = {
  /** Largest upload accepted. */
  maxBytes: 2 * 1024 * 1024,
  /** Uploaded images are re-encoded to a square WebP of this side. */
  side: 160,
  contentTypes: ['image/png', 'image/jpeg', 'image/webp'],
} as const;

const ProfileAvatarSchema = z.object({
  avatar: z.string(),
  avatarType: z.enum(['CUSTOM', 'STATIC']),
  avatarUrl: z.string(),
});

export const setStaticAvatar = defineCall({
  id: 'setStaticAvatar',
  method: 'POST',
  path: '/wps/member/avatar',
  moduleId: 'MEMBER',
  token: true,
  summary: 'Chooses one of the built-in avatars ("1" to "12"); an uploaded image is forgotten',
  body: z.object({ avatar: z.string().max(4) }).strict(),
  response: ProfileAvatarSchema,
});

export const uploadAvatar = defineCall({
  id: 'uploadAvatar',
  method: 'POST',
  path: '/wps/member/avatar/upload',
  moduleId: 'MEMBER',
  token: true,
  summary:
    'Uploads an avatar: the raw png, jpg or webp bytes as the body (checked by signature, at most 2 MB), re-encoded to a small WebP the member info carries as a data URL',
  response: ProfileAvatarSchema,
});

const expiry = z.object({ expiredMinutes: z.number().int(), expirationTime: z.number() });
const bindPassword = z.string().max(128).optional().default('');

export const sendBindMobileCode = defineCall({
  id: 'sendBindMobileCode',
  method: 'POST',
  path: '/wps/member/security/mobile/code',
  moduleId: 'MEMBER',
  token: true,
  summary: 'Texts a code to the number the member wants to bind (resend and hourly limits apply)',
  body: z.object({
    mobileNum: z.string().trim().max(20),
    countryDialingCode: z
      .string()
      .trim()
      .regex(/^\+?[0-9]{1,4}$/, 'countryDialingCode is 1 to 4 digits'),
  }),
  response: expiry,
});

export const bindMobile = defineCall({
  id: 'bindMobile',
  method: 'POST',
  path: '/wps/member/security/mobile',
  moduleId: 'MEMBER',
  token: true,
  summary:
    'Binds the number with the code texted to it; replacing a bound number also takes the login password',
  body: z.object({
    mobileNum: z.string().trim().max(20),
    countryDialingCode: z
      .string()
      .trim()
      .regex(/^\+?[0-9]{1,4}$/, 'countryDialingCode is 1 to 4 digits'),
    verificationCode: z.string().max(12),
    loginPassword: bindPassword,
  }),
  response: z.object({ mobile: z.string() }),
});

export const sendBindEmailCode = defineCall({
  id: 'sendBindEmailCode',
  method: 'POST',
  path: '/wps/member/security/email/code',
  moduleId: 'MEMBER',
  token: true,
  summary: 'E-mails a code to the address the member wants to bind (resend and hourly limits apply)',
  body: z.object({ email: z.string().trim().max(100) }),
  response: expiry,
});

export const bindEmail = defineCall({
  id: 'bindEmail',
  method: 'POST',
  path: '/wps/member/security/email',
  moduleId: 'MEMBER',
  token: true,
  summary:
    'Binds the address with the code sent to it; replacing a bound address also takes the login password',
  body: z.object({
    email: z.string().trim().max(100),
    verificationCode: z.string().max(12),
    loginPassword: bindPassword,
  }),
  response: z.object({ email: z.string() }),
});

export const setDefaultBankAccount = defineCall({
  id: 'setDefaultBankAccount',
  method: 'POST',
  path: '/wps/member/bankAccounts/default',
  moduleId: 'BANK',
  token: true,
  summary: "Makes one of the member's own bank accounts the default (404 for any other id)",
  body: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }).strict(),
  response: MemberProfileSchema,
});

/** An e-mail address as the register rule checks it (pattern 3 of the catalogue). */
export const EMAIL_PATTERN = new RegExp(patternCatalogue.find((p) => p.id === 3)!.acceptedPattern);
