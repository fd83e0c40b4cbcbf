import type { Country, FieldRule, RegisterRules } from '@app/contract';
import type { TFunction } from '../../shared/i18n/translator.ts';
import {
  codeProblem,
  nationalDigits,
  phoneProblem,
  ruleProblem,
  type FieldCheck,
  type FormChecks,
} from '../../shared/forms/field-rules.ts';

export type RegisterTab = 'username' | 'mobile';

/** The switches that shape the register form (spec A §6, B §5). */
export interface RegisterSwitches {
  usernameRegister: boolean;
  mobileRegister: boolean;
  smsVerifyOnRegister: boolean;
  mobileRegisterWithPassword: boolean;
  referral: boolean;
}

/** The optional fields, in the order the form shows them (labels RG-33). */
export const optionalFields = [
  'email',
  'payeeName',
  'paymentPassword',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'recommenderId',
] as const;
export type OptionalField = (typeof optionalFields)[number];

export interface RegisterValues {
  username: string;
  password: string;
  mobileNum: string;
  verificationCode: string;
  captcha: string;
  affiliateCode: string;
  referralCode: string;
  email: string;
  payeeName: string;
  paymentPassword: string;
  qqNum: string;
  line: string;
  whatsapp: string;
  facebook: string;
  wechat: string;
  idNumber: string;
  recommenderId: string;
}

export const emptyRegisterValues: RegisterValues = {
  username: '',
  password: '',
  mobileNum: '',
  verificationCode: '',
  captcha: '',
  affiliateCode: '',
  referralCode: '',
  email: '',
  payeeName: '',
  paymentPassword: '',
  qqNum: '',
  line: '',
  whatsapp: '',
  facebook: '',
  wechat: '',
  idNumber: '',
  recommenderId: '',
};

/** Which fields the form shows. */
export interface ShownFields {
  username: boolean;
  password: boolean;
  mobileNum: boolean;
  verificationCode: boolean;
  captcha: boolean;
  affiliateCode: boolean;
  referralCode: boolean;
  optional: OptionalField[];
}

const on = (rule: FieldRule | undefined) => rule?.enabled === true;

/**
 * The register form's fields for a tab (spec B §5): a field shows only when its rule is enabled
 * (RG-14); on the mobile tab the number and the SMS code always show and the password only with
 * MOBILENUMPASSREG3 (RG-21); on the username tab the SMS code shows with REGMOBVERF3 (RG-18); the
 * captcha with its rule, which the server turns on with CAPTCHA3 (RG-17). An invitation code that
 * came valid in the URL hides its input (RG-12).
 */
export function shownFields(
  rules: RegisterRules,
  switches: RegisterSwitches,
  tab: RegisterTab,
  hidden: { affiliateCode?: boolean; referralCode?: boolean } = {},
): ShownFields {
  const mobile = tab === 'mobile';
  return {
    username: !mobile,
    password: mobile ? switches.mobileRegisterWithPassword : true,
    mobileNum: mobile || on(rules.mobileNum) || switches.smsVerifyOnRegister,
    verificationCode: mobile || switches.smsVerifyOnRegister,
    captcha: on(rules.captcha),
    affiliateCode: on(rules.affiliateCode) && !hidden.affiliateCode,
    referralCode: on(rules.referralCode) && switches.referral && !hidden.referralCode,
    optional: optionalFields.filter((f) => on(rules[f])),
  };
}

/** The tabs the dialog offers: both only with the mobile-register switch (RG-02); username by USERNAMEREG3 (RG-03). */
export function registerTabs(switches: RegisterSwitches): RegisterTab[] {
  const tabs: RegisterTab[] = [];
  if (switches.usernameRegister) tabs.push('username');
  if (switches.mobileRegister) tabs.push('mobile');
  return tabs;
}

/**
 * The checks of the shown fields. Username, password, the number on the mobile tab and the code
 * are required whenever shown (RG-15); the other fields only when their rule says so (RG-16).
 */
