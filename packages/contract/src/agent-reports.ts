import { z } from 'zod';
import { defineCall } from './call.ts';
import {
  accountRecordTypes,
  betProducts,
  betStatuses,
  RECORDS_MAX_PAGE_SIZE,
  RECORDS_MAX_RANGE_DAYS,
} from './records.ts';

/**
 * The agent centre's team reports (issue 29; research agent-contracts.md §10): Overview
 * (agentTeamOverview), Team Betting (personalHistoryCopy), User Profit and Loss
 * (palStatementsAgentCopy), My Income (agentRevenueReport) and Transaction Details
 * (agentDownlineTransactionDetailsCopy). The original's agent bundle is not public, so the calls
 * are ours, under /wps/agent/report/, each with the whitelabel module id its menu entry switches on.
 *
 * - "The team" of an agent is the agent itself and every member under it, at any depth; nothing
 *   outside it is ever read, and a username or member outside it answers 404 not.found, as a
 *   missing one does.
 * - Figures come from the pre-aggregated team figures (decision 028), at most one fold (a few
 *   seconds) behind the bets and money movements. Report days are days of `timeZone` (GMT+8 by
 *   default); weeks run Sunday to Saturday.
 * - Amounts are major units with the currency's precision; win/loss is the players' (payout − bet:
 *   positive when the players won, shown red in the original).
 */

/** The overview's ranges (research §10: today, yesterday, 7 days, this/last week, this/last month). */
export const agentReportRanges = [
  'today',
  'yesterday',
  'last7Days',
  'thisWeek',
  'lastWeek',
  'thisMonth',
  'lastMonth',
] as const;
export type AgentReportRange = (typeof agentReportRanges)[number];

/** The longest range of days a figures report covers. */
export const AGENT_REPORT_MAX_DAYS = RECORDS_MAX_RANGE_DAYS;
/** A list's total is counted up to this many rows; past it `totalCapped` is true. */
export const AGENT_LIST_COUNT_CAP = 10_000;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day is YYYY-MM-DD');
const epochMs = z.coerce.number().int().min(0).max(8.64e15);
const pageShape = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(RECORDS_MAX_PAGE_SIZE).default(20),
};
/** A team member's username (the agent's own or one of its team). */
const username = z.string().trim().min(1).max(64);
const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

function checkTimes(
  q: { startTime?: number | undefined; endTime?: number | undefined },
  ctx: z.RefinementCtx,
) {
  if (q.startTime === undefined || q.endTime === undefined) return;
  if (q.endTime <= q.startTime)
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'endTime must be after startTime' });
  else if (q.endTime - q.startTime > AGENT_REPORT_MAX_DAYS * 86_400_000)
    ctx.addIssue({
      code: 'custom',
      path: ['endTime'],
      message: `A range covers at most ${AGENT_REPORT_MAX_DAYS} days`,
    });
}

function checkDays(q: { startDay?: string | undefined; endDay?: string | undefined }, ctx: z.RefinementCtx) {
  if (q.startDay === undefined || q.endDay === undefined) return;
  const span = (Date.parse(q.endDay) - Date.parse(q.startDay)) / 86_400_000;
  if (!Number.isFinite(span) || span < 0)
    ctx.addIssue({ code: 'custom', path: ['endDay'], message: 'endDay must be a day on or after startDay' });
  else if (span + 1 > AGENT_REPORT_MAX_DAYS)
    ctx.addIssue({
      code: 'custom',
      path: ['endDay'],
      message: `A range covers at most ${AGENT_REPORT_MAX_DAYS} days`,
    });
}

/** Report days: a preset range, or startDay..endDay (inclusive); today when neither is given. */
const dayRangeShape = {
  range: z.enum(agentReportRanges).optional(),
  startDay: day.optional(),
  endDay: day.optional(),
};
/** A time range of the raw lists, epoch ms [startTime, endTime); today's report day by default. */
const timeRangeShape = { startTime: epochMs.optional(), endTime: epochMs.optional() };

// ---- overview ---------------------------------------------------------------------------------

