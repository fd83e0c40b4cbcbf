/**
 * The query keys the live stream (use-live-updates.ts) writes to or refreshes. The features that
 * own these queries use the same keys, so an event lands in the cache the page already reads.
 */
export const LiveKeys = {
  /** GET /wps/v2/wallets/balance (the member bar's balance). */
  balance: ['wallet', 'balance'],
  /** GET /wps/relay/CSP_unreadCount (the messages badge). */
  unread: ['member', 'unread'],
  /** Every inbox query: refreshed when the unread count changes. */
  messages: ['messages'],
  /** Every records query: refreshed when the balance changes (a movement happened). */
  records: ['records'],
  /** Every chat-room query (features/chat/keys.ts): dropped with the session. */
  chat: ['chat'],
  /** GET /wps/relay/CBS_unreadCount (the chat entry's badge), written by the stream's `chat` events. */
  chatUnread: ['chat', 'unread'],
  /** The chat room's groups and pages: read again on a `chat` event. */
  chatLaunch: ['chat', 'launch'],
  chatMessages: ['chat', 'messages'],
} as const;
