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
