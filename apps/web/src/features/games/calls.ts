import type {
  addFavoriteGame,
  getFavoriteGames,
  getGameList,
  getHotGames,
  getNewGameVendor,
  getRecentGames,
  getRoomList,
  getWinnerBoard,
  launchGame,
  removeFavoriteGame,
} from '@app/contract';
import { callRef } from '../../shared/http/call-ref.ts';

/**
 * The games calls as schema-free refs (call-ref.ts): the header reads the vendor list from the
 * entry chunk, so no zod comes with it. calls.test.ts checks each ref against its contract call.
 */
export const newGameVendorCall = callRef<typeof getNewGameVendor>({
  id: 'getNewGameVendor',
  method: 'GET',
  path: '/wps/relay/GCSGAME_newGameVendor',
  wire: 'envelope',
  token: false,
  encrypted: false,
});

export const gameListCall = callRef<typeof getGameList>({
  id: 'getGameList',
  method: 'GET',
  path: '/wps/relay/GCSGAME_gameList',
  wire: 'envelope',
  token: false,
  encrypted: false,
});

export const hotGamesCall = callRef<typeof getHotGames>({
  id: 'getHotGames',
  method: 'GET',
  path: '/wps/relay/GCSGAME_hotGamesV2',
  wire: 'envelope',
  token: false,
  encrypted: false,
});

export const winnerBoardCall = callRef<typeof getWinnerBoard>({
  id: 'getWinnerBoard',
  method: 'GET',
  path: '/wps/relay/ODSFE2_getWinnerBoard',
  wire: 'envelope',
  token: false,
  encrypted: false,
});

export const favoriteGamesCall = callRef<typeof getFavoriteGames>({
  id: 'getFavoriteGames',
  method: 'GET',
  path: '/wps/relay/MCSFE_getFavoriteGames',
  wire: 'envelope',
  token: true,
  encrypted: false,
});

export const addFavoriteCall = callRef<typeof addFavoriteGame>({
  id: 'addFavoriteGame',
  method: 'POST',
  path: '/wps/relay/MCSFE_addFavoriteGameV2',
  wire: 'envelope',
  token: true,
  encrypted: false,
});

export const removeFavoriteCall = callRef<typeof removeFavoriteGame>({
  id: 'removeFavoriteGame',
  method: 'DELETE',
  path: '/wps/relay/MCSFE_removeFavoriteGameV2',
  wire: 'envelope',
  token: true,
  encrypted: false,
});

export const recentGamesCall = callRef<typeof getRecentGames>({
  id: 'getRecentGames',
  method: 'GET',
  path: '/wps/relay/GCS_recentGame',
  wire: 'envelope',
  token: true,
  encrypted: false,
});

/**
 * GET /wps/game/launchGame (GL-12, GL-13): the launch at value.content.game_url (the original's
 * lottery launch reads `gameUrl`). The games launch and the lottery's VN launch (LT-07) share it.
 */
export const launchGameCall = callRef<typeof launchGame>({
  id: 'launchGame',
  method: 'GET',
  path: '/wps/game/launchGame',
  wire: 'envelope',
  token: true,
  encrypted: false,
});

export const roomListCall = callRef<typeof getRoomList>({
  id: 'getRoomList',
  method: 'GET',
  path: '/wps/relay/GLS2_roomList',
  wire: 'envelope',
  token: true,
  encrypted: false,
});
