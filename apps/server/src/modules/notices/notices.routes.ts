import type { FastifyInstance } from 'fastify';
import { getAgentAnnouncements, getListAnnouncements } from '@app/contract';
import { requireAgent } from '../../platform/auth/session.ts';
import { registerCall } from '../../platform/http/register-calls.ts';

export async function noticesRoutes(app: FastifyInstance): Promise<void> {
  const { notices } = app.ctx;
  registerCall(app, getListAnnouncements, ({ query }) =>
    notices.list(query.types.split(','), query.execution, query.groupName ?? ''),
  );
  // The agent centre's Announcement page: agents only (ER-28, ER-29), the notices addressed to them.
  registerCall(app, getAgentAnnouncements, ({ session, query }) => {
    requireAgent(session);
    return notices.agentPage(query);
  });
}
