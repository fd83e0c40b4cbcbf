import { z } from 'zod';
import type { ErrorDef } from '../errors.ts';
import { DepositStatuses } from '../deposit.ts';
import { WithdrawEventSchema, WithdrawProofSchema, WithdrawStatuses } from '../withdraw.ts';
import { defineBoCall, type BoCallDef } from './calls.ts';

/**
 * The back office's approval queues (issue 31, decision 031 "Approvals"): manual bank-transfer
 * deposits and withdrawal requests, listed with server-side paging, sorting and filters, each
 * with its details, and the actions on them: approve, reject with a reason, and for withdrawals
 * mark paid. The CLI (`npm run ops -- deposit|withdraw approve|reject|pay`) acts through the same
 * server service, so both doors keep one rule set.
 *
 * Four eyes: an item whose amount is above the configured threshold (`fourEyesAbove`, env
 * APPROVAL_FOUR_EYES_ABOVE) needs two approvals by two different people; the first is recorded
 * (the item shows it under `approvals`) and the item waits for the second. The same person
 * cannot approve one item twice. A rejection needs one person.
 *
 * Amounts are major units of the brand's currency, as on the player's wire; ids are the rows'
 * numbers (`id`), and `orderNo` is what the member quotes.
 */

// ---- shared ----------------------------------------------------------------------------------

export const approvalKinds = ['deposit', 'withdrawal'] as const;
export type ApprovalKind = (typeof approvalKinds)[number];

/** One approval already given to an item. */
export const ApprovalVoteSchema = z.object({
  /** Who: a member of staff (`staffId` set) or the operator CLI (the OS user's name). */
  actorKind: z.enum(['staff', 'cli']),
  staffId: z.number().int().nullable(),
  name: z.string(),
  /** Epoch milliseconds. */
  at: z.number(),
  note: z.string(),
});
export type ApprovalVote = z.infer<typeof ApprovalVoteSchema>;

/** Where an item stands with its approvals. */
export const ApprovalStateSchema = z.object({
  /** Approvals the item needs: 2 above the four-eyes threshold, else 1. */
  required: z.number().int().min(1).max(2),
  /** The approvals given so far (while pending: fewer than `required`). */
  votes: z.array(ApprovalVoteSchema),
  /** The signed-in member of staff gave one of `votes`: they cannot approve this item again. */
  approvedByYou: z.boolean(),
});
export type ApprovalState = z.infer<typeof ApprovalStateSchema>;

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const size = z.coerce.number().int().min(1).max(200).default(25);
const order = z.enum(['asc', 'desc']);
/** Epoch milliseconds. */
const instant = z.coerce.number().int().min(0).max(8.64e15);
/** Major units, as typed in a filter box. */
const amountFilter = z.coerce.number().min(0).max(1e15);
const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Why an item is refused: shown to the member, kept in the audit log. */
export const ApprovalReasonSchema = z.string().trim().min(1).max(200);
/** An optional remark to an approval or a payout, kept in the audit log. */
export const ApprovalNoteSchema = z.string().trim().max(200).default('');

export const ApprovalIdBodySchema = z.object({ id: idSchema, note: ApprovalNoteSchema });
export const ApprovalRejectBodySchema = z.object({ id: idSchema, reason: ApprovalReasonSchema });
export const ApprovalDetailQuerySchema = z.object({ id: idSchema });

/** The member an item belongs to, for the reviewer: who they are and what their money did lately. */
export const ApprovalMemberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  /** The real name given at registration (payee name), if any. */
  realName: z.string().nullable(),
  registeredAt: z.number(),
  /** The main wallet now, major units. */
  mainBalance: z.number(),
  /** All time, major units: deposits credited, withdrawals paid out (net of refunds). */
  depositedTotal: z.number(),
  withdrawnTotal: z.number(),
  /** The member's newest deposit orders and withdrawal requests (up to 10 each), newest first. */
  recentDeposits: z.array(
    z.object({
      id: z.number().int(),
      orderNo: z.string(),
      amount: z.number(),
      status: z.enum(DepositStatuses),
      channelCode: z.string(),
      createdAt: z.number(),
    }),
  ),
  recentWithdrawals: z.array(
    z.object({
      id: z.number().int(),
      orderNo: z.string(),
      amount: z.number(),
      status: z.enum(WithdrawStatuses),
      createdAt: z.number(),
    }),
  ),
});
export type ApprovalMember = z.infer<typeof ApprovalMemberSchema>;

