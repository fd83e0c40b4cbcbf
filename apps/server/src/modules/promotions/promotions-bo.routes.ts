import type { FastifyInstance } from 'fastify';
import { backoffice } from '@app/contract';
import { actorOf, registerBoCall } from '../backoffice/backoffice.routes.ts';

/**
 * Promotions' bonus rules (content.edit) and the reward requests' decisions (points.approve) in the
 * back office (decision 041), through the bonus service, the CLI's path too; audited there.
 */
export async function promotionsBoRoutes(app: FastifyInstance): Promise<void> {
  const { staff: staffService, bonus } = app.ctx;
  const bo = backoffice;
  registerBoCall(app, staffService, bo.boPromotionRules, () => bonus.rules());
  registerBoCall(app, staffService, bo.boPromotionRuleSave, ({ staff, body, caller }) =>
    bonus.saveRule(actorOf(staff, caller), body),
  );
  registerBoCall(app, staffService, bo.boPromotionRuleEnable, ({ staff, body, caller }) =>
    bonus.enableRule(actorOf(staff, caller), body.id, body.enabled),
  );
  registerBoCall(app, staffService, bo.boPromotionRequests, ({ query }) => bonus.requestPage(query));
  registerBoCall(app, staffService, bo.boPromotionRequestPicture, ({ query }) =>
    bonus.requestPicture(query.id, query.n),
  );
  registerBoCall(app, staffService, bo.boPromotionRequestApprove, ({ staff, body, caller }) =>
    bonus.approve(actorOf(staff, caller), body.id, body.amount),
  );
  registerBoCall(app, staffService, bo.boPromotionRequestReject, ({ staff, body, caller }) =>
    bonus.reject(actorOf(staff, caller), body.id, body.reason),
  );
}
