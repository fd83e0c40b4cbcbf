import { peekBrand } from '../../shared/brand/brand.ts';

/*
 * Money as the lottery pages show it, apart from the rules (rules.ts): the lobby's balance and my
 * bets format amounts without loading the rules engine the betting client needs.
 */

/** The decimals of the brand's currency. */
export const precision = () => peekBrand()?.currency.precision ?? 2;

/** Money with the currency's decimals and thousands separators. */
export function formatAmount(amount: number): string {
  const p = precision();
  return new Intl.NumberFormat('en-US', { minimumFractionDigits: p, maximumFractionDigits: p }).format(
    amount,
  );
}
