import { z } from 'zod';
import type { ErrorDef } from '../errors.ts';
import { announcementAudiences } from '../agent-notices.ts';
import { defineBoCall, type BoCallDef } from './calls.ts';
import { contentKinds } from '../content-language.ts';

/**
 * The back office's Content section (issue 31, decision 036): the notices (every announcement type
 * but banners, for players or for agents, with their execution and schedule), the promotions (the
 * PR and PU announcements /promotions and /promoDetail show), the banners of the slots the
 * player's site shows, and the help centre's articles. Every call needs `content.edit`; every write
 * goes through one audited service (before and after), the operator CLI's `notice` commands too.
 * HTML is sanitised by the server when it is stored, with the player's site's policy; the preview
 * call answers what a player would be shown. Times are epoch milliseconds.
 */

const idSchema = z.coerce.number().int().positive().max(2_147_483_647);
const pageSchema = z.coerce.number().int().min(1).max(1000).default(1);
const sizeSchema = z.coerce.number().int().min(1).max(200).default(50);
const timeSchema = z.number().int().min(0).max(8_640_000_000_000);

/** The announcement types the Content section writes: banners (type B) are rows of their own. */
export const contentNoticeTypes = ['PL', 'PU', 'PR', 'H'] as const;
/** Promotions are the PR announcements and the PU popup offers (the player's /promotions). */
export const promotionNoticeTypes = ['PR', 'PU'] as const;

/**
 * Where a notice stands now: a draft (never shown), scheduled (published, its start still to
 * come), live, or ended (published, its end passed).
 */
export const contentStates = ['draft', 'scheduled', 'live', 'ended'] as const;
export type ContentState = (typeof contentStates)[number];

/** The longest HTML one item holds. */
export const CONTENT_HTML_MAX = 100_000;

const titleSchema = z.string().trim().min(1, 'a title is required').max(200);
const htmlSchema = z.string().max(CONTENT_HTML_MAX);

/**
 * A link a banner opens: a path of the site (`/promotions`), an http(s) address, or nothing.
 * Anything else (`javascript:`, `data:`, a protocol-relative `//host`) is refused.
 */
export const ContentLinkSchema = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^\/(?!\/)[^\s]*$/.test(v) || /^https?:\/\/[^\s/]+[^\s]*$/i.test(v), {
    message: 'a path of the site (/promotions), an http(s) address, or empty',
  });

/** A banner's image: an image this section uploaded, another path of the site, or an https address. */
export const ContentImageUrlSchema = z
  .string()
  .trim()
  .min(1, 'an image is required')
  .max(500)
  .refine((v) => /^\/(?!\/)[^\s]*$/.test(v) || /^https:\/\/[^\s/]+[^\s]*$/i.test(v), {
    message: 'an uploaded image, a path of the site, or an https address',
  });

// ---- notices and promotions --------------------------------------------------------------------

export const ContentNoticeSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string(),
  /** The stored (sanitised) HTML. */
  content: z.string(),
  execution: z.enum(['B', 'L', 'G']),
  audience: z.enum(announcementAudiences),
  sort: z.number().int(),
  published: z.boolean(),
  state: z.enum(contentStates),
  /** The start, shown to players as the notice's date. */
  startsAt: z.number(),
  endsAt: z.number().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type ContentNotice = z.infer<typeof ContentNoticeSchema>;

export const ContentNoticeListQuerySchema = z.object({
  /** `notices`: PL and H; `promotions`: PR and PU; `all`. */
  group: z.enum(['notices', 'promotions', 'all']).default('all'),
  state: z.enum(contentStates).optional(),
  audience: z.enum(announcementAudiences).optional(),
  /** Part of the title, any case. */
  q: z.string().trim().max(100).optional(),
  page: pageSchema,
  size: sizeSchema,
});
export type ContentNoticeListQuery = z.input<typeof ContentNoticeListQuerySchema>;

