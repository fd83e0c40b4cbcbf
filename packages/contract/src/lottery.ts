import { z } from 'zod';
import { defineCall } from './call.ts';

/**
 * The lottery gateway of our own TCG_SEA vendor (issue 9, decision 022): the calls of the
 * original's lottery client under `/lgw/...` and `/lotto/...`, answered with bare bodies (no
 * envelope, DESIGN.md §2), in the shapes of research/lottery.md §1. Spec A §7 and checklist
 * LT-01…LT-07 name the Vietnamese and popular calls; the betting client's calls follow the TCG
 * clients the research read. Ids travel in query strings and bodies, never in paths (the older
 * clients' `/lgw/games/{gameId}/play_menu` is `/lgw/games/play_menu?gameId=`).
 *
 * Money on this wire is in major units (at most the currency's decimals), like every call.
 */

// ---- constants -------------------------------------------------------------------------------

/** Prize modes (brand `prizeModes`): LOTT traditional, ZY "super 6", ELOTT, SEA. */
export const lotteryPrizeModes = ['LOTT', 'ZY', 'ELOTT', 'SEA'] as const;
export type LotteryPrizeMode = (typeof lotteryPrizeModes)[number];
/** Numeric prizeModeId of each mode (1 pairs with allowLottDrawback, 3 with allowElottDrawback). */
export const lotteryPrizeModeIds: Record<LotteryPrizeMode, number> = { LOTT: 1, ZY: 2, ELOTT: 3, SEA: 4 };

/** Order and chase-detail status codes (research §1 "Records and statuses"). */
export const LotteryOrderStatus = {
  /** In progress: waiting for its draw. */
  inProgress: 2,
  won: 4,
  lost: 5,
  /** Cancelled after the chase hit (win-stop). */
  cancelledAfterHit: 6,
  /** Cancelled because the numero was already drawn (a bet that reached a closed numero). */
  cancelledDrawn: 7,
  /** Cancelled by the player. */
  cancelledByPlayer: 8,
  /** Cancelled because the draw was void (refunded). */
  cancelledVoid: 12,
  /** Not drawn yet although its time has passed. */
  notDrawn: 14,
  /** Tie: the stake is returned. */
  tie: 16,
} as const;
export type LotteryOrderStatusCode = (typeof LotteryOrderStatus)[keyof typeof LotteryOrderStatus];

/** A numero's life: open → locked → drawn → settled, or void (every bet refunded). */
export const numeroStatuses = ['open', 'locked', 'drawn', 'settled', 'void'] as const;
export type NumeroStatus = (typeof numeroStatuses)[number];

/** Betting units (bettingModeId 1–7): the multiplier of a note's price. */
export const lotteryUnits = [
  { bettingModeId: 1, code: 'DOLLAR', unit: 1 },
  { bettingModeId: 2, code: 'DIME', unit: 0.1 },
  { bettingModeId: 3, code: 'CENT', unit: 0.01 },
  { bettingModeId: 4, code: 'THOUSANDTH', unit: 0.001 },
  { bettingModeId: 5, code: 'TEN', unit: 10 },
  { bettingModeId: 6, code: 'HUNDRED', unit: 100 },
  { bettingModeId: 7, code: 'THOUSAND', unit: 1000 },
] as const;

/** D11 / LT-04: popular lotteries are asked for 20 at a time. */
export const LOTTERY_POPULAR_COUNT = 20;
/** D11 / LT-05: the Vietnam opened numbers are asked for 100 at a time. */
export const LOTTERY_VN_OPENED_COUNT = 100;

// ---- request fields ------------------------------------------------------------------------

/** The prize mode as clients spell it (LOTT, Lott, lott…), read upper-case; SEA by default. */
const prizeMode = z
  .string()
  .max(16)
  .transform((s) => s.toUpperCase())
  .pipe(z.enum(lotteryPrizeModes))
  .default('SEA');
const device = z
  .string()
  .max(16)
  .regex(/^[A-Za-z0-9_]*$/, 'device is WEB, H5, ANDROID or IOS')
  .default('WEB');