export const AgentOverviewQuerySchema = z.object({ range: z.enum(agentReportRanges).default('today') });

/** Members counted once each over the range (a member active on several days counts once). */
export const TeamCountsSchema = z.object({
  /** Members who logged in. */
  logins: z.number().int(),
  registrations: z.number().int(),
  /** Members whose first settled bet ever fell in the range. */
  firstBets: z.number().int(),
  firstDeposits: z.number().int(),
  /** Members who registered and made their first deposit on the same day. */
  registeredFirstDeposits: z.number().int(),
  depositors: z.number().int(),
  withdrawers: z.number().int(),
  bettors: z.number().int(),
  promotionClaimers: z.number().int(),
});
export type TeamCounts = z.infer<typeof TeamCountsSchema>;

export const TeamAmountsSchema = z.object({
  deposit: z.number(),
  depositCount: z.number().int(),
  withdrawal: z.number(),
  withdrawalCount: z.number().int(),
  betCount: z.number().int(),
  betAmount: z.number(),
  validBet: z.number(),
  payout: z.number(),
  /** payout − bet amount of the settled bets: positive when the players won. */
  winLoss: z.number(),
  promotion: z.number(),
  promotionCount: z.number().int(),
  rebate: z.number(),
});
export type TeamAmounts = z.infer<typeof TeamAmountsSchema>;

export const AgentOverviewSchema = z.object({
  /** IANA name of the report days' time zone. */
  timeZone: z.string(),
  /** Today's report day. */
  today: day,
  /** When the figures were last brought up to date (epoch ms), null before the first fold. */
  asOf: z.number().nullable(),
  /** Today's team info. */
  todayTeam: z.object({
    logins: z.number().int(),
    registrations: z.number().int(),
    firstBets: z.number().int(),
    firstDeposits: z.number().int(),
    /** Team members with a live session now. */
    online: z.number().int(),
  }),
  /** Main-wallet balances now: the agent's with its team's (total), and the team's alone. */
  balance: z.object({ total: z.number(), team: z.number() }),
  /**
   * When `balance` and `members` were taken (epoch ms): a large team's are a snapshot taken every
   * minute or so; null (or absent) when they were summed for this answer.
   */
  balanceAsOf: z.number().nullable().optional(),
  /** Members under the agent at any depth, and its direct downlines. */
  members: z.object({ team: z.number().int(), direct: z.number().int() }),
  range: z.object({
    key: z.enum(agentReportRanges),
    startDay: day,
    endDay: day,
    counts: TeamCountsSchema,
    amounts: TeamAmountsSchema,
    /** One entry per day of the range, oldest first (the charts). */
    days: z.array(z.object({ day, counts: TeamCountsSchema, amounts: TeamAmountsSchema })),
  }),
});
export type AgentOverview = z.infer<typeof AgentOverviewSchema>;

// ---- team betting -----------------------------------------------------------------------------

export const AgentTeamBetsQuerySchema = z
  .object({
    ...timeRangeShape,
    ...pageShape,
    /** Keyset paging: the `nextCursor` of the previous page (then `page` is not used). */
    cursor: z
      .string()
      .regex(/^\d{1,20}_\d{1,20}$/)
      .optional(),
    username: username.optional(),
    product: z.enum(betProducts).optional(),
    status: z.enum(betStatuses).optional(),
  })
  .superRefine(checkTimes);

export const AgentTeamBetSchema = z.object({
  id: z.number().int(),
  /** The order (bet) number. */
  orderNo: z.string(),
  username: z.string(),
  product: z.string(),
  vendor: z.string(),
  gameName: z.string(),
  betTime: z.number(),
  settleTime: z.number().nullable(),
  betAmount: z.number(),
  validBet: z.number(),
  /** What came back (the "win" column). */
  payout: z.number(),
  winLoss: z.number(),
  status: z.enum(betStatuses),
});
export type AgentTeamBet = z.infer<typeof AgentTeamBetSchema>;

