import { z } from 'zod';

/**
 * Agent contracts (issue 30, decision 030): the four kinds an upline gives a direct downline, and
 * their tier rows, with the original's field names.
 *
 * Units, for every kind:
 * - amounts and thresholds (bets, net loss, deposits, fixed salaries) are integer minor units;
 * - rates are integer basis points of the base (1 bp = 0.01 %, 10,000 bp = 100 %). The original
 *   sends fractions (0.015 for 1.5 %) and shows them ×100; basis points hold every value its
 *   editors accept (two decimals of a percent at most) without a float.
 * - active members are a count.
 */

export const contractKinds = ['dividend', 'dailySalary', 'hourlySalary', 'realTimeSalary'] as const;
export type ContractKind = (typeof contractKinds)[number];

/**
 * Product types a contract is keyed by (research §1.3): CONS is every product together, DEPOSIT the
 * deposit-based daily salary (its base is the team's deposits, not its bets).
 */
export const contractProductTypes = [
  'LIVE',
  'RNG',
  'CONS',
  'SPORTS',
  'LOTT',
  'FISH',
  'ELOTT',
  'PVP',
  'DEPOSIT',
] as const;
export type ContractProductType = (typeof contractProductTypes)[number];

/** Which product types each kind exists for: real-time salary is lottery only, DEPOSIT daily only. */
export const kindProductTypes: Record<ContractKind, readonly ContractProductType[]> = {
  dividend: ['LIVE', 'RNG', 'CONS', 'SPORTS', 'LOTT', 'FISH', 'ELOTT', 'PVP'],
  dailySalary: contractProductTypes,
  hourlySalary: ['LIVE', 'RNG', 'CONS', 'SPORTS', 'LOTT', 'FISH', 'ELOTT', 'PVP'],
  realTimeSalary: ['LOTT'],
};

/** The original's consolidated keys per kind (research §1.3): requests open the modal, info keys switch the menu. */
export const kindConsolidatedKeys: Record<ContractKind, { request: string; info: string }> = {
  dividend: { request: 'divtypecompperiodreq', info: 'divtypecompperiodinfo' },
  dailySalary: { request: 'dailysalreqtype', info: 'dailysalinfotype' },
  hourlySalary: { request: 'contracthoursalreq', info: 'contracthoursalinfo' },
  realTimeSalary: { request: 'realtimesalreqtype', info: 'realtimesalinfotype' },
};

/** 100 % in basis points: no tier pays more than its whole base. */
export const RATE_BP_MAX = 10_000;
/** The largest threshold or fixed amount a tier may hold (10 billion at two decimals), in minor units. */
export const TIER_AMOUNT_MAX = 1_000_000_000_000;
/** The most active members a threshold may ask for. */
export const TIER_ACTIVE_MAX = 1_000_000;
/** The most tiers one contract may hold (the original's editors add rows one by one). */
export const TIERS_MAX = 20;

const amount = z.number().int().min(0).max(TIER_AMOUNT_MAX);
const active = z.number().int().min(0).max(TIER_ACTIVE_MAX);
const rateBp = z.number().int().min(0).max(RATE_BP_MAX);

// ---------------------------------------------------------------------------------------------
// Dividend (research §3)

/**
 * Dividend computation periods (`period_D/W/H/M`): daily; weekly Sunday to Saturday; semimonthly
 * (1st–15th, 16th–end); calendar month.
 */
export const dividendPeriods = ['D', 'W', 'H', 'M'] as const;
export type DividendPeriod = (typeof dividendPeriods)[number];

/**
 * The carry-forward rule (`reset_frequency`): 0 none; 1 negative P&L carried forward until the
 * accumulated figure turns positive; 2 the same, cleared when a new month starts; 3 the original's
 * "profit and loss carry-forward", whose difference from 1 no source shows (translated catalogues
 * label 1 and 3 alike), so it behaves as 1.
 */
export const resetFrequencies = [0, 1, 2, 3] as const;
export type ResetFrequency = (typeof resetFrequencies)[number];

export const DividendTierSchema = z.object({
  /** Period valid bet ≥ (minor units). */
  minimumBet: amount,
  /** Period P&L ≥: the team's net loss after deductions and carry-forward (minor units). */
  netLoss: amount,
  /** Active members ≥. */
  activeMember: active,
  /** Each weekly cycle's valid bet ≥ (minor units); only read when the contract requires it. */
  periodicTotalBet: amount.default(0),
  /** The dividend rate, basis points of the net loss; the original shows it as a whole percent. */
  contractRate: rateBp,
});
export type DividendTier = z.infer<typeof DividendTierSchema>;

export const DividendTermsSchema = z.object({
  kind: z.literal('dividend'),
  productType: z.enum(contractProductTypes),
  computationPeriod: z.enum(dividendPeriods),
  resetFrequency: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]).default(1),
  /** 'Y' when every weekly cycle of the month must reach the tier's periodicTotalBet. */
  periodicTotalBetRequired: z.enum(['Y', 'N']).default('N'),
  tiers: z.array(DividendTierSchema).min(1).max(TIERS_MAX),
});
export type DividendTerms = z.infer<typeof DividendTermsSchema>;

