import {
  contractKinds,
  contractProductTypes,
  dividendPeriods,
  hourlyFrequencies,
  offerIssues,
  RATE_BP_MAX,
  resetFrequencies,
  salaryRateTypes,
  TIER_ACTIVE_MAX,
  TIER_AMOUNT_MAX,
  tierIssue,
  tierIssueMessages,
  TIERS_MAX,
  type ContractKind,
  type ContractTerms,
  type OfferCheck,
  type OfferContext,
  type TierIssue,
} from '@app/contract';

/**
 * The contract's terms read by hand, as the contract's ContractTermsSchema reads them, so that the
 * agent centre's editor needs no zod in the browser: it was the only page using zod, 16 kB gzip of
 * the agent centre's JS (issue 33, decision 029). read-terms.test.ts holds this reading and
 * `checkOffer`'s (the schema's) to the same answers, terms and issues, on valid and invalid terms.
 *
 * It follows zod 4's order: the union's kind, then each field in the schema's order; a number's
 * type, then whole, then safe, then its bounds; a list's length before its rows. The terms it
 * answers have the schema's key order and defaults, since a modification compares them as JSON.
 */

type Value = { ok: true; value: unknown } | { ok: false };
/** One failure of the schema, as zod reports it: where, and whether it was a whole number's. */
interface Fault {
  path: (string | number)[];
  notWhole?: true;
}
type Rule = (v: unknown, path: (string | number)[], faults: Fault[]) => Value;

const fail = (faults: Fault[], path: (string | number)[], notWhole?: true): Value => {
  faults.push(notWhole ? { path, notWhole } : { path });
  return { ok: false };
};

/** z.number().int().min(min).max(max): every bound it breaks is a fault, as zod goes on past them. */
const whole =
  (min: number, max: number): Rule =>
  (v, path, faults) => {
    if (typeof v !== 'number' || !Number.isFinite(v)) return fail(faults, path);
    if (!Number.isInteger(v)) return fail(faults, path, true);
    const before = faults.length;
    if (!Number.isSafeInteger(v)) faults.push({ path });
    if (v < min) faults.push({ path });
    if (v > max) faults.push({ path });
    return faults.length === before ? { ok: true, value: v } : { ok: false };
  };

const oneOf =
  (values: readonly unknown[]): Rule =>
  (v, path, faults) =>
    values.includes(v) ? { ok: true, value: v } : fail(faults, path);

/** A field's `.default()`: nothing given is the default, unchecked. */
const orDefault =
  (rule: Rule, fallback: unknown): Rule =>
  (v, path, faults) =>
    v === undefined ? { ok: true, value: fallback } : rule(v, path, faults);

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** z.object(shape): each field in the shape's order, the others dropped. */
const object =
  (shape: Record<string, Rule>): Rule =>
  (v, path, faults) => {
    if (!isRecord(v)) return fail(faults, path);
    const out: Record<string, unknown> = {};
    let ok = true;
    for (const [key, rule] of Object.entries(shape)) {
      const r = rule(v[key], [...path, key], faults);
      if (r.ok) out[key] = r.value;
      else ok = false;
    }
    return ok ? { ok: true, value: out } : { ok: false };
  };

/**
 * z.array(row).min(1).max(TIERS_MAX): a list of the wrong length fails on its length alone; what is
 * not a list fails, then on its length if it has one (zod checks a string's too).
 */
const tiers =
  (row: Rule): Rule =>
  (v, path, faults) => {
    const lengthFaults = (length: unknown) => {
      const before = faults.length;
      if (!((length as number) >= 1)) faults.push({ path });
      if (!((length as number) <= TIERS_MAX)) faults.push({ path });
      return faults.length > before;
    };
    if (!Array.isArray(v)) {
      fail(faults, path);
      if (v !== null && v !== undefined && (v as { length?: unknown }).length !== undefined)
        lengthFaults((v as { length: unknown }).length);
      return { ok: false };
    }
    if (lengthFaults(v.length)) return { ok: false };
    const out: unknown[] = [];
    let ok = true;
    v.forEach((item, i) => {
      const r = row(item, [...path, i], faults);
      if (r.ok) out.push(r.value);
      else ok = false;
    });
    return ok ? { ok: true, value: out } : { ok: false };
  };