const language = z
  .string()
  .max(16)
  .regex(/^[A-Za-z_-]*$/, 'language is a label such as EN')
  .default('EN');
const gameId = z.coerce.number().int().min(1).max(2_147_483_647);
const gameCode = z
  .string()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9_]+$/, 'gameCode is letters, digits and _');
/** A numero (issue) as the wire names it: digits and dashes, e.g. 20261123-0421. */
const numero = z
  .string()
  .min(1)
  .max(32)
  .regex(/^[0-9A-Za-z-]+$/, 'numero is digits and dashes');
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const size = z.coerce.number().int().min(1).max(100).default(20);
/** A game by id or by code: one of them is required. */
const gameRef = z
  .object({ gameId: gameId.optional(), gameCode: gameCode.optional() })
  .refine((q) => q.gameId !== undefined || q.gameCode !== undefined, 'gameId or gameCode is required');

/** A wire amount (major units, at most 4 decimals as TCG shows them; the server applies the currency). */
const wireAmount = z.coerce.number().finite().min(0).max(1e12);

// ---- shared answer shapes --------------------------------------------------------------------

export const LotteryMenuItemSchema = z.object({
  gameId: z.number().int(),
  gameCode: z.string(),
  /** The original's clients read either `code` or `gameCode`. */
  code: z.string(),
  /** Display name. */
  remark: z.string(),
  gameGroupCode: z.string(),
  defaultPlayType: z.number().int(),
  /** Seconds between draws (0 for daily draws). */
  interval: z.number().int(),
  /** Sales close this many seconds before the draw. */
  lockTime: z.number().int(),
  webIconUrl: z.string(),
  /** Stamped for Vietnamese games, as the original's store does (TCG_LOTTO_VN). */
  accountTypeName: z.string(),
});
export type LotteryMenuItem = z.infer<typeof LotteryMenuItemSchema>;

export const LotteryMenuGroupSchema = z.object({
  gameGroupCode: z.string(),
  labelName: z.string(),
  gameMenus: z.array(LotteryMenuItemSchema),
});
/** game_menus: an object keyed by group code. */
export const LotteryMenusSchema = z.record(z.string(), LotteryMenuGroupSchema);
export type LotteryMenus = z.infer<typeof LotteryMenusSchema>;

/** A numero as numeros/near and the opened-numero calls give it. */
export const NumeroInfoSchema = z.object({
  gameId: z.number().int(),
  numero: z.string(),
  /** Whether bets are taken now. */
  isSale: z.boolean(),
  /** Milliseconds from the server's now to the draw; the countdown shown is remainTime − lockTime×1000. */
  remainTime: z.number().int(),
  /** Seconds before the draw when sales close. */
  lockTime: z.number().int(),
  /** Epoch ms. */
  saleStart: z.number().int(),
  saleEnd: z.number().int(),
  drawTime: z.number().int(),
  status: z.enum(numeroStatuses),
  /** SHA-256 (hex) of the draw seed, published when the numero opens ("" for entered results). */
  seedHash: z.string(),
  /** The result once drawn: comma-separated, "" before. */
  winNo: z.string(),
});
export type NumeroInfo = z.infer<typeof NumeroInfoSchema>;

export const OpenedNumeroSchema = z.object({
  gameId: z.number().int(),
  gameCode: z.string(),
  remark: z.string(),
  gameGroupCode: z.string(),
  numero: z.string(),
  remainTime: z.number().int(),
  lockTime: z.number().int(),
  drawTime: z.number().int(),
  isSale: z.boolean(),
  defaultPlayType: z.number().int(),
  liveVideoSwitch: z.boolean(),
  /** The latest drawn numero and its result, for the lobby's tile. */
  lastNumero: z.string(),
  lastWinNo: z.string(),
});
export type OpenedNumero = z.infer<typeof OpenedNumeroSchema>;

