import { z } from 'zod';
import { defineCall } from '../call.ts';

/**
 * Crash's calls (issue 34, decision 055). The round is shared: its state and feed are public (a
 * watcher needs no account); a bet and a cash-out are the signed-in player's (Authorization) or a
 * launched page's (`X-House-Ticket` for game `crash`). Amounts are major units, multipliers
 * hundredths (247 = 2.47×), times epoch milliseconds of the server's clock.
 */

const amount = z.union([z.number(), z.string().max(32)]);

export const CrashBetSchema = z.object({
  /** The player as others see it: `ab***9`. */
  player: z.string(),
  bet: z.number(),
  /** The auto cash-out, hundredths (null: by hand). */
  auto: z.number().int().nullable(),
  /** Where it cashed out, hundredths (null: not yet, or lost). */
  cashedAt: z.number().int().nullable(),
  win: z.number().nullable(),
  mine: z.boolean(),
});
export type CrashBet = z.infer<typeof CrashBetSchema>;

export const CrashRoundSchema = z.object({
  roundId: z.number().int(),
  /** The round's place in its chain (the nonce of its blocks). */
  roundNo: z.number().int(),
  chainId: z.number().int(),
  /** betting: bets are taken until bettingEndsAt; flying: the curve climbs; crashed. */
  phase: z.enum(['betting', 'flying', 'crashed']),
  bettingEndsAt: z.number(),
  /** Set once crashed: the point (hundredths), the time and the round's hash (the server seed). */
  crashPoint: z.number().int().nullable(),
  crashedAt: z.number().nullable(),
  hash: z.string().nullable(),
});
export type CrashRound = z.infer<typeof CrashRoundSchema>;

export const CrashChainSchema = z.object({
  chainId: z.number().int(),
  /** h_0, published before the chain's first round. */
  commitment: z.string(),
  /** The client seed of every round of the chain. */
  salt: z.string(),
  length: z.number().int(),
});

export const CrashStateSchema = z.object({
  serverNow: z.number(),
  round: CrashRoundSchema.nullable(),
  chain: CrashChainSchema.nullable(),
  bets: z.array(CrashBetSchema),
  /** The last rounds' crash points, newest first. */
  recent: z.array(z.object({ roundId: z.number().int(), crashPoint: z.number().int() })),
  limits: z.object({ minBet: z.number(), maxBet: z.number(), maxWin: z.number() }),
  /** The viewer's balance (null to a watcher without an account). */
  balance: z.number().nullable(),
  currencySymbol: z.string(),
  freePlay: z.boolean(),
});
export type CrashState = z.infer<typeof CrashStateSchema>;

const gameQuery = z.object({ gameCode: z.literal('crash').optional() });

export const getCrashState = defineCall({
  id: 'getCrashState',
  method: 'GET',
  path: '/wps/sandbox/house/crash/state',
  moduleId: 'SANDBOX',
  token: false,
  summary: "Crash: the shared round now, its bets, the last crash points and the viewer's balance",
  query: gameQuery,
  response: CrashStateSchema,
});

const betAnswer = z.object({ bet: CrashBetSchema, balance: z.number() });

export const placeCrashBet = defineCall({
  id: 'placeCrashBet',
  method: 'POST',
  path: '/wps/sandbox/house/crash/bet',
  moduleId: 'SANDBOX',
  token: false,
  summary: 'Crash: a bet on the round taking bets (one per player), with an optional auto cash-out',
  body: z.strictObject({
    gameCode: z.literal('crash').optional(),
    bet: amount,
    autoCashOut: z.number().int().nullable().optional(),
  }),
  response: betAnswer,
});

export const cashOutCrash = defineCall({
  id: 'cashOutCrash',
  method: 'POST',
  path: '/wps/sandbox/house/crash/cashout',
  moduleId: 'SANDBOX',
  token: false,
  summary:
    "Crash: cashes out the player's bet at the multiplier of the server's clock, unless it crashed before",
  body: z.strictObject({ gameCode: z.literal('crash').optional() }),
  response: betAnswer,
});

export const CrashHistoryRowSchema = z.object({
  roundId: z.number().int(),
  roundNo: z.number().int(),
  chainId: z.number().int(),
  crashPoint: z.number().int(),
  hash: z.string(),
  crashedAt: z.number(),
  bets: z.number().int(),
  /** The viewer's own bet in it, if any. */
  myBet: z.number().nullable(),
  myWin: z.number().nullable(),
});

export const getCrashHistory = defineCall({
  id: 'getCrashHistory',
  method: 'GET',
  path: '/wps/sandbox/house/crash/history',
  moduleId: 'SANDBOX',
  token: false,
  summary: 'Crash: the crashed rounds, newest first, each with its revealed hash (public)',
  query: z.object({
    pageNo: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  }),
  response: z.object({ content: z.array(CrashHistoryRowSchema), pageNo: z.number().int() }),
});

/** The feed's path (server-sent events, public). */
export const CRASH_FEED_PATH = '/wps/sandbox/house/crash/feed';

/**
 * The feed's `event:` names; each `data:` is JSON. `state` (a CrashState without balance) at
 * connect and at each new round; `tick` {r: roundId, m: multiplier hundredths, e: elapsed ms,
 * t: server ms of emission} every 100 ms of flight; `bet` and `cashout` (a CrashBet, mine false);
 * `crash` (the CrashRound crashed).
 */
export const CrashFeedEvents = {
  state: 'state',
  tick: 'tick',
  bet: 'bet',
  cashout: 'cashout',
  crash: 'crash',
} as const;
