import { z } from 'zod';
import { defineCall } from './call.ts';

/**
 * Points (spec B §2, §3, §7, §9; issue 32; decision 033). Points sit on a member's account of the
 * ledger of wallet type POINTS and currency PTS, in hundredths of a point; the wire carries points
 * with 2 decimals. The original's calls read `value` only (research/original-wire.md, "points"):
 * the balance answers the member's points, the details (ODSFE2_MemTransDet, PM-12) a page of
 * movements in the records' paged shape.
 */

export const POINTS_WALLET = 'POINTS';
export const POINTS_CURRENCY = 'PTS';
/** Points are held in hundredths (2 decimals). */
export const POINTS_PRECISION = 2;

/** The details screen's types (PM-06): earned per product group, redeemed, earned on a deposit. */
export const pointsTypes = ['LIVE', 'LOTTERY', 'PVP', 'SLOTS', 'SPORTS', 'REDEEM', 'DEPOSIT'] as const;
export type PointsType = (typeof pointsTypes)[number];

/** A movement's type from its ledger kind and reference (an earning's reference is its type). */
export function pointsTypeOfMovement(kind: string, reference: string): PointsType {
  if (kind === 'POINTS_REDEEM') return 'REDEEM';
  if (kind === 'POINTS_DEPOSIT') return 'DEPOSIT';
  if ((pointsTypes as readonly string[]).includes(reference)) return reference as PointsType;
  // points_rate's check constraint admits no other type: a movement without one is a defect.
  throw new Error(`points: movement of kind ${kind} has no points type (${reference})`);
}

/** Hundredths of a point to the wire's points (2 decimals, exact for any safe integer). */
export function pointsToMajor(hundredths: number): number {
  return Number((hundredths / 100).toFixed(POINTS_PRECISION));
}

export const PointBalanceSchema = z.object({
  /** The member's points, 2 decimals. */
  points: z.number(),
});
export type PointBalance = z.infer<typeof PointBalanceSchema>;

export const POINTS_DETAILS_MAX_PAGE_SIZE = 100;

export const PointDetailsQuerySchema = z.object({
  type: z.enum(pointsTypes).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(POINTS_DETAILS_MAX_PAGE_SIZE).default(20),
});
export type PointDetailsQuery = z.infer<typeof PointDetailsQuerySchema>;

export const PointDetailSchema = z.object({
  id: z.number().int(),
  type: z.enum(pointsTypes),
  /** Signed points of the movement: an earning is positive, a reversal or a redeem negative. */
  changedPoints: z.number(),
  /** The points balance after the movement. */
  pointsBalance: z.number(),
  /** Epoch ms. */
  time: z.number(),
});
export type PointDetail = z.infer<typeof PointDetailSchema>;

export const PointDetailsSchema = z.object({
  content: z.array(PointDetailSchema),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
});
export type PointDetails = z.infer<typeof PointDetailsSchema>;

export const getPointBalance = defineCall({
  id: 'getPointBalance',
  method: 'GET',
  path: '/wps/relay/MCSFE_getPointBalance',
  moduleId: 'MCSFE',
  token: true,
  summary: "The member's points balance (PM-07)",
  response: PointBalanceSchema,
});

export const getMemTransDet = defineCall({
  id: 'getMemTransDet',
  method: 'GET',
  path: '/wps/relay/ODSFE2_MemTransDet',
  moduleId: 'ODSFE2',
  token: true,
  summary:
    "The member's points movements newest first, by type, a page at a time (points details, PM-05, PM-12)",
  query: PointDetailsQuerySchema,
  response: PointDetailsSchema,
});

// ---- the mall (issue 32, decision 033 "The mall") ------------------------------------------------

/** Redeem statuses (PM-04): in process until the operator decides, then rejected or approved. */
export const redeemStatuses = ['PROCESS', 'REJECTED', 'APPROVED'] as const;
export type RedeemStatus = (typeof redeemStatuses)[number];
/** What a redeem record is: goods redeemed, or points converted to money. */
export const redeemTypes = ['GOODS', 'CONVERT'] as const;
export type RedeemType = (typeof redeemTypes)[number];

/** One item of the mall (PM-02). */
export const PointGoodsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** An image URL or path; '' when the item has none. */
  image: z.string(),
  /** The stock the mall was given. */
  quantity: z.number().int(),
  /** Points one item costs (2 decimals). */
  points: z.number(),
  /** The member's successful deposits this item requires, in major units of the site's currency. */
  amount: z.number(),
  /** Items left to redeem. */
  available: z.number().int(),
});
export type PointGoods = z.infer<typeof PointGoodsSchema>;

export const PointRewardListSchema = z.object({ list: z.array(PointGoodsSchema) });

/** The mall's settings (PM-11): the ratio and smallest conversion, and what earns points. */
export const PointConfigSchema = z.object({
  enabled: z.boolean(),
  /** Points that convert into one unit of the site's currency (PM-01's ratio). */
  ratio: z.number(),
  /** The fewest points a conversion takes. */
  minConvert: z.number(),
  currency: z.string(),
  /** Points one unit of valid bet (or of a deposit) earns, per product; a rate of 0 earns none. */
  rates: z.array(z.object({ product: z.string(), type: z.enum(pointsTypes), rate: z.number() })),
});
export type PointConfig = z.infer<typeof PointConfigSchema>;

