import { describe, expect, it } from 'vitest';
import { formatMinor, MAX_AMOUNT_MINOR, minorToMajor, parseAmount, type AmountRules } from './wallet.ts';

const two = { precision: 2 };
const ok = (input: unknown, rules: AmountRules = two) => parseAmount(input, rules);

describe('the amount parser shared by client and server', () => {
  it('accepts numbers and decimal text in major units and answers exact minor units', () => {
    expect(ok(12)).toEqual({ ok: true, minor: 1200 });
    expect(ok(12.5)).toEqual({ ok: true, minor: 1250 });
    expect(ok('12.50')).toEqual({ ok: true, minor: 1250 });
    expect(ok(' 0.07 ')).toEqual({ ok: true, minor: 7 });
    expect(ok('007.10')).toEqual({ ok: true, minor: 710 });
    // Floating point would make 0.29 * 100 = 28.999999999999996; the parser works on the digits.
    expect(ok(0.29)).toEqual({ ok: true, minor: 29 });
    expect(ok(1234567.89)).toEqual({ ok: true, minor: 123456789 });
    expect(ok('5', { precision: 0 })).toEqual({ ok: true, minor: 5 });
    expect(ok('1.234', { precision: 3 })).toEqual({ ok: true, minor: 1234 });
  });

  it('refuses more decimals, negatives, zero, NaN, infinities, exponents, text and other types, each with a clear message', () => {
    const refusals: [unknown, RegExp][] = [
      ['1.234', /at most 2 decimals/],
      [1.001, /at most 2 decimals/],
      ['10.5', /whole amount/],
      [-1, /cannot be negative/],
      ['-0.01', /cannot be negative/],
      [0, /greater than zero/],
      ['0.00', /greater than zero/],
      [Number.NaN, /as a number/],
      [Number.POSITIVE_INFINITY, /as a number/],
      ['1e3', /exponent/],
      ['1E3', /exponent/],
      [1e21, /exponent/],
      [1e-7, /exponent/],
      ['', /Enter an amount/],
      ['   ', /Enter an amount/],
      ['abc', /in digits/],
      ['1,000', /in digits/],
      ['.5', /in digits/],
      ['5.', /in digits/],
      ['0x10', /in digits/],
      ['１２', /in digits/],
      [null, /Enter an amount/],
      [true, /Enter an amount/],
      [{ amount: 1 }, /Enter an amount/],
    ];
    for (const [input, message] of refusals) {
      const res = parseAmount(input, input === '10.5' ? { precision: 0 } : two);
      expect(res.ok, String(input)).toBe(false);
      if (!res.ok) expect(res.message, String(input)).toMatch(message);
    }
  });

  it('refuses values past the limits: the channel range and the global ceiling', () => {
    expect(ok('99.99', { precision: 2, minMinor: 10_000, maxMinor: 5_000_000 })).toEqual({
      ok: false,
      message: 'Enter an amount from 100.00 to 50,000.00',
    });
    expect(ok('50000.01', { precision: 2, minMinor: 10_000, maxMinor: 5_000_000 }).ok).toBe(false);
    expect(ok('50000', { precision: 2, minMinor: 10_000, maxMinor: 5_000_000 })).toEqual({
      ok: true,
      minor: 5_000_000,
    });
    expect(ok(String(MAX_AMOUNT_MINOR / 100))).toEqual({ ok: true, minor: MAX_AMOUNT_MINOR });
    expect(ok(String(MAX_AMOUNT_MINOR / 100 + 1))).toEqual({
      ok: false,
      message: 'The amount is at most 10,000,000,000.00',
    });
    expect(ok('9'.repeat(40)).ok).toBe(false);
  });

  it('formats minor units exactly, grouped or plain, and converts to wire numbers', () => {
    expect(formatMinor(123456, 2)).toBe('1,234.56');
    expect(formatMinor(123456, 2, false)).toBe('1234.56');
    expect(formatMinor(5, 2)).toBe('0.05');
    expect(formatMinor(-5, 2)).toBe('-0.05');
    expect(formatMinor(1234, 0)).toBe('1,234');
    expect(minorToMajor(123456, 2)).toBe(1234.56);
    expect(minorToMajor(7, 2)).toBe(0.07);
    expect(minorToMajor(1234, 3)).toBe(1.234);
  });
});
