import { z } from 'zod';
import { defineCall } from './call.ts';
import { RaffleEntrySchema } from './raffles.ts';

/**
 * Promotions with real bonuses (issue 32, spec B §4, §7, §9; decision 041). A promotion is a PR or
 * PU announcement (decision 036) with bonus rules beside it; the calls are the original's
 * (research/original-wire.md, "promotions"): the categories, the list for a member and for a
 * guest, join, the reward request, the claim (the raffle claim's path), the claim list. The bonus
 * wallet's progress and its forfeiture are calls of ours (/wps/bonus).
 */

/** The ten statuses a promotion shows a member (PR-07), in the original's words. */
export const promotionStatuses = [
  'join',
  'claim',
  'applying',
  'close',
  'rejected',
  'issued',
  'claimed',
  'process',
  'joined',
  'coming soon',
] as const;
export type PromotionStatus = (typeof promotionStatuses)[number];

/** What a promotion pays: a match of the deposit after joining, a reload, a fixed bonus claimed, a reward staff decide on request. */
export const promotionKinds = ['DEPOSIT_MATCH', 'RELOAD', 'FIXED', 'REQUEST'] as const;
export type PromotionKind = (typeof promotionKinds)[number];

/** The categories the list is filtered by. */
export const promotionCategories = ['NEW_MEMBER', 'DEPOSIT', 'DAILY', 'REWARD', 'OTHER'] as const;
export type PromotionCategory = (typeof promotionCategories)[number];

/** The wagering requirement is the multiplier times the bonus, or times bonus and deposit. */
export const wageringBases = ['BONUS', 'BONUS_DEPOSIT'] as const;

/** A reward request's remark is at most 140 characters (PR-12). */
export const PROMOTION_REMARK_MAX = 140;
/** Pictures a reward request may carry. */
export const PROMOTION_PICTURES_MAX = 3;

export const bonusStatuses = ['ACTIVE', 'COMPLETED', 'FORFEITED', 'EXPIRED'] as const;
export type BonusStatus = (typeof bonusStatuses)[number];

/** The operator's bonus rules, as the list shows them and the back office writes them (amounts in major units). */
export const PromotionBonusSchema = z.object({
  kind: z.enum(promotionKinds),
  category: z.enum(promotionCategories),
  /** Percent of the deposit matched (DEPOSIT_MATCH, RELOAD). */
  matchPercent: z.number(),
  /** The most a match pays, or staff give on a request; 0: no cap. */
  maxBonus: z.number(),
  /** The bonus of a FIXED promotion, or a REQUEST's default. */
  fixedBonus: z.number(),
  minDeposit: z.number(),
  wageringMultiplier: z.number(),
  wageringBase: z.enum(wageringBases),
  /** Percent of a valid bet that counts toward the requirement, per product (absent: 0). */
  contributions: z.record(z.string(), z.number()),
  expiryHours: z.number().int(),
  newMembersOnly: z.boolean(),
  oncePerMember: z.boolean(),
  oncePerDay: z.boolean(),
  minLevel: z.number().int(),
});
export type PromotionBonus = z.infer<typeof PromotionBonusSchema>;

export const PromotionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Sanitised HTML (the content's sanitiser). */
  content: z.string(),
  category: z.enum(promotionCategories),
  status: z.enum(promotionStatuses),
  /** Epoch ms; null: open-ended. */
  startDate: z.number(),
  endDate: z.number().nullable(),
  /** Null for a promotion without bonus rules (an announcement only). */
  bonus: PromotionBonusSchema.nullable(),
  /** Why this member may not join or claim now, when that is known before trying; null otherwise. */
  refusal: z.string().nullable(),
});
export type Promotion = z.infer<typeof PromotionSchema>;

export const PromotionCategoryQuerySchema = z.object({
  category: z.enum([...promotionCategories, 'ALL']).optional(),
});

export const getPromotionAnnouncementCategory = defineCall({
  id: 'getPromotionAnnouncementCategory',
  method: 'GET',
  path: '/wps/relay/PROMOFE_getPromotionAnnouncementCategory',
  moduleId: 'PROMOFE',
  token: false,
  summary: 'The promotion categories the list is filtered by, with how many run in each',
  response: z.object({
    categories: z.array(z.object({ code: z.enum(promotionCategories), count: z.number().int() })),
  }),
});