const listShape = {
  /** Rows matching, counted up to AGENT_LIST_COUNT_CAP. */
  total: z.number().int(),
  totalCapped: z.boolean(),
  page: z.number().int(),
  size: z.number().int(),
  /** The range actually queried (defaults filled in), epoch ms. */
  startTime: z.number(),
  endTime: z.number(),
};

export const AgentTeamBetsSchema = z.object({
  list: z.array(AgentTeamBetSchema),
  ...listShape,
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AgentTeamBets = z.infer<typeof AgentTeamBetsSchema>;

// ---- user profit and loss ---------------------------------------------------------------------

export const AgentProfitLossQuerySchema = z
  .object({
    ...dayRangeShape,
    ...pageShape,
    /** Whose direct downlines to list: the agent's own (default) or a team member's (drill-down). */
    username: username.optional(),
    product: z.enum(betProducts).optional(),
    /** "Filter empty records": leaves out downlines with nothing in the range. */
    filterEmpty: flag,
  })
  .superRefine(checkDays);

export const ProfitLossFiguresSchema = z.object({
  deposit: z.number(),
  withdrawal: z.number(),
  /** Bet amount of the settled bets ("betting"). */
  betAmount: z.number(),
  validBet: z.number(),
  /** What the settled bets paid back ("winning"). */
  payout: z.number(),
  winLoss: z.number(),
  rebate: z.number(),
  promotion: z.number(),
  /** winLoss + rebate + promotion: what the period brought the members (negative: the team lost). */
  profit: z.number(),
});
export type ProfitLossFigures = z.infer<typeof ProfitLossFiguresSchema>;

export const AgentProfitLossRowSchema = ProfitLossFiguresSchema.extend({
  memberId: z.number().int(),
  username: z.string(),
  /** Depth under the calling agent (0: the agent itself). */
  level: z.number().int(),
  isAgent: z.boolean(),
  /** Members under this one (its team, itself not counted). */
  teamSize: z.number().int(),
});
export type AgentProfitLossRow = z.infer<typeof AgentProfitLossRowSchema>;

export const AgentProfitLossSchema = z.object({
  startDay: day,
  endDay: day,
  /** The member's own figures (its bets and money, not its team's). */
  self: AgentProfitLossRowSchema,
  /** Its direct downlines, each with its whole team's figures, by username. */
  list: z.array(AgentProfitLossRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  /** The member and its whole team: self plus every direct downline's row. */
  totals: ProfitLossFiguresSchema,
});
export type AgentProfitLoss = z.infer<typeof AgentProfitLossSchema>;

// ---- my income --------------------------------------------------------------------------------

export const AgentIncomeQuerySchema = z.object({ ...dayRangeShape }).superRefine(checkDays);

export const AgentIncomeSchema = z.object({
  startDay: day,
  endDay: day,
  /** Rebates credited to the agent by product: its differential on the team, and its own bets'. */
  products: z.array(z.object({ product: z.string(), agentRebate: z.number(), ownRebate: z.number() })),
  totals: z.object({
    agentRebate: z.number(),
    ownRebate: z.number(),
    /** The contracts' pay (issue 30): salaries and dividends credited for periods ending in the range. */
    salary: z.number(),
    dividend: z.number(),
    total: z.number(),
  }),
});
export type AgentIncome = z.infer<typeof AgentIncomeSchema>;

// ---- transaction details ----------------------------------------------------------------------

export const AgentTransactionsQuerySchema = z
  .object({
    ...timeRangeShape,
    ...pageShape,
    username: username.optional(),
    /** A group of kinds, as the member's account records filter them. */
    type: z.enum(accountRecordTypes).optional(),
    /** One ledger kind. */
    kind: z
      .string()
      .regex(/^[A-Z0-9_]{1,40}$/)
      .optional(),
  })
  .superRefine(checkTimes);

export const AgentTransactionSchema = z.object({
  /** The posting's id. */
  id: z.number().int(),
  username: z.string(),
  kind: z.string(),
  type: z.enum(accountRecordTypes),
  walletType: z.string(),
  time: z.number(),
  /** Signed: a credit is positive. */
  amount: z.number(),
  balanceAfter: z.number(),
  reference: z.string(),
  remark: z.string(),
});
export type AgentTransaction = z.infer<typeof AgentTransactionSchema>;

export const AgentTransactionsSchema = z.object({ list: z.array(AgentTransactionSchema), ...listShape });
export type AgentTransactions = z.infer<typeof AgentTransactionsSchema>;

// ---- calls ------------------------------------------------------------------------------------

export const getAgentOverview = defineCall({
  id: 'getAgentOverview',
  method: 'GET',
  path: '/wps/agent/report/overview',
  moduleId: 'AGEPAG',
  token: true,
  summary:
    "The agent's team today, its balances and members, and the figures of a range with one entry per day",
  query: AgentOverviewQuerySchema,
  response: AgentOverviewSchema,
});

export const getAgentTeamBets = defineCall({
  id: 'getAgentTeamBets',
  method: 'GET',
  path: '/wps/agent/report/bets',
  moduleId: 'TEAMBETTING3',
  token: true,
  summary: "The team's bets, newest first, by username, product, status and bet time (team betting)",
  query: AgentTeamBetsQuerySchema,
  response: AgentTeamBetsSchema,
});

export const getAgentProfitLoss = defineCall({
  id: 'getAgentProfitLoss',
  method: 'GET',
  path: '/wps/agent/report/profit-loss',
  moduleId: 'AGETEAMPNL3',
  token: true,
  summary: "A team member's own profit and loss and each direct downline's team's, with the total (user P&L)",
  query: AgentProfitLossQuerySchema,
  response: AgentProfitLossSchema,
});

export const getAgentIncome = defineCall({
  id: 'getAgentIncome',
  method: 'GET',
  path: '/wps/agent/report/income',
  moduleId: 'AGEREV3',
  token: true,
  summary: "The agent's income in a range: rebates by product, salaries, dividends, total (my income)",
  query: AgentIncomeQuerySchema,
  response: AgentIncomeSchema,
});

export const getAgentTransactions = defineCall({
  id: 'getAgentTransactions',
  method: 'GET',
  path: '/wps/agent/report/transactions',
  moduleId: 'AGEDOWNTRANS3',
  token: true,
  summary: "The team's money movements, newest first, by username and type, with the balance after each",
  query: AgentTransactionsQuerySchema,
  response: AgentTransactionsSchema,
});

export const agentReportExports = ['bets', 'profitLoss', 'income', 'transactions'] as const;
export type AgentReportExport = (typeof agentReportExports)[number];

/** GET /wps/agent/report/export: one report's every row (not one page) as CSV, errors as the envelope. */
export const AgentReportExportQuerySchema = z
  .object({
    report: z.enum(agentReportExports),
    ...timeRangeShape,
    ...dayRangeShape,
    username: username.optional(),
    product: z.enum(betProducts).optional(),
    status: z.enum(betStatuses).optional(),
    type: z.enum(accountRecordTypes).optional(),
    kind: z
      .string()
      .regex(/^[A-Z0-9_]{1,40}$/)
      .optional(),
    filterEmpty: flag,
    /** IANA time zone the file's times are written in; the report time zone by default. */
    timeZone: z
      .string()
      .regex(/^[A-Za-z0-9_+\-/]{1,64}$/)
      .optional(),
  })
  .superRefine((q, ctx) => {
    checkTimes(q, ctx);
    checkDays(q, ctx);
  });
export type AgentReportExportQuery = z.input<typeof AgentReportExportQuerySchema>;

export const exportAgentReport = defineCall({
  id: 'exportAgentReport',
  method: 'GET',
  path: '/wps/agent/report/export',
  moduleId: 'AGEDOWNTRANS3',
  token: true,
  wire: 'bare',
  summary: 'One agent report (team bets, user P&L, income, transactions) as a CSV file',
  query: AgentReportExportQuerySchema,
  response: z.string().describe('text/csv; charset=utf-8'),
});
