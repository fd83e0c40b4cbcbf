import {
  RATE_BP_MAX,
  type DailySalaryTerms,
  type DividendTerms,
  type HourlySalaryTerms,
  type RealTimeSalaryTerms,
  type SalaryRateType,
} from './kinds.ts';
import { previousPeriod, type SettlementPeriod } from './periods.ts';

/**
 * What one contract pays for one period on its holder's team figures (research §3–§6; decision
 * 030). Every amount is integer minor units, rounded down, never negative. The tier reached is the
 * highest tier whose every threshold the figures meet (for validated tiers, the met tiers are a
 * prefix, so a higher figure never reaches a lower tier).
 */

/** `floor(base × bp / 10,000)` exactly, for any base a period can hold; 0 for a base ≤ 0. */
export function applyRate(base: number, bp: number): number {
  if (base <= 0 || bp <= 0) return 0;
  return Number((BigInt(base) * BigInt(bp)) / BigInt(RATE_BP_MAX));
}

/** The highest index whose tier is met, or -1. */
export function highestMet<T>(tiers: readonly T[], meets: (t: T) => boolean): number {
  for (let i = tiers.length - 1; i >= 0; i--) if (meets(tiers[i]!)) return i;
  return -1;
}

// ---------------------------------------------------------------------------------------------
// Dividend

export interface DividendFigures {
  /** The team's period valid bet. */
  validBet: number;
  /**
   * The team's period net loss from the company side ("company win/lose": what the team's players
   * lost minus what they won); negative when they won.
   */
  netLoss: number;
  /** Promotions paid to the team's players in the period (taken off the net loss). */
  promotion?: number;
  /** Rebates paid to the team's players in the period (taken off the net loss). */
  rebate?: number;
  /** Deposit, bank and product fees the agent bears (taken off the net loss). */
  fees?: number;
  /** The operator's dividend adjustment, signed (added). */
  adjustment?: number;
  activeMembers: number;
  /** Each weekly cycle's valid bet (1–7, 8–14, 15–21, 22–end), when the contract requires it. */
  cycleBets?: readonly number[];
}

export interface DividendPayout {
  /** The period's own net: net loss − promotion − rebate − fees + adjustment. */
  periodNet: number;
  /** The negative P&L carried in from earlier periods (≤ 0), after the contract's clearing rule. */
  carriedIn: number;
  /** periodNet + carriedIn: what the tier's net-loss threshold and the rate apply to. */
  base: number;
  tier: number;
  /** Basis points; 0 when no tier is reached. */
  rate: number;
  amount: number;
  /** Carried into the next period (≤ 0): the accumulated net while it stays negative, else 0. */
  carryOut: number;
}

/**
 * Whether the carry-forward is cleared before this period: always with resetFrequency 0; with 2
 * when the period starts in another month than the period before it ("half-month accumulation,
 * cleared each month"); never with 1 and 3.
 */
export function carryClears(terms: DividendTerms, period: SettlementPeriod, timeZone: string): boolean {
  if (terms.resetFrequency === 0) return true;
  if (terms.resetFrequency !== 2) return false;
  return period.startDay.slice(0, 7) !== previousPeriod(period, timeZone).startDay.slice(0, 7);
}

/**
 * The dividend of a period (research §3): the net after deductions and the carried-in loss; no
 * dividend while it is ≤ 0 (and, unless the contract carries nothing, the loss is carried on); else
 * the highest tier whose bet, net, active members and (if required) every cycle's bet are met pays
 * its rate of the net, and nothing is carried on.
 */
export function dividendPayout(
  terms: DividendTerms,
  f: DividendFigures,
  carriedIn: number,
  clearCarry: boolean,
): DividendPayout {
  const periodNet = f.netLoss - (f.promotion ?? 0) - (f.rebate ?? 0) - (f.fees ?? 0) + (f.adjustment ?? 0);
  const carry = clearCarry || terms.resetFrequency === 0 ? 0 : Math.min(0, carriedIn);
  const base = periodNet + carry;
  if (base <= 0)
    return {
      periodNet,
      carriedIn: carry,
      base,
      tier: -1,
      rate: 0,
      amount: 0,
      carryOut: terms.resetFrequency === 0 ? 0 : base,
    };
  const cycles = f.cycleBets ?? [];
  const tier = highestMet(
    terms.tiers,
    (t) =>
      f.validBet >= t.minimumBet &&
      base >= t.netLoss &&
      f.activeMembers >= t.activeMember &&
      (terms.periodicTotalBetRequired !== 'Y' ||
        (cycles.length === 4 && cycles.every((b) => b >= t.periodicTotalBet))),
  );
  const rate = tier < 0 ? 0 : terms.tiers[tier]!.contractRate;
  return { periodNet, carriedIn: carry, base, tier, rate, amount: applyRate(base, rate), carryOut: 0 };
}

