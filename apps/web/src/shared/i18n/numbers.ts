import { perLanguage } from './per-language.ts';

/**
 * Whole numbers in the page's language (a list's count, a vendor's games): one formatter per
 * language, made once, and English for a tag the browser does not take. `toLocaleString` with no
 * language wrote the browser's own locale, not the page's.
 *
 * The first formatter of a page load sets up the browser's locale data (40-60 ms in a fresh tab
 * on these machines). Made in a task of its own at the start, it cost more than inside the first
 * render, where it shared that set-up with the layout's (decision 015, eleventh pass): so it is
 * made where it is first used.
 */
const numberFormatOf = perLanguage((language) => new Intl.NumberFormat(language));

export function formatCount(n: number, language: string): string {
  return numberFormatOf(language).format(n);
}
