import { z } from 'zod';
import { defineCall } from './call.ts';
import { AmountInputSchema } from './wallet.ts';

/**
 * Withdrawals and the bank accounts they pay to (spec B §4 "Withdrawal confirmation", §5, §9;
 * decision 017). The original client's confirmation calls keep their names
 * (MCSFE_getPaymentConfirmationList, MCSFE_processC2CTransaction); the rest are ours.
 */

/** Proof images of a disputed payout: png or jpg, at most 5 MB each, at most 3 (WD-09). */
export const WithdrawProofLimits = {
  maxBytes: 5 * 1024 * 1024,
  maxFiles: 3,
  contentTypes: ['image/png', 'image/jpeg'],
} as const;

/** The member's remark on a confirmation (spec B §9: remarks are at most 140 characters). */
export const WITHDRAW_REMARK_MAX = 140;

/**
 * PENDING → APPROVED | REJECTED | CANCELLED; APPROVED → PAID | REJECTED; PAID → RECEIVED (by the
 * member, or forced by the auto-confirm job) | PARTLY_RECEIVED | NOT_RECEIVED; a disputed payout
 * (PARTLY_RECEIVED, NOT_RECEIVED) → REFUNDED (the missing money returns to the wallet) or RECEIVED
 * (the operator shows it arrived).
 */
export const WithdrawStatuses = [
  'PENDING',
  'APPROVED',
  'REJECTED',
  'CANCELLED',
  'PAID',
  'RECEIVED',
  'PARTLY_RECEIVED',
  'NOT_RECEIVED',
  'REFUNDED',
] as const;
export type WithdrawStatus = (typeof WithdrawStatuses)[number];

/** What the member answers once a payout is made (WD-07). */
export const WithdrawConfirmResults = ['RECEIVED', 'PARTLY_RECEIVED', 'NOT_RECEIVED'] as const;

export const BankSchema = z.object({
  bankCode: z.string(),
  bankName: z.string(),
  /** ISO 3166 alpha-2 country of the bank. */
  countryCode: z.string(),
  /** Digits an account number of this bank has. */
  accountNumberMinLength: z.number().int(),
  accountNumberMaxLength: z.number().int(),
});
export type Bank = z.infer<typeof BankSchema>;

export const MemberBankAccountSchema = z.object({
  id: z.number().int(),
  bankCode: z.string(),
  bankName: z.string(),
  countryCode: z.string(),
  payeeName: z.string(),
  /** Always masked: only the last 4 digits are shown (e.g. "**** 5678"). */
  accountNumber: z.string(),
  branch: z.string(),
  createdAt: z.number(),
});
export type MemberBankAccount = z.infer<typeof MemberBankAccountSchema>;

export const WithdrawProofSchema = z.object({
  id: z.number().int(),
  contentType: z.enum(WithdrawProofLimits.contentTypes),
  size: z.number().int(),
  uploadedAt: z.number(),
});

export const WithdrawEventSchema = z.object({
  status: z.enum(WithdrawStatuses),
  /** Epoch milliseconds. */
  at: z.number(),
  actor: z.enum(['member', 'operator', 'system']),
  note: z.string(),
});

export const WithdrawalSchema = z.object({
  id: z.number().int(),
  /** The request's number, also the reference of its movements in the account records. */
  orderNo: z.string(),
  /** Major units. */
  amount: z.number(),
  currency: z.string(),
  status: z.enum(WithdrawStatuses),
  bankCode: z.string(),
  bankName: z.string(),
  payeeName: z.string(),
  /** Masked like every account number on the wire. */
  accountNumber: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  paidAt: z.number().nullable(),
  /** While PAID: when the payout counts as received without an answer (WD-10). */
  confirmBefore: z.number().nullable(),
  confirmedAt: z.number().nullable(),
  /** PARTLY_RECEIVED: what the member says arrived (major units). */
  receivedAmount: z.number().nullable(),
  /** REFUNDED: what returned to the main wallet (major units). */
  refundAmount: z.number().nullable(),
  /** Counted as received by the auto-confirm job, not by the member (WD-10). */
  forcedReceived: z.boolean(),
  /** A forced receipt closes the request: no dispute and no refund any more (WD-11). */
  refundForfeited: z.boolean(),
  remark: z.string(),
  canCancel: z.boolean(),
  canConfirm: z.boolean(),
});
export type Withdrawal = z.infer<typeof WithdrawalSchema>;

