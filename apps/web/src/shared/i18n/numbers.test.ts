import { describe, expect, it } from 'vitest';
import { formatCount } from './numbers.ts';

describe('formatCount', () => {
  it("groups the digits by the page language's own rule", () => {
    expect(formatCount(10000, 'en')).toBe('10,000');
    expect(formatCount(10000, 'vi')).toBe('10.000');
    expect(formatCount(12, 'my')).toBe(new Intl.NumberFormat('my').format(12));
  });

  it('falls back to English for a tag the browser does not take', () => {
    expect(formatCount(1234, 'not a language')).toBe('1,234');
  });
});
