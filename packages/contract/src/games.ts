import { z } from 'zod';
import { defineCall } from './call.ts';

/**
 * The game catalogue, favourites and recent games (issue 8), in the original's shapes
 * (research/original-wire.md, "games"; spec A §3, §7).
 */

/** Categories as the original spells gameType / gameCategory. */
export const gameCategories = [
  'LOTT',
  'ELOTT',
  'LIVE',
  'RNG',
  'FISH',
  'PVP',
  'SPORTS',
  'ESPORTS',
  'CARDS',
  'BINGO',
] as const;
export const GameCategorySchema = z.enum(gameCategories);

/** gameSelectType tabs of a game list (NC-27). */
export const gameSelectTypes = ['NEW', 'FAV', 'ALL', 'HOT', 'RECENT'] as const;

const vassalage = z
  .string()
  .max(32)
  .regex(/^[A-Za-z0-9_]*$/, 'vassalage is a vendor code such as PG');
/** The language label the original sends (EN, CN, TH, VI, ...) or a language code (en, zh-CN). */
const language = z
  .string()
  .max(16)
  .regex(/^[A-Za-z-]*$/, 'language is a label such as EN')
  .default('EN');
const nodeId = z
  .union([z.string(), z.number().int()])
  .transform(String)
  .pipe(z.string().regex(/^[0-9]{1,12}$/, 'nodeId is the number of a game'));
const pageNo = z.coerce.number().int().min(1).max(100000).default(1);
const pageSize = z.coerce.number().int().min(1).max(200).default(30);

/** A vendor card (NC-21) with its state; isHot is 1 or 0 as the original reads it (NC-07). */
export const VendorCardSchema = z.object({
  vassalage: z.string(),
  displayName: z.string(),
  gameType: GameCategorySchema,
  accountTypeId: z.number().int(),
  isHot: z.union([z.literal(0), z.literal(1)]),
  name: z.string(),
  /** Where a click goes: `/{type}?vassalage=` for FISH, LIVE, RNG and PVP (NC-14); "" launches directly. */
  page: z.string(),
  /** The vendor art at the spec's path (NC-44). */
  imageUrl: z.string(),
  /** ACTIVE, or MAINTENANCE while inside its maintenance window. */
  status: z.enum(['ACTIVE', 'MAINTENANCE']),
  /** The maintenance window, epoch milliseconds; null when none is set. */
  maintenanceFrom: z.number().nullable(),
  maintenanceUntil: z.number().nullable(),
  gameCount: z.number().int(),
  /**
   * 1 when the vendor's entry is one game (a sportsbook, a cockfight arena: the vendor offers one
   * game in this category): the entry starts that game directly (GL-03); 0 otherwise.
   */
  isGame: z.union([z.literal(0), z.literal(1)]),
  /** The game an isGame entry starts ("" when isGame is 0). */
  nodeId: z.string(),
  gameId: z.string(),
});
export type VendorCard = z.infer<typeof VendorCardSchema>;

/** A vendor sorting entry (NC-23): a category and its vendors in display order. */
export const VendorSortingSchema = z.object({
  gameCategory: GameCategorySchema,
  vendors: z.array(VendorCardSchema),
});

/** A vendor group / lane (NC-22). */
export const VendorLaneSchema = z.object({
  title: z.string(),
  gameClassify: GameCategorySchema,
  cards: z.array(VendorCardSchema),
});

export const GameSchema = z.object({
  nodeId: z.string(),
  gameId: z.string(),
  gameName: z.string(),
  vassalage: z.string(),
  gameType: GameCategorySchema,
  isNew: z.union([z.literal(0), z.literal(1)]),
  isHot: z.union([z.literal(0), z.literal(1)]),
  tags: z.array(z.enum(['NEW', 'HOT'])),
  /** Return to player in per cent (96.5), where the game states one. */
  rtp: z.number().nullable(),
  volatility: z.enum(['LOW', 'MEDIUM', 'HIGH', 'VERY_HIGH']).nullable(),
  imageUrl: z.string(),
  /** Whether the caller has it among favourites (false for a visitor). */
  isFavorite: z.boolean(),
});
export type Game = z.infer<typeof GameSchema>;

