import { describe, expect, it } from 'vitest';
import { Errors, LoginVerifyRequiredSchema } from '@app/contract';
import { ApiError } from '../../shared/http/api-error.ts';
import { verificationAsked } from './api.ts';

const asked = (value: unknown) =>
  new ApiError({ status: 200, errorCode: Errors.loginVerifyRequired.code, message: 'verify', value });

const good = {
  verifyToken: 'v1',
  methods: ['SMS', 'TOTP'],
  mobile: '09****678',
  email: null,
  expiresAt: 1_700_000_000_000,
};

describe('verificationAsked', () => {
  it('SV-12 reads the second factor a login is asked for, as the contract schema does', () => {
    const values: unknown[] = [
      good,
      { ...good, extra: 'dropped' },
      { ...good, email: 'a***@b.co', mobile: null },
      { ...good, methods: [] },
      { ...good, methods: ['SMS', 'PIGEON'] },
      { ...good, verifyToken: 7 },
      { ...good, mobile: undefined },
      { ...good, expiresAt: '1700000000000' },
      { ...good, methods: 'SMS' },
      null,
      'verify',
      undefined,
    ];
    for (const value of values) {
      const schema = LoginVerifyRequiredSchema.safeParse(value);
      expect(verificationAsked(asked(value)), JSON.stringify(value)).toEqual(
        schema.success ? schema.data : undefined,
      );
    }
  });

  it('answers undefined for a refusal of another kind', () => {
    const other = new ApiError({
      status: 200,
      errorCode: Errors.systemError.code,
      message: 'x',
      value: good,
    });
    expect(verificationAsked(other)).toBeUndefined();
    expect(verificationAsked(new Error('x'))).toBeUndefined();
  });
});
