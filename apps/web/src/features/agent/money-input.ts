import { checkAmountInput } from '@app/contract';
import { useBrand } from '../../shared/brand/brand.ts';
import { formatMoney } from '../../shared/i18n/money.ts';
import type { TFunction } from '../../shared/i18n/translator.ts';

/** Why an amount is refused, in the agent catalogue's words, or null: the contract's one parser. */
export function amountProblem(text: string, precision: number, max: number, t: TFunction): string | null {
  const res = checkAmountInput(text.trim(), { precision, maxMinor: Math.round(max * 10 ** precision) });
  if (res.ok) return null;
  switch (res.refusal.reason) {
    case 'empty':
      return t('agent_required');
    case 'atMost':
    case 'range':
      // The least is one minor unit: only the most is worth saying.
      return t('agent_amount_at_most', { max: formatMoney(max, { precision }) });
    case 'decimals':
      return t('agent_amount_decimals', { count: precision });
    default:
      return t('agent_err_amount');
  }
}

export function usePrecision(): number {
  return useBrand().currency.precision;
}
