import { z } from 'zod';
import { defineBoCall, type BoCallDef } from './calls.ts';

/**
 * The chat room's moderation desk (issue 32, decision 054): staff with `chat.moderate` (admin,
 * support) read the groups' messages, remove one (it leaves the players' room at once; kept, with
 * who removed it and why) and mute a player for a while (reads, but cannot send) or lift a mute.
 * Every write is audited with before and after.
 */

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const reason = z
  .string()
  .trim()
  .min(1, 'Give a reason (1 to 200 characters)')
  .max(200, 'At most 200 characters');
/** A mute lasts 1 minute to 30 days. */
export const CHAT_MUTE_MAX_MINUTES = 43_200;

export const BoChatQuerySchema = z.object({
  groupId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** A username prefix. */
  username: z.string().trim().max(32).optional(),
  /** SHOWN: what players see; REMOVED: what staff removed; ALL. */
  view: z.enum(['SHOWN', 'REMOVED', 'ALL']).default('SHOWN'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(50),
});

export const BoChatMessageSchema = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  groupName: z.string(),
  memberId: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  /** Plain text as the player wrote it: show as text. */
  content: z.string(),
  sentAt: z.number(),
  removedAt: z.number().nullable(),
  removedBy: z.string().nullable(),
  removeReason: z.string(),
  /** Epoch ms until which the sender is muted; null: not muted. */
  mutedUntil: z.number().nullable(),
});
export type BoChatMessage = z.infer<typeof BoChatMessageSchema>;

export const BoChatGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  minRank: z.number().int(),
  enabled: z.boolean(),
});

export const boChatMessages = defineBoCall({
  id: 'boChatMessages',
  method: 'GET',
  path: '/bo/api/chat/messages',
  access: 'chat.moderate',
  summary: "The chat room's messages, newest first, by group, sender and view; a page and the count",
  query: BoChatQuerySchema,
  response: z.object({
    list: z.array(BoChatMessageSchema),
    total: z.number().int(),
    groups: z.array(BoChatGroupSchema),
  }),
});

export const boChatRemove = defineBoCall({
  id: 'boChatRemove',
  method: 'POST',
  path: '/bo/api/chat/messages/remove',
  access: 'chat.moderate',
  summary: "Removes a message from the players' room, with a reason (audited chat.message.remove; once only)",
  body: z.object({ id, reason }),
  response: BoChatMessageSchema,
});

export const BoChatMuteSchema = z.object({
  memberId: z.number().int(),
  username: z.string(),
  until: z.number(),
  reason: z.string(),
  mutedBy: z.string(),
});
export type BoChatMute = z.infer<typeof BoChatMuteSchema>;

export const boChatMutes = defineBoCall({
  id: 'boChatMutes',
  method: 'GET',
  path: '/bo/api/chat/mutes',
  access: 'chat.moderate',
  summary: 'The players muted in the chat room now, the mute ending first at the top',
  response: z.object({ list: z.array(BoChatMuteSchema) }),
});

export const boChatMute = defineBoCall({
  id: 'boChatMute',
  method: 'POST',
  path: '/bo/api/chat/mute',
  access: 'chat.moderate',
  summary: 'Mutes a player in the chat room for 1 minute to 30 days, with a reason (audited chat.mute)',
  body: z.object({
    memberId: id,
    minutes: z.number().int().min(1).max(CHAT_MUTE_MAX_MINUTES),
    reason,
  }),
  response: BoChatMuteSchema,
});

export const boChatUnmute = defineBoCall({
  id: 'boChatUnmute',
  method: 'POST',
  path: '/bo/api/chat/unmute',
  access: 'chat.moderate',
  summary: "Lifts a player's mute (audited chat.unmute)",
  body: z.object({ memberId: id }),
  response: z.object({ memberId: z.number().int(), muted: z.literal(false) }),
});

// ---- The groups (issue 32: the console's "Chat groups" page) ----

/** A group as the console lists it: what players see of it, who may enter, how busy it is. */
export const BoChatGroupRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  minRank: z.number().int(),
  /** Open: players of the rank may enter and post; closed: refused with `chat.group.closed`. */
  enabled: z.boolean(),
  /** Active real-account members whose VIP rank reaches the group's. */
  members: z.number().int(),
  /** Messages in the room now (removed ones not counted). */
  messages: z.number().int(),
  createdAt: z.number(),
});
export type BoChatGroupRow = z.infer<typeof BoChatGroupRowSchema>;

