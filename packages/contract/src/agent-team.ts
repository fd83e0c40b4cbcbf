import { z } from 'zod';
import { defineCall } from './call.ts';
import { AmountInputSchema, IdempotencyKeySchema, MoneyMovementSchema } from './wallet.ts';

/**
 * The agent centre's team management and transfers (issue 29; research/agent-contracts.md §8 and
 * §10 "Team Management"). The original's agent bundle is not public: paths and shapes are ours,
 * under /wps/agent, with the original's labels, status codes and switch.
 *
 * Every call is an agent's (types 1, 2, 41, 42; others get agent.only). A member is addressed by
 * `userId`; one outside the caller's team answers the same 404 as one that does not exist. Reads
 * reach the whole team (any depth), changes and money only the caller's direct downlines.
 */

export const TEAM_MAX_PAGE_SIZE = 100;
/** The most rows a team export holds: every direct player of the widest agent the bench plans for. */
export const TEAM_EXPORT_MAX_ROWS = 50_000;
export const TEAM_REMARK_MAX = 50;
export const TEAM_MESSAGE_SUBJECT_MAX = 100;
export const TEAM_MESSAGE_BODY_MAX = 2_000;
export const TRANSFER_REMARK_MAX = 100;
/** The most recipients of one lucky bag ("all direct" included): one ledger movement per bag. */
export const LUCKY_BAG_MAX_RECIPIENTS = 500;
/** The lucky bag history covers the last 90 days (research §8). */
export const LUCKY_BAG_HISTORY_DAYS = 90;
/** A member is online while a live session of theirs was seen within this window. */
export const TEAM_ONLINE_WINDOW_MS = 5 * 60_000;
/** The lucky bag's whitelabel switch (research §1.2, §8). */
export const LUCKY_BAG_SWITCH = 'AGENTRANSMULTDOWN3';

/** Team management's two tabs: direct agents (types 1, 2, 41, 42) and direct players (type 0). */
export const teamTabs = ['agents', 'players'] as const;
export type TeamTab = (typeof teamTabs)[number];

/** Login filter: has a login record, or has never logged in. */
export const teamLoginFilters = ['all', 'has', 'none'] as const;

/**
 * Deposit filter (research §10: first time, last time, none, has), over successful deposits and
 * the optional range [depositStart, depositEnd):
 * - `first`: the member's first deposit falls in the range (new depositors of the period);
 * - `last`: the member's latest deposit falls in the range (so a range ending a week ago finds
 *   those who have not deposited since);
 * - `has`: at least one deposit in the range; `none`: no deposit in the range.
 * Without a range the range is all time: `first`, `last` and `has` then all mean "has deposited".
 */
export const teamDepositFilters = ['all', 'first', 'last', 'has', 'none'] as const;

/**
 * Account status codes (research §10): 0 blocked, 1 normal, 2 login forbidden, 5 system forbidden,
 * 6 password login forbidden, 7 deleted, 10/11 inactive. We hold three of them: normal, login
 * forbidden (set by the upline agent) and blocked (any other state, set by the operator).
 */
export const TeamStatus = { blocked: 0, normal: 1, loginForbidden: 2 } as const;
export type TeamStatusCode = (typeof TeamStatus)[keyof typeof TeamStatus];

const epochMs = z.coerce.number().int().min(0).max(8.64e15);
const UserIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

const filterShape = {
  tab: z.enum(teamTabs).default('players'),
  /** Lists the direct downlines of this member of the caller's team; the caller's own by default. */
  parentId: UserIdSchema.optional(),
  /** Part of the username or of the remark, any case. */
  search: z.string().trim().max(50).optional(),
  login: z.enum(teamLoginFilters).default('all'),
  deposit: z.enum(teamDepositFilters).default('all'),
  /** Start of the deposit filter's range, epoch ms, inclusive. */
  depositStart: epochMs.optional(),
  /** End of the deposit filter's range, epoch ms, exclusive. */
  depositEnd: epochMs.optional(),
};

const rangeInOrder = (q: { depositStart?: number | undefined; depositEnd?: number | undefined }) =>
  q.depositStart === undefined || q.depositEnd === undefined || q.depositEnd > q.depositStart;
const rangeIssue = { path: ['depositEnd'], message: 'depositEnd must be after depositStart' };

export const TeamQuerySchema = z
  .object({
    ...filterShape,
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    size: z.coerce.number().int().min(1).max(TEAM_MAX_PAGE_SIZE).default(20),
  })
  .refine(rangeInOrder, rangeIssue);
export type TeamQuery = z.input<typeof TeamQuerySchema>;

export const TeamExportQuerySchema = z
  .object({
    ...filterShape,
    /** IANA time zone of the file's times; UTC by default. */
    timeZone: z.string().max(64).optional(),
  })
  .refine(rangeInOrder, rangeIssue);
