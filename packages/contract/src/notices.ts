import { z } from 'zod';
import { defineCall } from './call.ts';

export const NoticeSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string(),
  /** HTML; sanitised by the client before render. */
  content: z.string(),
  /** Epoch milliseconds. */
  date: z.number(),
});
export type Notice = z.infer<typeof NoticeSchema>;

export const BannerSchema = z.object({
  id: z.number().int(),
  /** Banner group: `index` (home carousel), `w_login`, `w_register`, `promotion`. */
  group: z.string(),
  title: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string(),
  date: z.number(),
});
export type Banner = z.infer<typeof BannerSchema>;

export const AnnouncementsSchema = z.object({
  popup: z.array(NoticeSchema),
  playerNotices: z.array(NoticeSchema),
  banners: z.array(BannerSchema),
  promotion: z.array(NoticeSchema),
  headlines: z.array(NoticeSchema),
});
export type Announcements = z.infer<typeof AnnouncementsSchema>;

export const getListAnnouncements = defineCall({
  id: 'getListAnnouncements',
  method: 'GET',
  path: '/wps/relay/MCSFE_getListAnnouncements',
  moduleId: 'MCSFE',
  token: false,
  summary: 'Announcements: popup, player notices, banners, promotion (and headlines for type H)',
  query: z.object({
    types: z
      .string()
      .max(64)
      .regex(/^(B|PL|PU|PR|H)(,(B|PL|PU|PR|H))*$/, 'types is a comma-separated list of B, PL, PU, PR, H')
      .default('B,PL,PU,PR'),
    platform: z.literal('W').default('W'),
    execution: z.enum(['B', 'L', 'G']).default('B'),
  }),
  response: AnnouncementsSchema,
});
