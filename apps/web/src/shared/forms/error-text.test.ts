import { beforeAll, describe, expect, it } from 'vitest';
import type { TFunction } from '../i18n/translator.ts';
import { Errors, PlayerErrorNames } from '@app/contract';
import { ApiError } from '../http/api-error.ts';
import { accountsT } from '../../test/accounts-t.ts';
import { errorKeyFor, errorText, wantsCaptcha } from './error-text.ts';
import en from '../../locales/accounts/en.json';

let t: TFunction;
beforeAll(async () => {
  t = await accountsT();
});

const refused = (e: { code: string; message: string }, value?: unknown) =>
  new ApiError({ status: 422, errorCode: e.code, message: e.message, value });

describe('the error catalogue of spec B §8', () => {
  it("ER-05 ER-06 ER-07 ER-08 ER-09 ER-10 ER-11 ER-12 ER-13 ER-14 ER-15 phone-verification errors are told in the catalogue's words", () => {
    const expected: [keyof typeof Errors, string][] = [
      ['phoneFormatInvalid', 'Invalid phone number format'],
      ['phoneInvalid', 'Please enter a valid phone number'],
      ['tooManyRequests', 'Too many requests, try again after 5 minutes'],
      ['unknown', 'Unknown error'],
      ['codeInvalid', 'Verification code not valid'],
      ['codeMissing', 'Verification code missing'],
      ['captchaInvalid', 'Invalid captcha input'],
      ['quotaExceeded', 'Quota not sufficient, contact customer service'],
      ['functionDisabled', 'Function not enabled, contact customer service'],
      ['codeExpired', 'Verification code expired, send again'],
      ['popupClosed', 'Login failure. Please try again'],
    ];
    for (const [name, text] of expected) expect(errorText(refused(Errors[name]), t)).toBe(text);
    // The client's own: closing the phone check's popup (ER-15).
    expect(t('error_popup_closed')).toBe('Login failure. Please try again');
  });

  it('ER-16 ER-17 ER-23 ER-25 ER-26 ER-27 account errors keep their own sentences; ER-24 says verification succeeded', () => {
    expect(errorText(refused(Errors.wrongCredentials), t)).toBe('Wrong account or password');
    expect(errorText(refused(Errors.userEmailNotFound), t)).toBe('Username or e-mail does not exist');
    expect(errorText(refused(Errors.challengeRequired), t)).toBe('Please complete verification first');
    expect(errorText(refused(Errors.challengeFailed), t)).toBe(
      'Please pass the image verification correctly',
    );
    expect(errorText(refused(Errors.notLoggedIn), t)).toBe('You are not logged in, please login');
    expect(errorText(refused(Errors.nonMemberAccount), t)).toBe('Non-member account unable to login');
    expect(t('error_challenge_passed')).toBe('Verification succeeded');
  });

  it('ER-36 ER-37 ER-38 ER-39 ER-40 ER-41 ER-42 the form sentences exist in English', () => {
    expect(t('error_confirm_mismatch')).toBe('Confirmation password is not correct');
    expect(t('error_captcha_required')).toBe('Please enter the captcha');
    expect(t('error_username_password_missing')).toBe('Please enter the username and password');
    expect(t('error_input_empty')).toBe('Input cannot be empty');
    expect(t('error_code_invalid_input')).toBe('Please enter a valid verification code');
    expect(t('error_mobile_invalid')).toBe('Please enter a valid mobile number');
    expect(t('password_prompt')).toBe('Password of (min) - (max) characters');
  });

  it('a shared code picks the sentence of its exact message, and a server detail is kept', () => {
    expect(errorKeyFor('TOO_MANY_REQUESTS', Errors.resendTooSoon.message)).toBe('error_resend_too_soon');
    expect(
      errorText(
        new ApiError({
          status: 422,
          errorCode: Errors.accountFormat.code,
          message: 'Account format incorrect: 6-16 characters',
        }),
        t,
      ),
    ).toBe('Account format incorrect: 6-16 characters');
    expect(
      errorText(
        new ApiError({ status: 500, errorCode: 'something.new', message: 'A new server sentence' }),
        t,
      ),
    ).toBe('A new server sentence');
    expect(wantsCaptcha(refused(Errors.wrongCredentials, { captcha: true }))).toBe(true);
    expect(wantsCaptcha(refused(Errors.wrongCredentials))).toBe(false);
  });

  it('every error a player meets in the forms has an English sentence in the accounts catalogue', () => {
    for (const name of PlayerErrorNames) {
      const key = `error_${name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`;
      expect(en, key).toHaveProperty(key);
    }
  });
});
