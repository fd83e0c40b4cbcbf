import { z } from 'zod';
import { AgentOverviewSchema, agentReportRanges } from '../agent-reports.ts';
import { ContractStatementRowSchema } from '../agent-contracts-calls.ts';
import { contractKinds } from '../agent-contracts/kinds.ts';
import { ContractStatementSchema } from '../agent-contracts/statement.ts';
import { defineBoCall, type BoCallDef } from './calls.ts';

/**
 * The back office's Agents section (issue 31, decision 037): the agent tree browsed from the top
 * (an agent's direct downlines, a page at a time) and searched by username; an agent's page
 * (profile, rebates, team counts and figures from the agent module's pre-aggregated reports, its
 * contracts with their history, its settlement statements per period); and the re-run of a
 * settled period, through the same settlement code as the jobs and the CLI, shown first as a dry
 * run. Reads need `agent.read`; a re-run needs `agent.settle` and is audited with before and after.
 *
 * Contract amounts (statements, pay, paid, deficits) are minor units, as the settlement stores
 * them; the agent's team figures are major units, as the agent centre's reports; `currency`
 * carries the precision that turns one into the other. Times are epoch milliseconds.
 */

const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const pageShape = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(25),
};

export const AgentNodeSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  agentType: z.number().int(),
  status: z.string(),
  /** The prize group at base 2000 (decision 028). */
  lotterySeries: z.number().int(),
  uplineId: z.number().int().nullable(),
  /** Direct downlines, players and agents together. */
  directDownlines: z.number().int(),
  /** Of them, agents (the ones the tree expands further). */
  directAgents: z.number().int(),
  createdAt: z.number(),
});
export type AgentNode = z.infer<typeof AgentNodeSchema>;

export const AgentTreeQuerySchema = z.object({
  /** Whose direct downlines; the top agents (the platform's) when absent. */
  parentId: idSchema.optional(),
  /** `agents` lists only the downlines that are agents; `all` players too. */
  show: z.enum(['agents', 'all']).default('agents'),
  ...pageShape,
});
export type AgentTreeQuery = z.input<typeof AgentTreeQuerySchema>;