export const ContentNoticeListSchema = z.object({
  /** In the players' order: sort key (highest first), then the newest start. */
  list: z.array(ContentNoticeSchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});

export const ContentNoticeInputSchema = z.object({
  type: z.enum(contentNoticeTypes),
  title: titleSchema,
  content: htmlSchema.min(1, 'the text is required'),
  execution: z.enum(['B', 'L', 'G']).default('B'),
  audience: z.enum(announcementAudiences).default('ALL'),
  /** When it starts showing; omitted or null: when it is published. */
  startsAt: timeSchema.nullable().optional(),
  /** When it stops showing; null: never. */
  endsAt: timeSchema.nullable().optional(),
  /** Publish at once (else it is a draft). */
  publish: z.boolean().default(false),
});
export type ContentNoticeInput = z.input<typeof ContentNoticeInputSchema>;

export const ContentNoticeUpdateSchema = ContentNoticeInputSchema.omit({ publish: true }).extend({
  id: idSchema,
});
export type ContentNoticeUpdate = z.input<typeof ContentNoticeUpdateSchema>;

// ---- banners -----------------------------------------------------------------------------------

/**
 * The banner slots the player's site shows: `index` the home carousel (and the page heroes: a
 * banner linking to /promotions heads that page), `w_login` the login dialog, `w_register` the
 * register dialog.
 */
export const bannerSlots = ['index', 'w_login', 'w_register'] as const;
export type BannerSlot = (typeof bannerSlots)[number];

export const ContentBannerSchema = z.object({
  id: z.number().int(),
  group: z.string(),
  title: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string(),
  sort: z.number().int(),
  published: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type ContentBanner = z.infer<typeof ContentBannerSchema>;

export const ContentBannerListQuerySchema = z.object({ group: z.enum(bannerSlots).optional() });
export const ContentBannerListSchema = z.object({
  /** By slot, then in the slot's order. */
  list: z.array(ContentBannerSchema),
});

export const ContentBannerInputSchema = z.object({
  group: z.enum(bannerSlots),
  /** The image's alternative text too. */
  title: titleSchema,
  imageUrl: ContentImageUrlSchema,
  linkUrl: ContentLinkSchema.default(''),
  publish: z.boolean().default(false),
});
export type ContentBannerInput = z.input<typeof ContentBannerInputSchema>;

export const ContentBannerUpdateSchema = ContentBannerInputSchema.omit({ publish: true }).extend({
  id: idSchema,
});
export type ContentBannerUpdate = z.input<typeof ContentBannerUpdateSchema>;

// ---- help centre -------------------------------------------------------------------------------

/** A help article's or section's key: the player's /help?topic= addresses it. */
export const HelpKeySchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'lower-case letters, digits, - and _ (at most 64)');

export const ContentHelpArticleSchema = z.object({
  id: z.string(),
  categoryId: z.string(),
  categoryTitle: z.string(),
  title: z.string(),
  content: z.string(),
  sort: z.number().int(),
  published: z.boolean(),
  updatedAt: z.number(),
});
export type ContentHelpArticle = z.infer<typeof ContentHelpArticleSchema>;

export const ContentHelpListSchema = z.object({
  /** In the help centre's order. */
  list: z.array(ContentHelpArticleSchema),
});

export const ContentHelpInputSchema = z.object({
  id: HelpKeySchema,
  categoryId: HelpKeySchema,
  categoryTitle: titleSchema,
  title: titleSchema,
  content: htmlSchema.min(1, 'the text is required'),
  publish: z.boolean().default(false),
});
export type ContentHelpInput = z.input<typeof ContentHelpInputSchema>;
export const ContentHelpUpdateSchema = ContentHelpInputSchema.omit({ publish: true });
export type ContentHelpUpdate = z.input<typeof ContentHelpUpdateSchema>;

// ---- actions shared by the three ---------------------------------------------------------------

export const ContentIdQuerySchema = z.object({ id: idSchema });
export const ContentHelpIdQuerySchema = z.object({ id: HelpKeySchema });
export const ContentPublishBodySchema = z.object({ id: idSchema, published: z.boolean() });
export const ContentHelpPublishBodySchema = z.object({ id: HelpKeySchema, published: z.boolean() });
export const ContentDeleteBodySchema = z.object({ id: idSchema });
export const ContentHelpDeleteBodySchema = z.object({ id: HelpKeySchema });
/** The new order of a list's items, first shown first: every item of the list, each once. */
export const ContentReorderBodySchema = z.object({
  ids: z
    .array(idSchema)
    .min(1)
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, 'each item once'),
});
export const ContentHelpReorderBodySchema = z.object({
  ids: z
    .array(HelpKeySchema)
    .min(1)
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, 'each item once'),
});
export const ContentDeletedSchema = z.object({
  id: z.union([z.number().int(), z.string()]),
  deleted: z.boolean(),
});
export const ContentReorderedSchema = z.object({ count: z.number().int() });

