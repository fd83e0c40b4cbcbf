import { z } from 'zod';
import { defineCall } from './call.ts';
import {
  contractKinds,
  contractProductTypes,
  ContractTermsSchema,
  dividendPeriods,
} from './agent-contracts/kinds.ts';
import { contractStatuses } from './agent-contracts/status.ts';
import { ContractStatementSchema } from './agent-contracts/statement.ts';
import { periodCodes } from './agent-contracts/periods.ts';
import { salaryRateTypes } from './agent-contracts/kinds.ts';

/**
 * The agent contracts' calls (issue 30, decision 030 "Server"): the upline's offer, modification and
 * termination request, the downline's answers, the lists and the history. The seven relays are the
 * original's (research §2.3, original-wire.md "agents"): the contract modal sends the status the
 * downline chose. The upline's calls are our design under /wps/agent/contracts (the original's agent
 * bundle is not public).
 *
 * The higher-rate rule (AG-17): an accept that would end downline contracts is refused with
 * `agent.contract.higher.rate` and the affected contracts in the answer's value; the same call with
 * the confirmation (`confirm: 'Y'` on the relays, `confirmHigherRate: true` on the answer call)
 * accepts and ends them in one transaction.
 */

/** A database id: query strings carry text, so numbers are coerced. */
const IdSchema = z.coerce.number().int().positive().max(2_147_483_647);
/** The version a client saw: the action is refused when the contract changed meanwhile. */
const VersionSchema = z.coerce.number().int().positive().max(2_147_483_647).optional();
/** The modal's confirmation of the higher-rate warning (the original asks before it sends). */
const ConfirmSchema = z.enum(['Y', 'N']).optional();
/** The status the modal sends (research §2.3). */
const WireStatusSchema = z.enum(['A', 'R', 'C']);

export const ContractViewSchema = z.object({
  id: z.number().int(),
  kind: z.enum(contractKinds),
  productType: z.enum(contractProductTypes),
  /** The dividend's computation period; null for the other kinds. */
  computationPeriod: z.enum(dividendPeriods).nullable(),
  status: z.enum(contractStatuses),
  /** Null: the platform holds this contract with a top agent. */
  uplineId: z.number().int().nullable(),
  uplineName: z.string().nullable(),
  downlineId: z.number().int(),
  downlineName: z.string(),
  /** The terms offered (P, E) or in force. */
  terms: ContractTermsSchema,
  /** The terms last accepted: in force while a modification (E) waits; null before the first accept. */
  acceptedTerms: ContractTermsSchema.nullable(),
  version: z.number().int(),
  updatedAt: z.number(),
});
export type ContractView = z.infer<typeof ContractViewSchema>;

/** A contract in the affected list of the higher-rate warning. */
export const HigherRateAffectedSchema = z.object({
  contractId: z.number().int(),
  downlineId: z.number().int(),
  username: z.string(),
  tier: z.number().int(),
  field: z.string(),
  value: z.number(),
  cap: z.number().nullable(),
});
export type HigherRateAffected = z.infer<typeof HigherRateAffectedSchema>;

/** A request waiting for the caller's answer, as the modal shows it. */
export const ContractRequestSchema = ContractViewSchema.extend({
  /** 'Y' when accepting would end downline contracts (research §2.4). */
  downlineHigherRate: z.enum(['Y', 'N']),
  affected: z.array(HigherRateAffectedSchema),
});

export const ContractListSchema = z.object({
  /** Contracts the caller holds (it is the downline), the platform's included. */
  held: z.array(ContractViewSchema),
  /** Contracts the caller gave its direct downlines. */
  given: z.array(ContractViewSchema),
  /** Offers and termination requests waiting for the caller's answer (the modal's rows). */
  requests: z.array(ContractRequestSchema),
});

export const ContractEventSchema = z.object({
  action: z.string(),
  actor: z.enum(['upline', 'downline', 'system', 'platform']),
  actorName: z.string().nullable(),
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  terms: ContractTermsSchema.nullable(),
  at: z.number(),
});

export const getAgentContracts = defineCall({
  id: 'getAgentContracts',
  method: 'GET',
  path: '/wps/agent/contracts',
  moduleId: 'AGENT',
  token: true,
  summary: "The agent's contracts: held, given to its direct downlines, and the requests waiting for it",
  query: z.object({ kind: z.enum(contractKinds).optional() }),
  response: ContractListSchema,
});

