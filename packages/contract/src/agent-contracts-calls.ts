import { z } from 'zod';
import { defineCall } from './call.ts';
import {
  contractKinds,
  contractProductTypes,
  ContractTermsSchema,
  dividendPeriods,
} from './agent-contracts/kinds.ts';
import { contractStatuses } from './agent-contracts/status.ts';

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
