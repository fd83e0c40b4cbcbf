import { z } from 'zod';
import { defineCall } from './call.ts';

/**
 * VIP levels and missions (issue 32, decision 042). A member's level (its club label and rank) is
 * computed from its deposits and valid bets over a rolling window of report days; missions are
 * targets of a period (a day, a week, a month) on valid bets, deposits or login days. Amounts on
 * the wire are major units of the site's currency.
 */

/** HD-04: a member whose rank is above this is served by the VIP customer service. */
export const VIP_SERVICE_ABOVE_RANK = 4;
/** The customer-service entry (`customerService[].csType`) of the VIP service (decision 042). */
export const VIP_SERVICE_CS_TYPE = 4;
/** The live chat's customer-service entry, the service of every other member. */
export const LIVE_CHAT_CS_TYPE = 1;

export const VipLevelSchema = z.object({
  rankLevel: z.number().int(),
  labelName: z.string(),
  /** `#rrggbb`, the club label's colour of this rank. */
  color: z.string(),
  /** Deposits over the window this level needs (major units). */
  deposit: z.number(),
  /** Valid bets over the window this level needs (major units). */
  validBet: z.number(),
  /** Cash credited once, the first time a member reaches this level (major units). */
  reward: z.number(),
});
export type VipLevel = z.infer<typeof VipLevelSchema>;

export const VipLevelsSchema = z.object({
  /** Report days the figures are summed over (today and the days before it). */
  windowDays: z.number().int(),
  levels: z.array(VipLevelSchema),
});
export type VipLevels = z.infer<typeof VipLevelsSchema>;

export const getVipLevels = defineCall({
  id: 'getVipLevels',
  method: 'GET',
  path: '/wps/vip/levels',
  moduleId: 'MCSFE',
  token: false,
  summary: 'The VIP ladder: each level with its deposit and valid-bet requirement and level-up reward',
  response: VipLevelsSchema,
});

export const PlayerRankProgressSchema = z.object({
  playerRankProgress: z.object({
    labelId: z.number().int(),
    labelName: z.string(),
    rankLevel: z.number().int(),
  }),
  /** Of the next level's conditions (deposit, valid bet), how many the window's figures meet. */
  currentProgress: z.object({
    completedConditions: z.number().int(),
    totalExpectedConditions: z.number().int(),
  }),
  /** The window's figures so far (major units), at most one fold (seconds) behind the bets. */
  deposit: z.number(),
  validBet: z.number(),
  windowDays: z.number().int(),
  /** The level these figures reach (the level job applies it within minutes). */
  reachedRankLevel: z.number().int(),
  next: VipLevelSchema.nullable(),
  /** HD-04: the member is served by the VIP customer service (rank above 4). */
  vipService: z.boolean(),
});
export type PlayerRankProgress = z.infer<typeof PlayerRankProgressSchema>;

export const getPlayerRankProgress = defineCall({
  id: 'getPlayerRankProgress',
  method: 'GET',
  path: '/wps/relay/MCSFE_getPlayerRankProgress',
  moduleId: 'MCSFE',
  token: true,
  summary:
    "The member's VIP level and its progress towards the next (value.currentProgress, value.playerRankProgress)",
  response: PlayerRankProgressSchema,
});

// ---- missions --------------------------------------------------------------------------------------

export const missionKinds = ['BET', 'DEPOSIT', 'LOGIN'] as const;
export type MissionKind = (typeof missionKinds)[number];
export const missionPeriods = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
export type MissionPeriod = (typeof missionPeriods)[number];

export const MissionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: z.enum(missionKinds),
  /** BET: the product the valid bets count on ('' for every product). */
  product: z.string(),
  period: z.enum(missionPeriods),
  /** First and last report day of the current period (YYYY-MM-DD). */
  periodStart: z.string(),
  periodEnd: z.string(),
  /** BET and DEPOSIT: major units; LOGIN: days. */
  target: z.number(),
  progress: z.number(),
  completed: z.boolean(),
  /** The reward was credited (by the settlement job, within a minute of completion). */
  rewarded: z.boolean(),
  /** Cash, major units. */
  reward: z.number(),
});
export type Mission = z.infer<typeof MissionSchema>;

export const MissionSummarySchema = z.object({
  /** Missions of the current periods the member has not completed yet: the entry's badge (PR-03). */
  count: z.number().int(),
  completed: z.number().int(),
  /** Rewards credited in the current periods (major units). */
  rewarded: z.number(),
  missions: z.array(MissionSchema),
});
export type MissionSummary = z.infer<typeof MissionSummarySchema>;

export const getMissionSummaryDetails = defineCall({
  id: 'getMissionSummaryDetails',
  method: 'GET',
  path: '/wps/relay/MCSFE_getMissionSummaryDetails',
  moduleId: 'MCSFE',
  token: true,
  summary:
    "The member's missions of the current periods with their progress, and the count still open (PR-04)",
  response: MissionSummarySchema,
});

export const MissionLeaderSchema = z.object({
  rank: z.number().int(),
  /** The account, masked (`ab***9`), except the caller's own. */
  account: z.string(),
  completed: z.number().int(),
  /** Rewards credited this week (major units). */
  reward: z.number(),
  me: z.boolean(),
});

export const MissionLeaderboardSchema = z.object({
  /** The week ranked (Sunday to Saturday, report days). */
  periodStart: z.string(),
  periodEnd: z.string(),
  list: z.array(MissionLeaderSchema),
  /** The caller's row (null when it completed nothing this week). */
  mine: MissionLeaderSchema.nullable(),
});
export type MissionLeaderboard = z.infer<typeof MissionLeaderboardSchema>;

export const MISSION_LEADERBOARD_SIZE = 20;

export const getMissionLeaderboard = defineCall({
  id: 'getMissionLeaderboard',
  method: 'GET',
  path: '/wps/relay/MCSFE_getMissionLeaderboard',
  moduleId: 'MCSFE',
  token: true,
  summary: "This week's mission leaderboard: members by missions completed, then by rewards (PR-05)",
  response: MissionLeaderboardSchema,
});
