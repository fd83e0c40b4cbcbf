import type { FastifyInstance, FastifyRequest } from 'fastify';
import { backoffice, getRaffleDraw, getRaffles } from '@app/contract';
import { registerCall } from '../../platform/http/register-calls.ts';
import { resolveSession } from '../../platform/auth/session.ts';
import { actorOf, registerBoCall } from '../backoffice/backoffice.routes.ts';

/**
 * Raffles (decision 053): the players' list and a draw's proof (a visitor sees them too; a member
 * also their ticket and wins), and the console's desk (content.edit). Entering is the original's
 * claim call with a raffleScheduleId (promotions.routes.ts).
 */
export async function rafflesRoutes(app: FastifyInstance): Promise<void> {
  const { raffles, staff: staffService } = app.ctx;
  // A visitor sees the raffles too; a live token adds the member's ticket and wins (an ended one: a visitor's view).
  const memberOf = async (req: FastifyRequest) =>
    (await resolveSession(req).catch(() => null))?.memberId ?? null;
  registerCall(app, getRaffles, async ({ req }) => raffles.list(await memberOf(req)));
  registerCall(app, getRaffleDraw, async ({ req, query }) => raffles.proof(query.id, await memberOf(req)));

  const bo = backoffice;
  registerBoCall(app, staffService, bo.boRaffles, ({ query }) => raffles.boList(query));
  registerBoCall(app, staffService, bo.boRaffleSave, ({ staff, body, caller }) =>
    raffles.save(actorOf(staff, caller), body),
  );
  registerBoCall(app, staffService, bo.boRaffleCancel, ({ staff, body, caller }) =>
    raffles.cancel(actorOf(staff, caller), body.id, body.reason),
  );
}
