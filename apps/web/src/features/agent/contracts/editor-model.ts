import {
  rateCaps,
  type ContractKind,
  type ContractProductType,
  type ContractTerms,
  type DividendPeriod,
  type TierIssueCode,
} from '@app/contract';
import { fieldLabelKey, money, percent, tierFields, type AgentT, type TierField } from './format.ts';
import { checkOfferTerms, readTerms } from './read-terms.ts';

/**
 * The tier editor's model (research §2.5): what the agent types, as text, turned into the wire's
 * terms (minor units, basis points) and checked by the contract's own `checkOffer` (its terms read
 * by hand, read-terms.ts) against the agent's own contract, so the editor and the server refuse the
 * same offers with the same words. Only the typing itself (a number, its decimals) is checked here, since the core takes numbers.
 */

export interface EditorRow {
  /** Field text by wire name; `rateType` is the salary's P (percent) or F (fixed amount). */
  [field: string]: string;
}

export interface EditorState {
  kind: ContractKind;
  productType: ContractProductType;
  computationPeriod: DividendPeriod | null;
  resetFrequency: 0 | 1 | 2 | 3;
  periodicTotalBetRequired: 'Y' | 'N';
  frequency: 'H' | 'BH';
  /** The hourly unit value as typed; empty for none. */
  unitValue: string;
  rows: EditorRow[];
}

export interface EditorIssue {
  tier: number | null;
  field: string | null;
  message: string;
}

const fieldsFor = (s: Pick<EditorState, 'kind' | 'productType' | 'periodicTotalBetRequired'>) =>
  tierFields({ kind: s.kind, productType: s.productType, periodic: s.periodicTotalBetRequired === 'Y' });

/** Minor units as the agent types them (no grouping, the currency's decimals). */
export function amountText(minor: number, precision: number): string {
  return precision === 0 ? String(minor) : (minor / 10 ** precision).toFixed(precision).replace(/\.?0+$/, '');
}
const rateText = (bp: number) => String(bp / 100);

function fieldText(f: TierField, row: Record<string, unknown>, precision: number): string {
  const v = Number(row[f.key] ?? 0);
  if (f.type === 'amount') return amountText(v, precision);
  if (f.type === 'count') return String(v);
  if (f.type === 'salaryRate' && row.rateType === 'F') return amountText(v, precision);
  return rateText(v);
}

/** The editor's text for existing terms (a modification, or "fill with my terms"). */
export function stateFromTerms(terms: ContractTerms, precision: number): EditorState {
  const periodic = terms.kind === 'dividend' ? terms.periodicTotalBetRequired : 'N';
  const fields = fieldsFor({
    kind: terms.kind,
    productType: terms.productType,
    periodicTotalBetRequired: periodic,
  });
  return {
    kind: terms.kind,
    productType: terms.productType,
    computationPeriod: terms.kind === 'dividend' ? terms.computationPeriod : null,
    resetFrequency: terms.kind === 'dividend' ? terms.resetFrequency : 1,
    periodicTotalBetRequired: periodic,
    frequency: terms.kind === 'hourlySalary' ? terms.frequency : 'H',
    unitValue:
      terms.kind === 'hourlySalary' && terms.unitValue !== null ? amountText(terms.unitValue, precision) : '',
    rows: terms.tiers.map((tier) => {
      const row = tier as Record<string, unknown>;
      const out: EditorRow = {};
      for (const f of fields) out[f.key] = fieldText(f, row, precision);
      if ('rateType' in row) out.rateType = String(row.rateType);
      return out;
    }),
  };
}

/** An empty row for the kind (a salary's rate a percent by default). */
export function emptyRow(
  s: Pick<EditorState, 'kind' | 'productType' | 'periodicTotalBetRequired'>,
): EditorRow {
  const row: EditorRow = {};
  for (const f of fieldsFor(s)) row[f.key] = '';
  if (s.kind === 'dailySalary' || s.kind === 'hourlySalary') row.rateType = 'P';
  return row;
}

/** What the editor's own typing check says: not a number, too many decimals. */
type TypingKey = 'ct_issue_number' | 'ct_issue_integer' | 'ct_issue_decimals';

type Parsed = { ok: true; value: number } | { ok: false; key: TypingKey; count?: number } | { ok: 'empty' };

/** `'contract.tier.empty'` as `'contract_tier_empty'`, in the type as at run time. */
type Underscored<S extends string> = S extends `${infer A}.${infer B}` ? `${A}_${Underscored<B>}` : S;

/** The catalogue key of a tier issue the contract's check names (`ct_issue_contract_tier_empty`). */
const issueKey = (code: TierIssueCode) =>
  `ct_issue_${code.replace(/\./g, '_') as Underscored<TierIssueCode>}` as const;

/** Decimal text to an integer scaled by 10^decimals, refusing more decimals than that. */
function scaled(text: string, decimals: number): Parsed {
  const s = text.trim().replace(/,/g, '');
  if (s === '') return { ok: 'empty' };
  const m = /^(\d{1,15})(?:\.(\d+))?$/.exec(s);
  if (!m) return { ok: false, key: 'ct_issue_number' };
  const frac = m[2] ?? '';
  if (frac.length > decimals)
    return decimals === 0
      ? { ok: false, key: 'ct_issue_integer' }
      : { ok: false, key: 'ct_issue_decimals', count: decimals };
  return { ok: true, value: Number(m[1]) * 10 ** decimals + Number(frac.padEnd(decimals, '0') || 0) };
}