export function registerChecks(
  rules: RegisterRules,
  shown: ShownFields,
  tab: RegisterTab,
  country: Country | undefined,
  t: TFunction,
): FormChecks<RegisterValues> {
  const mobileTab = tab === 'mobile';
  const optional = Object.fromEntries(
    optionalFields.map((f) => [
      f,
      shown.optional.includes(f)
        ? (v: string) => ruleProblem(f, rules[f], f === 'paymentPassword' ? v : v.trim(), t)
        : null,
    ]),
  ) as Record<OptionalField, FieldCheck<RegisterValues, string> | null>;
  return {
    username: shown.username
      ? (v) => ruleProblem('username', rules.username, v.trim(), t, { forceRequired: true })
      : null,
    password: shown.password
      ? (v) => ruleProblem('password', rules.password, v, t, { forceRequired: true })
      : null,
    mobileNum: shown.mobileNum
      ? (v) => {
          const required = mobileTab || shown.verificationCode || rules.mobileNum?.required === true;
          if (!v.trim() && !required) return null;
          return (
            phoneProblem(v, country, t) ??
            ruleProblem('mobileNum', rules.mobileNum, nationalDigits(v), t, {
              emptyKey: 'error_mobile_invalid',
            })
          );
        }
      : null,
    verificationCode: shown.verificationCode ? (v) => codeProblem(v, t) : null,
    captcha: shown.captcha
      ? (v) =>
          ruleProblem('captcha', rules.captcha, v.trim(), t, {
            forceRequired: true,
            emptyKey: 'error_captcha_required',
          })
      : null,
    affiliateCode: shown.affiliateCode
      ? (v) => ruleProblem('affiliateCode', rules.affiliateCode, v.trim(), t)
      : null,
    referralCode: shown.referralCode
      ? (v) => ruleProblem('referralCode', rules.referralCode, v.trim(), t)
      : null,
    ...optional,
  };
}

/** The register request of spec B §3 and §7 (RG-19, RG-20, RG-26, RG-27). */
export function registerPayload(
  values: RegisterValues,
  context: {
    tab: RegisterTab;
    shown: ShownFields;
    countryDialingCode: string;
    affiliateCode: string;
    referralCode: string;
    location: { href: string; hostname: string };
    challenge?: { challengeId: string; challengeToken: string } | null;
    /** The phone-code provider's ID token for the number, when it checked the phone. */
    firebaseIdToken?: string | null;
  },
) {
  const { tab, shown } = context;
  const mobile = nationalDigits(values.mobileNum);
  const password = shown.password ? values.password : '';
  const optional = (f: OptionalField) =>
    shown.optional.includes(f) ? (f === 'paymentPassword' ? values[f] : values[f].trim()) : '';
  return {
    // On the mobile tab the number is the username (RG-20).
    username: tab === 'mobile' ? mobile : values.username.trim(),
    password,
    // The form has one password box; the request carries it twice (RG-19).
    confirmPassword: password,
    payeeName: optional('payeeName'),
    email: optional('email'),
    qqNum: optional('qqNum'),
    mobileNum: shown.mobileNum ? mobile : '',
    recommenderId: optional('recommenderId'),
    captcha: shown.captcha ? values.captcha.trim() : '',
    // A provider ID token replaces the code (decision 012).
    verificationCode:
      shown.verificationCode && !context.firebaseIdToken ? values.verificationCode.trim() : '',
    affiliateCode: context.affiliateCode,
    // The form sends nothing without its age box checked (RG-34).
    ageConfirmed: true,
    paymentPassword: optional('paymentPassword'),
    line: optional('line'),
    whatsapp: optional('whatsapp'),
    facebook: optional('facebook'),
    wechat: optional('wechat'),
    idNumber: optional('idNumber'),
    referralCode: context.referralCode,
    domain: context.location.hostname,
    countryDialingCode: shown.mobileNum ? context.countryDialingCode : '',
    login: true,
    firebaseChannel: 'sms',
    firebaseIdToken: context.firebaseIdToken ?? '',
    registerUrl: context.location.href,
    registerMethod: 'WEB' as const,
    ...(context.challenge ?? {}),
  };
}