export const RedeemRecordSchema = z.object({
  id: z.number().int(),
  /** The reference number (PM-03). */
  referenceNo: z.string(),
  /** Apply time, epoch ms. */
  applyTime: z.number(),
  type: z.enum(redeemTypes),
  goodsName: z.string(),
  quantity: z.number().int(),
  status: z.enum(redeemStatuses),
  /** Points the redeem took, negative (2 decimals). */
  changedPoints: z.number(),
  /** The member's points balance right after the redeem. */
  pointsBalance: z.number(),
  /** Money a conversion paid, in major units (0 for goods). */
  amount: z.number(),
  remark: z.string(),
});
export type RedeemRecord = z.infer<typeof RedeemRecordSchema>;

export const RedeemListQuerySchema = z.object({
  status: z.enum(redeemStatuses).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(POINTS_DETAILS_MAX_PAGE_SIZE).default(20),
});

export const RedeemListSchema = z.object({
  content: z.array(RedeemRecordSchema),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
});
export type RedeemList = z.infer<typeof RedeemListSchema>;

const paymentPassword = z.string().min(1).max(64);
/** The client's id of a request: a retry with the same id answers the first redeem. */
const requestId = z.string().trim().min(8).max(64).optional();

export const RedeemBodySchema = z.object({
  goodsId: z.number().int().positive(),
  quantity: z.number().int().min(1).max(100).default(1),
  paymentPassword,
  requestId,
});
export const ConvertBodySchema = z.object({
  /** Points to convert, up to 2 decimals. */
  points: z.number().positive().max(1e12),
  paymentPassword,
  requestId,
});

export const RewardConversionTypesSchema = z.object({
  types: z.array(z.object({ type: z.enum(redeemTypes), enabled: z.boolean() })),
});

export const getPointReward = defineCall({
  id: 'getPointReward',
  method: 'GET',
  path: '/wps/relay/MCSFE_getPointReward',
  moduleId: 'MCSFE',
  token: true,
  summary: "The mall's goods on sale with their cost, requirement and stock (PM-02, PM-08)",
  response: PointRewardListSchema,
});

export const getPointRewardConversionType = defineCall({
  id: 'getPointRewardConversionType',
  method: 'GET',
  path: '/wps/relay/MCSFE_getPointRewardConversionType',
  moduleId: 'MCSFE',
  token: true,
  summary: 'What points can be redeemed for: goods, money',
  response: RewardConversionTypesSchema,
});

export const getPointConfig = defineCall({
  id: 'getPointConfig',
  method: 'GET',
  path: '/wps/relay/MCSFE_getPointConfig',
  moduleId: 'MCSFE',
  token: true,
  summary: "The mall's ratio, smallest conversion and the points rates (PM-01, PM-11)",
  response: PointConfigSchema,
});

export const redeemPointReward = defineCall({
  id: 'redeemPointReward',
  method: 'POST',
  path: '/wps/relay/passwordCheck/MCSFE_redeemPointReward',
  moduleId: 'MCSFE',
  token: true,
  encrypted: true,
  summary:
    'Redeems goods with points and the payment password; in process until the operator decides (PM-09)',
  body: RedeemBodySchema,
  response: RedeemRecordSchema,
});

export const getRedeemPointList = defineCall({
  id: 'getRedeemPointList',
  method: 'GET',
  path: '/wps/relay/MCSFE_getRedeemPointList',
  moduleId: 'MCSFE',
  token: true,
  summary: "The member's redeems and conversions, newest first (PM-03, PM-10)",
  query: RedeemListQuerySchema,
  response: RedeemListSchema,
});

export const convertPoint = defineCall({
  id: 'convertPoint',
  method: 'POST',
  path: '/wps/relay/passwordCheck/MCSFE_convertPoint',
  moduleId: 'MCSFE',
  token: true,
  encrypted: true,
  summary: "Converts points to money at the mall's ratio with the payment password (PM-13)",
  body: ConvertBodySchema,
  response: RedeemRecordSchema,
});

/** The original's MCS2 variants: the same calls at their MCS2 paths. */
export const getPointBalanceMCS2 = defineCall({
  ...getPointBalance,
  id: 'getPointBalanceMCS2',
  path: '/wps/relay/MCS2_getPointBalance',
  moduleId: 'MCS2',
});
export const getPointRewardMCS2 = defineCall({
  ...getPointReward,
  id: 'getPointRewardMCS2',
  path: '/wps/relay/MCS2_getPointReward',
  moduleId: 'MCS2',
});
export const redeemPointRewardMCS2 = defineCall({
  ...redeemPointReward,
  id: 'redeemPointRewardMCS2',
  path: '/wps/relay/passwordCheck/MCS2_redeemPointReward',
  moduleId: 'MCS2',
});
export const getRedeemPointListMCS2 = defineCall({
  ...getRedeemPointList,
  id: 'getRedeemPointListMCS2',
  path: '/wps/relay/MCS2_getRedeemPointList',
  moduleId: 'MCS2',
});
export const getPointConfigMCS2 = defineCall({
  ...getPointConfig,
  id: 'getPointConfigMCS2',
  path: '/wps/relay/MCS2_getPointConfig',
  moduleId: 'MCS2',
});
export const convertPointMCS2 = defineCall({
  ...convertPoint,
  id: 'convertPointMCS2',
  path: '/wps/relay/passwordCheck/MCS2_convertPoint',
  moduleId: 'MCS2',
});