export const DrawSchema = z.object({
  gameId: z.number().int(),
  gameCode: z.string(),
  numero: z.string(),
  /** Comma-separated balls ("01,05,…"); for Vietnamese games the 27/18 numbers from the special down. */
  winNo: z.string(),
  /** The same result named as some clients read it. */
  winningNumber: z.string(),
  /** Per-slot results of Vietnamese games (DB special, G1…G8), empty for other games. */
  slots: z.array(z.object({ prize: z.string(), numbers: z.array(z.string()) })),
  drawTime: z.number().int(),
  status: z.enum(numeroStatuses),
  seedHash: z.string(),
  /** Revealed seed (hex) once drawn; "" for entered results or before the draw. */
  seed: z.string(),
});
export type Draw = z.infer<typeof DrawSchema>;

export const PagedDrawsSchema = z.object({
  content: z.array(DrawSchema),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
});

// ---- LT-01…LT-07 and the lobby --------------------------------------------------------------

/** LT-01: the Vietnamese lottery menu. */
export const getVnGameMenu = defineCall({
  id: 'getVnGameMenu',
  method: 'GET',
  path: '/lgw/vn/games/game_menu',
  moduleId: 'LGW',
  token: false,
  summary: 'LT-01 The Vietnamese lottery menu: groups (fast, North, Central, South) with their games',
  query: z.object({ prizeMode, device, language }),
  response: LotteryMenusSchema,
});

/** LT-02: the member's recent Vietnamese lottery games. */
export const getVnGameMenuRecent = defineCall({
  id: 'getVnGameMenuRecent',
  method: 'GET',
  path: '/lgw/vn/games/game_menu/recent',
  moduleId: 'LGW',
  token: true,
  summary: "LT-02 The member's recently played Vietnamese lottery games, newest first",
  query: z.object({ prizeMode, device, language }),
  response: z.array(LotteryMenuItemSchema),
});

/** LT-03 / LT-05: the opened Vietnam numbers (count 100, D11). */
export const getVnOpenedNumeros = defineCall({
  id: 'getVnOpenedNumeros',
  method: 'GET',
  path: '/lgw/vn/numeros/opened/game',
  moduleId: 'LGW',
  token: false,
  summary: 'LT-03 The numero open for sale of every Vietnamese game (count 100 by default, D11)',
  query: z.object({
    count: z.coerce.number().int().min(1).max(LOTTERY_VN_OPENED_COUNT).default(LOTTERY_VN_OPENED_COUNT),
    prizeMode,
    device,
    language,
  }),
  response: z.object({
    count: z.number().int(),
    serverTime: z.number().int(),
    numeros: z.array(OpenedNumeroSchema),
  }),
});

/** LT-04: popular lotteries (count 20, D11). */
export const getPopularLotteries = defineCall({
  id: 'getPopularLotteries',
  method: 'GET',
  path: '/lgw/games/popular',
  moduleId: 'LGW',
  token: false,
  summary: 'LT-04 The popular lotteries, most bet on in the last 7 days first (count 20 by default, D11)',
  query: z.object({
    count: z.coerce.number().int().min(1).max(100).default(LOTTERY_POPULAR_COUNT),
    prizeMode,
    device,
    language,
    playType: z.string().max(8).optional(),
  }),
  response: z.object({ count: z.number().int(), list: z.array(LotteryMenuItemSchema) }),
});

/** LT-06: opened numeros (token). */
export const getLottoOpenedNumeros = defineCall({
  id: 'getLottoOpenedNumeros',
  method: 'GET',
  path: '/lotto/lgw/games/opened/numero',
  moduleId: 'LOTTO',
  token: true,
  summary: 'LT-06 The numero open for sale of every game of the prize mode',
  query: z.object({ prizeMode, device, language }),
  response: z.array(OpenedNumeroSchema),
});

export const getOpenedNumeros = defineCall({
  id: 'getOpenedNumeros',
  method: 'GET',
  path: '/lgw/games/opened/numero',
  moduleId: 'LGW',
  // The original asks a token here; we answer visitors too. The schedule is public (numeros/near
  // tells any visitor the same per game), and one call lets a visitor's lobby show every game's
  // countdown instead of one numeros/near per game (decision 015: a load repeats no call).
  token: false,
  summary: 'The numero open for sale of every game of the prize mode (the /lgw twin of LT-06)',
  query: z.object({ prizeMode, device, language }),
  response: z.array(OpenedNumeroSchema),
});