export type TeamExportQuery = z.input<typeof TeamExportQuerySchema>;

/** One row of team management (research §10's columns). Money in major units. */
export const TeamMemberSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  remark: z.string(),
  /** Agent type: 0 player; 1, 2, 41, 42 agents. */
  type: z.number().int(),
  /** Members under this one, at any depth (the member itself not counted). */
  teamSize: z.number().int(),
  /** Main wallet. */
  balance: z.number(),
  /** The main wallets of the members under this one (the member's own not counted). */
  teamBalance: z.number(),
  /**
   * Epoch ms when a large team's balance and size were taken by the team-balance job (decision
   * 064: at most a minute old); null or absent when summed for this answer.
   */
  teamBalanceAsOf: z.number().int().nullable().optional(),
  online: z.boolean(),
  /** Epoch ms, null when never logged in. */
  lastLogin: z.number().nullable(),
  registeredAt: z.number(),
  /** How the member registered (WEB, MOBILE, AGENT, LINK, …) and from which address. */
  registerMethod: z.string(),
  registerUrl: z.string(),
  /** TeamStatus code. */
  status: z.number().int(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const TeamPageSchema = z.object({
  list: z.array(TeamMemberSchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type TeamPage = z.infer<typeof TeamPageSchema>;

export const getTeam = defineCall({
  id: 'getTeam',
  method: 'GET',
  path: '/wps/agent/team',
  moduleId: 'DOWNMAN',
  token: true,
  summary: "Team management: the caller's direct agents or direct players, a page, with filters",
  query: TeamQuerySchema,
  response: TeamPageSchema,
});

export const exportTeam = defineCall({
  id: 'exportTeam',
  method: 'GET',
  path: '/wps/agent/team/export',
  moduleId: 'DOWNMAN',
  token: true,
  wire: 'bare',
  summary: 'Team management as a CSV file, every row of the filters (text/csv; errors are the envelope)',
  query: TeamExportQuerySchema,
  response: z.string().describe('text/csv; charset=utf-8'),
});

export const TeamMemberQuerySchema = z.object({ userId: UserIdSchema });

export const TeamMemberDetailsSchema = TeamMemberSchema.extend({
  nickname: z.string(),
  /** The member's label and club (the player label of research §10). */
  memberLabel: z.string(),
  clubLabel: z.string(),
  rankLevel: z.number().int(),
  /** The member's upline agent. */
  upline: z.string().nullable(),
  /** Levels below the caller: 1 for a direct downline. */
  level: z.number().int(),
  lastDeposit: z.object({ amount: z.number(), time: z.number() }).nullable(),
  /** Successful deposits, all time. */
  totalDeposit: z.number(),
  /** Withdrawals paid out, less what was refunded, all time. */
  totalWithdrawal: z.number(),
});
export type TeamMemberDetails = z.infer<typeof TeamMemberDetailsSchema>;

export const getTeamMember = defineCall({
  id: 'getTeamMember',
  method: 'GET',
  path: '/wps/agent/team/member',
  moduleId: 'DOWNMAN',
  token: true,
  summary: "Details of one member of the caller's team (any depth): label, upline, logins, deposits, finance",
  query: TeamMemberQuerySchema,
  response: TeamMemberDetailsSchema,
});

const userIdBody = { userId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) };

export const setTeamRemark = defineCall({
  id: 'setTeamRemark',
  method: 'POST',
  path: '/wps/agent/team/remark',
  moduleId: 'DOWNMAN',
  token: true,
  summary: "The caller's note on a direct downline (empty clears it)",
  body: z.object({ ...userIdBody, remark: z.string().max(TEAM_REMARK_MAX) }),
  response: z.object({ userId: z.number().int(), remark: z.string() }),
});

export const setTeamStatus = defineCall({
  id: 'setTeamStatus',
  method: 'POST',
  path: '/wps/agent/team/status',
  moduleId: 'DOWNMAN',
  token: true,
  summary: 'A direct downline normal (1) or login forbidden (2); its sessions end when forbidden',
  body: z.object({
    ...userIdBody,
    status: z.union([z.literal(TeamStatus.normal), z.literal(TeamStatus.loginForbidden)]),
  }),
  response: z.object({ userId: z.number().int(), status: z.number().int() }),
});

export const setTeamAgent = defineCall({
  id: 'setTeamAgent',
  method: 'POST',
  path: '/wps/agent/team/agent',
  moduleId: 'DOWNMAN',
  token: true,
  summary: 'Set as agent: a direct downline player becomes an agent (type 1); it cannot be undone',
  body: z.object(userIdBody),
  response: z.object({ userId: z.number().int(), type: z.number().int() }),
});

export const sendTeamMessage = defineCall({
  id: 'sendTeamMessage',
  method: 'POST',
  path: '/wps/agent/team/message',
  moduleId: 'DOWNMAN',
  token: true,
  summary: "A message from the caller to a direct downline's inbox (plain text)",
  body: z.object({
    ...userIdBody,
    subject: z.string().trim().min(1).max(TEAM_MESSAGE_SUBJECT_MAX),
    content: z.string().trim().min(1).max(TEAM_MESSAGE_BODY_MAX),
  }),
  response: z.object({ userId: z.number().int(), sent: z.literal(true) }),
});

// ---- transfers ---------------------------------------------------------------------------------

export const DownlineTransferInfoSchema = z.object({
  /** The caller's main wallet, major units: what a transfer or a lucky bag may take. */
  available: z.number(),
  /** When true, transfers and lucky bags need the payment (fund) password. */
  hasPaymentPassword: z.boolean(),
  /** The lucky bag's switch (AGENTRANSMULTDOWN3). */
  luckyBag: z.boolean(),
  luckyBagMaxRecipients: z.number().int(),
});

export const getDownlineTransfer = defineCall({
  id: 'getDownlineTransfer',
  method: 'GET',
  path: '/wps/agent/transfer',
  moduleId: 'AGEDOWNTRANS3',
  token: true,
  summary:
    'What the transfer pages need: the available balance, whether a fund password is asked, the lucky bag switch',
  response: DownlineTransferInfoSchema,
});

/** The payment password: required when the agent has one set, ignored otherwise. */
const PaymentPasswordSchema = z.string().max(64).optional();

export const transferToDownline = defineCall({
  id: 'transferToDownline',
  method: 'POST',
  path: '/wps/agent/transfer/downline',
  moduleId: 'AGEDOWNTRANS3',
  token: true,
  encrypted: true,
  summary: "Moves money from the caller's main wallet to a direct downline's (AG-26)",
  body: z.object({
    ...userIdBody,
    amount: AmountInputSchema,
    paymentPassword: PaymentPasswordSchema,
    remark: z.string().max(TRANSFER_REMARK_MAX).optional(),
    idempotencyKey: IdempotencyKeySchema.optional(),
  }),
  response: MoneyMovementSchema.extend({ userId: z.number().int(), username: z.string() }),
});

export const luckyBagModes = ['EQUAL', 'RANDOM'] as const;
export type LuckyBagMode = (typeof luckyBagModes)[number];

export const LuckyBagShareSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  amount: z.number(),
});

export const sendLuckyBag = defineCall({
  id: 'sendLuckyBag',
  method: 'POST',
  path: '/wps/agent/lucky-bag',
  moduleId: 'AGENTRANSMULTDOWN3',
  token: true,
  encrypted: true,
  summary:
    'A lucky bag: a total split in equal or random shares (each at least one minor unit) among direct downlines, one movement',
  body: z.object({
    /** Direct downlines by id, or "all" (every direct downline whose status is normal). */
    recipients: z.union([
      z.literal('all'),
      z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(LUCKY_BAG_MAX_RECIPIENTS),
    ]),
    mode: z.enum(luckyBagModes),
    total: AmountInputSchema,
    paymentPassword: PaymentPasswordSchema,
    remark: z.string().max(TRANSFER_REMARK_MAX).optional(),
    idempotencyKey: IdempotencyKeySchema.optional(),
  }),
  response: MoneyMovementSchema.extend({
    bagId: z.number().int(),
    mode: z.enum(luckyBagModes),
    shares: z.array(LuckyBagShareSchema),
  }),
});

export const LuckyBagSchema = z.object({
  bagId: z.number().int(),
  reference: z.string(),
  mode: z.enum(luckyBagModes),
  /** Major units. */
  total: z.number(),
  recipients: z.number().int(),
  remark: z.string(),
  createdAt: z.number(),
});

export const getLuckyBags = defineCall({
  id: 'getLuckyBags',
  method: 'GET',
  path: '/wps/agent/lucky-bag',
  moduleId: 'AGENTRANSMULTDOWN3',
  token: true,
  summary: "The caller's lucky bags of the last 90 days, newest first, a page",
  query: z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    size: z.coerce.number().int().min(1).max(TEAM_MAX_PAGE_SIZE).default(20),
  }),
  response: z.object({
    list: z.array(LuckyBagSchema),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
  }),
});

export const getLuckyBagShares = defineCall({
  id: 'getLuckyBagShares',
  method: 'GET',
  path: '/wps/agent/lucky-bag/shares',
  moduleId: 'AGENTRANSMULTDOWN3',
  token: true,
  summary: "The shares of one of the caller's lucky bags, by recipient",
  query: z.object({ bagId: UserIdSchema }),
  response: LuckyBagSchema.extend({ shares: z.array(LuckyBagShareSchema) }),
});
