import type { FastifyInstance } from 'fastify';
import {
  backoffice,
  getChatMessages,
  getChatPermission,
  getChatUnread,
  launchChat,
  markChatRead,
  sendChatMessage,
} from '@app/contract';
import { registerCall } from '../../platform/http/register-calls.ts';
import { actorOf, registerBoCall } from '../backoffice/backoffice.routes.ts';

/**
 * The chat room (decision 054): the original's three CBS relay calls, our messages, and the
 * console's moderation desk (chat.moderate). Every call checks the caller against the group.
 */
export async function chatRoutes(app: FastifyInstance): Promise<void> {
  const { chat, staff: staffService } = app.ctx;
  registerCall(app, getChatPermission, ({ session, query }) => chat.permission(session, query.groupId));
  registerCall(app, launchChat, ({ session, query }) => chat.launch(session, query.groupId));
  registerCall(app, getChatUnread, ({ session }) => chat.unread(session));
  registerCall(app, getChatMessages, ({ session, query }) => chat.messages(session, query));
  registerCall(app, sendChatMessage, ({ session, body }) => chat.send(session, body.groupId, body.content));
  registerCall(app, markChatRead, ({ session, body }) =>
    chat.markRead(session, body.groupId, body.messageId),
  );

  const bo = backoffice;
  registerBoCall(app, staffService, bo.boChatMessages, ({ query }) => chat.boMessages(query));
  registerBoCall(app, staffService, bo.boChatRemove, ({ staff, body, caller }) =>
    chat.boRemove(actorOf(staff, caller), body.id, body.reason),
  );
  registerBoCall(app, staffService, bo.boChatMutes, () => chat.boMutes());
  registerBoCall(app, staffService, bo.boChatMute, ({ staff, body, caller }) =>
    chat.boMute(actorOf(staff, caller), body.memberId, body.minutes, body.reason),
  );
  registerBoCall(app, staffService, bo.boChatUnmute, ({ staff, body, caller }) =>
    chat.boUnmute(actorOf(staff, caller), body.memberId),
  );
  registerBoCall(app, staffService, bo.boChatGroups, () => chat.boGroups());
  registerBoCall(app, staffService, bo.boChatGroupSave, ({ staff, body, caller }) =>
    chat.boGroupSave(actorOf(staff, caller), body),
  );
  registerBoCall(app, staffService, bo.boChatGroupSetOpen, ({ staff, body, caller }) =>
    chat.boGroupSetOpen(actorOf(staff, caller), body.id, body.open, body.reason),
  );
  registerBoCall(app, staffService, bo.boChatGroupOrder, ({ staff, body, caller }) =>
    chat.boGroupOrder(actorOf(staff, caller), body.ids),
  );
  registerBoCall(app, staffService, bo.boChatGroupDelete, ({ staff, body, caller }) =>
    chat.boGroupDelete(actorOf(staff, caller), body.id, body.reason),
  );
}
