import type { ContractKind, ContractStatus, ContractTerms, DividendPeriod } from '@app/contract';
import { formatMoney } from '../../../shared/i18n/money.ts';
import type { Key, TypedT } from '../../../shared/i18n/keys.ts';
import { productLabel } from '../labels.ts';

/**
 * How the contract pages write a contract (issue 30, decision 030): amounts are integer minor units
 * and rates basis points on the wire; an agent reads money in the currency's decimals and rates as
 * percents (the original shows its fractions ×100).
 */

/** The contract page of each menu entry (research §1.1). */
export const kindOfPage: Record<string, ContractKind> = {
  agentDividendRecordCopy2: 'dividend',
  agentDailyWages2: 'dailySalary',
  agentHourSalary: 'hourlySalary',
  agentRealtimeSalary: 'realTimeSalary',
};

/** The contract helpers' `t`: the agent catalogue's keys (a page's `t` over AGENT_STRINGS passes). */
export type AgentT = TypedT<'agent'>;

/** A tier field's column heading: one of the agent catalogue's `ct_f_*` keys. */
export type FieldLabelKey = Extract<Key<'agent'>, `ct_f_${string}`>;

/** A tier field as the editor and the tables treat it. */
export type FieldType = 'amount' | 'count' | 'rate' | 'wholeRate' | 'salaryRate';
export interface TierField {
  /** The wire name in the tier row. */
  key: string;
  type: FieldType;
  /** The catalogue key of its column heading. */
  label: FieldLabelKey;
}

/** The tier columns of each kind, in the original's order (research §3–§6; AG-10…AG-13). */
export function tierFields(
  terms: Pick<ContractTerms, 'kind' | 'productType'> & { periodic?: boolean },
): TierField[] {
  switch (terms.kind) {
    case 'dividend':
      return [
        { key: 'minimumBet', type: 'amount', label: 'ct_f_period_bet' },
        { key: 'netLoss', type: 'amount', label: 'ct_f_period_pl' },
        { key: 'activeMember', type: 'count', label: 'ct_f_active' },
        ...(terms.periodic
          ? [{ key: 'periodicTotalBet', type: 'amount' as const, label: 'ct_f_periodic_bet' as const }]
          : []),
        { key: 'contractRate', type: 'wholeRate', label: 'ct_f_dividend_rate' },
      ];
    case 'dailySalary':
      return [
        {
          key: 'betVolume',
          type: 'amount',
          label: terms.productType === 'DEPOSIT' ? 'ct_f_daily_deposit' : 'ct_f_daily_bet',
        },
        { key: 'activeMember', type: 'count', label: 'ct_f_active' },
        { key: 'rate', type: 'salaryRate', label: 'ct_f_salary' },
      ];
    case 'hourlySalary':
      return [
        { key: 'minimumBet', type: 'amount', label: 'ct_f_hour_bet' },
        { key: 'activeMember', type: 'count', label: 'ct_f_active' },
        { key: 'rate', type: 'salaryRate', label: 'ct_f_salary' },
      ];
    case 'realTimeSalary':
      return [
        { key: 'betAmount', type: 'amount', label: 'ct_f_single_bet' },
        { key: 'winRate', type: 'rate', label: 'ct_f_profit_rate' },
        { key: 'lossRate', type: 'rate', label: 'ct_f_loss_rate' },
      ];
  }
}

export const fieldsOf = (terms: ContractTerms) =>
  tierFields({
    kind: terms.kind,
    productType: terms.productType,
    periodic: terms.kind === 'dividend' && terms.periodicTotalBetRequired === 'Y',
  });

/** Basis points as a percent: "1.5%", "20%" (at most the two decimals the editors accept). */
export function percent(bp: number, language = 'en'): string {
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(bp / 100)}%`;
}

/** Minor units in the currency's decimals. */
export const money = (minor: number, precision: number) =>
  formatMoney(minor / 10 ** precision, { precision });

/** One cell of a tier row, written for reading. */
export function cellText(
  field: TierField,
  row: Record<string, unknown>,
  precision: number,
  language: string,
  t: AgentT,
): string {
  const v = Number(row[field.key] ?? 0);
  switch (field.type) {
    case 'amount':
      return money(v, precision);
    case 'count':
      return new Intl.NumberFormat(language).format(v);
    case 'rate':
    case 'wholeRate':
      return percent(v, language);
    case 'salaryRate':
      return row.rateType === 'F'
        ? t('ct_fixed_amount', { amount: money(v, precision) })
        : percent(v, language);
  }
}

/** "Dividend – Lottery – Weekly" (research §2.3): a contract's heading by kind, product and period. */
export function lineTitle(
  t: AgentT,
  c: { kind: ContractKind; productType: string; computationPeriod?: DividendPeriod | null },
): string {
  const parts = [t(`ct_kind_${c.kind}`), productName(t, c.productType)];
  if (c.computationPeriod) parts.push(t(`ct_period_${c.computationPeriod}`));
  return parts.join(' – ');
}

export const productName = (t: AgentT, product: string) =>
  product === 'CONS' || product === 'DEPOSIT' ? t(`ct_product_${product}`) : productLabel(t, product);

/** The status as the original names it (`ac_status_*`, research §2.2), with the chip's tone. */
export function statusText(t: AgentT, status: ContractStatus | 'DEF'): string {
  return t(`ct_status_${status}`);
}
export const statusTone = (status: ContractStatus | 'DEF') =>
  status === 'A' ? 'good' : status === 'P' || status === 'E' || status === 'V' ? 'warn' : 'bad';

/** The terms a contract pays on now: the last accepted while a modification waits (decision 030). */
export function termsInForce(c: {
  status: ContractStatus;
  terms: ContractTerms;
  acceptedTerms: ContractTerms | null;
}): ContractTerms | null {
  if (c.status === 'A' || c.status === 'V') return c.terms;
  if (c.status === 'E') return c.acceptedTerms;
  return null;
}

/** The line's identity, for matching an agent's own contract to one it gives (decision 030 "the model"). */
export const lineKey = (c: { kind: string; productType: string; computationPeriod?: string | null }) =>
  `${c.kind}:${c.productType}:${c.computationPeriod ?? ''}`;

/** The column heading of a rate field named by the higher-rate warning or a tier issue. */
export function fieldLabelKey(field: string): FieldLabelKey {
  const labels: Record<string, FieldLabelKey> = {
    minimumBet: 'ct_f_bet',
    betVolume: 'ct_f_daily_bet',
    betAmount: 'ct_f_single_bet',
    netLoss: 'ct_f_period_pl',
    activeMember: 'ct_f_active',
    periodicTotalBet: 'ct_f_periodic_bet',
    contractRate: 'ct_f_dividend_rate',
    rate: 'ct_f_salary',
    lossRate: 'ct_f_loss_rate',
    winRate: 'ct_f_profit_rate',
  };
  return labels[field] ?? 'ct_f_rate';
}
