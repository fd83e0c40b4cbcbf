import { LiveKeys } from '../../shared/realtime/live-keys.ts';

/** The chat room's query keys, under the live stream's (use-live-updates.ts writes `unread`, refreshes the rest). */
export const ChatKeys = {
  permission: [...LiveKeys.chat, 'permission'],
  unread: LiveKeys.chatUnread,
  launch: LiveKeys.chatLaunch,
  messages: (groupId: number) => [...LiveKeys.chatMessages, groupId],
} as const;
