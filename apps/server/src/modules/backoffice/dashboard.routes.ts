import type { FastifyInstance } from 'fastify';
import { backoffice } from '@app/contract';
import { registerBoCall } from './backoffice.routes.ts';

/** The Dashboard's figures (issue 31, decision 031 "Dashboard figures"), for dashboard.read. */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const { staff: staffService, dashboard } = app.ctx;
  registerBoCall(app, staffService, backoffice.boDashboard, ({ query }) => dashboard.read(query));
}
