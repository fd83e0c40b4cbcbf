import { z } from 'zod';
import { defineCall } from './call.ts';

/**
 * The member centre's records (spec A §2, B §2: personalHistoryCopy, transactionHistory,
 * personalProfit, bonusDetails). The original client's member-centre calls were not in the copy
 * we read (research/original-wire.md), so the paths follow its relay naming (`ODSFE2_*`, the
 * reporting service that answers its member transaction detail) and its paged shape
 * (`value.content[]`, as CSP_getInbox answers).
 */

/** Products a bet belongs to: the game types of the catalogue (spec A §2). */
export const betProducts = [
  'LOTT',
  'ELOTT',
  'LIVE',
  'RNG',
  'FISH',
  'PVP',
  'SPORTS',
  'ESPORTS',
  'BINGO',
] as const;
export type BetProduct = (typeof betProducts)[number];

export const betStatuses = ['PENDING', 'SETTLED', 'CANCELLED'] as const;
export type BetStatus = (typeof betStatuses)[number];

/**
 * Groups of ledger kinds a player filters the account records by. A posting's kind is one of the
 * ledger's closed set (modules/wallet); `ledgerKindCategory` places every kind, present and
 * future, in one group by its name, so a new kind never disappears from the records.
 */
export const accountRecordTypes = [
  'DEPOSIT',
  'WITHDRAW',
  'TRANSFER',
  'BET',
  'PAYOUT',
  'BONUS',
  'ADJUSTMENT',
  'OTHER',
] as const;
export type AccountRecordType = (typeof accountRecordTypes)[number];

const categoryPrefixes: readonly [string, AccountRecordType][] = [
  ['DEPOSIT', 'DEPOSIT'],
  ['WITHDRAW', 'WITHDRAW'],
  ['TRANSFER', 'TRANSFER'],
  ['WALLET_TRANSFER', 'TRANSFER'],
  ['UPLINE', 'TRANSFER'],
  // An agent's money to its direct downlines (issue 29): one member's main wallet to another's.
  ['DOWNLINE', 'TRANSFER'],
  ['LUCKY_BAG', 'TRANSFER'],
  ['BET', 'BET'],
  ['BET_PAYOUT', 'PAYOUT'],
  ['GAME_DEBIT', 'BET'],
  ['PAYOUT', 'PAYOUT'],
  ['WIN', 'PAYOUT'],
  ['GAME_CREDIT', 'PAYOUT'],
  ['BET_REFUND', 'PAYOUT'],
  ['BONUS', 'BONUS'],
  // From the member's bonus wallet to their main wallet: their own money changing place.
  ['BONUS_RELEASE', 'TRANSFER'],
  ['PROMO', 'BONUS'],
  ['REBATE', 'BONUS'],
  ['REWARD', 'BONUS'],
  ['SALARY', 'BONUS'],
  ['DIVIDEND', 'BONUS'],
  // An agent's contract pay (issue 30, decision 030): income, as the original files salaries.
  ['AGENT_DIVIDEND', 'BONUS'],
  ['AGENT_DAILY_SALARY', 'BONUS'],
  ['AGENT_HOURLY_SALARY', 'BONUS'],
  ['AGENT_REALTIME_SALARY', 'BONUS'],
  ['REFERRAL', 'BONUS'],
  ['MISSION', 'BONUS'],
  ['VIP', 'BONUS'],
  ['RAFFLE', 'BONUS'],
  ['POINTS', 'BONUS'],
  // Opening money of demo and free-play accounts is not a bonus the player earned.
  ['DEMO_CREDIT', 'ADJUSTMENT'],
  ['FREE_PLAY', 'ADJUSTMENT'],
  ['ADJUST', 'ADJUSTMENT'],
  ['CORRECTION', 'ADJUSTMENT'],
];

/** A withdrawal's state as the account record shows it (a request's many statuses, in four words). */
export const withdrawRecordStatuses = ['PENDING', 'PAID', 'REJECTED', 'CANCELLED'] as const;
export type WithdrawRecordStatus = (typeof withdrawRecordStatuses)[number];

/** The record type (filter group) of a ledger kind; the longest matching prefix wins. */
export function ledgerKindCategory(kind: string): AccountRecordType {
  const upper = kind.toUpperCase();
  let best: [string, AccountRecordType] | null = null;
  for (const entry of categoryPrefixes) {
    if (upper.startsWith(entry[0]) && (!best || entry[0].length > best[0].length)) best = entry;
  }
  return best ? best[1] : 'OTHER';
}

