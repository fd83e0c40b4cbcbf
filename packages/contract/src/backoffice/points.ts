import { z } from 'zod';
import { PointGoodsSchema, RedeemRecordSchema, redeemStatuses } from '../points.ts';
import { defineBoCall, type BoCallDef } from './calls.ts';
import { ApprovalNoteSchema, ApprovalReasonSchema } from './approvals.ts';

/**
 * The points mall in the back office (issue 32, decision 033 "The mall"): the queue of redeems
 * waiting for a decision (beside deposits and withdrawals), approve and reject (a rejection returns
 * the points and the item), and the mall's goods. The CLI (`npm run ops -- points ...`) acts
 * through the same server service.
 */

const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const PointsRedeemQueueQuerySchema = z.object({
  status: z.enum([...redeemStatuses, 'ALL']).default('PROCESS'),
  username: z.string().trim().max(32).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

export const PointsRedeemQueueItemSchema = RedeemRecordSchema.extend({
  memberId: z.number().int(),
  username: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.number().nullable(),
});
export type PointsRedeemQueueItem = z.infer<typeof PointsRedeemQueueItemSchema>;

export const PointsRedeemQueueSchema = z.object({
  list: z.array(PointsRedeemQueueItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});

export const boPointsRedeemQueue = defineBoCall({
  id: 'boPointsRedeemQueue',
  method: 'GET',
  path: '/bo/api/approvals/points',
  access: 'points.approve',
  summary: 'The points redeems: in process by default (oldest first), or by status, a page',
  query: PointsRedeemQueueQuerySchema,
  response: PointsRedeemQueueSchema,
});

export const boPointsRedeemApprove = defineBoCall({
  id: 'boPointsRedeemApprove',
  method: 'POST',
  path: '/bo/api/approvals/points/approve',
  access: 'points.approve',
  summary: 'Approves a redeem in process: the member gets the goods',
  body: z.object({ id: idSchema, note: ApprovalNoteSchema }),
  response: RedeemRecordSchema,
});

export const boPointsRedeemReject = defineBoCall({
  id: 'boPointsRedeemReject',
  method: 'POST',
  path: '/bo/api/approvals/points/reject',
  access: 'points.approve',
  summary:
    'Rejects a redeem in process with a reason: the points return to the member, the items to the mall',
  body: z.object({ id: idSchema, reason: ApprovalReasonSchema }),
  response: RedeemRecordSchema,
});

export const MallGoodsItemSchema = PointGoodsSchema.extend({ enabled: z.boolean(), sort: z.number().int() });
export type MallGoodsItem = z.infer<typeof MallGoodsItemSchema>;

export const MallGoodsBodySchema = z.object({
  /** Absent: a new item. */
  id: idSchema.optional(),
  name: z.string().trim().min(1).max(100),
  image: z.string().trim().max(500).default(''),
  quantity: z.number().int().min(0).max(1_000_000),
  points: z.number().positive().max(1e12),
  amount: z.number().min(0).max(1e12).default(0),
  enabled: z.boolean().default(true),
  sort: z.number().int().min(0).max(100_000).default(0),
});

export type MallGoodsBody = z.input<typeof MallGoodsBodySchema>;

export const boMallGoods = defineBoCall({
  id: 'boMallGoods',
  method: 'GET',
  path: '/bo/api/mall/goods',
  access: 'content.edit',
  summary: "The points mall's goods, on sale or not",
  response: z.object({ list: z.array(MallGoodsItemSchema) }),
});

export const boMallGoodsSave = defineBoCall({
  id: 'boMallGoodsSave',
  method: 'POST',
  path: '/bo/api/mall/goods',
  access: 'content.edit',
  summary:
    'Adds an item to the points mall or changes one (a new quantity moves what is left by the difference)',
  body: MallGoodsBodySchema,
  response: PointGoodsSchema,
});

export const pointsBoCalls: BoCallDef[] = [
  boPointsRedeemQueue,
  boPointsRedeemApprove,
  boPointsRedeemReject,
  boMallGoods,
  boMallGoodsSave,
];
