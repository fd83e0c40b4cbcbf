import type { FastifyInstance } from 'fastify';
import {
  getDownlineTransfer,
  getLuckyBags,
  getLuckyBagShares,
  sendLuckyBag,
  transferToDownline,
} from '@app/contract';
import { registerCall } from '../../platform/http/register-calls.ts';
import { requireAgent } from '../../platform/auth/session.ts';

/** Transfers of the agent centre (issue 29): to a direct downline and the lucky bag. */
export async function agentTransferRoutes(app: FastifyInstance): Promise<void> {
  const { agentTransfers } = app.ctx;
  registerCall(app, getDownlineTransfer, ({ session }) =>
    agentTransfers.info(requireAgent(session).memberId),
  );
  registerCall(app, transferToDownline, ({ session, body }) =>
    agentTransfers.toDownline(requireAgent(session).memberId, body),
  );
  registerCall(app, sendLuckyBag, ({ session, body }) =>
    agentTransfers.luckyBag(requireAgent(session).memberId, body),
  );
  registerCall(app, getLuckyBags, ({ session, query }) =>
    agentTransfers.luckyBags(requireAgent(session).memberId, query),
  );
  registerCall(app, getLuckyBagShares, ({ session, query }) =>
    agentTransfers.luckyBagShares(requireAgent(session).memberId, query.bagId),
  );
}
