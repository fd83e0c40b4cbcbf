import { z } from 'zod';
import { promotionCategories, promotionKinds, wageringBases, PromotionEntrySchema } from '../promotions.ts';
import { defineBoCall, type BoCallDef } from './calls.ts';
import { ApprovalReasonSchema } from './approvals.ts';

/**
 * Promotions' bonus rules and reward requests in the back office (issue 32, decision 041). The
 * promotion itself (title, HTML, schedule) is Content's (decision 036); its rules are written
 * here with `content.edit`, the reward requests decided with `points.approve` (the desk that
 * decides the points mall's redeems). The CLI (`npm run ops -- promo ...`) acts through the same
 * service; every write is audited.
 */

const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const money = z.number().min(0).max(1e12);

export const PromotionRuleBodySchema = z.object({
  /** The promotion's announcement id (a PR or PU notice of Content). */
  id: idSchema,
  kind: z.enum(promotionKinds),
  category: z.enum(promotionCategories).default('OTHER'),
  matchPercent: z.number().min(0).max(1000).default(0),
  maxBonus: money.default(0),
  fixedBonus: money.default(0),
  minDeposit: money.default(0),
  wageringMultiplier: z.number().min(0).max(1000).default(0),
  wageringBase: z.enum(wageringBases).default('BONUS_DEPOSIT'),
  /** Product code (LIVE, RNG, SPORTS, …) to the percent of a valid bet that counts, 0 to 100. */
  contributions: z.record(z.string().regex(/^[A-Z_]{2,16}$/), z.number().min(0).max(100)).default({}),
  expiryHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(168),
  newMembersOnly: z.boolean().default(false),
  oncePerMember: z.boolean().default(false),
  oncePerDay: z.boolean().default(false),
  minLevel: z.number().int().min(0).max(100).default(0),
  /** Agents whose teams (every member below them) may not take this promotion, by username. */
  excludedAgents: z.array(z.string().trim().min(1).max(32)).max(100).default([]),
  /** Epoch ms; null: from the notice's publication / open-ended. */
  startsAt: z.number().int().nullable().default(null),
  endsAt: z.number().int().nullable().default(null),
  enabled: z.boolean().default(true),
});
export type PromotionRuleBody = z.input<typeof PromotionRuleBodySchema>;

export const PromotionRuleSchema = PromotionRuleBodySchema.extend({
  title: z.string(),
  excludedAgents: z.array(z.string()),
  startsAt: z.number().nullable(),
  endsAt: z.number().nullable(),
});
export type PromotionRule = z.infer<typeof PromotionRuleSchema>;

export const boPromotionRules = defineBoCall({
  id: 'boPromotionRules',
  method: 'GET',
  path: '/bo/api/promotions/rules',
  access: 'content.edit',
  summary: 'Every promotion with bonus rules, and the promotions (PR, PU notices) without',
  response: z.object({
    list: z.array(PromotionRuleSchema),
    without: z.array(z.object({ id: z.number().int(), title: z.string() })),
  }),
});

export const boPromotionRuleSave = defineBoCall({
  id: 'boPromotionRuleSave',
  method: 'POST',
  path: '/bo/api/promotions/rules',
  access: 'content.edit',
  summary: "Creates or changes a promotion's bonus rules (audited)",
  body: PromotionRuleBodySchema,
  response: PromotionRuleSchema,
});

export const PromotionRequestSchema = PromotionEntrySchema.extend({
  memberId: z.number().int(),
  username: z.string(),
  pictures: z.number().int(),
  decidedBy: z.string().nullable(),
});
export type PromotionRequest = z.infer<typeof PromotionRequestSchema>;

/** The request desk's views: the queue (waiting, oldest first), or what was decided (newest first). */
export const promotionRequestViews = ['APPLYING', 'ISSUED', 'REJECTED', 'DECIDED'] as const;
export type PromotionRequestView = (typeof promotionRequestViews)[number];

export const PromotionRequestQuerySchema = z.object({
  status: z.enum(promotionRequestViews).default('APPLYING'),
  /** A player's username, from its start (any case). */
  username: z.string().trim().max(32).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(50),
});

export const boPromotionRequests = defineBoCall({
  id: 'boPromotionRequests',
  method: 'GET',
  path: '/bo/api/promotions/requests',
  access: 'points.approve',
  summary:
    'Reward requests: those waiting for a decision, oldest first, or those approved or rejected, newest first; a page and the count',
  query: PromotionRequestQuerySchema,
  response: z.object({ list: z.array(PromotionRequestSchema), total: z.number().int() }),
});

export const PromotionPictureSchema = z.object({
  entryId: z.number().int(),
  n: z.number().int(),
  mime: z.string(),
  /** The picture as a data: URL (PNG or JPEG as the member sent it, at most 5 MB). */
  dataUrl: z.string(),
});

export const boPromotionRequestPicture = defineBoCall({
  id: 'boPromotionRequestPicture',
  method: 'GET',
  path: '/bo/api/promotions/requests/picture',
  access: 'points.approve',
  summary:
    "One picture a member sent with a reward request (the request's `pictures` says how many: n is 0 to pictures − 1)",
  query: z.object({ id: idSchema, n: z.coerce.number().int().min(0).max(2) }),
  response: PromotionPictureSchema,
});

export const boPromotionRuleEnable = defineBoCall({
  id: 'boPromotionRuleEnable',
  method: 'POST',
  path: '/bo/api/promotions/rules/enable',
  access: 'content.edit',
  summary:
    "Switches a promotion's bonus rules on or off (off: no new joins or claims; bonuses already given run on); audited",
  body: z.object({ id: idSchema, enabled: z.boolean() }),
  response: PromotionRuleSchema,
});

export const boPromotionRequestApprove = defineBoCall({
  id: 'boPromotionRequestApprove',
  method: 'POST',
  path: '/bo/api/promotions/requests/approve',
  access: 'points.approve',
  summary:
    "Approves a reward request: the bonus (the given amount, else the promotion's fixed bonus) goes to the member's bonus wallet with its wagering",
  body: z.object({ id: idSchema, amount: money.optional() }),
  response: PromotionRequestSchema,
});

export const boPromotionRequestReject = defineBoCall({
  id: 'boPromotionRequestReject',
  method: 'POST',
  path: '/bo/api/promotions/requests/reject',
  access: 'points.approve',
  summary: 'Rejects a reward request with a reason the member reads',
  body: z.object({ id: idSchema, reason: ApprovalReasonSchema }),
  response: PromotionRequestSchema,
});

export const promotionBoCalls: BoCallDef[] = [
  boPromotionRules,
  boPromotionRuleSave,
  boPromotionRuleEnable,
  boPromotionRequests,
  boPromotionRequestPicture,
  boPromotionRequestApprove,
  boPromotionRequestReject,
];