/** The longest range one query covers; presets are today, yesterday, 7 and 30 days (spec B §2). */
export const RECORDS_MAX_RANGE_DAYS = 92;
export const RECORDS_MAX_PAGE_SIZE = 100;
/** The most rows one CSV export holds; a wider export asks for a shorter range. */
export const RECORDS_EXPORT_MAX_ROWS = 50_000;

const epochMs = z.coerce.number().int().min(0).max(8.64e15);

/** The date range and page of every records query. The range defaults to the last 7 days. */
const rangeShape = {
  /** Start of the range, epoch ms, inclusive. */
  startTime: epochMs.optional(),
  /** End of the range, epoch ms, exclusive. */
  endTime: epochMs.optional(),
};
const pageShape = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(RECORDS_MAX_PAGE_SIZE).default(20),
};

function checkRange(
  q: { startTime?: number | undefined; endTime?: number | undefined },
  ctx: z.RefinementCtx,
) {
  if (q.startTime !== undefined && q.endTime !== undefined) {
    if (q.endTime <= q.startTime)
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'endTime must be after startTime' });
    else if (q.endTime - q.startTime > RECORDS_MAX_RANGE_DAYS * 86_400_000)
      ctx.addIssue({
        code: 'custom',
        path: ['endTime'],
        message: `A range covers at most ${RECORDS_MAX_RANGE_DAYS} days`,
      });
  }
}

export const BetRecordsQuerySchema = z
  .object({
    ...rangeShape,
    ...pageShape,
    product: z.enum(betProducts).optional(),
    status: z.enum(betStatuses).optional(),
  })
  .superRefine(checkRange);

export const AccountRecordsQuerySchema = z
  .object({ ...rangeShape, ...pageShape, type: z.enum(accountRecordTypes).optional() })
  .superRefine(checkRange);

export const ProfitLossQuerySchema = z.object({ ...rangeShape }).superRefine(checkRange);

export const BonusDetailsQuerySchema = z
  .object({
    ...rangeShape,
    ...pageShape,
    kind: z
      .string()
      .regex(/^[A-Z0-9_]{1,40}$/)
      .optional(),
  })
  .superRefine(checkRange);

function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    page: z.number().int(),
    size: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
    /** The range actually queried (the defaults filled in), epoch ms. */
    startTime: z.number(),
    endTime: z.number(),
  });
}

/** Amounts are major units with the currency's precision (BC-09). */
export const BetRecordSchema = z.object({
  id: z.number().int(),
  /** The vendor's bet or round reference. */
  betNo: z.string(),
  product: z.enum(betProducts),
  vendor: z.string(),
  gameName: z.string(),
  betAmount: z.number(),
  validBet: z.number(),
  payout: z.number(),
  /** payout − bet: positive when the player won. */
  winLoss: z.number(),
  status: z.enum(betStatuses),
  betTime: z.number(),
  settleTime: z.number().nullable(),
});
export type BetRecord = z.infer<typeof BetRecordSchema>;

export const BetRecordsSchema = pageOf(BetRecordSchema).extend({
  summary: z.object({ betAmount: z.number(), validBet: z.number(), payout: z.number(), winLoss: z.number() }),
});
export type BetRecords = z.infer<typeof BetRecordsSchema>;

export const AccountRecordSchema = z.object({
  /** The posting's id. */
  id: z.number().int(),
  /** Reference of the movement (its ledger transaction), shown to support staff. */
  reference: z.string(),
  kind: z.string(),
  type: z.enum(accountRecordTypes),
  walletType: z.string(),
  /** Signed: a credit is positive, a debit negative. */
  amount: z.number(),
  balanceAfter: z.number(),
  memo: z.string(),
  time: z.number(),
  /**
   * A withdrawal's state, on its one row (the request's hold on the main wallet): the player sees
   * one outgoing movement that is pending, paid, rejected or cancelled. Absent on other rows.
   */
  status: z.enum(withdrawRecordStatuses).optional(),
});
export type AccountRecord = z.infer<typeof AccountRecordSchema>;

export const AccountRecordsSchema = pageOf(AccountRecordSchema).extend({
  summary: z.object({ credit: z.number(), debit: z.number() }),
});
export type AccountRecords = z.infer<typeof AccountRecordsSchema>;

