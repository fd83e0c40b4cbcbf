import { peekBrand } from '../brand/brand.ts';
import { i18n } from './i18n.ts';
import { perLanguage } from './per-language.ts';

/**
 * The app's one money formatter: amounts in major units written in the player's language (its
 * grouping, decimal mark and digits, by `Intl.NumberFormat`) with the brand currency's decimals.
 * The sign goes before the symbol ("-$3.00"), as the pages have always written it.
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
  const text = formatsOf(options.language ?? (i18n.language || 'en'))(precision).format(Math.abs(amount));
  const sign = amount < 0 ? '-' : options.signed && amount > 0 ? '+' : '';
  return `${sign}${options.symbol ?? ''}${text}`;
}
