import { z } from 'zod';
import { defineCall } from './call.ts';

/**
 * Raffles (issue 32, "raffle claim"; PR-11; decision 053). A raffle is one schedule of the
 * original's raffle promotion: an entry window (opens, closes), a draw time and its prizes. A member
 * enters by the original's claim call (`MCSFE_claimRafflePromotion` / `MCS2_…` with
 * `raffleScheduleId` naming the raffle), once per raffle, free; the status call answers for it
 * with `raffleScheduleId` too. The draw is a job: winners are picked by a committed seed (its
 * SHA-256 shown from the start, the seed itself after the draw) over the entries' ticket numbers,
 * so anyone can check them; prizes are cash through the ledger.
 */

export const raffleStatuses = ['SCHEDULED', 'DRAWN', 'CANCELLED'] as const;
export type RaffleStatus = (typeof raffleStatuses)[number];

/** What the player sees of a raffle's time: before the window, in it, waiting for the draw, drawn, cancelled. */
export const rafflePhases = ['UPCOMING', 'OPEN', 'CLOSED', 'DRAWN', 'CANCELLED'] as const;
export type RafflePhase = (typeof rafflePhases)[number];

/** The most prizes (places) a raffle has. */
export const RAFFLE_PRIZES_MAX = 50;
export const RAFFLE_TITLE_MAX = 80;
export const RAFFLE_DESCRIPTION_MAX = 500;

export const RaffleWinnerSchema = z.object({
  place: z.number().int(),
  /** The winning ticket's number. */
  ticket: z.number().int(),
  /** The winner's account, masked for other members (`ab***9`). */
  account: z.string(),
  /** Major units. */
  amount: z.number(),
  me: z.boolean(),
});
export type RaffleWinner = z.infer<typeof RaffleWinnerSchema>;

export const RaffleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** Epoch ms. */
  opensAt: z.number(),
  closesAt: z.number(),
  drawAt: z.number(),
  phase: z.enum(rafflePhases),
  /** Prizes by place, major units, first place first. */
  prizes: z.array(z.number()),
  /** Sum of the prizes, major units. */
  prizePool: z.number(),
  entries: z.number().int(),
  /** SHA-256 (hex) of the draw's secret seed, fixed when the raffle was created. */
  seedHash: z.string(),
  /** The seed (hex), shown once drawn; null before. */
  seed: z.string().nullable(),
  /** SHA-256 (hex) of the tickets drawn from, in order ("1,5,9"); null before the draw. */
  entriesHash: z.string().nullable(),
  drawnAt: z.number().nullable(),
  winners: z.array(RaffleWinnerSchema),
  /** The caller's ticket in it; null for a visitor or a member who has not entered. */
  myTicket: z.number().int().nullable(),
  /** What the caller won in it, major units; 0 when nothing. */
  myWin: z.number(),
});
export type Raffle = z.infer<typeof RaffleSchema>;

export const RaffleListSchema = z.object({
  list: z.array(RaffleSchema),
  /** What the caller has won in raffles, major units, and how many times. */
  myWins: z.number(),
  myWinCount: z.number().int(),
  /** The server's time, epoch ms. */
  time: z.number(),
});
export type RaffleList = z.infer<typeof RaffleListSchema>;

export const getRaffles = defineCall({
  id: 'getRaffles',
  method: 'GET',
  path: '/wps/raffles',
  moduleId: 'RAFFLE',
  token: false,
  summary:
    "The raffles running, coming and drawn in the last 30 days, with their prizes, entries, winners and the draw's proof; a member's own ticket and wins",
  response: RaffleListSchema,
});

export const RaffleDrawSchema = z.object({
  id: z.number().int(),
  seedHash: z.string(),
  seed: z.string(),
  entriesHash: z.string(),
  /** The tickets drawn from, in the order the draw used. */
  tickets: z.array(z.number().int()),
  winners: z.array(RaffleWinnerSchema),
});
export type RaffleDraw = z.infer<typeof RaffleDrawSchema>;

export const getRaffleDraw = defineCall({
  id: 'getRaffleDraw',
  method: 'GET',
  path: '/wps/raffles/draw',
  moduleId: 'RAFFLE',
  token: false,
  summary:
    "A drawn raffle's proof: the seed, its hash, the tickets in order and the winners (to check the draw)",
  query: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
  response: RaffleDrawSchema,
});

/** What the claim call answers when it enters a raffle. */
export const RaffleEntrySchema = z.object({
  raffleId: z.number().int(),
  ticket: z.number().int(),
  /** Epoch ms of the entry. */
  enteredAt: z.number(),
});
export type RaffleEntry = z.infer<typeof RaffleEntrySchema>;
