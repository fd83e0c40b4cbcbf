import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  getAccountRecords,
  getBetRecords,
  getBonusDetails,
  getProfitLoss,
  exportRecords,
  RecordsExportQuerySchema,
} from '@app/contract';
import { registerCall } from '../../platform/http/register-calls.ts';
import { requireSession } from '../../platform/auth/session.ts';
import { buildRecordsCsv } from './records-export.ts';

export async function recordsRoutes(app: FastifyInstance): Promise<void> {
  const { records, wallet } = app.ctx;
  registerCall(app, getBetRecords, ({ session, query }) => records.bets(session.memberId, query));
  registerCall(app, getAccountRecords, ({ session, query }) => records.account(session.memberId, query));
  registerCall(app, getProfitLoss, ({ session, query }) => records.profitLoss(session.memberId, query));
  registerCall(app, getBonusDetails, ({ session, query }) => records.bonus(session.memberId, query));

  // A file, not the envelope: the token is checked first, like every call (decision 001).
  app.withTypeProvider<ZodTypeProvider>().get(
    exportRecords.path,
    {
      onRequest: async (req) => {
        await requireSession(req);
      },
      schema: {
        operationId: exportRecords.id,
        summary: exportRecords.summary,
        tags: [exportRecords.moduleId],
        security: [{ token: [] }],
        querystring: RecordsExportQuerySchema,
        // The file is sent as text (the serialiser leaves a string with its own content type alone).
        response: { 200: exportRecords.response },
      },
    },
    async (req, reply) => {
      const session = await requireSession(req);
      const file = await buildRecordsCsv(records, session.memberId, req.query, wallet.currency().precision);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
}