export const AgentTreeSchema = z.object({
  parent: AgentNodeSchema.nullable(),
  list: z.array(AgentNodeSchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type AgentTree = z.infer<typeof AgentTreeSchema>;

export const AgentSearchQuerySchema = z.object({
  /** A username prefix, any case. */
  q: z.string().trim().min(1).max(64),
  ...pageShape,
});
export type AgentSearchQuery = z.input<typeof AgentSearchQuerySchema>;

/** A search stops counting here. */
export const AGENT_SEARCH_COUNT_CAP = 1000;

export const AgentSearchSchema = z.object({
  list: z.array(AgentNodeSchema),
  total: z.number().int(),
  capped: z.boolean(),
  page: z.number().int(),
  size: z.number().int(),
});

export const AgentProfileQuerySchema = z.object({
  id: idSchema,
  /** The range of the team figures (the agent centre's presets). */
  range: z.enum(agentReportRanges).default('thisMonth'),
});
export type AgentProfileQuery = z.input<typeof AgentProfileQuerySchema>;

export const AgentProfileSchema = z.object({
  agent: AgentNodeSchema,
  /** Its uplines, the top first (the tree's path to it). */
  uplines: z.array(z.object({ id: z.number().int(), username: z.string() })),
  email: z.string().nullable(),
  lastLoginAt: z.number().nullable(),
  /** Percentage rebates per product in basis points (lottery is by the prize group). */
  rebates: z.array(z.object({ product: z.string(), rateBp: z.number().int() })),
  /** The agent's team today, its balances and members, and the range's figures (the agent centre's overview). */
  team: AgentOverviewSchema,
  currency: z.object({ code: z.string(), precision: z.number().int() }),
});
export type AgentProfile = z.infer<typeof AgentProfileSchema>;

export const AgentIdQuerySchema = z.object({ id: idSchema });

export const AgentContractEventSchema = z.object({
  at: z.number(),
  actor: z.string(),
  actorUsername: z.string().nullable(),
  action: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  terms: z.unknown().nullable(),
});

export const AgentContractSchema = z.object({
  id: z.number().int(),
  kind: z.enum(contractKinds),
  productType: z.string(),
  /** The dividend's computation period; '' for the other kinds. */
  period: z.string(),
  uplineId: z.number().int().nullable(),
  /** Null: the platform holds it. */
  uplineUsername: z.string().nullable(),
  downlineId: z.number().int(),
  downlineUsername: z.string(),
  status: z.string(),
  terms: z.unknown(),
  acceptedTerms: z.unknown().nullable(),
  version: z.number().int(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** Its history of offers and answers, oldest first. */
  events: z.array(AgentContractEventSchema),
});
export type AgentContract = z.infer<typeof AgentContractSchema>;

/** How many contracts an agent gave are listed (the newest changed first). */
export const AGENT_GIVEN_CONTRACTS_CAP = 200;

export const AgentContractsSchema = z.object({
  /** The contracts the agent holds (from its upline, or from the platform). */
  held: z.array(AgentContractSchema),
  /** The contracts the agent gave its direct downlines, up to AGENT_GIVEN_CONTRACTS_CAP. */
  given: z.array(AgentContractSchema),
  givenTotal: z.number().int(),
});
export type AgentContracts = z.infer<typeof AgentContractsSchema>;

export const AgentStatementsQuerySchema = z.object({
  id: idSchema,
  contractId: idSchema.optional(),
  kind: z.enum(contractKinds).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type AgentStatementsQuery = z.input<typeof AgentStatementsQuerySchema>;

export const AgentStatementsSchema = z.object({
  list: z.array(ContractStatementRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type AgentStatements = z.infer<typeof AgentStatementsSchema>;

// ---- re-run ------------------------------------------------------------------------------------

/** The period of a line to re-run: a contract on the line and the period's key (from a statement). */
export const AgentRerunTargetSchema = z.object({
  contractId: idSchema,
  periodKey: z
    .string()
    .trim()
    .regex(/^(D|W|H|M|hour|halfHour|fiveMinutes):[0-9T:+-]{10,25}$/, 'a period key as a statement shows it'),
});

export const AgentRerunBodySchema = AgentRerunTargetSchema.extend({
  /** Why the period is settled again: kept in the audit log. */
  reason: z.string().trim().min(1).max(200),
});

/** One agent's statement of the period, before and after the re-run. */
export const AgentRerunChangeSchema = z.object({
  agentId: z.number().int(),
  username: z.string(),
  contractId: z.number().int(),
  /** The stored statement before (null: the period had none for this agent). */
  before: ContractStatementSchema.nullable(),
  /** The statement the re-run leaves (null: none stored, an empty one). */
  after: ContractStatementSchema.nullable(),
  paidBefore: z.number().int(),
  paidAfter: z.number().int(),
  /** Credited by this run: `after.pay − paidBefore` when higher, else 0 (minor units). */
  credit: z.number().int(),
  changed: z.boolean(),
});

export const AgentRerunResultSchema = z.object({
  /** true: nothing was kept (a dry run); false: the re-run committed. */
  dryRun: z.boolean(),
  line: z.object({ kind: z.enum(contractKinds), productType: z.string(), period: z.string() }),
  period: z.object({ key: z.string(), start: z.number(), end: z.number() }),
  /** Statements written or rewritten, minor units credited, statements corrected. */
  statements: z.number().int(),
  credited: z.number().int(),
  corrected: z.number().int(),
  changes: z.array(AgentRerunChangeSchema),
});
export type AgentRerunResult = z.infer<typeof AgentRerunResultSchema>;

// ---- calls -------------------------------------------------------------------------------------

export const boAgentTree = defineBoCall({
  id: 'boAgentTree',
  method: 'GET',
  path: '/bo/api/agents/tree',
  access: 'agent.read',
  summary: "The top agents, or an agent's direct downlines, a page at a time",
  query: AgentTreeQuerySchema,
  response: AgentTreeSchema,
});

export const boAgentSearch = defineBoCall({
  id: 'boAgentSearch',
  method: 'GET',
  path: '/bo/api/agents/search',
  access: 'agent.read',
  summary: 'Agents and members by a username prefix',
  query: AgentSearchQuerySchema,
  response: AgentSearchSchema,
});

export const boAgentProfile = defineBoCall({
  id: 'boAgentProfile',
  method: 'GET',
  path: '/bo/api/agents/profile',
  access: 'agent.read',
  summary: "An agent's profile, rebates, team counts and figures",
  query: AgentProfileQuerySchema,
  response: AgentProfileSchema,
});

export const boAgentContracts = defineBoCall({
  id: 'boAgentContracts',
  method: 'GET',
  path: '/bo/api/agents/contracts',
  access: 'agent.read',
  summary: 'The contracts an agent holds and gave, with their history of offers and answers',
  query: AgentIdQuerySchema,
  response: AgentContractsSchema,
});

export const boAgentStatements = defineBoCall({
  id: 'boAgentStatements',
  method: 'GET',
  path: '/bo/api/agents/statements',
  access: 'agent.read',
  summary: "An agent's settlement statements, newest period first",
  query: AgentStatementsQuerySchema,
  response: AgentStatementsSchema,
});

export const boAgentRerunPreview = defineBoCall({
  id: 'boAgentRerunPreview',
  method: 'POST',
  path: '/bo/api/agents/rerun/preview',
  access: 'agent.settle',
  summary: 'What re-running a settled period would change (a dry run: nothing is kept)',
  body: AgentRerunTargetSchema,
  response: AgentRerunResultSchema,
});

export const boAgentRerun = defineBoCall({
  id: 'boAgentRerun',
  method: 'POST',
  path: '/bo/api/agents/rerun',
  access: 'agent.settle',
  summary: 'Re-runs a settled period: only differences are credited, once (audited)',
  body: AgentRerunBodySchema,
  response: AgentRerunResultSchema,
});

/** The Agents section's calls (`backofficeCalls` in index.ts lists every call). */
export const agentCalls: readonly BoCallDef[] = [
  boAgentTree,
  boAgentSearch,
  boAgentProfile,
  boAgentContracts,
  boAgentStatements,
  boAgentRerunPreview,
  boAgentRerun,
];