export const WithdrawalDetailSchema = WithdrawalSchema.extend({
  timeline: z.array(WithdrawEventSchema),
  proofs: z.array(WithdrawProofSchema),
});
export type WithdrawalDetail = z.infer<typeof WithdrawalDetailSchema>;

const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const listBanks = defineCall({
  id: 'listBanks',
  method: 'GET',
  path: '/wps/member/banks',
  moduleId: 'BANK',
  token: true,
  summary: 'The banks a member can bind an account of, for the countries the site serves',
  response: z.array(BankSchema),
});

export const listBankAccounts = defineCall({
  id: 'listBankAccounts',
  method: 'GET',
  path: '/wps/member/bankAccounts',
  moduleId: 'BANK',
  token: true,
  summary: "The member's bank accounts, account numbers masked",
  response: z.array(MemberBankAccountSchema),
});

export const addBankAccount = defineCall({
  id: 'addBankAccount',
  method: 'POST',
  path: '/wps/member/bankAccounts',
  moduleId: 'BANK',
  token: true,
  summary: 'Binds a bank account: payee name (the real name), bank from the list, account number',
  body: z.object({
    bankCode: z.string().trim().min(1).max(20),
    payeeName: z.string().max(200),
    accountNumber: z.string().max(64),
    branch: z.string().trim().max(100).optional().default(''),
  }),
  response: MemberBankAccountSchema,
});

export const deleteBankAccount = defineCall({
  id: 'deleteBankAccount',
  method: 'POST',
  path: '/wps/member/bankAccounts/delete',
  moduleId: 'BANK',
  token: true,
  summary: 'Removes one of the member’s bank accounts (requests already made keep their copy)',
  body: z.object({ id: idSchema }),
  response: z.object({ deleted: z.literal(true) }),
});

export const WithdrawSettingsSchema = z.object({
  currency: z.string(),
  precision: z.number().int(),
  /** Major units. */
  minAmount: z.number(),
  maxAmount: z.number(),
  /** Requests allowed per day, and how many of today's count already. */
  dailyCount: z.number().int(),
  usedToday: z.number().int(),
  /** Minutes after payout before an unanswered payout counts as received (WD-10). */
  autoConfirmMinutes: z.number().int(),
  /** The main wallet's balance, the most a request may take (major units). */
  availableBalance: z.number(),
  hasPaymentPassword: z.boolean(),
  bankAccounts: z.array(MemberBankAccountSchema),
});

export const getWithdrawSettings = defineCall({
  id: 'getWithdrawSettings',
  method: 'GET',
  path: '/wps/withdraw/settings',
  moduleId: 'WITHDRAW',
  token: true,
  summary: 'What the withdraw page needs: limits, today’s count, balance and the bound bank accounts',
  response: WithdrawSettingsSchema,
});

export const submitWithdraw = defineCall({
  id: 'submitWithdraw',
  method: 'POST',
  path: '/wps/withdraw',
  moduleId: 'WITHDRAW',
  token: true,
  encrypted: true,
  summary:
    'Requests a withdrawal to a bound bank account with the payment password; the amount is held at once (SY-30)',
  body: z.object({
    bankAccountId: idSchema,
    amount: AmountInputSchema,
    paymentPassword: z.string().min(1).max(64),
    /** The client's id of this request: a retry with the same id returns the first request. */
    requestId: z.string().trim().min(8).max(64).optional(),
    /** Gives up the bonus being wagered so that the withdrawal may go (decision 041); without it a request is refused while wagering is open. */
    forfeitBonus: z.boolean().optional(),
  }),
  response: WithdrawalDetailSchema,
});

