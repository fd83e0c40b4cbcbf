import { peekBrand } from '../brand/brand.ts';
import { i18n } from './i18n.ts';
import { isRtl } from './language.ts';
import { perLanguage } from './per-language.ts';

/**
 * The app's one money formatter: amounts in major units written in the player's language (its
 * grouping, decimal mark and digits, by `Intl.NumberFormat`) with the brand currency's decimals.
 * The sign goes before the symbol ("-$3.00"), as the pages have always written it, in every
 * language: on a right-to-left page a signed amount comes isolated left to right (decision 044),
 * or its bare "-" or "+" would take the page's direction and land after the number ("3.00-").
 */
export interface MoneyOptions {
  /** Decimals; the brand currency's precision when left out. */
  precision?: number;
  /** The currency symbol, written after the sign and before the number. */
  symbol?: string;
  /** A "+" before a positive amount (a movement in a record). */
  signed?: boolean;
  /** The page's language when left out. */
  language?: string;
}

/**
 * Per language (perLanguage: English for a tag the browser does not take), one formatter per
 * number of decimals, made on first use: making a number format is the costly part.
 */
const formatsOf = perLanguage((language) => {
  const locale = new Intl.NumberFormat(language).resolvedOptions().locale;
  const byPrecision: Intl.NumberFormat[] = [];
  return (precision: number) =>
    (byPrecision[precision] ??= new Intl.NumberFormat(locale, {
      minimumFractionDigits: precision,
      maximumFractionDigits: precision,
    }));
});

export function formatMoney(amount: number, options: MoneyOptions = {}): string {
  const precision = options.precision ?? peekBrand()?.currency.precision ?? 2;
  const language = options.language ?? (i18n.language || 'en');
  const text = formatsOf(language)(precision).format(Math.abs(amount));
  const sign = amount < 0 ? '-' : options.signed && amount > 0 ? '+' : '';
  const money = `${sign}${options.symbol ?? ''}${text}`;
  // Left-to-right isolate … pop directional isolate, as ltrText (shared/ui/ltr.tsx) writes them.
  return sign && isRtl(language) ? `\u2066${money}\u2069` : money;
}

/**
 * `{{amount, money}}` in a message: the amount as formatMoney writes it in the page's language
 * (decision 025, session 30). Added here rather than in i18n.ts so that the entry chunk, which
 * holds the translator, does not carry the money formatter (0.4 kB gzip) on every first visit: a
 * component whose message writes money imports this module (for `formatMoney` or for this format).
 */
i18n.addFormat('money', (value, language) => formatMoney(Number(value), { language }));
