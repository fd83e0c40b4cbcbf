import { beforeAll, describe, expect, it } from 'vitest';
import type { FieldRule } from '@app/contract';
import type { TFunction } from '../i18n/translator.ts';
import { accountsT } from '../../test/accounts-t.ts';
import { checksResolver, codeProblem, fieldProblems, phoneProblem, ruleProblem } from './field-rules.ts';

let t: TFunction;
beforeAll(async () => {
  t = await accountsT();
});

const username: FieldRule = {
  enabled: true,
  required: true,
  acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$',
  patternId: 1,
  minLength: 6,
  maxLength: 16,
};
const anything: FieldRule = {
  enabled: true,
  required: false,
  acceptedPattern: '*',
  patternId: 0,
  minLength: 2,
  maxLength: 5,
};
const vietnam = { numberLengths: [9, 10] };

describe('field rules from the server', () => {
  it('RG-23 ER-33 a value must match acceptedPattern and lie within the bounds; the message is reg_pattern_<id> with (min) and (max)', () => {
    expect(ruleProblem('username', username, 'player1', t)).toBeNull();
    expect(ruleProblem('username', username, '1player', t)).toBe(
      'Account format incorrect: Start with a letter, then letters or digits, 6-16 characters',
    );
    expect(ruleProblem('username', username, 'abc', t)).toMatch(/^Account format incorrect: /);
    expect(ruleProblem('username', username, 'a'.repeat(17), t)).toMatch(/6-16 characters$/);
  });

  it('RG-24 acceptedPattern "*" matches anything; only the length counts', () => {
    expect(ruleProblem('line', anything, '#$ %', t)).toBeNull();
    expect(ruleProblem('line', anything, 'x', t)).toBe('Please enter 2-5 characters');
  });

  it('RG-15 RG-16 ER-39 an empty field is refused only when required or forced', () => {
    expect(ruleProblem('line', anything, '', t)).toBeNull();
    expect(ruleProblem('line', anything, '', t, { forceRequired: true })).toBe('Input cannot be empty');
    expect(ruleProblem('username', { ...username, required: false }, '', t, { forceRequired: true })).toBe(
      'Input cannot be empty',
    );
  });

  it('ER-31 ER-34 ER-35 fields with their own format sentence say it first', () => {
    const name: FieldRule = {
      enabled: true,
      required: false,
      acceptedPattern: "^[A-Za-z][A-Za-z'-]* [A-Za-z][A-Za-z'-]*$",
      patternId: 21,
      minLength: 3,
      maxLength: 40,
    };
    expect(ruleProblem('payeeName', name, 'Prince', t)).toMatch(/^Real name format incorrect: /);
    const password: FieldRule = {
      enabled: true,
      required: true,
      acceptedPattern: '^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$',
      patternId: 5,
      minLength: 6,
      maxLength: 20,
    };
    expect(ruleProblem('password', password, 'lettersonly', t)).toMatch(/^Password format incorrect: /);
    const email: FieldRule = {
      enabled: true,
      required: false,
      acceptedPattern: '^\\S+@\\S+\\.\\S+$',
      patternId: 3,
      minLength: 6,
      maxLength: 60,
    };
    expect(ruleProblem('email', email, 'nope', t)).toMatch(/^E-mail format incorrect: /);
  });

  it('RG-25 ER-32 ER-41 a phone number has digits only, in a count its country allows', () => {
    expect(phoneProblem('912345678', vietnam, t)).toBeNull();
    expect(phoneProblem('0912345678', vietnam, t)).toBeNull();
    expect(phoneProblem('91234', vietnam, t)).toBe('Please enter a valid mobile number');
    expect(phoneProblem('9123a5678', vietnam, t)).toBe('Phone number format incorrect');
    expect(phoneProblem('', vietnam, t)).toBe('Please enter a valid mobile number');
    expect(phoneProblem('', vietnam, t, false)).toBeNull();
  });

  it('RG-22 ER-40 a verification code is required and at most 255 characters', () => {
    expect(codeProblem('123456', t)).toBeNull();
    expect(codeProblem('', t)).toBe('Please enter a valid verification code');
    expect(codeProblem('1'.repeat(256), t)).toBe('Please enter a valid verification code');
    expect(codeProblem('1'.repeat(255), t)).toBeNull();
  });

  it("a form's checks: each failing field's sentence in order, the other fields' values as they were", async () => {
    interface Values {
      name: string;
      again: string;
      remember: boolean;
    }
    const checks = {
      name: (v: string) => (v ? null : 'name missing'),
      again: (v: string, values: Values) => (v === values.name ? null : 'not the same'),
      remember: null,
    };
    expect(fieldProblems(checks, { name: '', again: 'x', remember: false })).toEqual({
      name: 'name missing',
      again: 'not the same',
    });
    const resolve = checksResolver<Values>(checks);
    const failed = await resolve({ name: '', again: 'x', remember: false });
    expect(failed.values).toEqual({});
    expect(Object.keys(failed.errors)).toEqual(['name', 'again']);
    expect(failed.errors.again).toMatchObject({ type: 'custom', message: 'not the same' });
    const passed = await resolve({ name: 'a', again: 'a', remember: true, extra: 1 } as Values);
    expect(passed).toEqual({ values: { name: 'a', again: 'a', remember: true }, errors: {} });
  });
});
