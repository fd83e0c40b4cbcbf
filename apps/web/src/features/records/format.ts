import { LedgerKinds } from '@app/contract';
import type { TFunction } from '../../shared/i18n/translator.ts';

/** Money as the records show it: the currency's decimals, thousands separators, a sign when asked. */
export function formatMoney(amount: number, precision: number, signed = false): string {
  const text = new Intl.NumberFormat('en-US', {
    minimumFractionDigits: precision,
    maximumFractionDigits: precision,
  }).format(Math.abs(amount));
  const sign = amount < 0 ? '-' : signed && amount > 0 ? '+' : '';
  return `${sign}${text}`;
}

/** The name of a ledger kind: translated when the catalogue has it, else the ledger's own English name. */
export function kindLabel(t: TFunction, kind: string): string {
  const fallback =
    (LedgerKinds as Record<string, string>)[kind] ??
    kind
      .toLowerCase()
      .replace(/_/g, ' ')
      .replace(/^./, (c) => c.toUpperCase());
  return t(`kind_${kind}`, { defaultValue: fallback });
}