const amount = whole(0, TIER_AMOUNT_MAX);
const active = whole(0, TIER_ACTIVE_MAX);
const rateBp = whole(0, RATE_BP_MAX);
const productType = oneOf(contractProductTypes);
const salaryTier = (bet: string) =>
  object({ [bet]: amount, activeMember: active, rateType: oneOf(salaryRateTypes), rate: amount });

/** Each kind's schema (packages/contract agent-contracts/kinds.ts), field for field. */
const kinds: Record<ContractKind, Rule> = {
  dividend: object({
    kind: oneOf(['dividend']),
    productType,
    computationPeriod: oneOf(dividendPeriods),
    resetFrequency: orDefault(oneOf(resetFrequencies), 1),
    periodicTotalBetRequired: orDefault(oneOf(['Y', 'N']), 'N'),
    tiers: tiers(
      object({
        minimumBet: amount,
        netLoss: amount,
        activeMember: active,
        periodicTotalBet: orDefault(amount, 0),
        contractRate: rateBp,
      }),
    ),
  }),
  dailySalary: object({
    kind: oneOf(['dailySalary']),
    productType,
    tiers: tiers(salaryTier('betVolume')),
  }),
  hourlySalary: object({
    kind: oneOf(['hourlySalary']),
    productType,
    frequency: orDefault(oneOf(hourlyFrequencies), 'H'),
    unitValue: orDefault(
      (v, path, faults) =>
        v === null ? { ok: true, value: null } : whole(1, TIER_AMOUNT_MAX)(v, path, faults),
      null,
    ),
    tiers: tiers(salaryTier('minimumBet')),
  }),
  realTimeSalary: object({
    kind: oneOf(['realTimeSalary']),
    productType: orDefault(oneOf(['LOTT']), 'LOTT'),
    tiers: tiers(object({ betAmount: amount, lossRate: rateBp, winRate: rateBp })),
  }),
};

/** What the value at a fault's path was: an empty one is "cannot be empty", as `checkOffer` says. */
function valueAt(input: unknown, path: readonly (string | number)[]): unknown {
  let v = input;
  for (const k of path)
    v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
  return v;
}

/**
 * The terms as ContractTermsSchema answers them, or `checkOffer`'s issues for terms it refuses:
 * "cannot be empty" for a field left empty, "must be integer" for a fraction, and "Invalid contract"
 * (the editor's `ct_issue_contract_invalid`, zod's English never shown) for any other fault.
 */
export function readTerms(
  input: unknown,
): { ok: true; terms: ContractTerms } | { ok: false; issues: TierIssue[] } {
  const faults: Fault[] = [];
  let read: Value;
  if (!isRecord(input)) read = fail(faults, []);
  else if (!(contractKinds as readonly unknown[]).includes(input.kind)) read = fail(faults, ['kind']);
  else read = kinds[input.kind as ContractKind](input, [], faults);
  if (read.ok) return { ok: true, terms: read.value as ContractTerms };
  return {
    ok: false,
    issues: faults.map(({ path, notWhole }) => {
      const tier = path[0] === 'tiers' && typeof path[1] === 'number' ? path[1] : null;
      const last = path[path.length - 1];
      const field = typeof last === 'string' ? last : null;
      const value = valueAt(input, path);
      if (value === undefined || value === null || value === '')
        return tierIssue('contract.tier.empty', tier, field);
      if (notWhole) return tierIssue('contract.tier.integer', tier, field);
      return { code: 'contract.invalid', tier, field, message: tierIssueMessages['contract.invalid'] };
    }),
  };
}

/** `checkOffer` with the terms read by hand: the same issues in the same order, or the same terms. */
export function checkOfferTerms(input: unknown, ctx: OfferContext): OfferCheck {
  const read = readTerms(input);
  if (!read.ok) return read;
  const issues = offerIssues(read.terms, ctx);
  return issues.length ? { ok: false, issues } : { ok: true, terms: read.terms };
}
