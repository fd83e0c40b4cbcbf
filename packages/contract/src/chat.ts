import { z } from 'zod';
import { defineCall } from './call.ts';

/**
 * The chat room (issue 32, HD-05, HD-06; decision 054). The original client asks three relay
 * calls of the CBS3 module and reads only `value` of each: `CBS_groupPermission` (the permission
 * check flag: the room opens only when it is true), `CBS_launchChat` (what the room opens with) and
 * `CBS_unreadCount` (a number, as CSP_unreadCount is for the inbox). The messages themselves, their
 * sending and the read mark are ours (`/wps/chat/...`): the original's copy shows none.
 *
 * A chat group is open to a member whose VIP rank is at least the group's `minRank`; the room as a
 * whole needs the CBS3 switch on and a real (not free-play) account. Text is plain: stored as
 * written (control characters dropped), shown as text, never as HTML.
 */
export const CHAT_MESSAGE_MAX = 300;
export const CHAT_PAGE_MAX = 50;
/** Messages a member may send per 10 s, and per minute (decision 054). */
export const CHAT_SEND_PER_10S = 5;
export const CHAT_SEND_PER_MINUTE = 20;

const groupId = z.coerce.number().int().positive().max(2_147_483_647);
const messageId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * The text of a message: trimmed, control characters (other than line breaks) dropped, at most
 * three line breaks in a row, 1 to CHAT_MESSAGE_MAX characters (code points).
 */
export function cleanChatText(text: string): string {
  return (
    text
      .normalize('NFC')
      .replace(/\r\n?/g, '\n')
      // Control characters are what this drops.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g, '')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

export const ChatTextSchema = z
  .string()
  .max(CHAT_MESSAGE_MAX * 4)
  .transform(cleanChatText)
  .refine((s) => s.length > 0, { message: 'Write a message' })
  .refine((s) => [...s].length <= CHAT_MESSAGE_MAX, {
    message: `A message is at most ${CHAT_MESSAGE_MAX} characters`,
  });

export const ChatGroupSchema = z.object({
  groupId: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** The lowest VIP rank that may enter. */
  minRank: z.number().int(),
  /** Messages of others after the member's read mark. */
  unread: z.number().int(),
});
export type ChatGroup = z.infer<typeof ChatGroupSchema>;

export const ChatMessageSchema = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  /** The sender's nickname (or masked username); a removed message is never sent. */
  nickname: z.string(),
  /** Sent by the caller. */
  own: z.boolean(),
  /** Plain text: render as text. */
  content: z.string(),
  /** Epoch ms. */
  sentAt: z.number(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ChatLaunchSchema = z.object({
  /** The groups the member may enter, in the operator's order. */
  groups: z.array(ChatGroupSchema),
  /** The group the room opens on: the one asked for, else the first. */
  groupId: z.number().int(),
  nickname: z.string(),
  /** Epoch ms until which staff muted the member (may read, not send); null: not muted. */
  mutedUntil: z.number().nullable(),
});
export type ChatLaunch = z.infer<typeof ChatLaunchSchema>;

const GroupQuery = z.object({ groupId: groupId.optional() });

export const getChatPermission = defineCall({
  id: 'getChatPermission',
  method: 'GET',
  path: '/wps/relay/CBS_groupPermission',
  moduleId: 'CBS3',
  token: true,
  summary:
    'The chat room permission check flag (HD-05): may the member enter the room (any group, or the group asked)',
  query: GroupQuery,
  response: z.boolean(),
});

export const launchChat = defineCall({
  id: 'launchChat',
  method: 'GET',
  path: '/wps/relay/CBS_launchChat',
  moduleId: 'CBS3',
  token: true,
  summary:
    "Opens the chat room: the member's groups with their unread counts, the group opened, the nickname",
  query: GroupQuery,
  response: ChatLaunchSchema,
});

export const getChatUnread = defineCall({
  id: 'getChatUnread',
  method: 'GET',
  path: '/wps/relay/CBS_unreadCount',
  moduleId: 'CBS3',
  token: true,
  summary: 'Unread chat messages over the groups the member may enter (0 while the room is closed to them)',
  response: z.number().int(),
});

export const ChatMessagesQuerySchema = z.object({
  groupId,
  /** Older than this id (paging back); absent: the newest. */
  before: messageId.optional(),
  size: z.coerce.number().int().min(1).max(CHAT_PAGE_MAX).default(30),
});

export const getChatMessages = defineCall({
  id: 'getChatMessages',
  method: 'GET',
  path: '/wps/chat/messages',
  moduleId: 'CBS3',
  token: true,
  summary: "A group's messages, newest first (a page older than `before`); removed ones left out",
  query: ChatMessagesQuerySchema,
  response: z.object({ list: z.array(ChatMessageSchema), hasMore: z.boolean() }),
});

export const sendChatMessage = defineCall({
  id: 'sendChatMessage',
  method: 'POST',
  path: '/wps/chat/messages',
  moduleId: 'CBS3',
  token: true,
  summary: 'Sends a plain-text message to a group the member may enter (rate-limited; refused while muted)',
  body: z.object({ groupId, content: ChatTextSchema }),
  response: ChatMessageSchema,
});

export const markChatRead = defineCall({
  id: 'markChatRead',
  method: 'POST',
  path: '/wps/chat/read',
  moduleId: 'CBS3',
  token: true,
  summary: "Moves the member's read mark of a group up to a message of that group",
  body: z.object({ groupId, messageId }),
  response: z.object({ unread: z.number().int() }),
});
