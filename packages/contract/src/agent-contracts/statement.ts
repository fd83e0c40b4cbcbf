import { z } from 'zod';
import { contractKinds, contractProductTypes, salaryRateTypes, type ContractTerms } from './kinds.ts';
import { settleDifferential, type AgentId, type DifferentialNode } from './differential.ts';
import {
  dailySalaryPayout,
  dividendPayout,
  hourlySalaryPayout,
  realTimeWindowAmount,
  type DividendFigures,
  type DrawBet,
  type SalaryFigures,
} from './payout.ts';
import { periodCodeOf, type SettlementPeriod } from './periods.ts';

/**
 * The statement a settlement run records per agent per period (issue 30): the inputs, the tier
 * reached, the rate, its own amount, what it owes each direct downline, and what it is paid, so an
 * agent and an operator can check it by hand. The simulator builds the same statement from the
 * same function, so the two cannot disagree.
 */

const minor = z.number().int();

export const ContractStatementSchema = z.object({
  agentId: z.union([z.number(), z.string()]),
  contractId: z.union([z.number(), z.string()]).nullable(),
  kind: z.enum(contractKinds),
  productType: z.enum(contractProductTypes),
  periodKey: z.string(),
  periodStart: z.number(),
  periodEnd: z.number(),
  inputs: z.object({
    /** Valid bet (dividend), team bet (salaries), Σ draw bets (real-time). */
    bet: minor,
    /** Dividend only: the period's net after deductions, the carried-in loss, their sum. */
    periodNet: minor.nullable(),
    carriedIn: minor.nullable(),
    activeMembers: z.number().int().nullable(),
    /** Real-time only: how many player-draws the window held. */
    draws: z.number().int().nullable(),
  }),
  /** What the rate applied to (the dividend's accumulated net; the hourly bet in whole units). */
  base: minor,
  /** The tier reached, 0-based; -1 for none. */
  tier: z.number().int(),
  /** 'P' basis points or 'F' minor units for salaries; basis points for dividends; null for real-time (rates per draw). */
  rateType: z.enum(salaryRateTypes).nullable(),
  rate: z.number().int(),
  /** Its own contract amount on its team. */
  amount: minor,
  deductions: z.array(z.object({ downlineId: z.union([z.number(), z.string()]), amount: minor })),
  deficitIn: minor,
  recovered: minor,
  /** Paid to the agent for the period. */
  pay: minor,
  deficitOut: minor,
  /** Dividend only: the loss carried into the next period. */
  carryOut: minor.nullable(),
});
export type ContractStatement = z.infer<typeof ContractStatementSchema>;

/** The figures of one agent's team for one period, as its contract's kind needs them. */
export type TeamFigures =
  | { kind: 'dividend'; figures: DividendFigures; carriedIn: number; clearCarry: boolean }
  | { kind: 'dailySalary' | 'hourlySalary'; figures: SalaryFigures }
  | { kind: 'realTimeSalary'; draws: readonly DrawBet[] };

export interface StatementInput {
  agentId: AgentId;
  /** The agent it holds this contract with, when also in the set; null for a top. */
  uplineId: AgentId | null;
  contractId: number | string | null;
  /** The terms in force for the period. */
  terms: ContractTerms;
  team: TeamFigures;
  deficitIn?: number;
}

type OwnAmount = Pick<
  ContractStatement,
  'inputs' | 'base' | 'tier' | 'rateType' | 'rate' | 'amount' | 'carryOut'
>;

/** One agent's own contract amount on its team, with what the statement shows of it. */
export function ownAmountOf(terms: ContractTerms, team: TeamFigures): OwnAmount {
  if (terms.kind === 'dividend' && team.kind === 'dividend') {
    const p = dividendPayout(terms, team.figures, team.carriedIn, team.clearCarry);
    return {
      inputs: {
        bet: team.figures.validBet,
        periodNet: p.periodNet,
        carriedIn: p.carriedIn,
        activeMembers: team.figures.activeMembers,
        draws: null,
      },
      base: p.base,
      tier: p.tier,
      rateType: null,
      rate: p.rate,
      amount: p.amount,
      carryOut: p.carryOut,
    };
  }
  if ((terms.kind === 'dailySalary' || terms.kind === 'hourlySalary') && team.kind === terms.kind) {
    const p =
      terms.kind === 'dailySalary'
        ? dailySalaryPayout(terms, team.figures)
        : hourlySalaryPayout(terms, team.figures);
    return {
      inputs: {
        bet: team.figures.bet,
        periodNet: null,
        carriedIn: null,
        activeMembers: team.figures.activeMembers,
        draws: null,
      },
      base: p.base,
      tier: p.tier,
      rateType: p.rateType,
      rate: p.rate,
      amount: p.amount,
      carryOut: null,
    };
  }
  if (terms.kind === 'realTimeSalary' && team.kind === 'realTimeSalary') {
    let bet = 0;
    for (const d of team.draws) bet += d.bet;
    return {
      inputs: { bet, periodNet: null, carriedIn: null, activeMembers: null, draws: team.draws.length },
      base: bet,
      tier: -1,
      rateType: null,
      rate: 0,
      amount: realTimeWindowAmount(terms, team.draws),
      carryOut: null,
    };
  }
  throw new Error(`team figures of ${team.kind} for a ${terms.kind} contract`);
}

/**
 * The statements of a set of contracts of one line for one period: each agent's own amount on its
 * team, then the differential down the set. Settlement records them; the simulator shows them.
 */
export function buildStatements(
  period: SettlementPeriod,
  inputs: readonly StatementInput[],
): ContractStatement[] {
  const own = inputs.map((i) => {
    if (periodCodeOf(i.terms) !== period.code)
      throw new Error(`a ${period.code} period for a ${periodCodeOf(i.terms)} contract`);
    return ownAmountOf(i.terms, i.team);
  });
  const nodes: DifferentialNode[] = inputs.map((i, k) => ({
    agentId: i.agentId,
    uplineId: i.uplineId,
    amount: own[k]!.amount,
    deficitIn: i.deficitIn ?? 0,
  }));
  return settleDifferential(nodes).map((d, k) => {
    const i = inputs[k]!;
    return {
      agentId: i.agentId,
      contractId: i.contractId,
      kind: i.terms.kind,
      productType: i.terms.productType,
      periodKey: period.key,
      periodStart: period.start,
      periodEnd: period.end,
      ...own[k]!,
      deductions: d.deductions,
      deficitIn: d.deficitIn,
      recovered: d.recovered,
      pay: d.pay,
      deficitOut: d.deficitOut,
    };
  });
}