function parseField(f: TierField, row: EditorRow, precision: number): Parsed {
  const text = row[f.key] ?? '';
  switch (f.type) {
    case 'amount':
      return scaled(text, precision);
    case 'count':
      return scaled(text, 0);
    case 'rate':
      return scaled(text, 2);
    case 'wholeRate': {
      const p = scaled(text, 0);
      return p.ok === true ? { ok: true, value: p.value * 100 } : p;
    }
    case 'salaryRate':
      return row.rateType === 'F' ? scaled(text, precision) : scaled(text, 2);
  }
}

/** The terms as the wire takes them, with what could not be read as typed. */
export function termsFromState(
  s: EditorState,
  precision: number,
): {
  input: Record<string, unknown>;
  typing: { tier: number; field: string; key: TypingKey; count?: number }[];
} {
  const fields = fieldsFor(s);
  const typing: { tier: number; field: string; key: TypingKey; count?: number }[] = [];
  const tiers = s.rows.map((row, i) => {
    const out: Record<string, unknown> = {};
    for (const f of fields) {
      const p = parseField(f, row, precision);
      if (p.ok === true) out[f.key] = p.value;
      else if (p.ok === false)
        typing.push({ tier: i, field: f.key, key: p.key, ...(p.count ? { count: p.count } : {}) });
    }
    if (s.kind === 'dividend' && out.periodicTotalBet === undefined && s.periodicTotalBetRequired === 'N')
      out.periodicTotalBet = 0;
    if (s.kind === 'dailySalary' || s.kind === 'hourlySalary') out.rateType = row.rateType ?? 'P';
    return out;
  });
  const input: Record<string, unknown> = { kind: s.kind, productType: s.productType, tiers };
  if (s.kind === 'dividend') {
    input.computationPeriod = s.computationPeriod;
    input.resetFrequency = s.resetFrequency;
    input.periodicTotalBetRequired = s.periodicTotalBetRequired;
  }
  if (s.kind === 'hourlySalary') {
    input.frequency = s.frequency;
    const unit = scaled(s.unitValue, precision);
    input.unitValue = unit.ok === true ? unit.value : null;
    if (unit.ok === false) typing.push({ tier: -1, field: 'unitValue', key: unit.key });
  }
  return { input, typing };
}

/** A value of a field written as the agent reads it (for "must be ≥ {value}" and the caps). */
function valueText(
  field: string,
  value: number,
  row: Record<string, unknown> | undefined,
  kind: ContractKind,
  precision: number,
  language: string,
): string {
  if (field === 'activeMember') return String(value);
  if (field === 'contractRate' || field === 'lossRate' || field === 'winRate')
    return percent(value, language);
  if (field === 'rate') return row?.rateType === 'F' ? money(value, precision) : percent(value, language);
  void kind;
  return money(value, precision);
}

/**
 * The editor's check: its typing, then `checkOffer` against the agent's own terms on the line (and
 * the current terms of a modification), each issue in the agent's language at its tier and field.
 */
export function checkEditor(
  s: EditorState,
  ctx: { offerer: ContractTerms | null; current?: ContractTerms | null },
  precision: number,
  t: AgentT,
  language = 'en',
): { terms: ContractTerms | null; issues: EditorIssue[] } {
  const fields = fieldsFor(s);
  // The column's name without its comparison sign: "Current Team daily bet must be higher than ...".
  const label = (field: string | null) =>
    field
      ? t(fields.find((f) => f.key === field)?.label ?? fieldLabelKey(field)).replace(/\s*≥\s*$/, '')
      : '';
  const { input, typing } = termsFromState(s, precision);
  const issues: EditorIssue[] = typing.map((x) => ({
    tier: x.tier < 0 ? null : x.tier,
    field: x.field,
    message: t(x.key, { count: x.count ?? 0 }),
  }));
  const typed = new Set(typing.map((x) => `${x.tier}:${x.field}`));
  // The server's terms come as stored (JSON keys in any order): parsed, they compare with the edit's.
  // Read by hand as the contract's schema reads them: zod stays out of the browser (read-terms.ts).
  const current = ctx.current ? readTerms(ctx.current) : null;
  const res = checkOfferTerms(input, { offerer: ctx.offerer, current: current?.ok ? current.terms : null });
  if (res.ok) return { terms: typing.length ? null : res.terms, issues };
  const caps = ctx.offerer ? rateCaps(ctx.offerer) : {};
  const tiers = input.tiers as Record<string, unknown>[];
  for (const i of res.issues) {
    if (typed.has(`${i.tier}:${i.field}`)) continue;
    const row = i.tier === null ? undefined : tiers[i.tier];
    let value = '';
    if (i.code === 'contract.tier.at.least' && i.tier !== null && i.field) {
      const prev = tiers[i.tier - 1];
      value = valueText(i.field, Number(prev?.[i.field] ?? 0), prev, s.kind, precision, language);
    } else if (i.code === 'contract.tier.above.highest' && i.field) {
      const capKey = i.field === 'rate' ? String(row?.rateType ?? 'P') : i.field;
      value = valueText(i.field, caps[capKey] ?? 0, row, s.kind, precision, language);
    }
    issues.push({
      tier: i.tier,
      field: i.field,
      message: t(issueKey(i.code), {
        field: label(i.field),
        value,
        defaultValue: i.message,
      }),
    });
  }
  return { terms: null, issues };
}
