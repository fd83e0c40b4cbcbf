import type { FastifyInstance } from 'fastify';
import { deleteMessages, getInbox, getUnreadCount, readAllMessages, readMessages } from '@app/contract';
import { registerCall } from '../../platform/http/register-calls.ts';

export async function messagesRoutes(app: FastifyInstance): Promise<void> {
  const { messages } = app.ctx;
  registerCall(app, getUnreadCount, ({ session }) => messages.unreadCount(session.memberId));
  registerCall(app, getInbox, ({ session, query }) => messages.inbox(session.memberId, query));
  registerCall(app, readMessages, ({ session, body }) => messages.read(session.memberId, body.ids));
  registerCall(app, readAllMessages, ({ session }) => messages.readAll(session.memberId));
  registerCall(app, deleteMessages, ({ session, body }) => messages.remove(session.memberId, body.ids));
}