// ---------------------------------------------------------------------------------------------
// Daily and hourly salary (research §4.1, §5)

/**
 * `rateType` 'P': `rate` is basis points of the base. Any other value in the original is a fixed
 * amount (its letter is not shown anywhere); ours is 'F', and `rate` is then minor units.
 */
export const salaryRateTypes = ['P', 'F'] as const;
export type SalaryRateType = (typeof salaryRateTypes)[number];

export const DailySalaryTierSchema = z.object({
  /** Team daily bet ≥ (minor units); team daily deposits for DEPOSIT. */
  betVolume: amount,
  /** Active members ≥. */
  activeMember: active,
  rateType: z.enum(salaryRateTypes),
  /** Basis points when rateType is 'P', minor units when 'F'. */
  rate: z.number().int().min(0).max(TIER_AMOUNT_MAX),
});
export type DailySalaryTier = z.infer<typeof DailySalaryTierSchema>;

export const DailySalaryTermsSchema = z.object({
  kind: z.literal('dailySalary'),
  productType: z.enum(contractProductTypes),
  tiers: z.array(DailySalaryTierSchema).min(1).max(TIERS_MAX),
});
export type DailySalaryTerms = z.infer<typeof DailySalaryTermsSchema>;

/** Hourly salary frequency: H every hour, BH every half hour. */
export const hourlyFrequencies = ['H', 'BH'] as const;
export type HourlyFrequency = (typeof hourlyFrequencies)[number];

export const HourlySalaryTierSchema = z.object({
  /** Team bet in the hour (or half hour) ≥ (minor units). */
  minimumBet: amount,
  /** Active members ≥. */
  activeMember: active,
  rateType: z.enum(salaryRateTypes),
  /** Basis points when rateType is 'P'; minor units when 'F' (per unit value, when the contract sets one). */
  rate: z.number().int().min(0).max(TIER_AMOUNT_MAX),
});
export type HourlySalaryTier = z.infer<typeof HourlySalaryTierSchema>;

export const HourlySalaryTermsSchema = z.object({
  kind: z.literal('hourlySalary'),
  productType: z.enum(contractProductTypes),
  frequency: z.enum(hourlyFrequencies).default('H'),
  /**
   * The unit value (minor units), or null for none. With one, the salary counts whole units of bet
   * only (research §5, "once the standard is met, the salary is computed by the unit value"): a
   * percentage applies to `floor(bet / unit) × unit`, a fixed amount is paid per whole unit. Without
   * one, a percentage applies to the whole bet and a fixed amount is paid once.
   */
  unitValue: z.number().int().min(1).max(TIER_AMOUNT_MAX).nullable().default(null),
  tiers: z.array(HourlySalaryTierSchema).min(1).max(TIERS_MAX),
});
export type HourlySalaryTerms = z.infer<typeof HourlySalaryTermsSchema>;

// ---------------------------------------------------------------------------------------------
// Real-time salary (research §6): lottery only, per draw per player

export const RealTimeSalaryTierSchema = z.object({
  /** The player's bet in one draw of one lottery ≥ (minor units): the single-bet minimum. */
  betAmount: amount,
  /** Basis points of that bet when the player lost the draw ("loss salary"). */
  lossRate: rateBp,
  /** Basis points of that bet when the player won the draw ("profit salary"). */
  winRate: rateBp,
});
export type RealTimeSalaryTier = z.infer<typeof RealTimeSalaryTierSchema>;

export const RealTimeSalaryTermsSchema = z.object({
  kind: z.literal('realTimeSalary'),
  productType: z.literal('LOTT').default('LOTT'),
  tiers: z.array(RealTimeSalaryTierSchema).min(1).max(TIERS_MAX),
});
export type RealTimeSalaryTerms = z.infer<typeof RealTimeSalaryTermsSchema>;

/** A contract's terms, any kind: what an upline offers and a downline accepts. */
export const ContractTermsSchema = z.discriminatedUnion('kind', [
  DividendTermsSchema,
  DailySalaryTermsSchema,
  HourlySalaryTermsSchema,
  RealTimeSalaryTermsSchema,
]);
export type ContractTerms = z.infer<typeof ContractTermsSchema>;
export type TermsOf<K extends ContractKind> = Extract<ContractTerms, { kind: K }>;

/**
 * The line a contract sits on: one contract per (downline, kind, product type) and, for dividends,
 * per computation period. Two contracts on one line never coexist; the higher-rate rule compares
 * contracts on the same line only.
 */
export function contractLine(terms: ContractTerms): string {
  return terms.kind === 'dividend'
    ? `${terms.kind}:${terms.productType}:${terms.computationPeriod}`
    : `${terms.kind}:${terms.productType}`;
}