// ---- deposits ---------------------------------------------------------------------------------

export const depositQueueSorts = ['createdAt', 'amount'] as const;

export const DepositQueueQuerySchema = z.object({
  page,
  size,
  sort: z.enum(depositQueueSorts).default('createdAt'),
  /** Oldest first by default: the queue is worked from its head. */
  order: order.default('asc'),
  /** PENDING (the queue, default), another status, or ALL. */
  status: z.enum([...DepositStatuses, 'ALL']).default('PENDING'),
  /** Username, prefix, any case. */
  username: z.string().trim().min(1).max(64).optional(),
  /** Order number, prefix, any case. */
  orderNo: z.string().trim().min(1).max(40).optional(),
  /** The player's transfer reference, substring, any case. */
  reference: z.string().trim().min(1).max(100).optional(),
  amountMin: amountFilter.optional(),
  amountMax: amountFilter.optional(),
  /** Created at or after (inclusive), before (exclusive). */
  from: instant.optional(),
  to: instant.optional(),
  /** `true`: only pending items that have their first of two approvals (waiting for a second person). */
  awaitingSecond: z.enum(['true', 'false']).default('false'),
});
export type DepositQueueQuery = z.input<typeof DepositQueueQuerySchema>;

/** A manual bank transfer as the reviewer sees it. */
export const DepositQueueItemSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  memberId: z.number().int(),
  username: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(DepositStatuses),
  channelCode: z.string(),
  /**
   * The proof the player gave: the reference they put on their transfer, and the merchant's
   * account they were shown and paid to (the reviewer matches both against the bank statement).
   */
  payerReference: z.string(),
  paidTo: z
    .object({
      bankName: z.string(),
      accountName: z.string(),
      accountNumber: z.string(),
      branch: z.string(),
    })
    .nullable(),
  /** Why it was rejected, when it was. */
  note: z.string(),
  /** Who decided it (names, comma-separated), once decided. */
  reviewedBy: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  completedAt: z.number().nullable(),
  approvals: ApprovalStateSchema,
});
export type DepositQueueItem = z.infer<typeof DepositQueueItemSchema>;

export const DepositQueueSchema = z.object({
  list: z.array(DepositQueueItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  currency: z.string(),
  precision: z.number().int(),
  /** Items above this amount (major units) need two approvers; null: four eyes is off. */
  fourEyesAbove: z.number().nullable(),
});

export const DepositApprovalDetailSchema = z.object({
  item: DepositQueueItemSchema,
  member: ApprovalMemberSchema,
});
export type DepositApprovalDetail = z.infer<typeof DepositApprovalDetailSchema>;

/** What an approval did. */
export const approvalOutcomes = [
  /** The item is approved (a deposit is credited, a withdrawal may now be paid). */
  'approved',
  /** The first of two approvals is recorded; the item waits for a second person. */
  'awaiting-second',
  /** A deposit another approval credited already: nothing was credited again. */
  'already-approved',
] as const;

export const DepositActionResultSchema = z.object({
  outcome: z.enum([...approvalOutcomes, 'rejected']),
  item: DepositQueueItemSchema,
});

// ---- withdrawals ------------------------------------------------------------------------------

export const withdrawalQueueSorts = ['createdAt', 'amount', 'updatedAt'] as const;

export const WithdrawalQueueQuerySchema = z.object({
  page,
  size,
  sort: z.enum(withdrawalQueueSorts).default('createdAt'),
  order: order.default('asc'),
  /**
   * OPEN (default: what waits for finance: pending, approved, and payouts the member disputes),
   * one status, or ALL.
   */
  status: z.enum([...WithdrawStatuses, 'OPEN', 'ALL']).default('OPEN'),
  username: z.string().trim().min(1).max(64).optional(),
  /** A WD number or id, exact. */
  orderNo: z.string().trim().min(1).max(40).optional(),
  bankCode: z.string().trim().min(1).max(20).optional(),
  amountMin: amountFilter.optional(),
  amountMax: amountFilter.optional(),
  from: instant.optional(),
  to: instant.optional(),
  awaitingSecond: z.enum(['true', 'false']).default('false'),
});
export type WithdrawalQueueQuery = z.input<typeof WithdrawalQueueQuerySchema>;

export const WithdrawalQueueItemSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  memberId: z.number().int(),
  username: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(WithdrawStatuses),
  bankCode: z.string(),
  bankName: z.string(),
  payeeName: z.string(),
  /** Masked in the list ("**** 5678"); the detail carries the whole number to pay to. */
  accountNumber: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  paidAt: z.number().nullable(),
  approvals: ApprovalStateSchema,
});
export type WithdrawalQueueItem = z.infer<typeof WithdrawalQueueItemSchema>;

