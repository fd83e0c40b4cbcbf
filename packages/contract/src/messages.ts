import { z } from 'zod';
import { defineCall } from './call.ts';

/**
 * Platform messages (messageV2, spec A §2; RM-05, RM-06). The inbox answers in the original's
 * shape (research/original-wire.md: `CSP_getInbox` with page, size, sort "sendTime:desc", read,
 * startTime, endTime → `value.content[]` with read and subject). The unread count is
 * `getUnreadCount` (member.ts), answered from the same table.
 */
export const MESSAGES_MAX_PAGE_SIZE = 50;
/** The most ids one read or delete call acts on. */
export const MESSAGES_MAX_IDS = 100;
export const MESSAGE_SUBJECT_MAX = 200;
export const MESSAGE_BODY_MAX = 20_000;

/**
 * A time of the inbox query: epoch ms, or a date-time text (ISO 8601, or `yyyy-MM-dd HH:mm:ss`
 * read as UTC). The original client's form of `startTime`/`endTime` is not known, so both are read.
 */
const inboxTime = z
  .string()
  .max(40)
  .transform((text, ctx) => {
    const t = text.trim();
    const ms = /^\d{1,16}$/.test(t)
      ? Number(t)
      : Date.parse(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(t) ? `${t.replace(' ', 'T')}Z` : t);
    if (!Number.isFinite(ms) || ms < 0 || ms > 8.64e15) {
      ctx.addIssue({ code: 'custom', message: 'Expected epoch milliseconds or an ISO 8601 date-time' });
      return z.NEVER;
    }
    return ms;
  });

export const InboxQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    size: z.coerce.number().int().min(1).max(MESSAGES_MAX_PAGE_SIZE).default(10),
    sort: z.enum(['sendTime:desc', 'sendTime:asc']).default('sendTime:desc'),
    /** "false" lists only unread messages, "true" only read ones; absent lists both. */
    read: z.enum(['true', 'false']).optional(),
    /** Sent at or after: epoch ms or a date-time. */
    startTime: inboxTime.optional(),
    /** Sent before: epoch ms or a date-time. */
    endTime: inboxTime.optional(),
  })
  .refine((q) => q.startTime === undefined || q.endTime === undefined || q.endTime > q.startTime, {
    path: ['endTime'],
    message: 'endTime must be after startTime',
  });

export const InboxMessageSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  /** HTML; the client sanitises it before rendering. */
  content: z.string(),
  read: z.boolean(),
  /** Epoch ms. */
  sendTime: z.number(),
});
export type InboxMessage = z.infer<typeof InboxMessageSchema>;

export const InboxSchema = z.object({
  content: z.array(InboxMessageSchema),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
  /** Unread messages of the member in all (not only this page). */
  unread: z.number().int(),
});
export type Inbox = z.infer<typeof InboxSchema>;

const IdsSchema = z.object({
  ids: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(MESSAGES_MAX_IDS),
});

const ChangedSchema = z.object({
  /** Messages whose state this call changed. */
  changed: z.number().int(),
  /** The unread count after the call. */
  unread: z.number().int(),
});
export type MessagesChanged = z.infer<typeof ChangedSchema>;

export const getInbox = defineCall({
  id: 'getInbox',
  method: 'GET',
  path: '/wps/relay/CSP_getInbox',
  moduleId: 'CSP',
  token: true,
  summary: "The member's platform messages, newest first by default, paged",
  query: InboxQuerySchema,
  response: InboxSchema,
});

export const readMessages = defineCall({
  id: 'readMessages',
  method: 'POST',
  path: '/wps/relay/CSP_readMessage',
  moduleId: 'CSP',
  token: true,
  summary: "Marks the member's messages read (all ids must be the caller's)",
  body: IdsSchema,
  response: ChangedSchema,
});

export const readAllMessages = defineCall({
  id: 'readAllMessages',
  method: 'POST',
  path: '/wps/relay/CSP_readAllMessage',
  moduleId: 'CSP',
  token: true,
  summary: 'Marks every message of the member read',
  response: ChangedSchema,
});

export const deleteMessages = defineCall({
  id: 'deleteMessages',
  method: 'DELETE',
  path: '/wps/relay/CSP_deleteMessage',
  moduleId: 'CSP',
  token: true,
  summary: "Deletes the member's messages (all ids must be the caller's)",
  body: IdsSchema,
  response: ChangedSchema,
});
