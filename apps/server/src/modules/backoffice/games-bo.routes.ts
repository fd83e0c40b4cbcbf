import type { FastifyInstance } from 'fastify';
import { backoffice } from '@app/contract';
import { actorOf, registerBoCall } from './backoffice.routes.ts';

const at = (ms: number | null) => (ms === null ? null : new Date(ms));

/**
 * The Games section's calls (issue 31, decision 035): each needs `game.manage`, checked before the
 * body is read, and acts through the back office's games service (audited; the players' caches
 * are told through the change feed).
 */
export async function gamesBoRoutes(app: FastifyInstance): Promise<void> {
  const { staff: staffService, gamesBo } = app.ctx;
  const bo = backoffice;

  registerBoCall(app, staffService, bo.boGameVendors, () => gamesBo.vendors());
  registerBoCall(app, staffService, bo.boGameVendorEnable, ({ staff, body, caller }) =>
    gamesBo.setVendorEnabled(actorOf(staff, caller), body.vassalage, body.enabled),
  );
  registerBoCall(app, staffService, bo.boGameVendorMaintenance, ({ staff, body, caller }) =>
    gamesBo.setVendorMaintenance(actorOf(staff, caller), body.vassalage, at(body.from), at(body.until)),
  );
  registerBoCall(app, staffService, bo.boGames, ({ query }) => gamesBo.page(query));
  registerBoCall(app, staffService, bo.boGameEnable, ({ staff, body, caller }) =>
    gamesBo.setGameEnabled(actorOf(staff, caller), body.nodeId, body.enabled),
  );
  registerBoCall(app, staffService, bo.boGameList, ({ query }) => gamesBo.list(query.list));
  registerBoCall(app, staffService, bo.boGameListMember, ({ staff, body, caller }) =>
    gamesBo.setListMember(actorOf(staff, caller), body.list, body.nodeId, body.member),
  );
  registerBoCall(app, staffService, bo.boGameListOrder, ({ staff, body, caller }) =>
    gamesBo.orderList(actorOf(staff, caller), body.list, body.nodeIds),
  );
}
