import { lazy } from 'react';
import { i18n } from '../../shared/i18n/i18n.ts';

/** The chat room's strings (locales/chat). */
export const CHAT_NS = 'chat';

/** /chatRoom (HD-05, HD-06; decision 054): a lazy chunk with its strings. */
export const loadChatRoomPage = () =>
  Promise.all([import('./chat-room-page.tsx'), i18n.loadNamespaces(CHAT_NS)]).then(([m]) => ({
    Component: m.ChatRoomPage,
  }));

/**
 * The member bar's chat entry with its unread badge, lazy: shown only while the CBS3 switch is
 * on, so a site without the room loads none of it.
 */
export const ChatButton = lazy(() =>
  Promise.all([import('./chat-button.tsx'), i18n.loadNamespaces(CHAT_NS)]).then(([m]) => ({
    default: m.ChatButton,
  })),
);
