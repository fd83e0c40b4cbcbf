import type { FastifyInstance } from 'fastify';
import {
  cancelRgPending,
  getRgSettings,
  getRgStatement,
  getRgStatus,
  setRgLimit,
  setRgSession,
  startRgBlock,
} from '@app/contract';
import { registerCall } from '../../platform/http/register-calls.ts';
import { requireRealAccount } from '../../platform/auth/session.ts';

/**
 * The player's responsible-gambling tools (issue 33, decision 039). Every call is the member's
 * own; trial accounts are refused (403 in_need_true_account): they play no real money.
 */
export async function responsibleRoutes(app: FastifyInstance): Promise<void> {
  const { responsible } = app.ctx;
  const me = (session: Parameters<typeof requireRealAccount>[0]) => requireRealAccount(session).memberId;

  registerCall(app, getRgSettings, ({ session }) => responsible.settings(me(session)));
  registerCall(app, setRgLimit, ({ session, body }) =>
    responsible.setMoneyLimit(me(session), body.kind, body.period, body.amount),
  );
  registerCall(app, cancelRgPending, ({ session, body }) =>
    responsible.cancelPending(me(session), body.kind, body.period),
  );
  registerCall(app, setRgSession, ({ session, body }) => responsible.setSession(me(session), body));
  registerCall(app, startRgBlock, async ({ session, body }) => {
    const { after } = await responsible.block(me(session), body.kind, body.duration);
    return after;
  });
  registerCall(app, getRgStatus, ({ session }) => responsible.status(me(session), session.sessionId));
  registerCall(app, getRgStatement, ({ session, query }) =>
    responsible.statement(me(session), query.period, query.count),
  );
}
