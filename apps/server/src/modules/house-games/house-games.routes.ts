import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  Errors,
  SANDBOX_VENDOR,
  autoBetHouseOriginal,
  cashOutHouseMines,
  playHouseOriginal,
  revealHouseMines,
  startHouseMines,
  getHouseRound,
  getHouseRounds,
  getHouseState,
  openHouseTicket,
  playHouseTable,
  rotateHouseSeed,
  setHouseClientSeed,
  spinHouseSlot,
  startHouseHiLo,
  actHouseHiLo,
  cashOutHouseHiLo,
  startHouseBlackjack,
  actHouseBlackjack,
} from '@app/contract';
import { registerCall } from '../../platform/http/register-calls.ts';
import { resolveSession } from '../../platform/auth/session.ts';
import { fail } from '../../platform/http/errors.ts';
import type { HousePlayer } from './house-games.service.ts';

/** The header a launched game page sends its play ticket in. */
export const HOUSE_TICKET_HEADER = 'x-house-ticket';

/**
 * The house games' calls (decision 020). The player is the session's member (a signed-in player
 * on the site itself) or the holder of a play ticket for this game (a page opened by a launch).
 */
export async function houseGamesRoutes(app: FastifyInstance): Promise<void> {
  const { houseGames } = app.ctx;

  async function playerOf(req: FastifyRequest, gameCode: string): Promise<HousePlayer> {
    const ticket = req.headers[HOUSE_TICKET_HEADER];
    if (typeof ticket === 'string' && ticket.length > 0) {
      if (ticket.length > 128) throw fail(Errors.gameLaunchTokenInvalid);
      return houseGames.ticketPlayer(ticket, gameCode);
    }
    const session = await resolveSession(req);
    if (session) return { memberId: session.memberId, vendor: SANDBOX_VENDOR };
    throw fail(req.headers.authorization ? Errors.sessionEnded : Errors.notLoggedIn);
  }

  registerCall(app, openHouseTicket, ({ body }) => houseGames.openTicket(body.launchToken, body.gameCode));
  registerCall(app, getHouseState, async ({ req, query }) =>
    houseGames.state(await playerOf(req, query.gameCode), query.gameCode),
  );
  registerCall(app, spinHouseSlot, async ({ req, body }) =>
    houseGames.spin(await playerOf(req, body.gameCode), body.gameCode, body.bet),
  );
  registerCall(app, playHouseTable, async ({ req, body }) =>
    houseGames.table(await playerOf(req, body.gameCode), body.gameCode, body.bets),
  );
  registerCall(app, setHouseClientSeed, async ({ req, body }) =>
    houseGames.setClientSeed(await playerOf(req, body.gameCode), body.gameCode, body.clientSeed),
  );
  registerCall(app, rotateHouseSeed, async ({ req, body }) =>
    houseGames.rotate(await playerOf(req, body.gameCode), body.gameCode),
  );
  registerCall(app, getHouseRounds, async ({ req, query }) =>
    houseGames.rounds(await playerOf(req, query.gameCode), query.gameCode, query.pageNo, query.pageSize),
  );
  // The originals (decision 046).
  registerCall(app, playHouseOriginal, async ({ req, body }) =>
    houseGames.original(await playerOf(req, body.gameCode), body.gameCode, body),
  );
  registerCall(app, autoBetHouseOriginal, async ({ req, body }) =>
    houseGames.autoBet(await playerOf(req, body.gameCode), body.gameCode, body),
  );
  registerCall(app, startHouseMines, async ({ req, body }) =>
    houseGames.minesStart(await playerOf(req, body.gameCode), body.gameCode, body.bet, body.mines),
  );
  registerCall(app, revealHouseMines, async ({ req, body }) =>
    houseGames.minesReveal(await playerOf(req, body.gameCode), body.gameCode, body.tile),
  );
  registerCall(app, cashOutHouseMines, async ({ req, body }) =>
    houseGames.minesCashOut(await playerOf(req, body.gameCode), body.gameCode),
  );
  registerCall(app, startHouseHiLo, async ({ req, body }) =>
    houseGames.hiloStart(await playerOf(req, body.gameCode), body.gameCode, body.bet),
  );
  registerCall(app, actHouseHiLo, async ({ req, body }) =>
    houseGames.hiloAct(await playerOf(req, body.gameCode), body.gameCode, body.action, body.step),
  );
  registerCall(app, cashOutHouseHiLo, async ({ req, body }) =>
    houseGames.hiloCashOut(await playerOf(req, body.gameCode), body.gameCode),
  );
  registerCall(app, startHouseBlackjack, async ({ req, body }) =>
    houseGames.blackjackStart(await playerOf(req, body.gameCode), body.gameCode, body.bet),
  );
  registerCall(app, actHouseBlackjack, async ({ req, body }) =>
    houseGames.blackjackAct(await playerOf(req, body.gameCode), body.gameCode, body.action, body.step),
  );
  registerCall(app, getHouseRound, async ({ req, query }) => {
    const session = await resolveSession(req).catch(() => null);
    return houseGames.round(query.roundId, session?.memberId ?? null);
  });
}