export const getAvailablePromotions = defineCall({
  id: 'getAvailablePromotions',
  method: 'GET',
  path: '/wps/relay/MCSFE_getAvailablePromotions',
  moduleId: 'MCSFE',
  token: true,
  summary: "The running and coming promotions with the member's status in each (PR-06, PR-07)",
  query: PromotionCategoryQuerySchema,
  response: z.object({ content: z.array(PromotionSchema) }),
});

export const getMerchantAvailablePromotions = defineCall({
  id: 'getMerchantAvailablePromotions',
  method: 'GET',
  path: '/wps/relay/MCSFE_getMerchantAvailablePromotions',
  moduleId: 'MCSFE',
  token: false,
  summary: "The merchant's running and coming promotions for a guest (status join, coming soon or close)",
  query: PromotionCategoryQuerySchema,
  response: z.array(PromotionSchema),
});

const promotionIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const PromotionEntrySchema = z.object({
  id: z.number().int(),
  promotionId: z.number().int(),
  title: z.string(),
  status: z.enum(promotionStatuses),
  /** Epoch ms. */
  joinedAt: z.number(),
  remark: z.string(),
  /** Staff's reason of a rejection. */
  reason: z.string(),
  /** The bonus this entry gave, major units; 0 before one is given. */
  bonus: z.number(),
});
export type PromotionEntry = z.infer<typeof PromotionEntrySchema>;

export const signUpPromotionJoin = defineCall({
  id: 'signUpPromotionJoin',
  method: 'POST',
  path: '/wps/relay/MCSFE_signUpPromotionJoin',
  moduleId: 'MCSFE',
  token: true,
  summary: 'Joins a promotion; a refusal says which rule (PR-08, PR-09)',
  body: z.object({ promotionId: promotionIdSchema }),
  response: PromotionEntrySchema,
});

export const signUpRequestReward = defineCall({
  id: 'signUpRequestReward',
  method: 'POST',
  path: '/wps/relay/MCSFE_signUpRequestReward',
  moduleId: 'MCSFE',
  token: true,
  summary:
    'Asks for a joined promotion’s reward, with pictures (base64 PNG or JPEG, checked by signature) and a remark of at most 140 characters (PR-10, PR-12)',
  body: z.object({
    promotionId: promotionIdSchema,
    pictures: z.array(z.string().max(7_000_000)).max(PROMOTION_PICTURES_MAX).default([]),
    remarks: z.string().max(PROMOTION_REMARK_MAX).default(''),
  }),
  response: PromotionEntrySchema,
});

const claimBody = z.object({
  promotionId: promotionIdSchema,
  /** The original's raffle schedule; a bonus promotion has none. */
  raffleScheduleId: z.coerce.number().int().optional(),
});

export const BonusGrantSchema = z.object({
  id: z.number().int(),
  promotionId: z.number().int(),
  title: z.string(),
  /** Major units. */
  amount: z.number(),
  deposit: z.number(),
  /** The wagering requirement and what counts toward it so far (major units, rounded down). */
  required: z.number(),
  wagered: z.number(),
  /** Whole percent of the requirement met, 0 to 100. */
  progress: z.number().int(),
  contributions: z.record(z.string(), z.number()),
  status: z.enum(bonusStatuses),
  createdAt: z.number(),
  expiresAt: z.number(),
  endedAt: z.number().nullable(),
});
export type BonusGrant = z.infer<typeof BonusGrantSchema>;

export const claimRafflePromotion = defineCall({
  id: 'claimRafflePromotion',
  method: 'POST',
  path: '/wps/relay/MCSFE_claimRafflePromotion',
  moduleId: 'MCSFE',
  token: true,
  summary:
    'Claims a joined promotion’s bonus (a fixed bonus, or the match of the deposit made after joining), or, with a raffleScheduleId above 0, enters that raffle: one free ticket per member (PR-11, decision 053)',
  body: claimBody,
  response: z.union([BonusGrantSchema, RaffleEntrySchema]),
});

export const claimRafflePromotionMCS2 = defineCall({
  ...claimRafflePromotion,
  id: 'claimRafflePromotionMCS2',
  path: '/wps/relay/MCS2_claimRafflePromotion',
  moduleId: 'MCS2',
});

