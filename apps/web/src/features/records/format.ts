import { LedgerKinds } from '@app/contract';
import type { TFunction } from '../../shared/i18n/translator.ts';

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