/** Game menus by prize mode, keyed by group. */
export const getLotteryGameMenus = defineCall({
  id: 'getLotteryGameMenus',
  method: 'GET',
  path: '/lgw/games/game_menus',
  moduleId: 'LGW',
  token: false,
  summary: 'The game menus of a prize mode: an object keyed by group code',
  query: z.object({ prizeMode, device, language }),
  response: LotteryMenusSchema,
});

export const getLotteryGameMenusRecent = defineCall({
  id: 'getLotteryGameMenusRecent',
  method: 'GET',
  path: '/lgw/games/game_menus/recent',
  moduleId: 'LGW',
  token: true,
  summary: "The member's recently played lottery games, newest first",
  query: z.object({ prizeMode, device, language }),
  response: z.array(LotteryMenuItemSchema),
});

export const SeriesSchema = z.object({
  gameGroupCode: z.string(),
  prizeModeId: z.number().int(),
  prizeMode: z.enum(lotteryPrizeModes),
  minSeries: z.number().int(),
  maxSeries: z.number().int(),
  maxBetSeries: z.number().int(),
  defaultSeries: z.number().int(),
  /** Base of the prize formula: 1980 for 11X5, 2000 otherwise. */
  base: z.number().int(),
  /** Choices to show as "1956/2.2%": each series and its rebate in per cent. */
  options: z.array(z.object({ series: z.number().int(), rebate: z.number() })),
});
export type Series = z.infer<typeof SeriesSchema>;

/** All games of a prize mode by group, each with its series bands. */
export const getLotteryGames = defineCall({
  id: 'getLotteryGames',
  method: 'GET',
  path: '/lgw/games',
  moduleId: 'LGW',
  token: false,
  summary: 'Every game of a prize mode by group, with its series',
  query: z.object({ prizeMode, device, language }),
  response: z.object({
    gameGroups: z.array(
      z.object({
        gameGroupId: z.number().int(),
        code: z.string(),
        labelName: z.string(),
        games: z.array(
          LotteryMenuItemSchema.extend({
            series: z.array(SeriesSchema),
            /** Regions and provinces of Vietnamese traditional games; "" otherwise. */
            region: z.string(),
            /** Weekdays the game draws (0 Sunday … 6 Saturday); all seven for fast games. */
            drawDays: z.array(z.number().int()),
          }),
        ),
      }),
    ),
  }),
});

// ---- one game: plays, settings, series -------------------------------------------------------

export const PlayMenuSchema = z.object({
  playId: z.number().int(),
  playCode: z.string(),
  playName: z.string(),
  /** Price of one note in major units at unit 1 (2 for fast games). */
  singleBetPrice: z.number(),
  playSwitch: z.boolean(),
  /** Shown bonus at the default series, for the rules and the slip ("prize = bonus × series ÷ base × unit × multiple"). */
  bonus: z.number(),
  /** Further bonus levels of plays with several prize types (e.g. K3 sums, 4D categories). */
  bonusLevels: z.array(z.object({ prizeType: z.string(), bonus: z.number() })),
  /** Whether a chase may include this play and whether the player may cancel it while it waits. */
  allowChase: z.boolean(),
  allowDrawback: z.boolean(),
});
export type PlayMenu = z.infer<typeof PlayMenuSchema>;

export const PlayMenuGroupSchema = z.object({
  playCode: z.string(),
  playName: z.string(),
  groupSwitch: z.boolean(),
  sorting: z.number().int(),
  playMenus: z.array(PlayMenuSchema),
});

export const getLotteryPlayMenu = defineCall({
  id: 'getLotteryPlayMenu',
  method: 'GET',
  path: '/lgw/games/play_menu',
  moduleId: 'LGW',
  token: false,
  summary: "A game's plays by prize mode: groups of plays with singleBetPrice and switches",
  query: z.object({ gameId, prizeMode: prizeMode.optional(), language }),
  response: z.array(
    z.object({
      prizeModeId: z.number().int(),
      prizeMode: z.enum(lotteryPrizeModes),
      playMenuGroups: z.array(PlayMenuGroupSchema),
    }),
  ),
});

