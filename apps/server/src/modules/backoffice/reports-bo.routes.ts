import type { FastifyInstance } from 'fastify';
import { backoffice } from '@app/contract';
import { registerBoCall } from './backoffice.routes.ts';

/** The Reports (issue 31, decision 038), for report.read. */
export async function reportsBoRoutes(app: FastifyInstance): Promise<void> {
  const { staff: staffService, reportsBo } = app.ctx;
  registerBoCall(app, staffService, backoffice.boReport, ({ query }) => reportsBo.read(query));
}
