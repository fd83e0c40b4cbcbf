import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AgentReportExportQuerySchema,
  exportAgentReport,
  getAgentIncome,
  getAgentOverview,
  getAgentProfitLoss,
  getAgentTeamBets,
  getAgentTransactions,
} from '@app/contract';
import { registerCall } from '../../platform/http/register-calls.ts';
import { requireAgent, requireSession } from '../../platform/auth/session.ts';
import { buildAgentReportCsv } from './reports-export.ts';

/**
 * The agent centre's team reports (issue 29): every call is an agent's (requireAgent, ER-28/29)
 * and reads only its own team (reports.service.ts).
 */
export async function agentReportsRoutes(app: FastifyInstance): Promise<void> {
  const { agentReports, wallet } = app.ctx;
  const agentOf = (session: Parameters<typeof requireAgent>[0]) => requireAgent(session).memberId;
  registerCall(app, getAgentOverview, ({ session, query }) =>
    agentReports.overview(agentOf(session), query.range),
  );
  registerCall(app, getAgentTeamBets, ({ session, query }) => agentReports.teamBets(agentOf(session), query));
  registerCall(app, getAgentProfitLoss, ({ session, query }) =>
    agentReports.profitLoss(agentOf(session), query),
  );
  registerCall(app, getAgentIncome, ({ session, query }) => agentReports.income(agentOf(session), query));
  registerCall(app, getAgentTransactions, ({ session, query }) =>
    agentReports.transactions(agentOf(session), query),
  );

  // A file, not the envelope: the token is checked first, like every call (decision 001).
  app.withTypeProvider<ZodTypeProvider>().get(
    exportAgentReport.path,
    {
      onRequest: async (req) => {
        await requireSession(req);
      },
      schema: {
        operationId: exportAgentReport.id,
        summary: exportAgentReport.summary,
        tags: [exportAgentReport.moduleId],
        security: [{ token: [] }],
        querystring: AgentReportExportQuerySchema,
        response: { 200: exportAgentReport.response },
      },
    },
    async (req, reply) => {
      const session = requireAgent(await requireSession(req));
      const file = await buildAgentReportCsv(
        agentReports,
        session.memberId,
        req.query,
        wallet.currency().precision,
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
}
