import { describe, expect, it } from 'vitest';
import { formatCount } from './numbers.ts';

/** The catalogues' languages, as the app offers them (locales/<language>.json). */
const CATALOGUE_LANGUAGES = Object.keys(import.meta.glob('../../locales/*.json')).map((path) =>
  path
    .split('/')
    .pop()!
    .replace(/\.json$/, ''),
);

describe('formatCount', () => {
  it("groups the digits by the page language's own rule", () => {
    expect(formatCount(10000, 'en')).toBe('10,000');
    expect(formatCount(10000, 'vi')).toBe('10.000');
    expect(formatCount(1234567, 'my')).toBe('၁,၂၃၄,၅၆၇');
  });

  it("writes every catalogue language's numbers as the platform's number data does", () => {
    expect(CATALOGUE_LANGUAGES.length).toBeGreaterThanOrEqual(8);
    for (const language of CATALOGUE_LANGUAGES) {
      const intl = new Intl.NumberFormat(language);
      for (const n of [0, 7, 42, 999, 1000, 10000, 123456, 1234567, 1000000000, -1234]) {
        expect(`${language} ${formatCount(n, language)}`).toBe(`${language} ${intl.format(n)}`);
      }
    }
  });

  it('leaves other languages and fractions to the platform, and falls back to English for a tag it does not take', () => {
    expect(formatCount(10000, 'de')).toBe(new Intl.NumberFormat('de').format(10000));
    expect(formatCount(1234.5, 'en')).toBe('1,234.5');
    expect(formatCount(1234, 'not a language')).toBe('1,234');
  });
});