export const getGameVendor = defineCall({
  id: 'getGameVendor',
  method: 'GET',
  path: '/wps/relay/GCSGAME_gameVendor',
  moduleId: 'GCSGAME',
  token: false,
  summary: 'Vendor sorting data: each category with its vendors in order',
  query: z.object({ merchantCode: z.string().max(64).optional(), language }),
  response: z.array(VendorSortingSchema),
});

export const getNewGameVendor = defineCall({
  id: 'getNewGameVendor',
  method: 'GET',
  path: '/wps/relay/GCSGAME_newGameVendor',
  moduleId: 'GCSGAME',
  token: false,
  summary: 'The vendor list as lanes (title, cards, gameClassify) at value.data.lanes',
  query: z.object({ platform: z.string().max(64).default('html5-desktop'), language }),
  response: z.object({ data: z.object({ lanes: z.array(VendorLaneSchema) }) }),
});

export const VassGameTypeSchema = z.object({
  vassalage: z.string(),
  gameType: GameCategorySchema,
  displayName: z.string(),
  gameCount: z.number().int(),
});

const vassGameTypeQuery = z.object({ vassalage: vassalage.optional() });

export const getVassGameTypeGLS2 = defineCall({
  id: 'getVassGameTypeGLS2',
  method: 'GET',
  path: '/wps/relay/GLS2_getVassGameType',
  moduleId: 'GLS2',
  token: false,
  summary: "Each vendor's game types (one vendor when vassalage is given)",
  query: vassGameTypeQuery,
  response: z.array(VassGameTypeSchema),
});

export const getVassGameType = defineCall({
  id: 'getVassGameType',
  method: 'GET',
  path: '/wps/relay/GCSGAME_getVassGameType',
  moduleId: 'GCSGAME',
  token: false,
  summary: "Each vendor's game types (one vendor when vassalage is given)",
  query: vassGameTypeQuery,
  response: z.array(VassGameTypeSchema),
});