export const getAgentContractHistory = defineCall({
  id: 'getAgentContractHistory',
  method: 'GET',
  path: '/wps/agent/contracts/history',
  moduleId: 'AGENT',
  token: true,
  summary: "One contract's history, for its upline or its downline",
  query: z.object({ contractId: IdSchema }),
  response: z.object({ contract: ContractViewSchema, events: z.array(ContractEventSchema) }),
});

export const offerAgentContract = defineCall({
  id: 'offerAgentContract',
  method: 'POST',
  path: '/wps/agent/contracts/offer',
  moduleId: 'AGENT',
  token: true,
  summary: 'Offer a contract to a direct downline agent, of a kind the agent holds, within its own rates',
  // Terms are checked by checkOffer, so every tier issue comes back with the original's messages.
  body: z.object({ downlineId: IdSchema, terms: z.unknown() }),
  response: ContractViewSchema,
});

export const modifyAgentContract = defineCall({
  id: 'modifyAgentContract',
  method: 'POST',
  path: '/wps/agent/contracts/modify',
  moduleId: 'AGENT',
  token: true,
  summary: 'Re-offer a pending or signed contract with new terms',
  body: z.object({ contractId: IdSchema, terms: z.unknown(), version: VersionSchema }),
  response: ContractViewSchema,
});

export const terminateAgentContract = defineCall({
  id: 'terminateAgentContract',
  method: 'POST',
  path: '/wps/agent/contracts/terminate',
  moduleId: 'AGENT',
  token: true,
  summary: 'Ask the downline to terminate a signed contract',
  body: z.object({ contractId: IdSchema, version: VersionSchema }),
  response: ContractViewSchema,
});

export const answerAgentContract = defineCall({
  id: 'answerAgentContract',
  method: 'POST',
  path: '/wps/agent/contracts/answer',
  moduleId: 'AGENT',
  token: true,
  summary: "The downline's answer to an offer or a termination request",
  body: z.object({
    contractId: IdSchema,
    action: z.enum(['accept', 'reject', 'acceptTermination', 'rejectTermination']),
    confirmHigherRate: z.boolean().optional(),
    version: VersionSchema,
  }),
  response: ContractViewSchema,
});

// ---------------------------------------------------------------------------------------------
// The original's relays (research §2.3). The wire list shows the two dividend and the two daily
// salary relays as GET, so their fields come as the query. `confirm` is ours: the original's modal
// confirms the higher-rate warning before it sends and the payload shows no field for it.

export const processContractDividend = defineCall({
  id: 'processContractDividend',
  method: 'GET',
  path: '/wps/relay/MCSFE_processContractDividend',
  moduleId: 'MCSFE',
  token: true,
  summary: "The dividend modal's answer: {productType, computationPeriod, status}",
  query: z.object({
    productType: z.enum(contractProductTypes),
    computationPeriod: z.enum(dividendPeriods),
    status: WireStatusSchema,
    confirm: ConfirmSchema,
  }),
  response: ContractViewSchema,
});

export const processDividendReqMCS2 = defineCall({
  id: 'processDividendReqMCS2',
  method: 'GET',
  path: '/wps/relay/MCS2_processDividendReq',
  moduleId: 'MCS2',
  token: true,
  // The older generation keys a dividend by product type alone: the request waiting on that
  // product (there is at most one per period) is the one answered, the oldest first.
  summary: "The older dividend modal's answer: {type, status}",
  query: z.object({ type: z.enum(contractProductTypes), status: WireStatusSchema, confirm: ConfirmSchema }),
  response: ContractViewSchema,
});

export const processDailySalaryContract = defineCall({
  id: 'processDailySalaryContract',
  method: 'GET',
  path: '/wps/relay/MCSFE_processDailySalaryContract',
  moduleId: 'MCSFE',
  token: true,
  summary: "The daily salary modal's answer: {id, status}",
  query: z.object({ id: IdSchema, status: WireStatusSchema, confirm: ConfirmSchema }),
  response: ContractViewSchema,
});

export const processDailySalContractMCS2 = defineCall({
  id: 'processDailySalContractMCS2',
  method: 'GET',
  path: '/wps/relay/MCS2_processDailySalContract',
  moduleId: 'MCS2',
  token: true,
  summary: "The older daily salary modal's answer: {id, status}",
  query: z.object({ id: IdSchema, status: WireStatusSchema, confirm: ConfirmSchema }),
  response: ContractViewSchema,
});