export const BettingModeSchema = z.object({
  bettingModeId: z.number().int(),
  code: z.string(),
  unit: z.number(),
  /** Largest stake of one slip line in major units. */
  betAmountMax: z.number(),
  betMultipleMax: z.number().int(),
  /** Largest win of one slip line in major units. */
  winAmountMax: z.number(),
});

export const getLotterySetting = defineCall({
  id: 'getLotterySetting',
  method: 'GET',
  path: '/lgw/games/setting',
  moduleId: 'LGW',
  token: false,
  summary: "A game's settings: betting modes (units), limits, lock time, chase and drawback rules",
  query: z.object({ gameId }),
  response: z.object({
    gameId: z.number().int(),
    gameCode: z.string(),
    lockTime: z.number().int(),
    interval: z.number().int(),
    bettingModes: z.array(BettingModeSchema),
    /** Smallest stake of one slip line, major units. */
    betAmountMin: z.number(),
    /** Most a single number may carry in liability before it is "sold out", major units (0: no cap). */
    numberLiabilityMax: z.number(),
    /** Most the house pays on one draw, major units (0: no cap). */
    drawPayoutMax: z.number(),
    /** Most numeros one chase may cover. */
    chaseMax: z.number().int(),
    allowDrawback: z.boolean(),
    /** Whether results come from our commit-reveal draw or are entered from the official draw. */
    resultSource: z.enum(['RNG', 'OFFICIAL']),
    currency: z.string(),
  }),
});

export const getLotterySeries = defineCall({
  id: 'getLotterySeries',
  method: 'GET',
  path: '/lgw/customers/series',
  moduleId: 'LGW',
  token: false,
  summary: 'Series (prize group) bands and rebates per prize mode of a game',
  query: z.object({ gameId, prizeMode: prizeMode.optional() }),
  response: z.array(SeriesSchema),
});

// ---- numeros, draws, statistics ------------------------------------------------------------

export const getNumerosNear = defineCall({
  id: 'getNumerosNear',
  method: 'GET',
  path: '/lgw/numeros/near',
  moduleId: 'LGW',
  token: false,
  summary:
    'The previous (last drawn), current (on sale) and next numero of a game, with remainTime and lockTime',
  query: gameRef,
  response: z.object({
    gameId: z.number().int(),
    gameCode: z.string(),
    serverTime: z.number().int(),
    previousNumero: NumeroInfoSchema.nullable(),
    currentNumero: NumeroInfoSchema.nullable(),
    nextNumero: NumeroInfoSchema.nullable(),
  }),
});

export const getChaseNumeros = defineCall({
  id: 'getChaseNumeros',
  method: 'GET',
  path: '/lgw/numeros/chase',
  moduleId: 'LGW',
  token: false,
  summary: 'The numeros a chase may cover, starting with the one on sale',
  query: z.object({ gameId, count: z.coerce.number().int().min(1).max(120).default(30) }),
  response: z.object({
    gameId: z.number().int(),
    chaseNumeros: z.array(
      z.object({ numero: z.string(), drawTime: z.number().int(), saleEnd: z.number().int() }),
    ),
  }),
});

/** The latest result of every game (the lobby's results board). */
export const getLatestDraws = defineCall({
  id: 'getLatestDraws',
  method: 'GET',
  path: '/lgw/draw',
  moduleId: 'LGW',
  token: false,
  summary: 'The latest drawn result of every game (or of one game)',
  query: z.object({
    gameId: gameId.optional(),
    gameCode: gameCode.optional(),
    prizeMode: prizeMode.optional(),
  }),
  response: z.array(DrawSchema),
});

