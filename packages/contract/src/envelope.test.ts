import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorEnvelopeSchema, okEnvelopeSchema } from './envelope.ts';
import { Errors } from './errors.ts';

describe('envelope', () => {
  it('SY-25 a success envelope is {success: true, value} typed by the call', () => {
    const schema = okEnvelopeSchema(z.object({ sumBalance: z.number() }));
    expect(schema.parse({ success: true, value: { sumBalance: 12.5 } })).toEqual({
      success: true,
      value: { sumBalance: 12.5 },
    });
    expect(schema.safeParse({ success: false, value: { sumBalance: 1 } }).success).toBe(false);
    expect(schema.safeParse({ success: true, value: { sumBalance: '1' } }).success).toBe(false);
    expect(schema.safeParse({ success: true }).success).toBe(false);
  });

  it('SY-25 an error envelope is {success: false, errorCode, message, value?}', () => {
    expect(
      ErrorEnvelopeSchema.parse({ success: false, errorCode: 'not.found', message: 'No such call' }),
    ).toEqual({
      success: false,
      errorCode: 'not.found',
      message: 'No such call',
    });
    const withValue = {
      success: false,
      errorCode: 'login_verify_required',
      message: 'Verify',
      value: { captcha: true },
    };
    expect(ErrorEnvelopeSchema.parse(withValue)).toEqual(withValue);
    expect(ErrorEnvelopeSchema.safeParse({ success: false, errorCode: 'x' }).success).toBe(false);
    expect(ErrorEnvelopeSchema.safeParse({ success: true, errorCode: 'x', message: 'm' }).success).toBe(
      false,
    );
  });

  it('ER-01 error codes are strings, including the ones DESIGN.md names', () => {
    const entries = Object.values(Errors);
    const codes = entries.map((e) => e.code);
    expect(codes.length).toBeGreaterThan(0);
    for (const e of entries) {
      expect(typeof e.code).toBe('string');
      // The HTTP status travels with the code: a refusal is a 4xx or 5xx, never a 200.
      expect(e.status).toBeGreaterThanOrEqual(400);
      expect(e.status).toBeLessThan(600);
      expect(e.message).toMatch(/^[A-Za-z]/);
    }
    expect(codes).toEqual(
      expect.arrayContaining([
        'user.or.token.invalid',
        'TOO_MANY_REQUESTS',
        'login_verify_required',
        'vendor_under_maintenance',
        'launch_game_balance_not_enough',
      ]),
    );
    // A numeric code (as some platforms send) is not an error envelope of this wire.
    expect(ErrorEnvelopeSchema.safeParse({ success: false, errorCode: 401, message: 'm' }).success).toBe(
      false,
    );
  });
});
