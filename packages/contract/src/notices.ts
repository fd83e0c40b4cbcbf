import { z } from 'zod';
import { defineCall } from './call.ts';

/** Who a notice is for: B both, L logged-in players, G guests (decision 004). */
export const NoticeExecutionSchema = z.enum(['B', 'L', 'G']);

export const NoticeSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string(),
  /** HTML; sanitised by the client before render. */
  content: z.string(),
  execution: NoticeExecutionSchema,
  /** Publication time, epoch milliseconds. */
  date: z.number(),
  /** When the notice (a promotion's offer) starts, epoch milliseconds: its publication time. */
  startDate: z.number(),
});
export type Notice = z.infer<typeof NoticeSchema>;

/**
 * A banner as the original reads it: `url` is the image; a click follows `linkage` by
 * `linkageType` ("URL": a path of the site or an address; "" when the banner links nowhere).
 */
export const BannerSchema = z.object({
  id: z.number().int(),
  /** Banner group: `index` (home carousel), `w_login`, `w_register`, `w_promotion`. */
  groupName: z.string(),
  title: z.string(),
  url: z.string(),
  linkage: z.string(),
  linkageType: z.enum(['URL', '']),
  date: z.number(),
});
export type Banner = z.infer<typeof BannerSchema>;

export const AnnouncementsSchema = z.object({
  popup: z.array(NoticeSchema),
  /** Player notices (type PL). */
  player: z.array(NoticeSchema),
  banners: z.array(BannerSchema),
  promotion: z.array(NoticeSchema),
  /** Hot headlines (type H). */
  hot: z.array(NoticeSchema),
});
export type Announcements = z.infer<typeof AnnouncementsSchema>;

export const getListAnnouncements = defineCall({
  id: 'getListAnnouncements',
  method: 'GET',
  path: '/wps/relay/MCSFE_getListAnnouncements',
  moduleId: 'COMM3',
  token: false,
  summary: 'Announcements: popup, player notices, banners, promotion (and hot headlines for type H)',
  query: z.object({
    types: z
      .string()
      .max(64)
      .regex(/^(B|PL|PU|PR|H)(,(B|PL|PU|PR|H))*$/, 'types is a comma-separated list of B, PL, PU, PR, H')
      .default('B,PL,PU,PR'),
    platform: z.literal('W').default('W'),
    execution: NoticeExecutionSchema.default('B'),
    /** Narrows the banners to one group (`w_promotion`, `w_register`, ...); empty means all. */
    groupName: z
      .string()
      .max(64)
      .regex(/^[A-Za-z0-9_-]*$/, 'groupName is a banner group such as w_promotion')
      .optional(),
  }),
  response: AnnouncementsSchema,
});