export const getRafflePromotionStatus = defineCall({
  id: 'getRafflePromotionStatus',
  method: 'GET',
  path: '/wps/relay/MCSFE_getRafflePromotionStatus',
  moduleId: 'MCSFE',
  token: true,
  summary:
    'Whether the member claimed a promotion, whether it started or ended, and when it ends; with a raffleScheduleId above 0, the same of that raffle (entered, entries open, closed, their close)',
  query: z.object({
    rafflePromotionId: promotionIdSchema,
    raffleScheduleId: z.coerce.number().int().optional(),
  }),
  response: z.object({
    isClaimed: z.boolean(),
    hasStarted: z.boolean(),
    hasEnded: z.boolean(),
    /** Epoch ms of its end, null: open-ended. */
    due: z.number().nullable(),
    /** The server's time, epoch ms. */
    time: z.number(),
  }),
});

export const getPromotionClaimList = defineCall({
  id: 'getPromotionClaimList',
  method: 'GET',
  path: '/wps/relay/MCS2_getPromotionClaimList',
  moduleId: 'MCS2',
  token: true,
  summary: "The member's promotion entries, newest first: joined, applied, issued, claimed, rejected",
  response: z.array(PromotionEntrySchema),
});

export const BonusWalletSchema = z.object({
  /** The bonus wallet's balance, major units. */
  balance: z.number(),
  active: BonusGrantSchema.nullable(),
  history: z.array(BonusGrantSchema),
});
export type BonusWallet = z.infer<typeof BonusWalletSchema>;

export const getBonusWallet = defineCall({
  id: 'getBonusWallet',
  method: 'GET',
  path: '/wps/bonus',
  moduleId: 'BONUS',
  token: true,
  summary: "The member's bonus wallet: its balance, the bonus being wagered with its progress, past bonuses",
  response: BonusWalletSchema,
});

export const forfeitBonus = defineCall({
  id: 'forfeitBonus',
  method: 'POST',
  path: '/wps/bonus/forfeit',
  moduleId: 'BONUS',
  token: true,
  summary: 'Gives up the bonus being wagered: it leaves the bonus wallet, withdrawals are open again',
  body: z.object({ id: promotionIdSchema }),
  response: BonusGrantSchema,
});

/** Where a reward of the reward centre comes from. */
export const rewardSources = ['PROMOTION', 'MISSION', 'VIP', 'REFERRAL'] as const;
export type RewardSource = (typeof rewardSources)[number];

/**
 * CLAIMABLE: the member claims it now (a promotion's bonus, through the claim call); PENDING: owed
 * and on its way (a reward request staff decide, a mission or level reached that the job pays
 * within minutes, a friend who qualified); CLAIMED: credited.
 */
export const rewardStates = ['CLAIMABLE', 'PENDING', 'CLAIMED'] as const;
export type RewardState = (typeof rewardStates)[number];

export const RewardSchema = z.object({
  /** Unique within the member's rewards: `promotion:<entry>`, `mission:<id>:<period>`, `vip:<rank>`, `referral:<friend>`. */
  key: z.string(),
  source: z.enum(rewardSources),
  state: z.enum(rewardStates),
  title: z.string(),
  /** Major units; null when staff set it (a reward request not yet decided). */
  amount: z.number().nullable(),
  /** The wallet it goes to: a promotion's bonus to the bonus wallet (with its wagering), the rest to cash. */
  wallet: z.enum(['MAIN', 'BONUS']),
  /** The promotion to claim, for a promotion's reward. */
  promotionId: z.number().int().nullable(),
  /** A promotion's status (PR-07), or the bonus's (ACTIVE, COMPLETED, FORFEITED, EXPIRED) once claimed; "" otherwise. */
  status: z.string(),
  /** Epoch ms: when it was credited, or since when it is owed or claimable. */
  time: z.number(),
});
export type Reward = z.infer<typeof RewardSchema>;

export const RewardCentreSchema = z.object({
  claimable: z.array(RewardSchema),
  pending: z.array(RewardSchema),
  /** Newest first, the last 100. */
  claimed: z.array(RewardSchema),
  /** What the claimed rewards credited, major units, by source. */
  totals: z.record(z.enum(rewardSources), z.number()),
});
export type RewardCentre = z.infer<typeof RewardCentreSchema>;

export const getRewardCentre = defineCall({
  id: 'getRewardCentre',
  method: 'GET',
  path: '/wps/rewards',
  moduleId: 'BONUS',
  token: true,
  summary:
    "The reward centre (PR-01): the member's claimable, pending and claimed rewards of promotions, missions, VIP levels and invited friends",
  response: RewardCentreSchema,
});
