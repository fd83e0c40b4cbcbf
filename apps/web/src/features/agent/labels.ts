import { LedgerKinds } from '@app/contract';
import type { TFunction } from '../../shared/i18n/translator.ts';

/** A ledger kind's name: the agent's or the records' catalogue, else the ledger's own English name. */
export function kindLabel(t: TFunction, kind: string): string {
  const fallback =
    (LedgerKinds as Record<string, string>)[kind] ??
    kind
      .toLowerCase()
      .replace(/_/g, ' ')
      .replace(/^./, (c) => c.toUpperCase());
  return t(`kind_${kind}`, { defaultValue: fallback });
}

/** A product's name (the records catalogue's product_*), or its code. */
export const productLabel = (t: TFunction, product: string) =>
  t(`product_${product}`, { defaultValue: product });
