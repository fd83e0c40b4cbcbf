import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  cancelLotteryOrders,
  getChaseNumeros,
  getDrawHistory,
  getDrawVerify,
  getHotGap,
  getLatestDraws,
  getLotteryGameMenus,
  getLotteryGameMenusRecent,
  getLotteryGames,
  getLotteryOrder,
  getLotteryPlayMenu,
  getLotterySeries,
  getLotterySetting,
  getLottoOpenedNumeros,
  getNumerosNear,
  getOpenedNumeros,
  getPopularLotteries,
  getTodayLotteryOrders,
  getTrendChart,
  getVnGameMenu,
  getVnGameMenuRecent,
  getVnOpenedNumeros,
  placeLotteryOrder,
  placeVnLotteryBetting,
} from '@app/contract';
import { resolveSession } from '../../platform/auth/session.ts';
import { registerCall } from '../../platform/http/register-calls.ts';

/**
 * The caller's prize group (decision 028) on a call that takes no token: a logged-in member's
 * bands are its own; a caller without a live session gets the platform's (undefined).
 */
const groupOf = async (req: FastifyRequest): Promise<number | undefined> =>
  (await resolveSession(req))?.lotterySeries;

/** The lottery gateway (decision 022): bare bodies under /lgw, /lotto and /lotto-vn. */
export async function lotteryRoutes(app: FastifyInstance): Promise<void> {
  const lottery = app.ctx.lottery;

  registerCall(app, getVnGameMenu, ({ query }) => lottery.menus(query.prizeMode, true));
  registerCall(app, getVnGameMenuRecent, ({ query, session }) =>
    lottery.recentMenus(session.memberId, query.prizeMode, true),
  );
  registerCall(app, getVnOpenedNumeros, async ({ query }) => {
    const numeros = await lottery.opened(query.prizeMode, true, query.count);
    return { count: numeros.length, serverTime: lottery.now(), numeros };
  });
  registerCall(app, getPopularLotteries, ({ query }) => lottery.popular(query.prizeMode, query.count));
  registerCall(app, getLottoOpenedNumeros, ({ query }) => lottery.opened(query.prizeMode));
  registerCall(app, getOpenedNumeros, ({ query }) => lottery.opened(query.prizeMode));
  registerCall(app, getLotteryGameMenus, ({ query }) => lottery.menus(query.prizeMode));
  registerCall(app, getLotteryGameMenusRecent, ({ query, session }) =>
    lottery.recentMenus(session.memberId, query.prizeMode),
  );
  // Series bands follow the caller's prize group (decision 028); without a session, the platform's.
  registerCall(app, getLotteryGames, async ({ query, req }) =>
    lottery.gamesByGroup(query.prizeMode, await groupOf(req)),
  );
  registerCall(app, getLotteryPlayMenu, async ({ query, req }) =>
    lottery.playMenu(query.gameId, query.prizeMode, await groupOf(req)),
  );
  registerCall(app, getLotterySetting, ({ query }) => lottery.setting(query.gameId));
  registerCall(app, getLotterySeries, async ({ query, req }) =>
    lottery.series(query.gameId, query.prizeMode, await groupOf(req)),
  );
  registerCall(app, getNumerosNear, ({ query }) => lottery.near(query));
  registerCall(app, getChaseNumeros, ({ query }) => lottery.chaseNumeros(query.gameId, query.count));
  registerCall(app, getLatestDraws, ({ query }) => lottery.latestDraws(query));
  // The original client's GET /lgw/draw/code/{gameCode} (it sends the code in the query as well):
  // the latest draw of that game, the list /lgw/draw?gameCode= answers. The contract declares no
  // path parameters, so this path answers beside the call it repeats and stays out of the
  // OpenAPI document, where getLatestDraws describes the answer (decision 022).
  app.get<{ Params: { gameCode: string } }>(
    '/lgw/draw/code/:gameCode',
    { schema: { hide: true } },
    async (req) =>
      getLatestDraws.response.parse(await lottery.latestDraws({ gameCode: req.params.gameCode })),
  );
  registerCall(app, getDrawHistory, ({ query }) => lottery.history(query));
  registerCall(app, getHotGap, ({ query }) => lottery.hotGap(query.gameId, query.count));
  registerCall(app, getTrendChart, ({ query }) => lottery.trend(query.gameId, query.count));
  registerCall(app, getDrawVerify, ({ query }) => lottery.verify(query.gameId, query.numero));
  registerCall(app, placeLotteryOrder, ({ body, session }) =>
    lottery.placeOrder(session.memberId, body, session.lotterySeries),
  );
  // The Vietnamese client's betting: the same bet, its contents[] as slip lines (decision 022).
  registerCall(app, placeVnLotteryBetting, ({ body, session }) =>
    lottery.placeVnBetting(session.memberId, body, session.lotterySeries),
  );
  registerCall(app, getTodayLotteryOrders, ({ query, session }) => lottery.today(session.memberId, query));
  registerCall(app, getLotteryOrder, ({ query, session }) =>
    lottery.order(session.memberId, query.orderNumber),
  );
  registerCall(app, cancelLotteryOrders, ({ body, session }) => lottery.cancel(session.memberId, body));
}