export const listWithdrawals = defineCall({
  id: 'listWithdrawals',
  method: 'GET',
  path: '/wps/withdraw/list',
  moduleId: 'WITHDRAW',
  token: true,
  summary: "The member's withdrawal requests, newest first",
  query: z.object({
    page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
    pageSize: z.coerce.number().int().min(1).max(100).optional().default(20),
    status: z.enum(WithdrawStatuses).optional(),
  }),
  response: z.object({
    list: z.array(WithdrawalSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
});

export const getWithdrawal = defineCall({
  id: 'getWithdrawal',
  method: 'GET',
  path: '/wps/withdraw/detail',
  moduleId: 'WITHDRAW',
  token: true,
  summary: 'One withdrawal request with its timeline and proof images',
  query: z.object({ id: idSchema }),
  response: WithdrawalDetailSchema,
});

export const cancelWithdrawal = defineCall({
  id: 'cancelWithdrawal',
  method: 'POST',
  path: '/wps/withdraw/cancel',
  moduleId: 'WITHDRAW',
  token: true,
  summary: 'Cancels a request still waiting for review; the held amount returns to the main wallet',
  body: z.object({ id: idSchema }),
  response: WithdrawalDetailSchema,
});

export const getPaymentConfirmationList = defineCall({
  id: 'getPaymentConfirmationList',
  method: 'GET',
  path: '/wps/relay/MCSFE_getPaymentConfirmationList',
  moduleId: 'MCSFE',
  token: true,
  summary: 'Payouts made to the member that wait for the member’s confirmation (WD-07)',
  response: z.array(WithdrawalSchema),
});

export const processC2CTransaction = defineCall({
  id: 'processC2CTransaction',
  method: 'POST',
  path: '/wps/relay/MCSFE_processC2CTransaction',
  moduleId: 'MCSFE',
  token: true,
  summary:
    'Confirms a payout: received, partly received (with the amount) or not received (with uploaded proof) (WD-07, WD-08)',
  body: z.object({
    id: idSchema,
    result: z.enum(WithdrawConfirmResults),
    /** PARTLY_RECEIVED: the amount that arrived, major units. */
    receivedAmount: AmountInputSchema.optional(),
    remark: z.string().trim().max(WITHDRAW_REMARK_MAX).optional().default(''),
  }),
  response: WithdrawalDetailSchema,
});

export const uploadWithdrawProof = defineCall({
  id: 'uploadWithdrawProof',
  method: 'POST',
  path: '/wps/withdraw/proof',
  moduleId: 'WITHDRAW',
  token: true,
  summary:
    'Uploads one proof image for a paid-out request: the raw png or jpg bytes as the body (Content-Type image/png, image/jpeg or application/octet-stream), at most 5 MB, at most 3 per request (WD-09)',
  query: z.object({ withdrawalId: idSchema }),
  response: WithdrawProofSchema,
});

export const getWithdrawProof = defineCall({
  id: 'getWithdrawProof',
  method: 'GET',
  path: '/wps/withdraw/proof',
  moduleId: 'WITHDRAW',
  token: true,
  summary: 'One of the member’s proof images, as a data URL',
  query: z.object({ id: idSchema }),
  response: WithdrawProofSchema.extend({ dataUrl: z.string() }),
});

export const deleteWithdrawProof = defineCall({
  id: 'deleteWithdrawProof',
  method: 'POST',
  path: '/wps/withdraw/proof/delete',
  moduleId: 'WITHDRAW',
  token: true,
  summary: 'Removes a proof image before the payout is answered',
  body: z.object({ id: idSchema }),
  response: z.object({ deleted: z.literal(true) }),
});