export const getDrawHistory = defineCall({
  id: 'getDrawHistory',
  method: 'GET',
  path: '/lgw/draw/history',
  moduleId: 'LGW',
  token: false,
  summary: "A game's drawn results, newest first, paged",
  query: z
    .object({ gameId: gameId.optional(), gameCode: gameCode.optional(), page, size })
    .refine((q) => q.gameId !== undefined || q.gameCode !== undefined, 'gameId or gameCode is required'),
  response: PagedDrawsSchema,
});

/** Per position (FIRST…TENTH, or LO for the two-digit numbers of Vietnamese games), one count per ball. */
const PositionCountsSchema = z.record(z.string(), z.array(z.number().int()));

export const getHotGap = defineCall({
  id: 'getHotGap',
  method: 'GET',
  path: '/lgw/draw/hot_gap_info',
  moduleId: 'LGW',
  token: false,
  summary:
    'Hot (how often each ball came in the last draws) and gap (draws since each ball last came) per position',
  query: z.object({ gameId, count: z.coerce.number().int().min(1).max(500).default(100) }),
  response: z.object({
    gameId: z.number().int(),
    draws: z.number().int(),
    /** The first ball's value (0, 1…); counts are indexed from it. */
    ballMin: z.number().int(),
    hot: PositionCountsSchema,
    gap: PositionCountsSchema,
  }),
});

export const getTrendChart = defineCall({
  id: 'getTrendChart',
  method: 'GET',
  path: '/lgw/draw/trend',
  moduleId: 'LGW',
  token: false,
  summary:
    'Trend chart: for each of the last draws, per position, the omission of every ball (0 where it came)',
  query: z.object({ gameId, count: z.coerce.number().int().min(1).max(200).default(30) }),
  response: z.object({
    gameId: z.number().int(),
    positions: z.array(z.string()),
    ballMin: z.number().int(),
    ballMax: z.number().int(),
    rows: z.array(
      z.object({
        numero: z.string(),
        winNo: z.string(),
        /** omissions[position][ball − ballMin]. */
        omissions: z.array(z.array(z.number().int())),
      }),
    ),
  }),
});

/** The draw verifier: SHA-256(seed) must equal seedHash, and the rules' resultFromBytes(HMAC-SHA256(seed, numeroId‖counter)) the result. */
export const getDrawVerify = defineCall({
  id: 'getDrawVerify',
  method: 'GET',
  path: '/lgw/draw/verify',
  moduleId: 'LGW',
  token: false,
  summary: 'What a verifier needs to recompute one draw: seed hash, revealed seed, numero id and result',
  query: z.object({ gameId, numero }),
  response: z.object({
    gameId: z.number().int(),
    gameCode: z.string(),
    gameGroupCode: z.string(),
    /** The rules family (resultFromBytes' first argument). */
    family: z.string(),
    numero: z.string(),
    /** The message's numero part: the internal numero id the HMAC takes (decimal string). */
    numeroId: z.string(),
    status: z.enum(numeroStatuses),
    resultSource: z.enum(['RNG', 'OFFICIAL']),
    algorithm: z.string(),
    seedHash: z.string(),
    seed: z.string(),
    winNo: z.string(),
    /** Result revisions of an official result corrected by the operator, oldest first. */
    revisions: z.array(z.object({ revision: z.number().int(), winNo: z.string(), at: z.number().int() })),
  }),
});

// ---- orders ----------------------------------------------------------------------------------

/**
 * The bet slip string: slips joined by `;`, each `content~1~playId~bettingModeId~series~multiple`;
 * content is the ball rows of the play joined by `_`, the balls of one row by `,` (e.g.
 * `1,2_3_4_5_6`). The `1` is the slip format the original sends.
 */
export const BETTING_SLIP_PATTERN = /^[0-9A-Za-z,_|&-]{1,4000}~1~\d{1,9}~[1-7]~\d{3,5}~\d{1,6}$/;

