import { z } from 'zod';
import { defineCall } from './call.ts';

/**
 * The agent centre's register centre (issue 29, "Account"; research/agent-contracts.md §7): an
 * agent registers downlines and makes registration links, each giving a prize group and rebates
 * within the agent's own (decision 028). Paths are our design under /wps/agent (the original's
 * agent bundle is not public); the refusals are the original's (`exists.username.err`,
 * `invalid.rebate.value`, `downline.rebate.update.lower.reb`).
 */

/**
 * The lottery prize group (奖金组) at base 2000: 1956 is the platform's top (every member's default)
 * and 1700 its floor, in steps of 2 (decision 021's LOTT band).
 */
export const PRIZE_GROUP = { base: 2000, min: 1700, max: 1956, step: 2 } as const;

/**
 * The most lottery rebate a prize group lets its holder take, in per cent: betting at the band's
 * lowest series, (group − 1700) ÷ 2000 × 100 (decision 021's `(maxBetSeries − series) ÷ base` with
 * the group as maxBetSeries). 1956 → 12.8; a downline at 1900 → 10, its upline keeps the 2.8 between.
 * Rounded to 3 decimals (steps of 2 are 0.1 each).
 */
export function prizeGroupRebatePercent(group: number): number {
  return Math.round(((group - PRIZE_GROUP.min) * 100_000) / PRIZE_GROUP.base) / 1000;
}

/**
 * The products other than the lottery with a rebate of their own (member_rebate). Both lottery
 * categories, LOTT and ELOTT, are our lottery's draws and earn by prize group (the player's series
 * below its group, each agent the groups' difference): a percentage of their own beside it would
 * pay the same bet's rebate twice (decision 028).
 */
export const REBATE_PRODUCTS = ['LIVE', 'RNG', 'SPORTS', 'FISH', 'PVP'] as const;
export type RebateProduct = (typeof REBATE_PRODUCTS)[number];
/** A product rebate in basis points of the valid bet (100 bp = 1 %), at most 100 %. */
export const REBATE_BP_MAX = 10_000;

/** Every product's rebate in basis points (0 when the member has none). */
export type RebateRates = Record<RebateProduct, number>;

/**
 * The whitelabel switches of the register centre (research §1.2, §7). The first three gate the
 * calls when the operator has them (absent: the call is open); the last three shape link URLs.
 */
export const RegisterCentreSwitch = {
  /** Parent of the others: the Account page of the agent centre (older menu key). */
  centre: 'REGCEN',
  registerDownline: 'AGEREGDOWN3',
  createLink: 'CREATEAFF3',
  manageLinks: 'AFFMAN3',
  /** The code as `?affiliateCode=` instead of the first host label. */
  codeInQuery: 'SUFAFFCODE3',
  /** Only the code, as `?r=` (wins over SUFAFFCODE3). */
  simplifiedUrl: 'SIMPLIFIEDURL3',
  /** `/register.html` appended to the path. */
  registerPage: 'AFFURLEXT3',
} as const;

/**
 * member.register_method (research §7 "registration methods", `reg_*` labels). 'WEB' is what every
 * registration on the site's own form has stored since migration 003: direct registration, also
 * when it carried an affiliate or referral invitation code.
 */
export const RegisterMethod = {
  direct: 'WEB',
  affiliateUrl: 'AFFILIATE_URL',
  referral: 'REFERRAL',
  agent: 'AGENT',
  backOffice: 'BO',
  migration: 'MIGRATE',
} as const;
export type RegisterMethodValue = (typeof RegisterMethod)[keyof typeof RegisterMethod];

/** Account types an agent may give a downline: a player (0) or an agent (1). */
export const DownlineAccountTypeSchema = z.union([z.literal(0), z.literal(1)]);

/** A link's lifetime from its creation (research §7: permanent, 1 day, 7 days, 30 days, 1 year). */
export const AFFILIATE_EXPIRIES = ['PERMANENT', '1D', '7D', '30D', '1Y'] as const;
export type AffiliateExpiry = (typeof AFFILIATE_EXPIRIES)[number];
/** Where the agent promotes a link; CUSTOM carries the agent's own words. */
export const AFFILIATE_CHANNELS = ['FORUM', 'QQ_GROUP', 'CUSTOM'] as const;
export type AffiliateChannel = (typeof AFFILIATE_CHANNELS)[number];
export const AFFILIATE_CHANNEL_TEXT_MAX = 60;
export const AGENT_LIST_MAX_PAGE_SIZE = 100;