export const ProfitLossRowSchema = z.object({
  product: z.enum(betProducts),
  betCount: z.number().int(),
  betAmount: z.number(),
  validBet: z.number(),
  payout: z.number(),
  winLoss: z.number(),
});
export type ProfitLossRow = z.infer<typeof ProfitLossRowSchema>;

export const ProfitLossSchema = z.object({
  startTime: z.number(),
  endTime: z.number(),
  products: z.array(ProfitLossRowSchema),
  totals: z.object({
    betCount: z.number().int(),
    betAmount: z.number(),
    validBet: z.number(),
    payout: z.number(),
    winLoss: z.number(),
    deposit: z.number(),
    withdraw: z.number(),
    bonus: z.number(),
    /** Win/loss of the games plus bonuses: what the period brought the player. */
    profit: z.number(),
  }),
});
export type ProfitLoss = z.infer<typeof ProfitLossSchema>;

export const BonusRecordSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  kind: z.string(),
  amount: z.number(),
  memo: z.string(),
  time: z.number(),
});
export type BonusRecord = z.infer<typeof BonusRecordSchema>;

export const BonusDetailsSchema = pageOf(BonusRecordSchema).extend({
  summary: z.object({ total: z.number() }),
  /** The bonus kinds the member has received in any period, for the filter. */
  kinds: z.array(z.string()),
});
export type BonusDetails = z.infer<typeof BonusDetailsSchema>;

export const getBetRecords = defineCall({
  id: 'getBetRecords',
  method: 'GET',
  path: '/wps/relay/ODSFE2_getBetRecords',
  moduleId: 'ODSFE2',
  token: true,
  summary: "The member's bets in a date range, newest first, by product and status (betting record)",
  query: BetRecordsQuerySchema,
  response: BetRecordsSchema,
});

export const getAccountRecords = defineCall({
  id: 'getAccountRecords',
  method: 'GET',
  path: '/wps/relay/ODSFE2_getAccountRecords',
  moduleId: 'ODSFE2',
  token: true,
  summary: "The member's ledger postings in a date range with their kind and balance after (account record)",
  query: AccountRecordsQuerySchema,
  response: AccountRecordsSchema,
});

export const getProfitLoss = defineCall({
  id: 'getProfitLoss',
  method: 'GET',
  path: '/wps/relay/ODSFE2_getProfitLoss',
  moduleId: 'ODSFE2',
  token: true,
  summary: "The member's profit and loss by product in a date range, with deposits, withdrawals and bonuses",
  query: ProfitLossQuerySchema,
  response: ProfitLossSchema,
});

export const getBonusDetails = defineCall({
  id: 'getBonusDetails',
  method: 'GET',
  path: '/wps/relay/ODSFE2_getBonusDetails',
  moduleId: 'ODSFE2',
  token: true,
  summary: 'Bonuses, rebates and rewards credited to the member in a date range (bonus details)',
  query: BonusDetailsQuerySchema,
  response: BonusDetailsSchema,
});

export const recordExportKinds = ['bets', 'account', 'profit', 'bonus'] as const;
export type RecordExportKind = (typeof recordExportKinds)[number];

/**
 * GET /wps/records/export: every record of the range as a CSV file (text/csv, not the envelope),
 * for the caller only. It takes the token in the Authorization header like every call, and the
 * query of the matching list plus `kind`.
 */
export const RECORDS_EXPORT_PATH = '/wps/records/export';
export const RecordsExportQuerySchema = z
  .object({
    kind: z.enum(recordExportKinds),
    ...rangeShape,
    product: z.enum(betProducts).optional(),
    status: z.enum(betStatuses).optional(),
    type: z.enum(accountRecordTypes).optional(),
    bonusKind: z
      .string()
      .regex(/^[A-Z0-9_]{1,40}$/)
      .optional(),
    /** IANA time zone the file's times are written in (the player's); UTC by default. */
    timeZone: z
      .string()
      .regex(/^[A-Za-z0-9_+\-/]{1,64}$/)
      .optional(),
  })
  .superRefine(checkRange);
export type RecordsExportQuery = z.input<typeof RecordsExportQuerySchema>;

export const exportRecords = defineCall({
  id: 'exportRecords',
  method: 'GET',
  path: RECORDS_EXPORT_PATH,
  moduleId: 'ODSFE2',
  token: true,
  wire: 'bare',
  summary:
    "The caller's records of one kind in a date range as a CSV file (text/csv; errors are the envelope)",
  query: RecordsExportQuerySchema,
  response: z.string().describe('text/csv; charset=utf-8'),
});
