import { z } from 'zod';
import { defineCall } from '../call.ts';

/**
 * The house games' calls (decision 020). Not calls of the original platform: the sandbox vendor's
 * own API, which its game pages use. The player is the session's member (Authorization) or, in a
 * launched game page, the holder of a play ticket (header `X-House-Ticket`) that the page got by
 * redeeming the launch token of its URL. Amounts on the wire are major units; the outcome inside a
 * round is the pure engine's, in minor units, exactly as the verifier recomputes it.
 */

const gameCode = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'gameCode is a house game code such as lucky-lotus');
const amount = z.union([z.number(), z.string().max(32)]);

export const HouseSeedSchema = z.object({
  /** SHA-256 (hex) of the server seed in use: published before any round is played with it. */
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** The nonce the next round will use. */
  nextNonce: z.number().int(),
});
export type HouseSeed = z.infer<typeof HouseSeedSchema>;

const HOUSE_KINDS = [
  'slot',
  'table',
  'dice',
  'limbo',
  'mines',
  'plinko',
  'keno',
  'wheel',
  'roulette',
  'sicbo',
  'hilo',
  'baccarat',
  'blackjack',
] as const;

export const HouseRoundSchema = z.object({
  roundId: z.string(),
  gameCode: z.string(),
  kind: z.enum(HOUSE_KINDS),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  /** The server seed, once rotated (null while it is still in use). */
  serverSeed: z.string().nullable(),
  /** Major units. */
  bet: z.number(),
  win: z.number(),
  /** The player's balance after the round, major units (null to anyone but the player). */
  balance: z.number().nullable(),
  freePlay: z.boolean(),
  /** The wager as the engine took it, minor units: `{kind:'slot', bet}` or `{kind:'table', bets}`. */
  wager: z.record(z.string(), z.unknown()),
  /** The engine's outcome, minor units. */
  outcome: z.record(z.string(), z.unknown()),
  playedAt: z.number(),
});
export type HouseRound = z.infer<typeof HouseRoundSchema>;

