import { z } from 'zod';
import { feedbackTypes } from '../support.ts';
import { defineBoCall, type BoCallDef } from './calls.ts';

/**
 * The engagement desks of the back office (issue 31, decision 051): the referral programme's
 * switch and terms (decision 043; `content.edit`, the desk that writes the promotions' bonus rules)
 * and the players' feedback inbox (`feedback.handle`: support and admin). Every write is audited.
 */

const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const money = z.number().min(0).max(1e12);

export const ReferralProgrammeSchema = z.object({
  /** The REFERRAL3 feature switch: off, the invite-friends page and its calls are closed and nothing is paid. */
  enabled: z.boolean(),
  /** What the member who invited earns per qualified friend, major units. */
  reward: z.number(),
  /** The friend's first successful deposit must be at least this, major units. */
  minFirstDeposit: z.number(),
  /** The friend's settled valid bets must reach this, major units. */
  minValidBet: z.number(),
  /** Epoch ms of the terms' last change. */
  updatedAt: z.number().nullable(),
  /** Members with a referrer, friends whose referrer was paid, and what was paid (major units). */
  invited: z.number().int(),
  rewarded: z.number().int(),
  paid: z.number(),
});
export type ReferralProgramme = z.infer<typeof ReferralProgrammeSchema>;

export const boReferral = defineBoCall({
  id: 'boReferral',
  method: 'GET',
  path: '/bo/api/referral',
  access: 'content.edit',
  summary: 'The referral programme: its switch, its terms and what it has paid so far',
  response: ReferralProgrammeSchema,
});

export const ReferralSaveBodySchema = z.object({
  enabled: z.boolean(),
  reward: money,
  minFirstDeposit: money,
  minValidBet: money,
});
export type ReferralSaveBody = z.infer<typeof ReferralSaveBodySchema>;

export const boReferralSave = defineBoCall({
  id: 'boReferralSave',
  method: 'POST',
  path: '/bo/api/referral',
  access: 'content.edit',
  summary:
    "Changes the referral programme's switch and terms together (audited referral.terms; a reward already paid is never changed, new terms count from the next run of the reward job)",
  body: ReferralSaveBodySchema,
  response: ReferralProgrammeSchema,
});

export const feedbackViews = ['OPEN', 'HANDLED', 'ALL'] as const;
export type FeedbackView = (typeof feedbackViews)[number];

export const FeedbackQuerySchema = z.object({
  status: z.enum(feedbackViews).default('OPEN'),
  type: z.enum(feedbackTypes).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(50),
});

export const FeedbackItemSchema = z.object({
  id: z.number().int(),
  /** The member who sent it; null for a visitor. */
  memberId: z.number().int().nullable(),
  username: z.string().nullable(),
  /** What the sender wrote as their name or contact. */
  sender: z.string(),
  type: z.enum(feedbackTypes),
  content: z.string(),
  /** Ids of the images (their SHA-256), for boFeedbackImage. */
  images: z.array(z.string()),
  ip: z.string(),
  createdAt: z.number(),
  handledAt: z.number().nullable(),
  handledBy: z.string().nullable(),
  /** Staff's reply or remark when it was handled. */
  reply: z.string(),
});
export type FeedbackItem = z.infer<typeof FeedbackItemSchema>;

export const boFeedbackList = defineBoCall({
  id: 'boFeedbackList',
  method: 'GET',
  path: '/bo/api/feedback',
  access: 'feedback.handle',
  summary: "The players' feedback: open ones oldest first, handled ones newest first; a page and the count",
  query: FeedbackQuerySchema,
  response: z.object({ list: z.array(FeedbackItemSchema), total: z.number().int() }),
});

export const boFeedbackImage = defineBoCall({
  id: 'boFeedbackImage',
  method: 'GET',
  path: '/bo/api/feedback/image',
  access: 'feedback.handle',
  summary: 'One image attached to a feedback (WebP, as the server re-encoded it)',
  query: z.object({ id: z.string().regex(/^[0-9a-f]{64}$/, 'an image id (64 hex digits)') }),
  response: z.object({ id: z.string(), dataUrl: z.string() }),
});

export const FeedbackReplySchema = z
  .string()
  .trim()
  .min(1, 'Write the reply or remark (1 to 500 characters)')
  .max(500, 'At most 500 characters');

export const boFeedbackHandle = defineBoCall({
  id: 'boFeedbackHandle',
  method: 'POST',
  path: '/bo/api/feedback/handle',
  access: 'feedback.handle',
  summary: 'Marks a feedback handled with a reply or remark (audited feedback.handle; once only)',
  body: z.object({ id: idSchema, reply: FeedbackReplySchema }),
  response: FeedbackItemSchema,
});

export const engagementBoCalls: BoCallDef[] = [
  boReferral,
  boReferralSave,
  boFeedbackList,
  boFeedbackImage,
  boFeedbackHandle,
];