export const WithdrawalQueueSchema = z.object({
  list: z.array(WithdrawalQueueItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  currency: z.string(),
  precision: z.number().int(),
  fourEyesAbove: z.number().nullable(),
});

export const WithdrawalApprovalDetailSchema = z.object({
  item: WithdrawalQueueItemSchema,
  /** The whole account number the transfer goes to. */
  fullAccountNumber: z.string(),
  branch: z.string(),
  timeline: z.array(WithdrawEventSchema),
  proofs: z.array(WithdrawProofSchema),
  member: ApprovalMemberSchema,
  /** Every bank account the member has bound (masked), the one of this request among them. */
  bankAccounts: z.array(
    z.object({
      id: z.number().int(),
      bankCode: z.string(),
      bankName: z.string(),
      payeeName: z.string(),
      accountNumber: z.string(),
      createdAt: z.number(),
      deleted: z.boolean(),
    }),
  ),
});
export type WithdrawalApprovalDetail = z.infer<typeof WithdrawalApprovalDetailSchema>;

/** A disputed payout closed as received needs the finding (how it was shown to have arrived). */
export const ApprovalDismissBodySchema = z.object({ id: idSchema, note: ApprovalReasonSchema });

export const WithdrawalProofImageSchema = WithdrawProofSchema.extend({
  withdrawalId: z.number().int(),
  /** The image as a data: URL (png or jpeg, at most 5 MB). */
  dataUrl: z.string(),
});

export const WithdrawalActionResultSchema = z.object({
  outcome: z.enum(['approved', 'awaiting-second', 'rejected', 'paid', 'refunded', 'dismissed']),
  item: WithdrawalQueueItemSchema,
});

// ---- refusals ---------------------------------------------------------------------------------

/** Refusals of the approval calls (bo.*); the deposit and withdrawal rules keep their own codes. */
export const ApprovalErrors = {
  boApprovalSameApprover: {
    code: 'bo.approval.same.approver',
    status: 409,
    message: 'You have already approved this: a second, different person must approve it',
  },
} as const satisfies Record<string, ErrorDef>;

// ---- the calls --------------------------------------------------------------------------------

export const boDepositQueue = defineBoCall({
  id: 'boDepositQueue',
  method: 'GET',
  path: '/bo/api/approvals/deposits',
  access: 'deposit.approve',
  summary: 'The deposit queue: manual bank transfers, a page, sorted and filtered',
  query: DepositQueueQuerySchema,
  response: DepositQueueSchema,
});

export const boDepositDetail = defineBoCall({
  id: 'boDepositDetail',
  method: 'GET',
  path: '/bo/api/approvals/deposit',
  access: 'deposit.approve',
  summary: "One bank transfer with its proof, its approvals and the member's recent money",
  query: ApprovalDetailQuerySchema,
  response: DepositApprovalDetailSchema,
});

export const boDepositApprove = defineBoCall({
  id: 'boDepositApprove',
  method: 'POST',
  path: '/bo/api/approvals/deposits/approve',
  access: 'deposit.approve',
  summary:
    'Approves a bank transfer: credits the member once (above the threshold: the second approval does)',
  body: ApprovalIdBodySchema,
  response: DepositActionResultSchema,
});

export const boDepositReject = defineBoCall({
  id: 'boDepositReject',
  method: 'POST',
  path: '/bo/api/approvals/deposits/reject',
  access: 'deposit.approve',
  summary: 'Rejects a bank transfer with a reason the member sees; nothing is credited',
  body: ApprovalRejectBodySchema,
  response: DepositActionResultSchema,
});

export const boWithdrawalQueue = defineBoCall({
  id: 'boWithdrawalQueue',
  method: 'GET',
  path: '/bo/api/approvals/withdrawals',
  access: 'withdrawal.approve',
  summary: 'The withdrawal queue: requests waiting for approval or payout, a page, sorted and filtered',
  query: WithdrawalQueueQuerySchema,
  response: WithdrawalQueueSchema,
});

export const boWithdrawalDetail = defineBoCall({
  id: 'boWithdrawalDetail',
  method: 'GET',
  path: '/bo/api/approvals/withdrawal',
  access: 'withdrawal.approve',
  summary: "One withdrawal with the account to pay to, its timeline, approvals and the member's history",
  query: ApprovalDetailQuerySchema,
  response: WithdrawalApprovalDetailSchema,
});

export const boWithdrawalApprove = defineBoCall({
  id: 'boWithdrawalApprove',
  method: 'POST',
  path: '/bo/api/approvals/withdrawals/approve',
  access: 'withdrawal.approve',
  summary: 'Approves a pending withdrawal for payment (above the threshold: two people must)',
  body: ApprovalIdBodySchema,
  response: WithdrawalActionResultSchema,
});

export const boWithdrawalReject = defineBoCall({
  id: 'boWithdrawalReject',
  method: 'POST',
  path: '/bo/api/approvals/withdrawals/reject',
  access: 'withdrawal.approve',
  summary: 'Refuses a withdrawal not paid yet, with a reason; the held amount returns to the member',
  body: ApprovalRejectBodySchema,
  response: WithdrawalActionResultSchema,
});

export const boWithdrawalPay = defineBoCall({
  id: 'boWithdrawalPay',
  method: 'POST',
  path: '/bo/api/approvals/withdrawals/pay',
  access: 'withdrawal.approve',
  summary: 'Marks an approved withdrawal paid (the bank transfer is made): the hold leaves once',
  body: ApprovalIdBodySchema,
  response: WithdrawalActionResultSchema,
});

export const boWithdrawalRefund = defineBoCall({
  id: 'boWithdrawalRefund',
  method: 'POST',
  path: '/bo/api/approvals/withdrawals/refund',
  access: 'withdrawal.approve',
  summary:
    'A disputed payout: returns the missing money (all, or what a partly received payout lacks) to the member',
  body: ApprovalIdBodySchema,
  response: WithdrawalActionResultSchema,
});

export const boWithdrawalDismiss = defineBoCall({
  id: 'boWithdrawalDismiss',
  method: 'POST',
  path: '/bo/api/approvals/withdrawals/dismiss',
  access: 'withdrawal.approve',
  summary: 'A disputed payout shown to have arrived in full: closes it as received, with the finding',
  body: ApprovalDismissBodySchema,
  response: WithdrawalActionResultSchema,
});

export const boWithdrawalProof = defineBoCall({
  id: 'boWithdrawalProof',
  method: 'GET',
  path: '/bo/api/approvals/withdrawal/proof',
  access: 'withdrawal.approve',
  summary: "One proof image a member uploaded for a disputed payout (the detail's `proofs` list them)",
  query: ApprovalDetailQuerySchema,
  response: WithdrawalProofImageSchema,
});

/** The approval calls, in the order a console lists them. */
export const approvalCalls: readonly BoCallDef[] = [
  boDepositQueue,
  boDepositDetail,
  boDepositApprove,
  boDepositReject,
  boWithdrawalQueue,
  boWithdrawalDetail,
  boWithdrawalApprove,
  boWithdrawalReject,
  boWithdrawalPay,
  boWithdrawalRefund,
  boWithdrawalDismiss,
  boWithdrawalProof,
];
