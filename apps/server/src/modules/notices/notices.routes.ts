import type { FastifyInstance } from 'fastify';
import { getAgentAnnouncements, getListAnnouncements } from '@app/contract';
import { requireAgent } from '../../platform/auth/session.ts';
import { registerCall } from '../../platform/http/register-calls.ts';

export async function noticesRoutes(app: FastifyInstance): Promise<void> {
  const { notices, contentVersions } = app.ctx;
  // In the player's language (the Language header; decision 047), in the original's shape.
  registerCall(app, getListAnnouncements, async ({ query, caller }) => {
    const chain = contentVersions.chainFor(undefined, caller);
    const list = await notices.list(query.types.split(','), query.execution, query.groupName ?? '');
    return contentVersions.announcements(list, chain);
  });
  // The agent centre's Announcement page: agents only (ER-28, ER-29), the notices addressed to them.
  registerCall(app, getAgentAnnouncements, ({ session, query }) => {
    requireAgent(session);
    return notices.agentPage(query);
  });
}
