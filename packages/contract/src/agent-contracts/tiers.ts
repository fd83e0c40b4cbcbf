import type { z } from 'zod';
import {
  ContractTermsSchema,
  kindProductTypes,
  type ContractTerms,
  type DailySalaryTier,
  type HourlySalaryTier,
  contractLine,
} from './kinds.ts';

/**
 * Tier validation (research §2.5), as the tier editors of the original check it, and the rate caps
 * an offer must stay within (§2.4: a downline's rate is never above its upline's).
 *
 * - Thresholds rise: each tier's main threshold (the bet: minimumBet, betVolume, betAmount) must be
 *   higher than the previous tier's; its other thresholds (net loss, active members, periodic bet)
 *   and its rates may not be lower than the previous tier's. So the tiers a figure reaches are
 *   always a prefix, and a higher tier never pays a lower rate (real-time: "rates stay level or rise
 *   as the bet tier rises").
 * - A rate cannot be 0 (a tier that pays nothing); a real-time tier needs one of its two rates.
 * - Rates stay within the offerer's own: no tier above the highest rate of the offerer's contract
 *   on the same line (kind, product type and, for dividends, period), compared per rate field (the
 *   dividend rate; the salary's percentage and fixed amounts apart; real-time loss and win rates
 *   apart). An offerer without that contract cannot offer it.
 * - Dividend rates are whole percents (the original shows them so): multiples of 100 bp.
 * - A modification must change something.
 *
 * Codes are ours; messages are the original's English templates, {0} filled with the field's label.
 */

export const tierIssueMessages = {
  'contract.tier.empty': '{0} cannot be empty',
  'contract.tier.zero': '{0} cannot be 0',
  'contract.tier.not.higher': 'Current {0} must be higher than last {0}',
  'contract.tier.at.least': '{0} must be ≥ {1}',
  'contract.tier.below.lowest': '{0} must not be lower than lowest {1}',
  'contract.tier.above.highest': '{0} must not be higher than highest {1}',
  'contract.tier.integer': 'Must be integer',
  'contract.tier.no.rate': 'There are no rate available for this condition',
  'contract.unchanged': 'No change detected',
  'contract.kind.not.held': 'You can only offer a contract you hold yourself',
  'contract.product.invalid': 'This contract does not exist for this product',
  'contract.periodic.monthly.only': 'Periodic valid bet applies to a monthly dividend only',
  'contract.invalid': 'Invalid contract',
} as const;
export type TierIssueCode = keyof typeof tierIssueMessages;

export interface TierIssue {
  code: TierIssueCode;
  /** The tier's index, or null for the whole contract. */
  tier: number | null;
  /** The field's wire name, or null. */
  field: string | null;
  message: string;
}

/** The labels the original's editors put in {0}. */
export const tierFieldLabels: Record<string, string> = {
  minimumBet: 'Valid bet',
  netLoss: 'Period P&L',
  activeMember: 'Active members',
  periodicTotalBet: 'Periodic/Valid Bet',
  contractRate: 'Rate',
  betVolume: 'Daily bet',
  rate: 'Rate',
  betAmount: 'Single-draw bet',
  lossRate: 'Loss salary',
  winRate: 'Profit salary',
};

function fill(code: TierIssueCode, field: string | null, arg?: string | number): string {
  const label = field ? (tierFieldLabels[field] ?? field) : '';
  return tierIssueMessages[code]
    .replaceAll('{0}', label)
    .replaceAll('{1}', arg === undefined ? label : String(arg));
}

function issue(
  code: TierIssueCode,
  tier: number | null,
  field: string | null,
  arg?: string | number,
): TierIssue {
  return { code, tier, field, message: fill(code, field, arg) };
}

