import {
  addFavoriteGameRef,
  getFavoriteGamesRef,
  getGameListRef,
  getHotGamesRef,
  getNewGameVendorRef,
  getRecentGamesRef,
  getRoomListRef,
  getWinnerBoardRef,
  launchGameRef,
  removeFavoriteGameRef,
} from '../../shared/http/call-refs/games.ts';

/**
 * The games calls as schema-free refs (call-ref.ts): the header reads the vendor list from the
 * entry chunk, so no zod comes with it. The refs are generated from the contract (call-refs.generated.ts).
 */
export { getNewGameVendorRef as newGameVendorCall };

export { getGameListRef as gameListCall };

export { getHotGamesRef as hotGamesCall };

export { getWinnerBoardRef as winnerBoardCall };

export { getFavoriteGamesRef as favoriteGamesCall };

export { addFavoriteGameRef as addFavoriteCall };

export { removeFavoriteGameRef as removeFavoriteCall };

export { getRecentGamesRef as recentGamesCall };

/**
 * GET /wps/game/launchGame (GL-12, GL-13): the launch at value.content.game_url (the original's
 * lottery launch reads `gameUrl`). The games launch and the lottery's VN launch (LT-07) share it.
 */
export { launchGameRef as launchGameCall };

export { getRoomListRef as roomListCall };
