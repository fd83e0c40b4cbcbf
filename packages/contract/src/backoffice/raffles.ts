import { z } from 'zod';
import {
  RAFFLE_DESCRIPTION_MAX,
  RAFFLE_PRIZES_MAX,
  RAFFLE_TITLE_MAX,
  rafflePhases,
  raffleStatuses,
} from '../raffles.ts';
import { defineBoCall, type BoCallDef } from './calls.ts';

/**
 * Raffles in the back office (issue 32, decision 053): staff create, edit and cancel raffles and
 * see their entries and winners. `content.edit`, the desk that writes the promotions' bonus rules
 * (decision 051); every write audited (`raffle.create`, `raffle.update`, `raffle.cancel`).
 */

const idSchema = z.coerce.number().int().positive().max(2_147_483_647);
const epochMs = z.number().int().min(0).max(8_640_000_000_000);

export const RaffleBodySchema = z
  .object({
    /** Absent: a new raffle. */
    id: idSchema.optional(),
    title: z
      .string()
      .trim()
      .min(1, 'A title is 1 to 80 characters')
      .max(RAFFLE_TITLE_MAX, 'A title is 1 to 80 characters'),
    description: z.string().trim().max(RAFFLE_DESCRIPTION_MAX, 'At most 500 characters').default(''),
    opensAt: epochMs,
    closesAt: epochMs,
    drawAt: epochMs,
    /** Each place's cash prize, major units, first place first. */
    prizes: z
      .array(z.number().positive('A prize is more than 0').max(1e9))
      .min(1, 'At least one prize')
      .max(RAFFLE_PRIZES_MAX, `At most ${RAFFLE_PRIZES_MAX} prizes`),
  })
  .refine((b) => b.opensAt < b.closesAt, {
    message: 'Entries must close after they open',
    path: ['closesAt'],
  })
  .refine((b) => b.closesAt <= b.drawAt, {
    message: 'The draw is at or after the close of entries',
    path: ['drawAt'],
  });
export type RaffleBody = z.infer<typeof RaffleBodySchema>;

export const BoRaffleWinnerSchema = z.object({
  place: z.number().int(),
  ticket: z.number().int(),
  memberId: z.number().int(),
  username: z.string(),
  amount: z.number(),
  /** The ledger movement that paid it. */
  transactionId: z.number().int().nullable(),
});

export const BoRaffleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  opensAt: z.number(),
  closesAt: z.number(),
  drawAt: z.number(),
  status: z.enum(raffleStatuses),
  phase: z.enum(rafflePhases),
  prizes: z.array(z.number()),
  prizePool: z.number(),
  entries: z.number().int(),
  seedHash: z.string(),
  /** Shown once drawn. */
  seed: z.string().nullable(),
  entriesHash: z.string().nullable(),
  drawnAt: z.number().nullable(),
  cancelledAt: z.number().nullable(),
  cancelReason: z.string(),
  winners: z.array(BoRaffleWinnerSchema),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type BoRaffle = z.infer<typeof BoRaffleSchema>;

export const boRaffles = defineBoCall({
  id: 'boRaffles',
  method: 'GET',
  path: '/bo/api/raffles',
  access: 'content.edit',
  summary: 'Every raffle, newest draw first, with its entries and winners',
  query: z.object({
    status: z.enum(raffleStatuses).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    size: z.coerce.number().int().min(1).max(100).default(50),
  }),
  response: z.object({ list: z.array(BoRaffleSchema), total: z.number().int() }),
});

export const boRaffleSave = defineBoCall({
  id: 'boRaffleSave',
  method: 'POST',
  path: '/bo/api/raffles',
  access: 'content.edit',
  summary:
    'Creates a raffle, or edits one not drawn or cancelled (its times and prizes only while entries are not closed); audited raffle.create / raffle.update',
  body: RaffleBodySchema,
  response: BoRaffleSchema,
});

export const RaffleCancelBodySchema = z.object({
  id: idSchema,
  reason: z.string().trim().min(1, 'Say why (1 to 200 characters)').max(200, 'At most 200 characters'),
});

export const boRaffleCancel = defineBoCall({
  id: 'boRaffleCancel',
  method: 'POST',
  path: '/bo/api/raffles/cancel',
  access: 'content.edit',
  summary:
    'Cancels a raffle not drawn yet (nothing is paid; entries stay for the record); audited raffle.cancel',
  body: RaffleCancelBodySchema,
  response: BoRaffleSchema,
});

export const raffleBoCalls: readonly BoCallDef[] = [boRaffles, boRaffleSave, boRaffleCancel];
