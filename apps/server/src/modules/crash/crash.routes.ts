import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CRASH_FEED_PATH,
  Errors,
  SANDBOX_VENDOR,
  cashOutCrash,
  getCrashHistory,
  getCrashState,
  placeCrashBet,
} from '@app/contract';
import { registerCall } from '../../platform/http/register-calls.ts';
import { resolveSession } from '../../platform/auth/session.ts';
import { fail } from '../../platform/http/errors.ts';
import { HOUSE_TICKET_HEADER } from '../house-games/house-games.routes.ts';
import type { HousePlayer } from '../house-games/house-games.service.ts';

/**
 * Crash's calls and feed (decision 055). The state, the history and the feed are public; a bet
 * and a cash-out are the session's member's, or a launched page's (its play ticket for `crash`).
 */
export async function crashRoutes(app: FastifyInstance): Promise<void> {
  const { crash, houseGames } = app.ctx;

  // An instance started without the loop (under Vitest) starts it at its first Crash call.
  app.addHook('onRequest', async (req) => {
    if (req.url.startsWith('/wps/sandbox/house/crash/')) await crash.ensureRunning();
  });

  async function playerOf(req: FastifyRequest, required: boolean): Promise<HousePlayer | null> {
    const ticket = req.headers[HOUSE_TICKET_HEADER];
    if (typeof ticket === 'string' && ticket.length > 0) {
      if (ticket.length > 128) throw fail(Errors.gameLaunchTokenInvalid);
      return houseGames.ticketPlayer(ticket, 'crash');
    }
    const session = await resolveSession(req).catch((err: unknown) => {
      if (required) throw err;
      return null;
    });
    if (session) return { memberId: session.memberId, vendor: SANDBOX_VENDOR };
    if (!required) return null;
    throw fail(req.headers.authorization ? Errors.sessionEnded : Errors.notLoggedIn);
  }

  registerCall(app, getCrashState, async ({ req }) => crash.state(await playerOf(req, false)));
  registerCall(app, getCrashHistory, async ({ req, query }) => {
    const viewer = await playerOf(req, false).catch(() => null);
    return crash.history(viewer?.memberId ?? null, query.pageNo, query.pageSize);
  });
  registerCall(app, placeCrashBet, async ({ req, body }) =>
    crash.placeBet((await playerOf(req, true))!, body.bet, body.autoCashOut),
  );
  registerCall(app, cashOutCrash, async ({ req }) => crash.cashOut((await playerOf(req, true))!));

  // The feed: public server-sent events (decision 055 says why not the session's stream).
  app.get(CRASH_FEED_PATH, async (_req, reply) => {
    reply.hijack();
    await crash.watch(reply.raw);
  });
}
