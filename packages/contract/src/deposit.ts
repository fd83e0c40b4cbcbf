import { z } from 'zod';
import { defineCall } from './call.ts';
import { AmountInputSchema, IdempotencyKeySchema } from './wallet.ts';

/** Deposit (page depositv2): channels from configuration, orders, and their states. */

export const DepositChannelTypes = ['BANK_TRANSFER', 'SANDBOX_GATEWAY'] as const;
export type DepositChannelType = (typeof DepositChannelTypes)[number];

/**
 * PENDING: waiting for the player's payment (gateway) or the operator's review (bank transfer);
 * SUCCESS: credited (once); REJECTED by the operator; FAILED at the gateway; CANCELLED by the player.
 */
export const DepositStatuses = ['PENDING', 'SUCCESS', 'REJECTED', 'FAILED', 'CANCELLED'] as const;
export type DepositStatus = (typeof DepositStatuses)[number];

export const BankAccountSchema = z.object({
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  branch: z.string(),
});
export type MerchantBankAccount = z.infer<typeof BankAccountSchema>;

export const DepositChannelSchema = z.object({
  code: z.string(),
  type: z.enum(DepositChannelTypes),
  name: z.string(),
  /** Major units. */
  minAmount: z.number(),
  maxAmount: z.number(),
  presetAmounts: z.array(z.number()),
  /** The merchant's receiving account (bank transfer channels only). */
  bankAccount: BankAccountSchema.nullable(),
});
export type DepositChannel = z.infer<typeof DepositChannelSchema>;

export const getDepositChannels = defineCall({
  id: 'getDepositChannels',
  method: 'GET',
  path: '/wps/deposit/channels',
  moduleId: 'DEPOSIT',
  token: true,
  summary: 'The enabled deposit channels with their limits and preset amounts',
  response: z.object({
    currency: z.string(),
    currencySymbol: z.string(),
    precision: z.number().int(),
    channels: z.array(DepositChannelSchema),
  }),
});

export const DepositOrderSchema = z.object({
  orderNo: z.string(),
  channelCode: z.string(),
  channelType: z.enum(DepositChannelTypes),
  channelName: z.string(),
  /** Major units. */
  amount: z.number(),
  currency: z.string(),
  status: z.enum(DepositStatuses),
  /** The player's transfer reference (bank transfer). */
  payerReference: z.string(),
  /** Why the operator rejected it, when it was. */
  note: z.string(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  completedAt: z.number().int().nullable(),
  /** Where to send the player to pay (gateway orders while pending). */
  redirectUrl: z.string().nullable(),
  /** Where to transfer to (bank transfer orders). */
  bankAccount: BankAccountSchema.nullable(),
});
export type DepositOrder = z.infer<typeof DepositOrderSchema>;

export const createDepositOrder = defineCall({
  id: 'createDepositOrder',
  method: 'POST',
  path: '/wps/deposit/orders',
  moduleId: 'DEPOSIT',
  token: true,
  summary:
    'Creates a deposit order on a channel (bank transfer: with the transfer reference; gateway: answers redirectUrl)',
  body: z.object({
    channelCode: z.string().min(1).max(40),
    amount: AmountInputSchema,
    /** Bank transfer: the reference the player wrote on the transfer. */
    payerReference: z.string().max(100).optional(),
    idempotencyKey: IdempotencyKeySchema.optional(),
  }),
  response: DepositOrderSchema,
});

export const listDepositOrders = defineCall({
  id: 'listDepositOrders',
  method: 'GET',
  path: '/wps/deposit/orders',
  moduleId: 'DEPOSIT',
  token: true,
  summary: "The member's own deposit orders, newest first",
  query: z.object({
    status: z.enum(DepositStatuses).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  }),
  response: z.object({
    items: z.array(DepositOrderSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
});

const OrderNoSchema = z.string().min(1).max(40);

export const getDepositOrder = defineCall({
  id: 'getDepositOrder',
  method: 'GET',
  path: '/wps/deposit/order',
  moduleId: 'DEPOSIT',
  token: true,
  summary: 'One of the member’s own deposit orders',
  query: z.object({ orderNo: OrderNoSchema }),
  response: DepositOrderSchema,
});

export const cancelDepositOrder = defineCall({
  id: 'cancelDepositOrder',
  method: 'POST',
  path: '/wps/deposit/order/cancel',
  moduleId: 'DEPOSIT',
  token: true,
  summary: 'Cancels one of the member’s own pending deposit orders',
  body: z.object({ orderNo: OrderNoSchema }),
  response: DepositOrderSchema,
});

/**
 * The sandbox gateway's server-to-server notification (POST /payment/notify/sandbox). Headers:
 * `X-Sandbox-Timestamp` (Unix seconds) and `X-Sandbox-Signature`, the hex HMAC-SHA256 of
 * `<timestamp>.<raw body>` with the shared secret.
 */
export const SandboxNotifySchema = z.object({
  paymentId: z.string().min(1).max(80),
  merchantOrderNo: z.string().min(1).max(40),
  /** Major units as decimal text. */
  amount: z.string().max(40),
  currency: z.string().max(10),
  status: z.enum(['PAID', 'FAILED']),
  paidAt: z.number().int().optional(),
});
export type SandboxNotify = z.infer<typeof SandboxNotifySchema>;
export const SANDBOX_NOTIFY_PATH = '/payment/notify/sandbox';
export const SANDBOX_TIMESTAMP_HEADER = 'x-sandbox-timestamp';
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** A notification whose timestamp is further than this from the server's clock is refused. */
export const SANDBOX_MAX_SKEW_SECONDS = 300;
