import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  addFavoriteGame,
  getFavoriteGames,
  getFavoriteGamesList,
  getGameList,
  getGameVendor,
  getHotGames,
  getNewGameVendor,
  getRecentGames,
  getVassGameType,
  getVassGameTypeGLS2,
  getWinnerBoard,
  removeFavoriteGame,
  launchGame,
  getRankList,
  getRoomList,
} from '@app/contract';
import { registerCall, SerializedValue } from '../../platform/http/register-calls.ts';
import { resolveSession } from '../../platform/auth/session.ts';
import { vendorCallbackRoutes } from './vendor-callbacks.routes.ts';

/** RFC 9110 If-None-Match: a list of entity tags (weak comparison) or "*". */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((raw) => {
    const tag = raw.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

/**
 * Answers a catalogue value with an entity tag, and a bodiless 304 when the caller already holds
 * it: a lobby revalidating its vendor list or a page of 10,000 slots moves a few bytes.
 * `private` when the answer depends on the caller's session (favourite flags).
 */
function withEtag(
  req: FastifyRequest,
  reply: FastifyReply,
  value: unknown,
  personal: boolean,
): SerializedValue {
  const json = JSON.stringify(value);
  const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
  reply.header('etag', etag).header('cache-control', `${personal ? 'private' : 'public'}, no-cache`);
  if (personal) reply.header('vary', 'token');
  if (matchesEtag(req.headers['if-none-match'], etag)) {
    reply.code(304);
    return new SerializedValue('null');
  }
  return new SerializedValue(json);
}

export async function gamesRoutes(app: FastifyInstance): Promise<void> {
  const { games, gameLaunch } = app.ctx;

  registerCall(app, getGameVendor, async ({ req, reply }) =>
    withEtag(req, reply, await games.vendorSorting(), false),
  );
  registerCall(app, getNewGameVendor, async ({ req, reply }) =>
    withEtag(req, reply, await games.lanes(), false),
  );
  registerCall(app, getVassGameTypeGLS2, async ({ query, req, reply }) =>
    withEtag(req, reply, await games.vassGameTypes(query.vassalage), false),
  );
  registerCall(app, getVassGameType, async ({ query, req, reply }) =>
    withEtag(req, reply, await games.vassGameTypes(query.vassalage), false),
  );
  registerCall(app, getGameList, async ({ query, req, reply }) => {
    // A visitor browses too; a token, when sent, adds the favourite flags and the FAV/RECENT tabs.
    const memberId = (await resolveSession(req))?.memberId ?? null;
    const value = await games.gameList(
      {
        vassalage: query.vassalage,
        gameType: query.gameType,
        search: query.gameName,
        selection: query.gameSelectType,
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        language: query.language,
      },
      memberId,
    );
    return withEtag(req, reply, value, memberId !== null);
  });
  registerCall(app, getHotGames, async ({ query, req, reply }) => {
    const memberId = (await resolveSession(req))?.memberId ?? null;
    return withEtag(
      req,
      reply,
      await games.hotGames(query.vassalage ?? '', query.language, memberId),
      memberId !== null,
    );
  });
  registerCall(app, getWinnerBoard, ({ query }) => games.winnerBoard(query.gameCategory, query.limitNum));

  registerCall(app, getFavoriteGamesList, ({ query, session }) =>
    games.favouritePage(session.memberId, query.pageNo, query.pageSize, query.language),
  );
  registerCall(app, getFavoriteGames, ({ query, session }) =>
    games.favouriteAll(session.memberId, query.language),
  );
  registerCall(app, addFavoriteGame, ({ body, session }) =>
    games.addFavourite(session.memberId, body.nodeId),
  );
  registerCall(app, removeFavoriteGame, ({ body, session }) =>
    games.removeFavourite(session.memberId, body.nodeId),
  );
  registerCall(app, getRecentGames, ({ query, session }) =>
    games.recentPage(session.memberId, query.pageNo, query.pageSize, query.language),
  );

  registerCall(app, launchGame, ({ query, session, caller }) =>
    gameLaunch.launch(session, query, caller.language),
  );
  registerCall(app, getRankList, ({ query }) => gameLaunch.rankList(query));
  registerCall(app, getRoomList, ({ query }) => gameLaunch.rooms(query));
  await vendorCallbackRoutes(app);
}
