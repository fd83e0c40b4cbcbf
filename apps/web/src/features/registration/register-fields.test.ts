import { beforeAll, describe, expect, it } from 'vitest';
import type { TFunction } from '../../shared/i18n/translator.ts';
import type { FieldRule, RegisterRules } from '@app/contract';
import { accountsT } from '../../test/accounts-t.ts';
import { fieldProblems } from '../../shared/forms/field-rules.ts';
import {
  emptyRegisterValues,
  registerPayload,
  registerChecks,
  registerTabs,
  shownFields,
  type RegisterSwitches,
} from './register-fields.ts';

const rule = (
  enabled: boolean,
  required: boolean,
  patternId = 0,
  acceptedPattern = '*',
  minLength = 1,
  maxLength = 40,
): FieldRule => ({ enabled, required, acceptedPattern, patternId, minLength, maxLength });
const rules = {
  username: rule(true, true, 1, '^[A-Za-z][A-Za-z0-9]*$', 6, 16),
  password: rule(true, true, 5, '^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$', 6, 20),
  mobileNum: rule(true, false, 6, '^[0-9]+$', 6, 15),
  email: rule(true, false, 3, '^\\S+@\\S+\\.\\S+$', 6, 60),
  payeeName: rule(true, true),
  qqNum: rule(false, true),
  captcha: rule(true, true, 6, '^[0-9]+$', 4, 4),
  affiliateCode: rule(true, false, 4, '^[A-Za-z0-9]+$', 4, 20),
  referralCode: rule(true, false),
  verificationCode: rule(true, true, 6, '^[0-9]+$', 6, 6),
} as unknown as RegisterRules;
const switches: RegisterSwitches = {
  usernameRegister: true,
  mobileRegister: true,
  smsVerifyOnRegister: false,
  mobileRegisterWithPassword: true,
  referral: true,
};
const vn = { countryCode: 'VN', countryDialingCode: '84', name: 'Vietnam', numberLengths: [9, 10] };

let t: TFunction;
beforeAll(async () => {
  t = await accountsT();
});

describe('register form fields', () => {
  it('RG-02 RG-03 the tabs: username with USERNAMEREG3, mobile with MOBILENUMREG3', () => {
    expect(registerTabs(switches)).toEqual(['username', 'mobile']);
    expect(registerTabs({ ...switches, mobileRegister: false })).toEqual(['username']);
    expect(registerTabs({ ...switches, usernameRegister: false })).toEqual(['mobile']);
  });

  it('RG-14 RG-17 a field shows only when its rule is enabled; the captcha with its rule', () => {
    const shown = shownFields(rules, switches, 'username');
    expect(shown.optional).toEqual(['email', 'payeeName']);
    expect(shown.captcha).toBe(true);
    expect(shownFields({ ...rules, captcha: rule(false, false) }, switches, 'username').captcha).toBe(false);
  });

  it('RG-18 RG-21 the SMS code: with REGMOBVERF3 on the username tab, always on the mobile tab, whose password follows MOBILENUMPASSREG3', () => {
    expect(shownFields(rules, switches, 'username').verificationCode).toBe(false);
    expect(shownFields(rules, { ...switches, smsVerifyOnRegister: true }, 'username').verificationCode).toBe(
      true,
    );
    const mobile = shownFields(rules, switches, 'mobile');
    expect(mobile).toMatchObject({
      username: false,
      mobileNum: true,
      verificationCode: true,
      password: true,
    });
    expect(shownFields(rules, { ...switches, mobileRegisterWithPassword: false }, 'mobile').password).toBe(
      false,
    );
  });

  it('RG-12 RG-13 a valid code from the URL hides its input; an invalid one leaves it', () => {
    expect(shownFields(rules, switches, 'username', { affiliateCode: true }).affiliateCode).toBe(false);
    expect(shownFields(rules, switches, 'username', { affiliateCode: false }).affiliateCode).toBe(true);
  });

  it('RG-15 RG-16 required when shown: username, password, code; the others by their rule', () => {
    const checks = registerChecks(rules, shownFields(rules, switches, 'username'), 'username', vn, t);
    const paths = new Set(Object.keys(fieldProblems(checks, emptyRegisterValues)));
    expect(paths).toEqual(new Set(['username', 'password', 'payeeName', 'captcha']));
    const mobile = registerChecks(rules, shownFields(rules, switches, 'mobile'), 'mobile', vn, t);
    expect(new Set(Object.keys(fieldProblems(mobile, emptyRegisterValues)))).toEqual(
      new Set(['password', 'mobileNum', 'verificationCode', 'payeeName', 'captcha']),
    );
  });

  it('RG-19 RG-20 RG-26 RG-27 the request: password twice, the number as username on the mobile tab, every field and the web extras', () => {
    const values = {
      ...emptyRegisterValues,
      username: ' player1 ',
      password: 'Secret123',
      mobileNum: '0912345678',
      verificationCode: '123456',
      payeeName: 'Ann Lee',
      email: 'a@b.co',
    };
    const shown = shownFields(rules, switches, 'mobile');
    const location = {
      href: 'https://lucky.example/register?affiliateCode=LOTUS8',
      hostname: 'lucky.example',
    };
    const body = registerPayload(values, {
      tab: 'mobile',
      shown,
      countryDialingCode: '84',
      affiliateCode: 'LOTUS8',
      referralCode: '',
      location,
      challenge: { challengeId: 'c', challengeToken: 'tok' },
    });
    expect(body).toMatchObject({
      username: '912345678',
      password: 'Secret123',
      confirmPassword: 'Secret123',
      mobileNum: '912345678',
      verificationCode: '123456',
      payeeName: 'Ann Lee',
      email: 'a@b.co',
      affiliateCode: 'LOTUS8',
      countryDialingCode: '84',
      domain: 'lucky.example',
      login: true,
      firebaseChannel: 'sms',
      firebaseIdToken: '',
      registerUrl: location.href,
      registerMethod: 'WEB',
      challengeId: 'c',
      challengeToken: 'tok',
    });
    for (const key of [
      'qqNum',
      'recommenderId',
      'paymentPassword',
      'line',
      'whatsapp',
      'facebook',
      'wechat',
      'idNumber',
      'referralCode',
      'captcha',
    ])
      expect(body).toHaveProperty(key);
    const byName = registerPayload(values, {
      tab: 'username',
      shown: shownFields(rules, switches, 'username'),
      countryDialingCode: '84',
      affiliateCode: '',
      referralCode: '',
      location,
    });
    expect(byName.username).toBe('player1');
    expect(byName.confirmPassword).toBe(byName.password);
    // Under the phone-code provider the ID token stands in for the typed code (decision 012).
    const viaProvider = registerPayload(values, {
      tab: 'mobile',
      shown,
      countryDialingCode: '84',
      affiliateCode: '',
      referralCode: '',
      location,
      firebaseIdToken: 'id-token',
    });
    expect(viaProvider).toMatchObject({
      firebaseChannel: 'sms',
      firebaseIdToken: 'id-token',
      verificationCode: '',
    });
  });
});