/** The tier fields in the editor's order: the main (bet) threshold first. */
function thresholdFields(terms: ContractTerms): { main: string; others: string[]; rates: string[] } {
  switch (terms.kind) {
    case 'dividend':
      return {
        main: 'minimumBet',
        others: ['netLoss', 'activeMember', 'periodicTotalBet'],
        rates: ['contractRate'],
      };
    case 'dailySalary':
      return { main: 'betVolume', others: ['activeMember'], rates: [] };
    case 'hourlySalary':
      return { main: 'minimumBet', others: ['activeMember'], rates: [] };
    case 'realTimeSalary':
      return { main: 'betAmount', others: [], rates: ['lossRate', 'winRate'] };
  }
}

/**
 * The caps of a contract: its highest value per rate field. Salaries keep percentages ('P') and
 * fixed amounts ('F') apart, since they cannot be compared.
 */
export function rateCaps(terms: ContractTerms): Record<string, number> {
  const caps: Record<string, number> = {};
  const up = (k: string, v: number) => (caps[k] = Math.max(caps[k] ?? 0, v));
  switch (terms.kind) {
    case 'dividend':
      for (const t of terms.tiers) up('contractRate', t.contractRate);
      break;
    case 'dailySalary':
    case 'hourlySalary':
      for (const t of terms.tiers as (DailySalaryTier | HourlySalaryTier)[]) up(t.rateType, t.rate);
      break;
    case 'realTimeSalary':
      for (const t of terms.tiers) {
        up('lossRate', t.lossRate);
        up('winRate', t.winRate);
      }
      break;
  }
  return caps;
}

/**
 * Where `lower`'s rates go above `upper`'s caps: each tier and rate field of `lower` above the
 * highest of `upper` on that field (or with no such field in `upper` at all). `upper` null (no
 * contract) caps everything.
 */
export function rateExcesses(
  lower: ContractTerms,
  upper: ContractTerms | null,
): { tier: number; field: string; value: number; cap: number | null }[] {
  const caps = upper && contractLine(upper) === contractLine(lower) ? rateCaps(upper) : {};
  const out: { tier: number; field: string; value: number; cap: number | null }[] = [];
  lower.tiers.forEach((t, i) => {
    const row = t as Record<string, unknown>;
    const fields: [string, string][] =
      lower.kind === 'dividend'
        ? [['contractRate', 'contractRate']]
        : lower.kind === 'realTimeSalary'
          ? [
              ['lossRate', 'lossRate'],
              ['winRate', 'winRate'],
            ]
          : [['rate', row.rateType as string]];
    for (const [field, capKey] of fields) {
      const value = row[field] as number;
      const cap = caps[capKey];
      if (cap === undefined) {
        if (value > 0 || !upper) out.push({ tier: i, field, value, cap: null });
      } else if (value > cap) out.push({ tier: i, field, value, cap });
    }
  });
  return out;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input;
  for (const k of path)
    v = v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined;
  return v;
}

function zodIssues(input: unknown, error: z.ZodError): TierIssue[] {
  return error.issues.map((i) => {
    const tier = i.path[0] === 'tiers' && typeof i.path[1] === 'number' ? i.path[1] : null;
    const last = i.path[i.path.length - 1];
    const field = typeof last === 'string' ? last : null;
    const value = valueAt(input, i.path);
    if (value === undefined || value === null || value === '')
      return issue('contract.tier.empty', tier, field);
    if (i.code === 'invalid_type' && (i as { expected?: string }).expected === 'int')
      return issue('contract.tier.integer', tier, field);
    return { code: 'contract.invalid' as const, tier, field, message: i.message };
  });
}

/** An issue with its message filled in: the contract editor's own reading of the terms makes its issues so. */
export { issue as tierIssue };