export const ContentPreviewBodySchema = z.object({ html: htmlSchema });
export const ContentPreviewSchema = z.object({
  /** The HTML as it would be stored and shown: sanitised by the player's site's policy. */
  html: z.string(),
  /** Something was taken out (a script, a handler, a javascript: link, a form ...). */
  changed: z.boolean(),
});

// ---- versions in other languages (issue 33, decision 047) ---------------------------------------

/** Which item: a notice or promotion, a banner or goods by number, a help article by its key. */
export const ContentVersionKeySchema = z.object({
  kind: z.enum(contentKinds),
  id: z.string().trim().min(1).max(64),
});
/**
 * A language is checked by the server (one of the 31 codes, or a picker label): a bad one is
 * refused with `language.invalid` (400), as the player's calls refuse it.
 */
const versionLanguageSchema = z.string().trim().min(1).max(35);
export const ContentVersionSchema = z.object({
  language: z.string(),
  title: z.string(),
  /** HTML for notices, promotions and help articles (sanitised when stored); empty for banners and goods. */
  content: z.string(),
  /** A banner's image in this language (empty: the banner's own). */
  imageUrl: z.string(),
  /** A help article's section title in this language. */
  categoryTitle: z.string(),
  updatedAt: z.number(),
});
export type ContentVersion = z.infer<typeof ContentVersionSchema>;
export const ContentVersionsSchema = z.object({
  kind: z.enum(contentKinds),
  id: z.string(),
  /** The language of the item's own text (English). */
  baseLanguage: z.string(),
  /** The brand's default language: what a request naming no language reads (decision 047). */
  defaultLanguage: z.string(),
  versions: z.array(ContentVersionSchema),
});
export type ContentVersions = z.infer<typeof ContentVersionsSchema>;
export const ContentVersionInputSchema = ContentVersionKeySchema.extend({
  language: versionLanguageSchema,
  title: titleSchema,
  content: htmlSchema.default(''),
  imageUrl: z.union([z.literal(''), ContentImageUrlSchema]).default(''),
  categoryTitle: z.string().trim().max(200).default(''),
});
export type ContentVersionInput = z.input<typeof ContentVersionInputSchema>;
export const ContentVersionDeleteSchema = ContentVersionKeySchema.extend({ language: versionLanguageSchema });

/** An uploaded banner image: PNG, JPEG or WebP by its own signature, re-encoded as WebP. */
export const ContentImageLimits = {
  maxBytes: 5 * 1024 * 1024,
  maxSide: 3840,
  contentTypes: ['image/png', 'image/jpeg', 'image/webp', 'application/octet-stream'],
} as const;

export const ContentImageSchema = z.object({
  /** The path the banner stores and the player's site loads. */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});
export type ContentImage = z.infer<typeof ContentImageSchema>;

export const ContentErrors = {
  boContentNotFound: { code: 'bo.content.not.found', status: 404, message: 'No such item' },
  boContentSchedule: {
    code: 'bo.content.schedule',
    status: 422,
    message: 'The end must come after the start',
  },
  boContentExists: {
    code: 'bo.content.exists',
    status: 409,
    message: 'An article with this key already exists',
  },
  boContentReorder: {
    code: 'bo.content.reorder',
    status: 422,
    message: 'The new order must list every item of the list, each once',
  },
  boContentImageInvalid: {
    code: 'bo.content.image.invalid',
    status: 422,
    message: 'The file is not a PNG, JPEG or WebP image',
  },
  boContentImageTooLarge: {
    code: 'bo.content.image.too.large',
    status: 413,
    message: 'The image is larger than 5 MB',
  },
} as const satisfies Record<string, ErrorDef>;

// ---- the calls ---------------------------------------------------------------------------------

const access = 'content.edit' as const;