export const placeLotteryOrder = defineCall({
  id: 'placeLotteryOrder',
  method: 'POST',
  path: '/lgw/orders/betting',
  moduleId: 'LGW',
  token: true,
  summary: 'Places the bet slip on the numero on sale, or a chase over several numeros',
  body: z.object({
    gameId,
    /** The numero on sale the player saw; refused when sales have closed on it. */
    currentNumero: numero,
    prizeModeId: z.coerce.number().int().min(1).max(4).default(4),
    bettingSlipString: z.string().min(1).max(20_000),
    /** Sum the client computed, major units: refused if it differs from the server's. */
    betCartAmountSum: wireAmount,
    /** "true" or true for a chase (the original sends a string). */
    chase: z
      .union([z.boolean(), z.enum(['true', 'false'])])
      .transform((v) => v === true || v === 'true')
      .default(false),
    /** Stop the chase after a win (the remaining numeros are cancelled and refunded). */
    winningStop: z
      .union([z.boolean(), z.enum(['true', 'false'])])
      .transform((v) => v === true || v === 'true')
      .default(true),
    chaseSlip: z
      .object({ numero, multiples: z.array(z.coerce.number().int().min(1).max(100_000)).min(1).max(120) })
      .optional(),
    abandoning: z.unknown().optional(),
    quickChase: z.unknown().optional(),
    device,
    orderType: z.coerce.number().int().default(1),
    /** The client's retry key: the same key answers the first order. */
    requestId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/)
      .optional(),
  }),
  response: z.object({
    orderNumber: z.string(),
    numero: z.string(),
    totalBettingAmount: z.number(),
    /** Notes of the whole order (one chase numero). */
    notes: z.number().int(),
    chase: z.boolean(),
    totalChase: z.number().int(),
  }),
});

/** A prize mode as the Vietnamese client spells it ("Lott"), read upper-case; LOTT by default. */
const vnPrizeMode = z
  .string()
  .max(16)
  .transform((s) => s.toUpperCase())
  .pipe(z.enum(lotteryPrizeModes))
  .default('LOTT');
/** `true`/`false`, or the strings some TCG clients send. */
const flag = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true');

/**
 * One content of the Vietnamese client's betting: one play of one game, its ball rows in the
 * slip's notation (`bettingContent`, e.g. `0_4_1`), the price of one note as the client worked it
 * out (`singleBetPrice`, major units: the play's singleBetPrice × the unit of `bettingApproach`,
 * the bettingModeId 1–7), and the numeros with their multiples: one numero, or several that
 * follow each other from the one on sale (a chase, each numero its own multiple). JSON numbers
 * only (no strings for numbers) and no fields beyond these.
 */
export const VnBettingContentSchema = z
  .object({
    gameId: z.number().int().min(1).max(2_147_483_647),
    /** Stop a chase after a win (the remaining numeros are cancelled and refunded). */
    winStop: flag.default(false),
    playId: z.number().int().min(1).max(999_999_999),
    bettingContent: z
      .string()
      .min(1)
      .max(4000)
      .regex(/^[0-9A-Za-z,_|&-]+$/, 'bettingContent is ball rows joined by _, balls by ,'),
    singleBetPrice: z.number().finite().positive().max(1e12),
    /** The betting unit (bettingModeId 1–7: DOLLAR, DIME, CENT, THOUSANDTH, TEN, HUNDRED, THOUSAND). */
    bettingApproach: z.number().int().min(1).max(7).default(1),
    /** Sent as null by the original's client; nothing else is taken. */
    bettingSlip: z.null().optional(),
    numero: z
      .array(z.object({ numero, multiple: z.number().int().min(1).max(100_000) }).strict())
      .min(1)
      .max(120),
  })
  .strict();
export type VnBettingContent = z.output<typeof VnBettingContentSchema>;

/**
 * The Vietnamese client's own betting call (research/lottery.md §1 "Placing bets"). The same bet
 * as POST /lgw/orders/betting (decision 022): one order per content, every content on one game and
 * the same numeros, placed together or not at all; the answer adds the order number of every
 * content.
 */
