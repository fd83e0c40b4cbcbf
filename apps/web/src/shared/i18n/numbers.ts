import { perLanguage } from './per-language.ts';

/**
 * How the site's own languages (the catalogues in `locales/`) write a whole number: the thousands
 * separator and the first of the ten digits, as CLDR has them (numbers.test.ts holds each against
 * `Intl.NumberFormat`).
 *
 * Why not `Intl.NumberFormat` for these: the first number formatter of a page load sets up the
 * browser's number data, 40-90 ms in a fresh tab on these machines whatever the language (plural
 * rules cost 1-5 ms). A phone pays four times that inside the first render of /rng, whose count
 * line is its only number (decision 015, twelfth pass). Grouping digits needs none of that data.
 */
const WRITTEN: Record<string, { separator: string; zero: number }> = {
  en: { separator: ',', zero: 0x30 },
  ja: { separator: ',', zero: 0x30 },
  // Burmese writes its own digits.
  my: { separator: ',', zero: 0x1040 },
  pt: { separator: '.', zero: 0x30 },
  th: { separator: ',', zero: 0x30 },
  vi: { separator: '.', zero: 0x30 },
  'zh-CN': { separator: ',', zero: 0x30 },
  'zh-TW': { separator: ',', zero: 0x30 },
};

/** Any other language the brand may offer: the browser's formatter, English for a tag it does not take. */
const numberFormatOf = perLanguage((language) => new Intl.NumberFormat(language));

/** A whole number in the page's language (a list's count, a vendor's games). */
export function formatCount(n: number, language: string): string {
  const written = WRITTEN[language];
  if (!written || !Number.isSafeInteger(n)) return numberFormatOf(language).format(n);
  const digits = String(Math.abs(n));
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += written.separator;
    out += String.fromCharCode(written.zero + digits.charCodeAt(i) - 0x30);
  }
  return n < 0 ? `-${out}` : out;
}