export const boContentNotices = defineBoCall({
  id: 'boContentNotices',
  method: 'GET',
  path: '/bo/api/content/notices',
  access,
  summary: 'Notices and promotions, drafts and ended ones too, in the players’ order',
  query: ContentNoticeListQuerySchema,
  response: ContentNoticeListSchema,
});
export const boContentNotice = defineBoCall({
  id: 'boContentNotice',
  method: 'GET',
  path: '/bo/api/content/notice',
  access,
  summary: 'One notice or promotion',
  query: ContentIdQuerySchema,
  response: ContentNoticeSchema,
});
export const boContentNoticeCreate = defineBoCall({
  id: 'boContentNoticeCreate',
  method: 'POST',
  path: '/bo/api/content/notices/create',
  access,
  summary: 'Creates a notice or promotion (a draft unless publish), its HTML sanitised',
  body: ContentNoticeInputSchema,
  response: ContentNoticeSchema,
});
export const boContentNoticeUpdate = defineBoCall({
  id: 'boContentNoticeUpdate',
  method: 'POST',
  path: '/bo/api/content/notices/update',
  access,
  summary: 'Edits a notice or promotion, its HTML sanitised',
  body: ContentNoticeUpdateSchema,
  response: ContentNoticeSchema,
});
export const boContentNoticePublish = defineBoCall({
  id: 'boContentNoticePublish',
  method: 'POST',
  path: '/bo/api/content/notices/publish',
  access,
  summary: 'Publishes (from its start, now unless a later one is set) or unpublishes a notice',
  body: ContentPublishBodySchema,
  response: ContentNoticeSchema,
});
export const boContentNoticeDelete = defineBoCall({
  id: 'boContentNoticeDelete',
  method: 'POST',
  path: '/bo/api/content/notices/delete',
  access,
  summary: 'Deletes a notice: it is no longer shown or listed (the row and the audit keep it)',
  body: ContentDeleteBodySchema,
  response: ContentDeletedSchema,
});
export const boContentNoticeReorder = defineBoCall({
  id: 'boContentNoticeReorder',
  method: 'POST',
  path: '/bo/api/content/notices/reorder',
  access,
  summary: 'Sets the order notices are shown in: the ids given, first first',
  body: ContentReorderBodySchema,
  response: ContentReorderedSchema,
});

export const boContentBanners = defineBoCall({
  id: 'boContentBanners',
  method: 'GET',
  path: '/bo/api/content/banners',
  access,
  summary: 'The banners of every slot (or one), hidden ones too, in their order',
  query: ContentBannerListQuerySchema,
  response: ContentBannerListSchema,
});
export const boContentBanner = defineBoCall({
  id: 'boContentBanner',
  method: 'GET',
  path: '/bo/api/content/banner',
  access,
  summary: 'One banner',
  query: ContentIdQuerySchema,
  response: ContentBannerSchema,
});
export const boContentBannerCreate = defineBoCall({
  id: 'boContentBannerCreate',
  method: 'POST',
  path: '/bo/api/content/banners/create',
  access,
  summary: 'Creates a banner in a slot, last in its order (hidden unless publish)',
  body: ContentBannerInputSchema,
  response: ContentBannerSchema,
});
export const boContentBannerUpdate = defineBoCall({
  id: 'boContentBannerUpdate',
  method: 'POST',
  path: '/bo/api/content/banners/update',
  access,
  summary: 'Edits a banner',
  body: ContentBannerUpdateSchema,
  response: ContentBannerSchema,
});
export const boContentBannerPublish = defineBoCall({
  id: 'boContentBannerPublish',
  method: 'POST',
  path: '/bo/api/content/banners/publish',
  access,
  summary: 'Shows or hides a banner',
  body: ContentPublishBodySchema,
  response: ContentBannerSchema,
});
export const boContentBannerDelete = defineBoCall({
  id: 'boContentBannerDelete',
  method: 'POST',
  path: '/bo/api/content/banners/delete',
  access,
  summary: 'Deletes a banner (the row and the audit keep it)',
  body: ContentDeleteBodySchema,
  response: ContentDeletedSchema,
});
export const boContentBannerReorder = defineBoCall({
  id: 'boContentBannerReorder',
  method: 'POST',
  path: '/bo/api/content/banners/reorder',
  access,
  summary: "Sets a slot's order: every banner of one slot, first first",
  body: ContentReorderBodySchema,
  response: ContentReorderedSchema,
});
export const boContentImageUpload = defineBoCall({
  id: 'boContentImageUpload',
  method: 'POST',
  path: '/bo/api/content/images',
  access,
  summary:
    'Uploads a banner image: the raw PNG, JPEG or WebP bytes as the body, at most 5 MB, checked by its signature and re-encoded',
  response: ContentImageSchema,
});