/** An open Mines round as its player sees it (the mines stay hidden until it ends). */
export const MinesRoundSchema = z.object({
  roundId: z.string(),
  /** Major units. */
  bet: z.number(),
  mines: z.number().int(),
  /** Safe tiles opened so far, in order. */
  picks: z.array(z.number().int()),
  /** What cashing out now pays in total, major units (0 before the first tile). */
  cashOut: z.number(),
  /** The multiplier now and after one more safe tile, 2 decimals (null when none is offered). */
  multiplier: z.string(),
  nextMultiplier: z.string().nullable(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
});
export type MinesRound = z.infer<typeof MinesRoundSchema>;

const hiloAction = z.enum(['higher', 'lower', 'same', 'skip']);

/** An open HiLo round as its player sees it: the cards turned so far (the next stays in the seed). */
export const HiLoRoundSchema = z.object({
  roundId: z.string(),
  /** Major units. */
  bet: z.number(),
  /** The first card, then one per action (0..51: rank = card % 13 + 1, suit = card / 13). */
  cards: z.array(z.number().int()),
  actions: z.array(hiloAction),
  /** Correct guesses so far. */
  guesses: z.number().int(),
  /** What cashing out now pays, major units (0 before the first correct guess). */
  cashOut: z.number(),
  multiplier: z.string(),
  /** Per guess from the current card: the multiplier it would reach, or null when not offered (a
   * king's higher, an ace's lower, or a win past the max win). */
  next: z.object({
    higher: z.string().nullable(),
    lower: z.string().nullable(),
    same: z.string().nullable(),
  }),
  /** Chance of each guess, in ranks out of 13. */
  chances: z.object({ higher: z.number().int(), lower: z.number().int(), same: z.number().int() }),
  skipsLeft: z.number().int(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
});
export type HiLoRound = z.infer<typeof HiLoRoundSchema>;

const blackjackAction = z.enum(['hit', 'stand', 'double', 'split']);

/** An open Blackjack round as its player sees it: the cards turned so far (the rest stay in the seed). */
export const BlackjackRoundSchema = z.object({
  roundId: z.string(),
  /** The first bet, major units. */
  bet: z.number(),
  /** Everything staked so far (the bet, a double, a split), major units. */
  stake: z.number(),
  actions: z.array(blackjackAction),
  /** The player's hands (two after a split): cards 0..51, total, soft, doubled. */
  hands: z.array(
    z.object({
      cards: z.array(z.number().int()),
      total: z.number().int(),
      soft: z.boolean(),
      doubled: z.boolean(),
    }),
  ),
  /** The hand in play. */
  active: z.number().int(),
  /** The dealer's up-card (his second is drawn when the player is done). */
  dealer: z.array(z.number().int()),
  dealerTotal: z.number().int(),
  /** The actions the hand in play may take. */
  legal: z.array(blackjackAction),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
});
export type BlackjackRound = z.infer<typeof BlackjackRoundSchema>;

/** The limits of the originals, major units (configured per site). */
export const OriginalLimitsSchema = z.object({
  minBet: z.number(),
  maxBet: z.number(),
  maxWin: z.number(),
  /** Rounds one auto-bet may play. */
  autoBetMaxRounds: z.number().int(),
});
export type OriginalLimits = z.infer<typeof OriginalLimitsSchema>;

export const HouseStateSchema = z.object({
  gameCode: z.string(),
  kind: z.enum(HOUSE_KINDS),
  name: z.string(),
  category: z.string(),
  /** Main balance, major units. */
  balance: z.number(),
  currency: z.string(),
  currencySymbol: z.string(),
  precision: z.number().int(),
  freePlay: z.boolean(),
  seed: HouseSeedSchema,
  /** Slot total bets (major units) the game offers, or the table's chips. */
  betLevels: z.array(z.number()),
  /** The originals: their limits, and a Mines round left open (played on after a reload). */
  limits: OriginalLimitsSchema.optional(),
  openMines: MinesRoundSchema.nullable().optional(),
  /** HiLo: a round left open (played on after a reload or a restart of the server). */
  openHiLo: HiLoRoundSchema.nullable().optional(),
  /** Blackjack: a round left open (played on after a reload or a restart of the server). */
  openBlackjack: BlackjackRoundSchema.nullable().optional(),
});
export type HouseState = z.infer<typeof HouseStateSchema>;

export const openHouseTicket = defineCall({
  id: 'openHouseTicket',
  method: 'POST',
  path: '/wps/sandbox/house/ticket',
  moduleId: 'SANDBOX',
  token: false,
  summary: 'Redeems the launch token of a house game page for a play ticket (X-House-Ticket)',
  body: z.strictObject({ launchToken: z.string().min(1).max(512), gameCode }),
  response: z.object({
    ticket: z.string(),
    gameCode: z.string(),
    expiresAt: z.number(),
    freePlay: z.boolean(),
  }),
});

export const getHouseState = defineCall({
  id: 'getHouseState',
  method: 'GET',
  path: '/wps/sandbox/house/state',
  moduleId: 'SANDBOX',
  token: false,
  summary: "A house game's table: balance, the current seed's hash, client seed and next nonce, bet levels",
  query: z.object({ gameCode }),
  response: HouseStateSchema,
});

export const spinHouseSlot = defineCall({
  id: 'spinHouseSlot',
  method: 'POST',
  path: '/wps/sandbox/house/spin',
  moduleId: 'SANDBOX',
  token: false,
  summary: 'One paid slot spin (and the free spins it awards): stake debited, win credited, round recorded',
  body: z.strictObject({ gameCode, bet: amount }),
  response: HouseRoundSchema,
});

export const playHouseTable = defineCall({
  id: 'playHouseTable',
  method: 'POST',
  path: '/wps/sandbox/house/round',
  moduleId: 'SANDBOX',
  token: false,
  summary: 'One Dragon Tiger round with bets per side: stakes debited, returns credited, round recorded',
  body: z.strictObject({
    gameCode,
    bets: z.strictObject({ DRAGON: amount.optional(), TIGER: amount.optional(), TIE: amount.optional() }),
  }),
  response: HouseRoundSchema,
});

export const setHouseClientSeed = defineCall({
  id: 'setHouseClientSeed',
  method: 'POST',
  path: '/wps/sandbox/house/seed/client',
  moduleId: 'SANDBOX',
  token: false,
  summary: 'Sets the client seed of the next rounds (1-64 of letters, digits, _ and -)',
  body: z.strictObject({
    gameCode,
    clientSeed: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'A client seed is 1-64 letters, digits, _ or -'),
  }),
  response: HouseSeedSchema,
});

export const rotateHouseSeed = defineCall({
  id: 'rotateHouseSeed',
  method: 'POST',
  path: '/wps/sandbox/house/seed/rotate',
  moduleId: 'SANDBOX',
  token: false,
  summary: 'Reveals the server seed in use and commits a new one (its hash)',
  body: z.strictObject({ gameCode }),
  response: z.object({
    revealed: z.object({
      serverSeed: z.string(),
      serverSeedHash: z.string(),
      clientSeed: z.string(),
      /** Rounds played with it: nonces 0 .. rounds - 1. */
      rounds: z.number().int(),
    }),
    current: HouseSeedSchema,
  }),
});

export const getHouseRounds = defineCall({
  id: 'getHouseRounds',
  method: 'GET',
  path: '/wps/sandbox/house/rounds',
  moduleId: 'SANDBOX',
  token: false,
  summary: "The player's rounds of a house game, newest first",
  query: z.object({
    gameCode,
    pageNo: z.coerce.number().int().min(1).max(10000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  }),
  response: z.object({
    content: z.array(HouseRoundSchema),
    pageNo: z.number().int(),
    totalElements: z.number().int(),
  }),
});

export const getHouseRound = defineCall({
  id: 'getHouseRound',
  method: 'GET',
  path: '/wps/sandbox/house/verify',
  moduleId: 'SANDBOX',
  token: false,
  summary: 'One recorded round by id, for the verifier page (the server seed once rotated)',
  query: z.object({
    roundId: z.string().regex(/^H[0-9A-Za-z]{10,40}$/, 'roundId is a house round id such as H...'),
  }),
  response: HouseRoundSchema,
});

/**
 * What an original's bet sets: Dice target and side, Limbo target, Plinko rows and risk, Keno
 * picks and risk, Wheel segments and risk. Roulette and Sic Bo take `bets` (spot → amount, major
 * units) instead of `bet`; the round's stake is their sum.
 */
const originalSettings = {
  gameCode,
  bet: amount.optional(),
  /** Dice: hundredths of the roll (under or over); Limbo: hundredths of the multiplier. */
  target: z.number().int().optional(),
  over: z.boolean().optional(),
  rows: z.number().int().optional(),
  risk: z.enum(['low', 'medium', 'high']).optional(),
  /** Keno: 1 to 10 different numbers of 1..40. */
  picks: z.array(z.number().int()).max(40).optional(),
  /** Wheel: 10, 20, 30, 40 or 50. */
  segments: z.number().int().optional(),
  /** Roulette and Sic Bo: spot key (`straight:17`, `red`, `total:9` …) → amount. */
  bets: z.record(z.string().max(40), amount).optional(),
};

export const playHouseOriginal = defineCall({
  id: 'playHouseOriginal',
  method: 'POST',
  path: '/wps/sandbox/house/original',
  moduleId: 'SANDBOX',
  token: false,
  summary:
    'One round of Dice, Limbo, Plinko, Keno, Wheel, Roulette or Sic Bo: stake debited, win credited, round recorded (decision 046)',
  body: z.strictObject(originalSettings),
  response: HouseRoundSchema,
});

export const autoBetHouseOriginal = defineCall({
  id: 'autoBetHouseOriginal',
  method: 'POST',
  path: '/wps/sandbox/house/original/auto',
  moduleId: 'SANDBOX',
  token: false,
  summary:
    'Auto-bet: up to `rounds` rounds of the same bet, stopped by the server at a profit or loss limit, or on a won or lost round (decision 046)',
  body: z.strictObject({
    ...originalSettings,
    rounds: z.number().int().min(1),
    /** Stop once the net result reaches +stopOnProfit or -stopOnLoss (major units). */
    stopOnProfit: amount.optional(),
    stopOnLoss: amount.optional(),
    /** Stop after the first round that pays more than its stake (a won round). */
    stopOnWin: z.boolean().optional(),
    /** Stop after the first round that pays less than its stake (a lost round; a push is neither). */
    stopOnLose: z.boolean().optional(),
  }),
  response: z.object({
    rounds: z.array(HouseRoundSchema),
    /** Why it stopped: all rounds played, a limit reached, a won or lost round, or a refused stake (the balance). */
    stoppedBy: z.enum(['rounds', 'profit', 'loss', 'win', 'lose', 'balance']),
    net: z.number(),
  }),
});

const minesAnswer = z.object({
  open: MinesRoundSchema.nullable(),
  /** The round once it ended (a mine, a cash-out, or every safe tile found). */
  settled: HouseRoundSchema.nullable(),
  balance: z.number(),
});

export const startHouseMines = defineCall({
  id: 'startHouseMines',
  method: 'POST',
  path: '/wps/sandbox/house/mines/start',
  moduleId: 'SANDBOX',
  token: false,
  summary: 'Opens a Mines round: the stake is debited, the mines drawn and kept hidden',
  body: z.strictObject({ gameCode, bet: amount, mines: z.number().int() }),
  response: minesAnswer,
});

export const revealHouseMines = defineCall({
  id: 'revealHouseMines',
  method: 'POST',
  path: '/wps/sandbox/house/mines/reveal',
  moduleId: 'SANDBOX',
  token: false,
  summary: 'Opens one tile of the open Mines round (a mine ends it)',
  body: z.strictObject({ gameCode, tile: z.number().int().min(0).max(24) }),
  response: minesAnswer,
});

export const cashOutHouseMines = defineCall({
  id: 'cashOutHouseMines',
  method: 'POST',
  path: '/wps/sandbox/house/mines/cashout',
  moduleId: 'SANDBOX',
  token: false,
  summary: 'Cashes out the open Mines round at its multiplier',
  body: z.strictObject({ gameCode }),
  response: minesAnswer,
});

// ---- HiLo (decision 046) ---------------------------------------------------------------------

const hiloAnswer = z.object({
  open: HiLoRoundSchema.nullable(),
  /** The round once it ended (a wrong guess, a cash-out, or the last guess a round may take). */
  settled: HouseRoundSchema.nullable(),
  balance: z.number(),
});

export const startHouseHiLo = defineCall({
  id: 'startHouseHiLo',
  method: 'POST',
  path: '/wps/sandbox/house/hilo/start',
  moduleId: 'SANDBOX',
  token: false,
  summary: 'Opens a HiLo round: the stake is debited and the first card turned',
  body: z.strictObject({ gameCode, bet: amount }),
  response: hiloAnswer,
});

export const actHouseHiLo = defineCall({
  id: 'actHouseHiLo',
  method: 'POST',
  path: '/wps/sandbox/house/hilo/act',
  moduleId: 'SANDBOX',
  token: false,
  summary:
    'Guesses the next card of the open HiLo round (higher, lower, same) or skips it; `step` is the number of actions the player saw, so a repeated submit is refused',
  body: z.strictObject({ gameCode, action: hiloAction, step: z.number().int().min(0) }),
  response: hiloAnswer,
});

export const cashOutHouseHiLo = defineCall({
  id: 'cashOutHouseHiLo',
  method: 'POST',
  path: '/wps/sandbox/house/hilo/cashout',
  moduleId: 'SANDBOX',
  token: false,
  summary: 'Cashes out the open HiLo round at its multiplier',
  body: z.strictObject({ gameCode }),
  response: hiloAnswer,
});

// ---- Blackjack (decision 057) ----------------------------------------------------------------

const blackjackAnswer = z.object({
  open: BlackjackRoundSchema.nullable(),
  /** The round once it ended (every hand played and the dealer's drawn, or a blackjack dealt). */
  settled: HouseRoundSchema.nullable(),
  balance: z.number(),
});

export const startHouseBlackjack = defineCall({
  id: 'startHouseBlackjack',
  method: 'POST',
  path: '/wps/sandbox/house/blackjack/start',
  moduleId: 'SANDBOX',
  token: false,
  summary:
    "Deals a Blackjack round: the bet is debited, the player's two cards and the dealer's up-card turned (a blackjack settles at once)",
  body: z.strictObject({ gameCode, bet: amount }),
  response: blackjackAnswer,
});

export const actHouseBlackjack = defineCall({
  id: 'actHouseBlackjack',
  method: 'POST',
  path: '/wps/sandbox/house/blackjack/act',
  moduleId: 'SANDBOX',
  token: false,
  summary:
    'Hits, stands, doubles or splits the hand in play of the open Blackjack round (a double or a split debits one more bet); `step` is the number of actions the player saw, so a repeated submit is refused',
  body: z.strictObject({ gameCode, action: blackjackAction, step: z.number().int().min(0) }),
  response: blackjackAnswer,
});