const bp = z.number().int().min(0).max(REBATE_BP_MAX);
/** Any whole number: a group outside the agent's bounds is the server's "invalid rebate setting", not a format error. */
const series = z.number().int().min(0).max(100_000);
const id = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** Some products' rebates in basis points; a product left out is 0 (new settings) or unchanged (an edit). */
export const RebatesInputSchema = z
  .object({
    LIVE: bp.optional(),
    RNG: bp.optional(),
    SPORTS: bp.optional(),
    FISH: bp.optional(),
    PVP: bp.optional(),
  })
  .strict();
export type RebatesInput = z.input<typeof RebatesInputSchema>;

export const RebateRatesSchema = z.object({
  LIVE: bp,
  RNG: bp,
  SPORTS: bp,
  FISH: bp,
  PVP: bp,
});

const pageShape = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(AGENT_LIST_MAX_PAGE_SIZE).default(10),
};

/** A prize group and the bounds a downline's must keep. */
const LotterySettingSchema = z.object({
  base: z.literal(PRIZE_GROUP.base),
  /** The platform's top group (1956). */
  platformMax: z.number().int(),
  step: z.number().int(),
  /** The agent's own prize group. */
  own: z.number().int(),
  /** prizeGroupRebatePercent(own). */
  ownRebatePercent: z.number(),
  /** The lowest group a downline may be given (the platform's floor, 1700). */
  min: z.number().int(),
  /** The highest: the agent's own. */
  max: z.number().int(),
});

export const AgentRegisterSettingsSchema = z.object({
  lottery: LotterySettingSchema,
  /** Per product: the agent's own rate and a downline's bounds (0 to the agent's own), in bp. */
  products: z.array(z.object({ product: z.enum(REBATE_PRODUCTS), own: bp, min: bp, max: bp })),
  /** Which of the three tabs the operator's switches leave open. */
  switches: z.object({ registerDownline: z.boolean(), createLink: z.boolean(), manageLinks: z.boolean() }),
  /** The site's address, shown in the result dialog of a registration. */
  platformUrl: z.string(),
});
export type AgentRegisterSettings = z.infer<typeof AgentRegisterSettingsSchema>;

export const getAgentRegisterSettings = defineCall({
  id: 'getAgentRegisterSettings',
  method: 'GET',
  path: '/wps/agent/register/settings',
  moduleId: 'REGCEN',
  token: true,
  summary:
    "The calling agent's prize group and product rebates, the bounds a downline's must keep, and which register-centre tabs are open",
  response: AgentRegisterSettingsSchema,
});

/** Rebate settings given to a new downline or a link: the prize group and the products' rates. */
const downlineSettingsShape = {
  accountType: DownlineAccountTypeSchema,
  lotterySeries: series,
  rebates: RebatesInputSchema.default({}),
};

export const RegisterDownlineRequestSchema = z.object({
  ...downlineSettingsShape,
  /** Checked against the site's registration rules for usernames and passwords. */
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
});
export type RegisterDownlineRequest = z.input<typeof RegisterDownlineRequestSchema>;

export const RegisterDownlineResultSchema = z.object({
  memberId: z.number().int(),
  username: z.string(),
  /** The password the agent gave, for the result dialog's "Copy and close". */
  password: z.string(),
  accountType: DownlineAccountTypeSchema,
  platformUrl: z.string(),
});
export type RegisterDownlineResult = z.infer<typeof RegisterDownlineResultSchema>;

export const registerDownline = defineCall({
  id: 'registerDownline',
  method: 'POST',
  path: '/wps/agent/register',
  moduleId: 'AGEREGDOWN3',
  token: true,
  encrypted: true,
  summary:
    'Registers a direct downline of the calling agent (player or agent) with a prize group and rebates within its own; the value holds the username, password and site address',
  body: RegisterDownlineRequestSchema,
  response: RegisterDownlineResultSchema,
});

export const DownlineRebateSchema = z.object({
  memberId: z.number().int(),
  username: z.string(),
  accountType: z.number().int(),
  lotterySeries: z.number().int(),
  lotteryRebatePercent: z.number(),
  rebates: RebateRatesSchema,
  /** The most each may be raised to: the agent's own. The least is the current value (never lowered). */
  max: z.object({ lotterySeries: z.number().int(), rebates: RebateRatesSchema }),
});
export type DownlineRebate = z.infer<typeof DownlineRebateSchema>;