export const boContentHelp = defineBoCall({
  id: 'boContentHelp',
  method: 'GET',
  path: '/bo/api/content/help',
  access,
  summary: "The help centre's articles, hidden ones too, in its order",
  response: ContentHelpListSchema,
});
export const boContentHelpArticle = defineBoCall({
  id: 'boContentHelpArticle',
  method: 'GET',
  path: '/bo/api/content/help/article',
  access,
  summary: 'One help article',
  query: ContentHelpIdQuerySchema,
  response: ContentHelpArticleSchema,
});
export const boContentHelpCreate = defineBoCall({
  id: 'boContentHelpCreate',
  method: 'POST',
  path: '/bo/api/content/help/create',
  access,
  summary: 'Creates a help article (last of its section), its HTML sanitised',
  body: ContentHelpInputSchema,
  response: ContentHelpArticleSchema,
});
export const boContentHelpUpdate = defineBoCall({
  id: 'boContentHelpUpdate',
  method: 'POST',
  path: '/bo/api/content/help/update',
  access,
  summary: 'Edits a help article, its HTML sanitised',
  body: ContentHelpUpdateSchema,
  response: ContentHelpArticleSchema,
});
export const boContentHelpPublish = defineBoCall({
  id: 'boContentHelpPublish',
  method: 'POST',
  path: '/bo/api/content/help/publish',
  access,
  summary: 'Shows or hides a help article',
  body: ContentHelpPublishBodySchema,
  response: ContentHelpArticleSchema,
});
export const boContentHelpDelete = defineBoCall({
  id: 'boContentHelpDelete',
  method: 'POST',
  path: '/bo/api/content/help/delete',
  access,
  summary: 'Deletes a help article (the audit keeps its text)',
  body: ContentHelpDeleteBodySchema,
  response: ContentDeletedSchema,
});
export const boContentHelpReorder = defineBoCall({
  id: 'boContentHelpReorder',
  method: 'POST',
  path: '/bo/api/content/help/reorder',
  access,
  summary: "Sets the help centre's order: every article, first first",
  body: ContentHelpReorderBodySchema,
  response: ContentReorderedSchema,
});
export const boContentPreview = defineBoCall({
  id: 'boContentPreview',
  method: 'POST',
  path: '/bo/api/content/preview',
  access,
  summary: 'The HTML as a player would be shown it (sanitised as when stored)',
  body: ContentPreviewBodySchema,
  response: ContentPreviewSchema,
});

export const boContentVersions = defineBoCall({
  id: 'boContentVersions',
  method: 'GET',
  path: '/bo/api/content/versions',
  access,
  summary: "An item's versions in other languages (notice, promotion, banner, help article, goods)",
  query: ContentVersionKeySchema,
  response: ContentVersionsSchema,
});
export const boContentVersionSave = defineBoCall({
  id: 'boContentVersionSave',
  method: 'POST',
  path: '/bo/api/content/versions/save',
  access,
  summary: "Adds or changes an item's version in one language, its HTML sanitised",
  body: ContentVersionInputSchema,
  response: ContentVersionSchema,
});
export const boContentVersionDelete = defineBoCall({
  id: 'boContentVersionDelete',
  method: 'POST',
  path: '/bo/api/content/versions/delete',
  access,
  summary: "Removes an item's version in one language (players then read the fallback)",
  body: ContentVersionDeleteSchema,
  response: z.object({ removed: z.boolean() }),
});

export const contentCalls: readonly BoCallDef[] = [
  boContentNotices,
  boContentNotice,
  boContentNoticeCreate,
  boContentNoticeUpdate,
  boContentNoticePublish,
  boContentNoticeDelete,
  boContentNoticeReorder,
  boContentBanners,
  boContentBanner,
  boContentBannerCreate,
  boContentBannerUpdate,
  boContentBannerPublish,
  boContentBannerDelete,
  boContentBannerReorder,
  boContentImageUpload,
  boContentHelp,
  boContentHelpArticle,
  boContentHelpCreate,
  boContentHelpUpdate,
  boContentHelpPublish,
  boContentHelpDelete,
  boContentHelpReorder,
  boContentPreview,
  boContentVersions,
  boContentVersionSave,
  boContentVersionDelete,
];