// ---------------------------------------------------------------------------------------------
// Daily and hourly salary

export interface SalaryPayout {
  /** What the rate applies to: the bet (rounded down to whole units for an hourly unit value). */
  base: number;
  tier: number;
  rateType: SalaryRateType | null;
  /** Basis points ('P') or minor units ('F'); 0 when no tier is reached. */
  rate: number;
  amount: number;
}

export interface SalaryFigures {
  /** The team's bet in the period (its deposits for a DEPOSIT daily salary). */
  bet: number;
  activeMembers: number;
}

/**
 * The daily salary (research §4.1): the highest tier whose daily bet and active members are both
 * met (a bet tier without its actives pays by the actives reached); a percentage of the bet, or the
 * tier's fixed amount.
 */
export function dailySalaryPayout(terms: DailySalaryTerms, f: SalaryFigures): SalaryPayout {
  const tier = highestMet(terms.tiers, (t) => f.bet >= t.betVolume && f.activeMembers >= t.activeMember);
  if (tier < 0) return { base: Math.max(0, f.bet), tier, rateType: null, rate: 0, amount: 0 };
  const t = terms.tiers[tier]!;
  return {
    base: f.bet,
    tier,
    rateType: t.rateType,
    rate: t.rate,
    amount: t.rateType === 'P' ? applyRate(f.bet, t.rate) : t.rate,
  };
}

/**
 * The hourly salary (research §5): the highest tier whose hourly bet and active members are met;
 * with a unit value the bet counts in whole units (a percentage of `floor(bet / unit) × unit`, a
 * fixed amount per unit), without one a percentage of the bet or the fixed amount once.
 */
export function hourlySalaryPayout(terms: HourlySalaryTerms, f: SalaryFigures): SalaryPayout {
  const unit = terms.unitValue;
  const units = unit ? Math.floor(Math.max(0, f.bet) / unit) : 0;
  const base = unit ? units * unit : Math.max(0, f.bet);
  const tier = highestMet(terms.tiers, (t) => f.bet >= t.minimumBet && f.activeMembers >= t.activeMember);
  if (tier < 0) return { base, tier, rateType: null, rate: 0, amount: 0 };
  const t = terms.tiers[tier]!;
  const amount = t.rateType === 'P' ? applyRate(base, t.rate) : unit ? units * t.rate : t.rate;
  return { base, tier, rateType: t.rateType, rate: t.rate, amount };
}

// ---------------------------------------------------------------------------------------------
// Real-time salary

export interface DrawBet {
  /** The player's whole bet in one draw of one lottery (valid stake, minor units). */
  bet: number;
  /** What the draw paid the player back (wins and refunds), minor units. */
  payout: number;
}

/**
 * A player "won" a draw when it did not lose money on it (payout ≥ bet): the profit salary applies;
 * otherwise the loss salary (research §6 rule 2; break-even is not a loss).
 */
export function drawWon(d: DrawBet): boolean {
  return d.payout >= d.bet;
}

export interface RealTimePayout {
  tier: number;
  won: boolean;
  rate: number;
  amount: number;
}

/**
 * The real-time salary on one player's one draw (research §6): the player's bet in the draw sets
 * the tier (the highest single-bet minimum it reaches); its profit or loss rate, by the draw's
 * outcome, applies to the bet.
 */
export function realTimeSalaryOf(terms: RealTimeSalaryTerms, d: DrawBet): RealTimePayout {
  const won = drawWon(d);
  const tier = highestMet(terms.tiers, (t) => d.bet >= t.betAmount);
  if (tier < 0) return { tier, won, rate: 0, amount: 0 };
  const t = terms.tiers[tier]!;
  const rate = won ? t.winRate : t.lossRate;
  return { tier, won, rate, amount: applyRate(d.bet, rate) };
}

/** A window's real-time salary of one contract: the sum over every player-draw of its team. */
export function realTimeWindowAmount(terms: RealTimeSalaryTerms, draws: Iterable<DrawBet>): number {
  let sum = 0;
  for (const d of draws) sum += realTimeSalaryOf(terms, d).amount;
  return sum;
}
