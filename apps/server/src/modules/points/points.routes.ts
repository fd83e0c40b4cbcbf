import type { FastifyInstance } from 'fastify';
import { getMemTransDet, getPointBalance, pointsToMajor } from '@app/contract';
import { registerCall } from '../../platform/http/register-calls.ts';

/** The points calls of the original (research/original-wire.md, "points"): balance and details. */
export async function pointsRoutes(app: FastifyInstance): Promise<void> {
  const { points } = app.ctx;
  registerCall(app, getPointBalance, async ({ session }) => ({
    points: pointsToMajor(await points.balance(session.memberId)),
  }));
  registerCall(app, getMemTransDet, async ({ session, query }) => {
    const r = await points.details(session.memberId, query);
    return {
      content: r.items.map((m) => ({
        id: m.id,
        type: m.type,
        changedPoints: pointsToMajor(m.points),
        pointsBalance: pointsToMajor(m.balance),
        time: m.at.getTime(),
      })),
      page: query.page,
      size: query.size,
      totalElements: r.total,
      totalPages: Math.ceil(r.total / query.size),
    };
  });
}