export const getDownlineRebate = defineCall({
  id: 'getDownlineRebate',
  method: 'GET',
  path: '/wps/agent/downline/rebate',
  moduleId: 'REGCEN',
  token: true,
  summary: "A direct downline's prize group and rebates with the most the agent may raise them to",
  query: z.object({ memberId: id }),
  response: DownlineRebateSchema,
});

export const SetDownlineRebateRequestSchema = z.object({
  memberId: id,
  lotterySeries: series.optional(),
  rebates: RebatesInputSchema.default({}),
});
export type SetDownlineRebateRequest = z.input<typeof SetDownlineRebateRequestSchema>;

export const setDownlineRebate = defineCall({
  id: 'setDownlineRebate',
  method: 'POST',
  path: '/wps/agent/downline/rebate',
  moduleId: 'REGCEN',
  token: true,
  summary:
    "Raises a direct downline's prize group or product rebates, never above the agent's own and never lower than they are",
  body: SetDownlineRebateRequestSchema,
  response: DownlineRebateSchema,
});

export const CreateAffiliateLinkRequestSchema = z
  .object({
    ...downlineSettingsShape,
    expiry: z.enum(AFFILIATE_EXPIRIES),
    channel: z.enum(AFFILIATE_CHANNELS),
    /** The custom channel's words (CUSTOM only). */
    channelText: z.string().trim().max(AFFILIATE_CHANNEL_TEXT_MAX).optional().default(''),
  })
  .superRefine((v, ctx) => {
    if (v.channel === 'CUSTOM' && !v.channelText)
      ctx.addIssue({ code: 'custom', path: ['channelText'], message: 'A custom channel needs its text' });
  });
export type CreateAffiliateLinkRequest = z.input<typeof CreateAffiliateLinkRequestSchema>;

export const AffiliateLinkSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  /** The address to share, in the format the switches choose (first host label, ?affiliateCode=, ?r=). */
  url: z.string(),
  accountType: z.number().int(),
  lotterySeries: z.number().int(),
  lotteryRebatePercent: z.number(),
  rebates: RebateRatesSchema,
  channel: z.enum(AFFILIATE_CHANNELS),
  channelText: z.string(),
  /** Epoch ms. */
  createdAt: z.number(),
  /** Epoch ms; null for a permanent link. */
  expiresAt: z.number().nullable(),
  status: z.enum(['NORMAL', 'EXPIRED']),
  /** Members registered through the link. */
  registrations: z.number().int(),
});
export type AffiliateLink = z.infer<typeof AffiliateLinkSchema>;

export const createAffiliateLink = defineCall({
  id: 'createAffiliateLink',
  method: 'POST',
  path: '/wps/agent/links',
  moduleId: 'CREATEAFF3',
  token: true,
  summary:
    'Creates a registration link of the calling agent with an account type, prize group, rebates, expiry and channel',
  body: CreateAffiliateLinkRequestSchema,
  response: AffiliateLinkSchema,
});

export const AffiliateLinkPageSchema = z.object({
  list: z.array(AffiliateLinkSchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});

export const listAffiliateLinks = defineCall({
  id: 'listAffiliateLinks',
  method: 'GET',
  path: '/wps/agent/links',
  moduleId: 'AFFMAN3',
  token: true,
  summary: "The calling agent's registration links (deleted ones left out), newest first, paged",
  query: z.object(pageShape),
  response: AffiliateLinkPageSchema,
});

export const deleteAffiliateLink = defineCall({
  id: 'deleteAffiliateLink',
  method: 'POST',
  path: '/wps/agent/links/delete',
  moduleId: 'AFFMAN3',
  token: true,
  summary: 'Deletes a registration link of the calling agent: it registers nobody from then on',
  body: z.object({ id }),
  response: z.object({ id: z.number().int(), deleted: z.literal(true) }),
});

export const LinkRegistrationSchema = z.object({
  memberId: z.number().int(),
  username: z.string(),
  accountType: z.number().int(),
  /** Epoch ms. */
  registeredAt: z.number(),
});

export const listLinkRegistrations = defineCall({
  id: 'listLinkRegistrations',
  method: 'GET',
  path: '/wps/agent/links/registrations',
  moduleId: 'AFFMAN3',
  token: true,
  summary: 'The members registered through one registration link of the calling agent, newest first, paged',
  query: z.object({ id, ...pageShape }),
  response: z.object({
    list: z.array(LinkRegistrationSchema),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
  }),
});
