import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  exportTeam,
  getTeam,
  getTeamMember,
  sendTeamMessage,
  setTeamAgent,
  setTeamRemark,
  setTeamStatus,
  TeamExportQuerySchema,
} from '@app/contract';
import { registerCall } from '../../platform/http/register-calls.ts';
import { requireAgent, requireSession } from '../../platform/auth/session.ts';

/** Team management (issue 29): every call is an agent's (requireAgent, ER-28/29) on its own team. */
export async function teamRoutes(app: FastifyInstance): Promise<void> {
  const { agentTeam } = app.ctx;
  const agentOf = (session: Parameters<typeof requireAgent>[0]) => requireAgent(session).memberId;
  registerCall(app, getTeam, ({ session, query }) => agentTeam.page(agentOf(session), query));
  registerCall(app, getTeamMember, ({ session, query }) => agentTeam.member(agentOf(session), query.userId));
  registerCall(app, setTeamRemark, ({ session, body }) =>
    agentTeam.setRemark(agentOf(session), body.userId, body.remark),
  );
  registerCall(app, setTeamStatus, ({ session, body }) =>
    agentTeam.setStatus(agentOf(session), body.userId, body.status),
  );
  registerCall(app, setTeamAgent, ({ session, body }) => agentTeam.setAgent(agentOf(session), body.userId));
  registerCall(app, sendTeamMessage, ({ session, body }) =>
    agentTeam.sendMessage(agentOf(session), session.username, body.userId, body),
  );

  // A file, not the envelope: the token is checked first, like every call (decision 001).
  app.withTypeProvider<ZodTypeProvider>().get(
    exportTeam.path,
    {
      onRequest: async (req) => {
        await requireSession(req);
      },
      schema: {
        operationId: exportTeam.id,
        summary: exportTeam.summary,
        tags: [exportTeam.moduleId],
        security: [{ token: [] }],
        querystring: TeamExportQuerySchema,
        response: { 200: exportTeam.response },
      },
    },
    async (req, reply) => {
      const session = requireAgent(await requireSession(req));
      const file = await agentTeam.csv(session.memberId, req.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
}