export const GamePageSchema = z.object({
  games: z.array(GameSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
});

export const getGameList = defineCall({
  id: 'getGameList',
  method: 'GET',
  path: '/wps/relay/GCSGAME_gameList',
  moduleId: 'GCSGAME',
  // The original's client sends its token, but a visitor browses the lists too (spec A, roles):
  // the token is read when sent; FAV and RECENT need it.
  token: false,
  summary: "A page of a vendor's or a category's games: search by name, NEW/HOT/FAV/RECENT selections",
  query: z.object({
    vassalage: vassalage.optional(),
    gameType: z.union([GameCategorySchema, z.literal('')]).optional(),
    platform: z.string().max(64).optional(),
    pageNo,
    pageSize,
    language,
    /** Part of a name in any offered language. */
    gameName: z.string().max(64).optional(),
    gameSelectType: z.enum(gameSelectTypes).default('ALL'),
  }),
  response: GamePageSchema,
});

export const getHotGames = defineCall({
  id: 'getHotGames',
  method: 'GET',
  path: '/wps/relay/GCSGAME_hotGamesV2',
  moduleId: 'GCSGAME',
  token: false,
  summary: 'The hot games (NC-32); vassalage "" means every vendor',
  query: z.object({
    merchantCode: z.string().max(64).optional(),
    isPlatform: z.coerce.number().int().optional(),
    vassalage: vassalage.optional(),
    platform: z.string().max(64).optional(),
    language,
  }),
  response: z.object({ list: z.array(GameSchema) }),
});

export const WinnerSchema = z.object({
  /** The winner's username, masked (ab***yz). */
  username: z.string(),
  gameName: z.string(),
  vassalage: z.string(),
  gameCategory: z.string(),
  /** Payout less stake, in the currency's major unit. */
  winAmount: z.number(),
  currency: z.string(),
  /** When the bet was settled, epoch milliseconds. */
  time: z.number(),
});

export const getWinnerBoard = defineCall({
  id: 'getWinnerBoard',
  method: 'GET',
  path: '/wps/relay/ODSFE2_getWinnerBoard',
  moduleId: 'ODSFE2',
  token: false,
  summary: 'The biggest recent wins from settled bets (NC-33)',
  query: z.object({
    gameCategory: z.union([GameCategorySchema, z.literal('ALL')]).default('ALL'),
    language,
    limitNum: z.coerce.number().int().min(1).max(100).default(100),
  }),
  response: z.object({ list: z.array(WinnerSchema) }),
});

export const getFavoriteGamesList = defineCall({
  id: 'getFavoriteGamesList',
  method: 'GET',
  path: '/wps/relay/MCSFE_getFavoriteGamesList',
  moduleId: 'MCSFE',
  token: true,
  summary: "A page of the member's favourite games: content, pageNum, totalPages (NC-35)",
  query: z.object({ pageNo, pageSize, language }),
  response: z.object({
    content: z.array(GameSchema),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
  }),
});

export const getFavoriteGames = defineCall({
  id: 'getFavoriteGames',
  method: 'GET',
  path: '/wps/relay/MCSFE_getFavoriteGames',
  moduleId: 'MCSFE',
  token: true,
  summary: "The member's favourite games, newest first (NC-34)",
  query: z.object({ language }),
  response: z.array(GameSchema),
});

const FavoriteChangeSchema = z.object({ nodeId: z.string(), favorite: z.boolean(), changed: z.boolean() });

export const addFavoriteGame = defineCall({
  id: 'addFavoriteGame',
  method: 'POST',
  path: '/wps/relay/MCSFE_addFavoriteGameV2',
  moduleId: 'MCSFE',
  token: true,
  summary: 'Adds a game to the favourites by nodeId; a game already there is left as it is (NC-36, NC-38)',
  body: z.object({ nodeId }),
  response: FavoriteChangeSchema,
});

export const removeFavoriteGame = defineCall({
  id: 'removeFavoriteGame',
  method: 'DELETE',
  path: '/wps/relay/MCSFE_removeFavoriteGameV2',
  moduleId: 'MCSFE',
  token: true,
  summary: 'Removes a game from the favourites by nodeId (NC-37)',
  body: z.object({ nodeId }),
  response: FavoriteChangeSchema,
});

export const getRecentGames = defineCall({
  id: 'getRecentGames',
  method: 'GET',
  path: '/wps/relay/GCS_recentGame',
  moduleId: 'GCS',
  token: true,
  summary: "The member's recently played games, latest first (NC-40)",
  query: z.object({ pageNo, pageSize, language }),
  response: z.object({
    list: z.array(GameSchema),
    pageNo: z.number().int(),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
  }),
});

// ---- launch, winners ranking, PvP rooms (issue 8, decision 019) --------------------------------

/** A small flag of the launch payload (accountType, confirmTrans, clientType). */
const launchFlag = z.coerce.number().int().min(0).max(9);

/**
 * GET /wps/game/launchGame (GL-12, GL-13, GL-14): the launch payload of GL-12 as the query; the
 * `Language` header names the game's language (the query's language when it is absent). A
 * lottery launch (launchMode LOTT) names the lottery instead of a game.
 */
export const launchGame = defineCall({
  id: 'launchGame',
  method: 'GET',
  path: '/wps/game/launchGame',
  moduleId: 'GLS',
  token: true,
  summary: 'The address of a game (or PvP room, or lottery) for the member: value.content.game_url',
  query: z.object({
    gameId: z.string().max(64).optional(),
    roomId: z
      .string()
      .max(64)
      .regex(/^[A-Za-z0-9_-]*$/, 'roomId is a room of GLS2_roomList')
      .optional(),
    nodeId: z
      .union([z.string(), z.number().int()])
      .transform(String)
      .pipe(z.string().regex(/^[0-9]{0,12}$/, 'nodeId is the number of a game'))
      .optional(),
    /** 1 real money; 0 free play (trial accounts, DESIGN.md D5). */
    accountType: launchFlag.default(1),
    confirmTrans: launchFlag.default(0),
    vassalage: vassalage.optional(),
    launchMode: z.enum(['GLS', 'LOTT']).default('GLS'),
    platform: z.string().max(64).default('html5-desktop'),
    clientType: launchFlag.optional(),
    username: z.string().max(64).optional(),
    token: z.string().max(512).optional(),
    merchantCode: z.string().max(64).optional(),
    language,
    /** Lottery launches: SEA, VN or the standard lottery, and its game code (lobby for the hall). */
    lottoMode: z.string().max(16).optional(),
    lottoGameCode: z
      .string()
      .max(32)
      .regex(/^[A-Za-z0-9_]*$/, 'lottoGameCode is a lottery code such as VNHANOI')
      .optional(),
  }),
  response: z.object({
    content: z.object({
      /** The address the /game frame opens. */
      game_url: z.string(),
      vassalage: z.string(),
      gameId: z.string(),
      nodeId: z.string(),
      roomId: z.string().nullable(),
      /** True for a trial account's free-play money. */
      freePlay: z.boolean(),
      currency: z.string(),
      language: z.string(),
    }),
    /** The same address where the original's lottery launch reads it. */
    gameUrl: z.string(),
  }),
});

/** The refusal `vendor_under_maintenance` carries this as its value (ER-30). */
export const VendorMaintenanceSchema = z.object({
  vassalage: z.string(),
  gameType: GameCategorySchema,
  /** The window, epoch milliseconds; maintenanceUntil null when open-ended. */
  maintenanceFrom: z.number().nullable(),
  maintenanceUntil: z.number().nullable(),
  /** Games of the same category whose vendor is open, to play instead. */
  suggestions: z.array(GameSchema),
});

/** The refusal `launch_game_balance_not_enough` carries this as its value. */
export const LaunchBalanceSchema = z.object({
  balance: z.number(),
  /** The least a launch needs (the room's minimum bet for a PvP room). */
  minBalance: z.number(),
  currency: z.string(),
  /** Whether a deposit is the way on (false for a trial account's free-play money). */
  canDeposit: z.boolean(),
});

export const RankEntrySchema = z.object({
  rank: z.number().int(),
  /** Masked (ab***yz). */
  username: z.string(),
  nodeId: z.string().nullable(),
  gameName: z.string(),
  vassalage: z.string(),
  gameCategory: z.string(),
  betAmount: z.number(),
  /** Payout less stake. */
  winAmount: z.number(),
  /** Payout over stake, two decimals. */
  multiplier: z.number(),
  currency: z.string(),
  time: z.number(),
});

export const getRankList = defineCall({
  id: 'getRankList',
  method: 'GET',
  path: '/wps/relay/GCSGAME_getRankList',
  moduleId: 'GCSGAME',
  token: false,
  summary: 'The winners board (NC-33): the biggest settled wins, or the highest multipliers, of a period',
  query: z.object({
    gameCategory: z.union([GameCategorySchema, z.literal('ALL')]).default('ALL'),
    /** WIN: by amount won; MULTIPLIER: by payout over stake. */
    rankType: z.enum(['WIN', 'MULTIPLIER']).default('WIN'),
    days: z.coerce.number().int().min(1).max(30).default(7),
    limitNum: z.coerce.number().int().min(1).max(100).default(20),
    language,
  }),
  response: z.object({
    list: z.array(RankEntrySchema),
    startTime: z.number(),
    endTime: z.number(),
  }),
});

export const PvpRoomSchema = z.object({
  roomId: z.string(),
  roomName: z.string(),
  nodeId: z.string(),
  gameId: z.string(),
  gameName: z.string(),
  vassalage: z.string(),
  level: z.enum(['BEGINNER', 'STANDARD', 'VIP']),
  minBet: z.number(),
  maxBet: z.number(),
  seats: z.number().int(),
  /** Players who entered the room in the last 15 minutes (at most the seats). */
  players: z.number().int(),
  status: z.enum(['OPEN', 'FULL', 'MAINTENANCE']),
  currency: z.string(),
});

export const getRoomList = defineCall({
  id: 'getRoomList',
  method: 'GET',
  path: '/wps/relay/GLS2_roomList',
  moduleId: 'GLS2',
  token: true,
  summary: 'The PvP rooms (NC-41), with their stakes, seats and players',
  query: z.object({ vassalage: vassalage.optional(), nodeId: nodeId.optional(), language }),
  response: z.array(PvpRoomSchema),
});