export const processContractHourSalary = defineCall({
  id: 'processContractHourSalary',
  method: 'POST',
  path: '/wps/relay/MCSFE_processContractHourSalary',
  moduleId: 'MCSFE',
  token: true,
  // On a termination request the hourly modal answers the request: A accepts it, R rejects it.
  summary: "The hourly salary modal's answer: {contractId, status, productType}",
  body: z.object({
    contractId: IdSchema,
    status: WireStatusSchema,
    productType: z.enum(contractProductTypes).optional(),
    confirm: ConfirmSchema,
  }),
  response: ContractViewSchema,
});

export const processContractHourSalaryMCS2 = defineCall({
  id: 'processContractHourSalaryMCS2',
  method: 'POST',
  path: '/wps/relay/MCS2_processContractHourSalary',
  moduleId: 'MCS2',
  token: true,
  summary: "The older hourly salary modal's answer: {contractId, status}",
  body: z.object({ contractId: IdSchema, status: WireStatusSchema, confirm: ConfirmSchema }),
  response: ContractViewSchema,
});

export const processRealTimeSalaryContract = defineCall({
  id: 'processRealTimeSalaryContract',
  method: 'POST',
  path: '/wps/relay/MCSFE_processRealTimeSalaryContract',
  moduleId: 'MCSFE',
  token: true,
  summary: "The real-time salary modal's answer: {contractId, status}",
  body: z.object({ contractId: IdSchema, status: WireStatusSchema, confirm: ConfirmSchema }),
  response: ContractViewSchema,
});

// ---------------------------------------------------------------------------------------------
// Settlement: statements and the simulator (issue 30, decision 030 "Settlement"). Every amount is
// integer minor units and every rate basis points, as in the pure core (agent-contracts/), since
// the statements are its output unchanged: the web formats them.

/** A period as settlement cuts it (agent-contracts/periods.ts). */
export const ContractPeriodSchema = z.object({
  code: z.enum(periodCodes),
  /** Unique per code, e.g. 'D:2026-11-27', 'fiveMinutes:2026-11-28T13:05+08:00'. */
  key: z.string(),
  /** Epoch ms, inclusive. */
  start: z.number(),
  /** Epoch ms, exclusive: the period is settled from here. */
  end: z.number(),
  /** First and last day in the settlement time zone (a window's day twice). */
  startDay: z.string(),
  endDay: z.string(),
});
export type ContractPeriod = z.infer<typeof ContractPeriodSchema>;

/** A direct downline's deduction, with its name (the statement itself carries the id alone). */
export const DownlineOwedSchema = z.object({
  downlineId: z.number().int(),
  username: z.string(),
  /** Its contract on the line, the one whose amount is owed. */
  contractId: z.number().int(),
  /** What the agent owes it for the period: the downline's own amount (minor units). */
  amount: z.number().int(),
});
export type DownlineOwed = z.infer<typeof DownlineOwedSchema>;

/**
 * One stored statement: what settlement recorded for the agent, one contract and one period (a
 * period with nothing in it, no bet, no amount, no pay, has none). A
 * correction re-run replaces the statement and raises `revision`; `paid` is every credit of the
 * (contract, period) together, which equals `statement.pay` (a lower re-run pays nothing back and
 * shows as deficit instead, see `statement.deficitOut`).
 */
export const ContractStatementRowSchema = z.object({
  contractId: z.number().int(),
  kind: z.enum(contractKinds),
  productType: z.enum(contractProductTypes),
  period: ContractPeriodSchema,
  statement: ContractStatementSchema,
  downlines: z.array(DownlineOwedSchema),
  /** Credited to the agent for this (contract, period) in all, minor units. */
  paid: z.number().int(),
  /** The period's settlement run that last changed it: 1 the first, higher after a correction. */
  revision: z.number().int(),
  /** Epoch ms of the last settlement run that changed it. */
  settledAt: z.number(),
});
export type ContractStatementRow = z.infer<typeof ContractStatementRowSchema>;

