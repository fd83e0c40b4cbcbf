import type { FastifyInstance } from 'fastify';
import { getListAnnouncements } from '@app/contract';
import { registerCall } from '../../platform/http/register-calls.ts';

export async function noticesRoutes(app: FastifyInstance): Promise<void> {
  const { notices } = app.ctx;
  registerCall(app, getListAnnouncements, ({ query }) =>
    notices.list(query.types.split(','), query.execution, query.groupName ?? ''),
  );
}