/** A group's id (a 32-bit serial). */
const groupId = z.coerce.number().int().positive().max(2_147_483_647);

/** The VIP levels run 1 to 20 (migration 054); 0 lets every rank in. */
export const CHAT_GROUP_MAX_RANK = 20;

export const BoChatGroupBodySchema = z.object({
  /** Absent: a new group (open, last in the list). */
  id: groupId.optional(),
  name: z
    .string()
    .trim()
    .min(1, 'Give the group a name (1 to 60 characters)')
    .max(60, 'A name has at most 60 characters'),
  description: z.string().trim().max(200, 'A description has at most 200 characters').default(''),
  minRank: z.coerce
    .number({ message: 'The minimum rank is a whole number from 0 to 20' })
    .int('The minimum rank is a whole number from 0 to 20')
    .min(0, 'The minimum rank is a whole number from 0 to 20')
    .max(CHAT_GROUP_MAX_RANK, 'The minimum rank is a whole number from 0 to 20'),
  reason,
});
export type BoChatGroupBody = z.infer<typeof BoChatGroupBodySchema>;

export const boChatGroups = defineBoCall({
  id: 'boChatGroups',
  method: 'GET',
  path: '/bo/api/chat/groups',
  access: 'chat.moderate',
  summary:
    "The chat room's groups in the players' order, open and closed, with who may enter and the messages",
  response: z.object({ list: z.array(BoChatGroupRowSchema) }),
});

export const boChatGroupSave = defineBoCall({
  id: 'boChatGroupSave',
  method: 'POST',
  path: '/bo/api/chat/groups/save',
  access: 'chat.moderate',
  summary:
    'Creates a chat group, or changes the name, description and minimum rank of one, with a reason (audited chat.group.create / chat.group.update)',
  body: BoChatGroupBodySchema,
  response: BoChatGroupRowSchema,
});

export const BoChatGroupOpenBodySchema = z.object({ id: groupId, open: z.boolean(), reason });

export const boChatGroupSetOpen = defineBoCall({
  id: 'boChatGroupSetOpen',
  method: 'POST',
  path: '/bo/api/chat/groups/open',
  access: 'chat.moderate',
  summary:
    'Closes a chat group (players are refused entry and posting; its messages are kept) or reopens it, with a reason (audited chat.group.close / chat.group.reopen)',
  body: BoChatGroupOpenBodySchema,
  response: BoChatGroupRowSchema,
});

/** The players' new order of the groups: every group's id, each once, the first shown first. */
export const BoChatGroupOrderBodySchema = z.object({
  ids: z
    .array(groupId, { message: 'Give the groups’ ids in their new order' })
    .min(1, 'Give the groups’ ids in their new order')
    .max(500, 'At most 500 groups')
    .refine((ids) => new Set(ids).size === ids.length, 'Name each group once'),
});

export const boChatGroupOrder = defineBoCall({
  id: 'boChatGroupOrder',
  method: 'POST',
  path: '/bo/api/chat/groups/order',
  access: 'chat.moderate',
  summary:
    "Sets the order players see the chat groups in: every group's id once, first first (audited chat.group.reorder); a list that is not every group is 409",
  body: BoChatGroupOrderBodySchema,
  response: z.object({ list: z.array(BoChatGroupRowSchema) }),
});

export const BoChatGroupDeleteBodySchema = z.object({ id: groupId, reason });

export const boChatGroupDelete = defineBoCall({
  id: 'boChatGroupDelete',
  method: 'POST',
  path: '/bo/api/chat/groups/delete',
  access: 'chat.moderate',
  summary:
    'Deletes a chat group that never held a message, with a reason (audited chat.group.delete with the whole group); one with messages, removed ones included, is 409 chat.group.has.messages: close it instead',
  body: BoChatGroupDeleteBodySchema,
  response: z.object({ id: z.number().int(), deleted: z.literal(true) }),
});

export const chatBoCalls: BoCallDef[] = [
  boChatMessages,
  boChatRemove,
  boChatMutes,
  boChatMute,
  boChatUnmute,
  boChatGroups,
  boChatGroupSave,
  boChatGroupSetOpen,
  boChatGroupOrder,
  boChatGroupDelete,
];