/** Terms with their rows' own rules checked (ascending, non-zero, formats), caps aside. */
export function tierRuleIssues(terms: ContractTerms): TierIssue[] {
  const issues: TierIssue[] = [];
  if (!kindProductTypes[terms.kind].includes(terms.productType))
    issues.push(issue('contract.product.invalid', null, 'productType'));
  if (terms.kind === 'dividend' && terms.periodicTotalBetRequired === 'Y' && terms.computationPeriod !== 'M')
    issues.push(issue('contract.periodic.monthly.only', null, 'periodicTotalBetRequired'));
  const { main, others, rates } = thresholdFields(terms);
  const rows = terms.tiers as unknown as Record<string, number | string>[];
  rows.forEach((row, i) => {
    // Rates: not 0, not lower than the previous tier's.
    if (terms.kind === 'realTimeSalary') {
      if (row.lossRate === 0 && row.winRate === 0) issues.push(issue('contract.tier.zero', i, 'lossRate'));
    } else if (terms.kind === 'dividend') {
      if (row.contractRate === 0) issues.push(issue('contract.tier.zero', i, 'contractRate'));
      else if ((row.contractRate as number) % 100 !== 0)
        issues.push(issue('contract.tier.integer', i, 'contractRate'));
    } else if (row.rate === 0) issues.push(issue('contract.tier.zero', i, 'rate'));
    if (i === 0) return;
    const prev = rows[i - 1]!;
    if ((row[main] as number) <= (prev[main] as number))
      issues.push(issue('contract.tier.not.higher', i, main));
    for (const f of [...others, ...rates])
      if ((row[f] as number) < (prev[f] as number))
        issues.push(issue('contract.tier.at.least', i, f, prev[f]));
    // Salary rates compare within one rate type: a fixed amount and a percentage do not compare.
    if ((terms.kind === 'dailySalary' || terms.kind === 'hourlySalary') && row.rateType === prev.rateType)
      if ((row.rate as number) < (prev.rate as number))
        issues.push(issue('contract.tier.at.least', i, 'rate', prev.rate));
  });
  return issues;
}

function sameTerms(a: ContractTerms, b: ContractTerms): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export interface OfferContext {
  /** The offerer's own terms on the same line (its contract with its upline); null when it holds none. */
  offerer: ContractTerms | null;
  /** The terms in force or offered now, when this is a modification. */
  current?: ContractTerms | null;
  /** The platform's lowest rate per rate field, if it sets one (basis points or minor units). */
  lowest?: Partial<Record<string, number>>;
}

export type OfferCheck = { ok: true; terms: ContractTerms } | { ok: false; issues: TierIssue[] };

/**
 * Checks an offer (new or modified) as the tier editor does, against the offerer's own contract.
 * Input is the raw request body's terms; the answer is the parsed terms or every issue found.
 */
export function checkOffer(input: unknown, ctx: OfferContext): OfferCheck {
  const parsed = ContractTermsSchema.safeParse(input);
  if (!parsed.success) return { ok: false, issues: zodIssues(input, parsed.error) };
  const issues = offerIssues(parsed.data, ctx);
  return issues.length ? { ok: false, issues } : { ok: true, terms: parsed.data };
}

/**
 * `checkOffer`'s checks of terms already read: the rows' rules, the offerer's caps, the platform's
 * lowest rates and the modification's change. Apart so the agent centre's editor can read the terms
 * by hand and keep zod out of the browser (issue 33).
 */
export function offerIssues(terms: ContractTerms, ctx: OfferContext): TierIssue[] {
  const issues = tierRuleIssues(terms);
  if (!ctx.offerer || contractLine(ctx.offerer) !== contractLine(terms))
    issues.push(issue('contract.kind.not.held', null, null));
  else
    for (const x of rateExcesses(terms, ctx.offerer))
      issues.push(
        x.cap === null
          ? issue('contract.tier.no.rate', x.tier, x.field)
          : issue('contract.tier.above.highest', x.tier, x.field, x.cap),
      );
  if (ctx.lowest)
    terms.tiers.forEach((t, i) => {
      const row = t as Record<string, unknown>;
      for (const [field, min] of Object.entries(ctx.lowest!)) {
        const value =
          field === 'P' || field === 'F' ? (row.rateType === field ? row.rate : undefined) : row[field];
        if (typeof value === 'number' && min !== undefined && value < min)
          issues.push(
            issue('contract.tier.below.lowest', i, field === 'P' || field === 'F' ? 'rate' : field, min),
          );
      }
    });
  if (ctx.current && sameTerms(ctx.current, terms)) issues.push(issue('contract.unchanged', null, null));
  return issues;
}
