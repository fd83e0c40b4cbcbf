import { z } from 'zod';
import { defineCall } from './call.ts';

/**
 * Referral, "invite friends" (issue 32, decision 043): a member's own code, link and QR, the
 * friends who registered with it and their status, and the reward paid once when a friend
 * qualifies. Only while the REFERRAL3 switch is on; the original's copy shows no calls for it, so
 * these are ours.
 */

/** A friend's state: registered (PENDING), met the terms (QUALIFIED, reward on its way), paid (REWARDED). */
export const referralStatuses = ['PENDING', 'QUALIFIED', 'REWARDED'] as const;
export type ReferralStatus = (typeof referralStatuses)[number];

/** A member may bind a friend's code after registering only within this many days (decision 043). */
export const REFERRAL_BIND_DAYS = 7;
/** Referral codes are 8 letters and digits: never 12 like an agent's registration link, so never one. */
export const REFERRAL_CODE_LENGTH = 8;

export const ReferralTermsSchema = z.object({
  /** What the member earns per qualified friend, major units. */
  reward: z.number(),
  /** The friend's first successful deposit must be at least this (major units). */
  minFirstDeposit: z.number(),
  /** The friend's settled valid bets must reach this (major units). */
  minValidBet: z.number(),
});
export type ReferralTerms = z.infer<typeof ReferralTermsSchema>;

export const ReferralSummarySchema = z.object({
  code: z.string(),
  /** The registration address carrying the code (`?referralCode=`). */
  link: z.string(),
  terms: ReferralTermsSchema,
  invited: z.number().int(),
  qualified: z.number().int(),
  /** Rewards paid so far, major units. */
  earned: z.number(),
  /** The member's own referrer's code may still be bound (within the bind window, none bound yet). */
  canBind: z.boolean(),
});
export type ReferralSummary = z.infer<typeof ReferralSummarySchema>;

export const ReferralInviteeSchema = z.object({
  /** The friend's username, masked (`ab***yz`). */
  username: z.string(),
  /** Epoch ms. */
  registeredAt: z.number(),
  /** The first successful deposit, major units (0 before any). */
  firstDeposit: z.number(),
  /** Settled valid bets so far, major units. */
  validBet: z.number(),
  status: z.enum(referralStatuses),
  /** The reward paid for this friend, major units (0 until REWARDED). */
  reward: z.number(),
});
export type ReferralInvitee = z.infer<typeof ReferralInviteeSchema>;

export const ReferralInviteesSchema = z.object({
  content: z.array(ReferralInviteeSchema),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
});

export const getReferralSummary = defineCall({
  id: 'getReferralSummary',
  method: 'GET',
  path: '/wps/referral/summary',
  moduleId: 'REFERRAL3',
  token: true,
  summary: "The member's referral code, link, the programme's terms and the member's figures (REFERRAL3 on)",
  response: ReferralSummarySchema,
});

export const getReferralInvitees = defineCall({
  id: 'getReferralInvitees',
  method: 'GET',
  path: '/wps/referral/invitees',
  moduleId: 'REFERRAL3',
  token: true,
  summary: 'The friends who registered with the member’s code, newest first, with their status',
  query: z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    size: z.coerce.number().int().min(1).max(50).default(10),
  }),
  response: ReferralInviteesSchema,
});

export const bindReferralCode = defineCall({
  id: 'bindReferralCode',
  method: 'POST',
  path: '/wps/referral/bind',
  moduleId: 'REFERRAL3',
  token: true,
  summary:
    'Binds a friend’s referral code to a member who registered without one (once, within the bind window); one’s own code and a cycle are refused',
  body: z.object({
    code: z
      .string()
      .trim()
      .min(4)
      .max(20)
      .regex(/^[A-Za-z0-9]+$/),
  }),
  response: z.object({ bound: z.literal(true) }),
});