export const ContractStatementsQuerySchema = z.object({
  /** One contract the caller holds; all of them when absent. */
  contractId: IdSchema.optional(),
  kind: z.enum(contractKinds).optional(),
  /** Periods ending on or after this day / starting on or before it ('YYYY-MM-DD', settlement zone). */
  startDay: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  endDay: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type ContractStatementsQuery = z.input<typeof ContractStatementsQuerySchema>;

export const getAgentContractStatements = defineCall({
  id: 'getAgentContractStatements',
  method: 'GET',
  path: '/wps/agent/contracts/statements',
  moduleId: 'AGENT',
  token: true,
  summary:
    "The caller's settlement statements, newest period first: per contract it holds and period, the inputs, tier, rate, own amount, downline deductions, deficit and pay",
  query: ContractStatementsQuerySchema,
  response: z.object({
    list: z.array(ContractStatementRowSchema),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
  }),
});

/** One tier against one period's figures (agent-contracts/simulate.ts `tierBreakdown`). */
export const SimulatedTierSchema = z.object({
  tier: z.number().int(),
  met: z.boolean(),
  /** The tier the period pays (real-time: every tier some draw reached). */
  paid: z.boolean(),
  /** The thresholds the figures miss, by field name. */
  missing: z.array(z.string()),
  rateType: z.enum(salaryRateTypes).nullable(),
  /** Basis points, or minor units for a fixed amount; real-time: the loss rate. */
  rate: z.number().int(),
  /** Real-time only: the profit rate. */
  winRate: z.number().int().optional(),
  /** Real-time only: the player-draws whose bet falls in this tier's band, and their bets. */
  draws: z.number().int().optional(),
  bet: z.number().int().optional(),
  /** What this tier pays on the figures, minor units. */
  amount: z.number().int(),
});
export type SimulatedTier = z.infer<typeof SimulatedTierSchema>;

export const SimulatedPeriodSchema = z.object({
  period: ContractPeriodSchema,
  /** The simulated agent's statement: the same function settlement records, on the same figures. */
  statement: ContractStatementSchema,
  tiers: z.array(SimulatedTierSchema),
  /** What the simulated agent would owe each direct downline holding a contract on the line. */
  downlines: z.array(DownlineOwedSchema),
});
export type SimulatedPeriod = z.infer<typeof SimulatedPeriodSchema>;

/**
 * A conflict the terms would cause (warned before an offer or an accept):
 * - `rateAboveOwn`: a tier's rate above the highest the offerer holds on the line (an offer would
 *   be refused; `cap` null when the offerer holds no contract on the line);
 * - `higherRate`: a rate below one the simulated agent already gave a direct downline, which would
 *   end that downline's contract on accepting (the higher-rate rule, AG-17).
 */
export const SimulatorWarningSchema = z.discriminatedUnion('code', [
  z.object({
    code: z.literal('rateAboveOwn'),
    tier: z.number().int(),
    field: z.string(),
    value: z.number(),
    cap: z.number().nullable(),
    message: z.string(),
  }),
  z.object({
    code: z.literal('higherRate'),
    contractId: z.number().int(),
    downlineId: z.number().int(),
    username: z.string(),
    tier: z.number().int(),
    field: z.string(),
    value: z.number(),
    cap: z.number().nullable(),
    message: z.string(),
  }),
]);
export type SimulatorWarning = z.infer<typeof SimulatorWarningSchema>;

export const SimulationSchema = z.object({
  /** The agent whose team the terms are simulated on (the contract's downline). */
  agentId: z.number().int(),
  username: z.string(),
  /** The contract simulated, or null for draft terms. */
  contractId: z.number().int().nullable(),
  terms: ContractTermsSchema,
  /**
   * The last 4 closed periods, oldest first, the dividend's carry and the deficit threaded from
   * one to the next as settlement threads them (starting from the state settlement recorded at the
   * first of them, none when it never settled it). The last element is "the last period".
   */
  periods: z.array(SimulatedPeriodSchema),
  /** Sums over `periods`, minor units. */
  total: z.object({ amount: z.number().int(), owed: z.number().int(), pay: z.number().int() }),
  warnings: z.array(SimulatorWarningSchema),
});
export type Simulation = z.infer<typeof SimulationSchema>;

export const simulateAgentContract = defineCall({
  id: 'simulateAgentContract',
  method: 'POST',
  path: '/wps/agent/contracts/simulate',
  moduleId: 'AGENT',
  token: true,
  summary:
    "What a contract (by id, upline or downline) or draft terms for the caller or a direct downline would have paid on the team's real figures of the last 4 periods, tier by tier, with conflict warnings",
  // Draft terms are checked by the tier rules (422 contract.terms.invalid with the issues); rates
  // above the offerer's own come back as warnings, not refusals, since that is what the simulator
  // is for. `downlineId` absent with terms: the caller's own team.
  body: z.union([
    z.object({ contractId: IdSchema }),
    z.object({ downlineId: IdSchema.optional(), terms: z.unknown() }),
  ]),
  response: SimulationSchema,
});
