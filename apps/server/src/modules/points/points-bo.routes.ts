import type { FastifyInstance } from 'fastify';
import { backoffice } from '@app/contract';
import { actorOf, registerBoCall } from '../backoffice/backoffice.routes.ts';

/**
 * The points mall in the back office (decision 033 "The mall"): the redeem queue and its decisions
 * (points.approve), the goods (content.edit); through the mall service, the CLI's path too.
 */
export async function pointsBoRoutes(app: FastifyInstance): Promise<void> {
  const { staff: staffService, mall } = app.ctx;
  const bo = backoffice;
  registerBoCall(app, staffService, bo.boPointsRedeemQueue, async ({ query }) => {
    const r = await mall.queue(query);
    return { list: r.list, total: r.total, page: query.page, size: query.size };
  });
  registerBoCall(app, staffService, bo.boPointsRedeemApprove, ({ staff, body, caller }) =>
    mall.approve(actorOf(staff, caller), body.id, body.note),
  );
  registerBoCall(app, staffService, bo.boPointsRedeemReject, ({ staff, body, caller }) =>
    mall.reject(actorOf(staff, caller), body.id, body.reason),
  );
  registerBoCall(app, staffService, bo.boMallGoods, async () => ({ list: await mall.allGoods() }));
  registerBoCall(app, staffService, bo.boMallGoodsSave, ({ staff, body, caller }) => {
    const { id, ...input } = body;
    return id === undefined
      ? mall.createGoods(actorOf(staff, caller), input)
      : mall.updateGoods(actorOf(staff, caller), id, input);
  });
}