export const placeVnLotteryBetting = defineCall({
  id: 'placeVnLotteryBetting',
  method: 'POST',
  path: '/lotto-vn/lgw/betting',
  moduleId: 'LOTTO_VN',
  // Bare like every lottery-gateway call (the default off /wps, said here as the path is neither /lgw nor /lotto).
  wire: 'bare',
  token: true,
  summary:
    "The Vietnamese client's betting: contents (one play of a game each) on the numero on sale, or a chase with a multiple per numero",
  body: z
    .object({
      prizeMode: vnPrizeMode,
      device,
      contents: z.array(VnBettingContentSchema).min(1).max(100),
      /** The client's retry key, as on /lgw/orders/betting: the same key answers the first betting. */
      requestId: z
        .string()
        .regex(/^[A-Za-z0-9_-]{8,64}$/)
        .optional(),
    })
    .strict(),
  response: z.object({
    /** The first order (ABC123, or ABC123-001 when there are several contents). */
    orderNumber: z.string(),
    /** One order per content, in the order of contents. */
    orderNumbers: z.array(z.string()),
    /** The first numero (the one on sale). */
    numero: z.string(),
    totalBettingAmount: z.number(),
    /** Notes of all contents (one chase numero). */
    notes: z.number().int(),
    chase: z.boolean(),
    totalChase: z.number().int(),
  }),
});

export const LotteryOrderDetailSchema = z.object({
  orderDetailId: z.number().int(),
  numero: z.string(),
  multiple: z.number().int(),
  bettingSumAmount: z.number(),
  winningAmount: z.number(),
  winningNumber: z.string(),
  orderStatus: z.number().int(),
  drawTime: z.number().int(),
});

export const LotteryOrderSchema = z.object({
  orderMasterId: z.number().int(),
  /** ABC123 or ABC123-001 for a line of a multi-line slip. */
  orderNumber: z.string(),
  abbrOrderNo: z.string(),
  gameId: z.number().int(),
  gameCode: z.string(),
  gameName: z.string(),
  playId: z.number().int(),
  playName: z.string(),
  betContent: z.string(),
  numero: z.string(),
  chaseEndNumero: z.string(),
  totalChase: z.number().int(),
  actualChase: z.number().int(),
  winningStop: z.boolean(),
  notes: z.number().int(),
  unit: z.number(),
  multiple: z.number().int(),
  series: z.number().int(),
  betAmount: z.number(),
  winAmount: z.number(),
  status: z.number().int(),
  /** Whether the player may still cancel some detail. */
  cancellable: z.boolean(),
  betTime: z.number().int(),
  orderDetailOrders: z.array(LotteryOrderDetailSchema),
});
export type LotteryOrder = z.infer<typeof LotteryOrderSchema>;

export const getTodayLotteryOrders = defineCall({
  id: 'getTodayLotteryOrders',
  method: 'GET',
  path: '/lgw/orders/today',
  moduleId: 'LGW',
  token: true,
  summary: "The member's orders placed today (the site's day), newest first, with their chase details",
  query: z.object({ gameId: gameId.optional(), page, size }),
  response: z.object({
    content: z.array(LotteryOrderSchema),
    page: z.number().int(),
    size: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
  }),
});

export const getLotteryOrder = defineCall({
  id: 'getLotteryOrder',
  method: 'GET',
  path: '/lgw/orders/detail',
  moduleId: 'LGW',
  token: true,
  summary: "One of the member's orders with its details (another member's answers 404)",
  query: z.object({ orderNumber: z.string().regex(/^[A-Z0-9]{6}(-[0-9]{3})?$/) }),
  response: LotteryOrderSchema,
});

export const cancelLotteryOrders = defineCall({
  id: 'cancelLotteryOrders',
  method: 'POST',
  path: '/lgw/orders/suborders/cancel',
  moduleId: 'LGW',
  token: true,
  summary:
    "Cancels the member's details still in progress on a numero on sale where drawback is allowed; refunds them",
  body: z
    .object({
      orderDetailIds: z.array(z.coerce.number().int().min(1)).min(1).max(200).optional(),
      orderMasterId: z.coerce.number().int().min(1).optional(),
    })
    .refine(
      (b) => b.orderDetailIds !== undefined || b.orderMasterId !== undefined,
      'orderDetailIds or orderMasterId',
    ),
  response: z.object({
    cancelled: z.array(z.number().int()),
    refundAmount: z.number(),
  }),
});
