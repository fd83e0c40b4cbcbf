import { z } from 'zod';
import type { ErrorDef } from '../errors.ts';
import { defineBoCall, type BoCallDef } from './calls.ts';

/**
 * The back office's Lottery section (issue 31, decision 034): the games and their schedules, a
 * game's numeros with their state, the liability of a numero, and the results: enter, correct and
 * void, each previewed (what the settlement would move) before it is confirmed. Reads need
 * `report.read`; previews, results, voids and a game's switch need `lottery.result`. Every write
 * is audited with the state before and after and goes through the lottery engine (decision 022),
 * as `npm run ops -- lottery ...` does.
 *
 * Amounts are major units of the brand's currency; times are epoch milliseconds.
 */

const gameCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_]{2,16}$/, '2–16 letters, digits or _')
  .transform((s) => s.toUpperCase());
const numero = z
  .string()
  .trim()
  .regex(/^[0-9]{8}(-[0-9]{1,5})?$/, 'a numero such as 20261123 or 20261123-0451');
/** Why a draw was voided: kept on the numero and in the audit log. */
export const LotteryReasonSchema = z.string().trim().min(1).max(200);

export const LotteryBoErrors = {
  boLotteryNumeroNotFound: { code: 'bo.lottery.numero.not.found', status: 404, message: 'No such numero' },
  boLotteryGameNotFound: { code: 'bo.lottery.game.not.found', status: 404, message: 'No such lottery game' },
  boLotteryChanged: {
    code: 'bo.lottery.changed',
    status: 409,
    message: 'The numero changed since your preview: look at it again',
  },
  boLotteryState: {
    code: 'bo.lottery.state',
    status: 409,
    message: 'The numero is not in a state this action applies to',
  },
  boLotteryScheduleInvalid: {
    code: 'bo.lottery.schedule.invalid',
    status: 422,
    message: 'This schedule does not fit the game',
  },
  boLotteryResultInvalid: {
    code: 'bo.lottery.result.invalid',
    status: 422,
    message: 'The result is not valid',
  },
} as const satisfies Record<string, ErrorDef>;

// ---- games ----------------------------------------------------------------------------------------

export const LotteryBoGameSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  family: z.string(),
  region: z.string(),
  enabled: z.boolean(),
  /** RNG: our commit-reveal draw; OFFICIAL: results entered by the operator. */
  resultSource: z.enum(['RNG', 'OFFICIAL']),
  /** An official game whose results our own draw stands in for (demos). */
  sandbox: z.boolean(),
  /** Seconds between draws (fast games); 0 for a daily game. */
  intervalS: z.number().int(),
  /** A daily game's draw time on its zone's clock (HH:MM) and weekdays (0 Sunday…6). */
  drawTime: z.string(),
  drawDays: z.array(z.number().int()),
  /** Sales close this many seconds before the draw. */
  lockS: z.number().int(),
  utcOffsetMin: z.number().int(),
  /** A schedule in words, e.g. "every 60 s" or "18:15 Mon–Sun (UTC+7)". */
  schedule: z.string(),
  limits: z.object({
    betMin: z.number(),
    betMax: z.number(),
    multipleMax: z.number().int(),
    winMax: z.number(),
    /** 0: no cap. */
    numberLiabilityMax: z.number(),
    drawPayoutMax: z.number(),
    chaseMax: z.number().int(),
  }),
  /** The numero on sale now, if any, and the next one whose result is awaited. */
  onSale: z.object({ numero: z.string(), drawAt: z.number(), saleEnd: z.number() }).nullable(),
  /** Numeros whose draw time passed without a result (an official game's work list). */
  awaiting: z.number().int(),
  /** Zone-local dates (YYYYMMDD) without a draw (decision 040). */
  suspendedDates: z.array(z.string()),
});
export type LotteryBoGame = z.infer<typeof LotteryBoGameSchema>;

export const LotteryBoGamesSchema = z.object({
  currency: z.string(),
  precision: z.number().int(),
  list: z.array(LotteryBoGameSchema),
});

export const LotteryGameSwitchBodySchema = z.object({
  code: gameCode,
  enabled: z.boolean(),
  reason: LotteryReasonSchema,
});

/** A date of the game's zone, YYYYMMDD (or YYYY-MM-DD, stored without the dashes). */
const zoneDate = z
  .string()
  .trim()
  .regex(/^[0-9]{4}-?[0-9]{2}-?[0-9]{2}$/, 'a date such as 2026-12-31')
  .transform((d) => d.replace(/-/g, ''))
  .refine((d) => {
    const t = Date.UTC(Number(d.slice(0, 4)), Number(d.slice(4, 6)) - 1, Number(d.slice(6, 8)));
    return new Date(t).toISOString().slice(0, 10).replace(/-/g, '') === d;
  }, 'not a calendar date');

/**
 * A game's schedule as an operator edits it (decision 040): a daily game's draw time and weekdays,
 * any game's closing offset and suspended dates. A fast game's interval is not edited: its numeros
 * are numbered by their place in the day, which a new interval would reuse for other draws.
 */
export const LotteryScheduleBodySchema = z.object({
  code: gameCode,
  /** Daily games: the draw time on the zone's clock. */
  drawTime: z
    .string()
    .trim()
    .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'a time such as 18:15')
    .optional(),
  /** Daily games: the weekdays drawn (0 Sunday … 6 Saturday). */
  drawDays: z.array(z.number().int().min(0).max(6)).min(1).max(7).optional(),
  /** Sales close this many seconds before each draw. */
  lockS: z.number().int().min(0).max(86_399),
  /** The dates without a draw, the whole list (empty: none). */
  suspendedDates: z.array(zoneDate).max(400),
  reason: LotteryReasonSchema,
});

export type LotteryScheduleResult = z.infer<typeof LotteryScheduleResultSchema>;
export const LotteryScheduleResultSchema = z.object({
  game: LotteryBoGameSchema,
  /** Future numeros without bets made again on the new schedule. */
  replaced: z.number().int(),
  /** Future numeros with bets the new schedule no longer has: kept as they were (void them if need be). */
  kept: z.array(z.object({ numero: z.string(), drawAt: z.number(), tickets: z.number().int() })),
  auditId: z.number().int().nullable(),
});

// ---- numeros ----------------------------------------------------------------------------------------

export const lotteryNumeroStatuses = ['open', 'locked', 'drawn', 'settled', 'void'] as const;
/** What a list of numeros asks for: `awaiting` are past their draw time without a result. */
export const lotteryNumeroFilters = ['recent', 'awaiting', 'upcoming', 'settled', 'void'] as const;

export const LotteryNumerosQuerySchema = z.object({
  code: gameCode,
  filter: z.enum(lotteryNumeroFilters).default('recent'),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(50),
});

export const LotteryBoNumeroSchema = z.object({
  id: z.number().int(),
  gameCode: z.string(),
  numero: z.string(),
  label: z.string(),
  status: z.enum(lotteryNumeroStatuses),
  /** open or locked with the draw time past: a result is awaited. */
  awaitingResult: z.boolean(),
  saleStart: z.number(),
  saleEnd: z.number(),
  drawAt: z.number(),
  winNo: z.string(),
  /** 0 for the first result; each correction adds one. */
  revision: z.number().int(),
  voidReason: z.string(),
  tickets: z.number().int(),
  stake: z.number(),
  payout: z.number(),
});
export type LotteryBoNumero = z.infer<typeof LotteryBoNumeroSchema>;

export const LotteryBoNumerosSchema = z.object({
  currency: z.string(),
  precision: z.number().int(),
  resultSource: z.enum(['RNG', 'OFFICIAL']),
  total: z.number().int(),
  list: z.array(LotteryBoNumeroSchema),
});

export const LotteryNumeroQuerySchema = z.object({ code: gameCode, numero });

export const LotteryBoNumeroDetailSchema = z.object({
  currency: z.string(),
  precision: z.number().int(),
  numero: LotteryBoNumeroSchema,
  family: z.string(),
  resultSource: z.enum(['RNG', 'OFFICIAL']),
  /** How many numbers a whole result has, and their widths by prize (e.g. five digits of 1 for SSC). */
  resultShape: z.array(z.object({ prize: z.string(), digits: z.number().int() })),
  /** Every result the numero had, oldest first. */
  revisions: z.array(
    z.object({ revision: z.number().int(), winNo: z.string(), source: z.string(), at: z.number() }),
  ),
  /** Prizes entered so far of a result entered prize by prize (decision 040), in the family's order. */
  slots: z.array(z.object({ prize: z.string(), numbers: z.array(z.string()) })),
  /** What this numero's staff may do now (`prizes`: enter the result prize by prize). */
  can: z.object({ enter: z.boolean(), correct: z.boolean(), void: z.boolean(), prizes: z.boolean() }),
  /** The state a preview is taken from: confirm sends it back, and a changed numero refuses it. */
  version: z.string(),
});
export type LotteryBoNumeroDetail = z.infer<typeof LotteryBoNumeroDetailSchema>;

// ---- liability --------------------------------------------------------------------------------------

export const LotteryBoLiabilitySchema = z.object({
  currency: z.string(),
  precision: z.number().int(),
  numero: z.string(),
  status: z.enum(lotteryNumeroStatuses),
  tickets: z.number().int(),
  players: z.number().int(),
  /** Real money at stake (free play left out, as the per-number cap leaves it out). */
  stake: z.number(),
  freePlayStake: z.number(),
  /** The most one result could cost: the largest payout of any single bet content hitting, summed by key. */
  worstCase: z.number(),
  /** The game's per-number cap (0: none). */
  numberLiabilityMax: z.number(),
  /**
   * Per bet content or number (`<play>:<number>` as the per-number cap keys them): the tickets,
   * stake and what one hit of it pays, largest first.
   */
  rows: z.array(
    z.object({
      key: z.string(),
      play: z.string(),
      content: z.string(),
      tickets: z.number().int(),
      stake: z.number(),
      payoutIfHit: z.number(),
      /** The cap's use of this key (0 when no cap is set). */
      capUsed: z.number(),
    }),
  ),
});
export type LotteryBoLiability = z.infer<typeof LotteryBoLiabilitySchema>;

// ---- results: preview and confirm -------------------------------------------------------------------

export const lotteryResultActions = ['enter', 'correct', 'void'] as const;
export type LotteryResultAction = (typeof lotteryResultActions)[number];

export const LotteryPreviewBodySchema = z.object({
  code: gameCode,
  numero,
  action: z.enum(lotteryResultActions),
  /** The whole result, every number in the family's order, comma separated (enter, correct). */
  winNo: z.string().trim().max(400).optional(),
  reason: LotteryReasonSchema.optional(),
});

/** What a settlement moves (a preview's or a confirmation's): the same figures either way. */
export const LotteryEffectSchema = z.object({
  /** `prizes`: some prizes of an official result, entered prize by prize (decision 040). */
  action: z.enum([...lotteryResultActions, 'prizes']),
  gameCode: z.string(),
  numero: z.string(),
  winNoBefore: z.string(),
  winNoAfter: z.string(),
  statusBefore: z.enum(lotteryNumeroStatuses),
  statusAfter: z.enum(lotteryNumeroStatuses),
  revisionAfter: z.number().int(),
  /** Tickets whose outcome or payout changes. */
  ticketsAffected: z.number().int(),
  winnersBefore: z.number().int(),
  winnersAfter: z.number().int(),
  /** Credits to players (wins, ties, correction gains). */
  payoutsAdded: z.number(),
  /** Winnings taken back by a correction (never more than a wallet holds). */
  payoutsRemoved: z.number(),
  rebates: z.number(),
  refunds: z.number(),
  /** Credits held for wallets at their ceiling (paid later by the held-prizes job). */
  held: z.number(),
  /** The house's gain (+) or loss (−) from this step, real money. */
  houseNet: z.number(),
  freePlayNet: z.number(),
  /** Players whose money moves, largest first (at most 50). */
  players: z.array(z.object({ memberId: z.number().int(), username: z.string(), amount: z.number() })),
  playersMoved: z.number().int(),
  /** The state the preview was taken from (send it back to confirm). */
  version: z.string(),
});
export type LotteryEffect = z.infer<typeof LotteryEffectSchema>;

export const LotteryPreviewSchema = LotteryEffectSchema.extend({
  currency: z.string(),
  precision: z.number().int(),
});

export const LotteryResultBodySchema = z.object({
  code: gameCode,
  numero,
  action: z.enum(['enter', 'correct']),
  winNo: z.string().trim().min(1).max(400),
  /** The preview's version: a numero that changed since is refused (409 bo.lottery.changed). */
  version: z.string().min(1).max(200),
});

export const LotteryVoidBodySchema = z.object({
  code: gameCode,
  numero,
  reason: LotteryReasonSchema,
  version: z.string().min(1).max(200),
});

export const LotteryConfirmSchema = LotteryEffectSchema.extend({
  currency: z.string(),
  precision: z.number().int(),
  /** The audit entry written. */
  auditId: z.number().int(),
});

/** Prize → its numbers (each of the prize's width), e.g. `{"G8": ["12"]}`. */
const PrizeSlotsSchema = z
  .record(
    z
      .string()
      .trim()
      .regex(/^[A-Z0-9]{1,8}$/, 'a prize such as G7 or DB'),
    z
      .array(
        z
          .string()
          .trim()
          .regex(/^[0-9]{1,9}$/, 'digits'),
      )
      .min(1)
      .max(20),
  )
  .refine((r) => Object.keys(r).length > 0, 'at least one prize');

export const LotteryPrizesPreviewBodySchema = z.object({ code: gameCode, numero, slots: PrizeSlotsSchema });

export const LotteryPrizesBodySchema = LotteryPrizesPreviewBodySchema.extend({
  /** The preview's version: a numero that changed since is refused (409 bo.lottery.changed). */
  version: z.string().min(1).max(400),
});

export const LotteryPrizesSchema = z.object({
  currency: z.string(),
  precision: z.number().int(),
  /** Prizes still to come; empty: the result is whole, drawn and settled. */
  missing: z.array(z.string()),
  /** Every prize entered, with these. */
  entered: z.array(z.object({ prize: z.string(), numbers: z.array(z.string()) })),
  /** What it moves (nothing until the last prize: then the settlement). */
  effect: LotteryEffectSchema,
  /** The audit entry written (null for a preview). */
  auditId: z.number().int().nullable(),
});
export type LotteryPrizes = z.infer<typeof LotteryPrizesSchema>;

// ---- calls --------------------------------------------------------------------------------------------

export const boLotteryGames = defineBoCall({
  id: 'boLotteryGames',
  method: 'GET',
  path: '/bo/api/lottery/games',
  access: 'report.read',
  summary: 'The lottery games with their schedules, limits, switches, numero on sale and results awaited',
  response: LotteryBoGamesSchema,
});

export const boLotteryGameSwitch = defineBoCall({
  id: 'boLotteryGameSwitch',
  method: 'POST',
  path: '/bo/api/lottery/games/switch',
  access: 'lottery.result',
  summary: 'Sell a lottery game or stop selling it (audited)',
  body: LotteryGameSwitchBodySchema,
  response: LotteryBoGameSchema,
});

export const boLotteryNumeros = defineBoCall({
  id: 'boLotteryNumeros',
  method: 'GET',
  path: '/bo/api/lottery/numeros',
  access: 'report.read',
  summary:
    "A game's numeros (recent, awaiting a result, upcoming, settled, void) with their state and figures",
  query: LotteryNumerosQuerySchema,
  response: LotteryBoNumerosSchema,
});

export const boLotteryNumero = defineBoCall({
  id: 'boLotteryNumero',
  method: 'GET',
  path: '/bo/api/lottery/numero',
  access: 'report.read',
  summary: 'One numero: state, result revisions and what may be done with it',
  query: LotteryNumeroQuerySchema,
  response: LotteryBoNumeroDetailSchema,
});

export const boLotteryLiability = defineBoCall({
  id: 'boLotteryLiability',
  method: 'GET',
  path: '/bo/api/lottery/liability',
  access: 'report.read',
  summary: "A numero's stakes and what each bet content or number would pay if it hit",
  query: LotteryNumeroQuerySchema,
  response: LotteryBoLiabilitySchema,
});

export const boLotteryPreview = defineBoCall({
  id: 'boLotteryPreview',
  method: 'POST',
  path: '/bo/api/lottery/preview',
  access: 'lottery.result',
  summary:
    "What entering, correcting or voiding a numero's result would move, worked out by the settlement and undone",
  body: LotteryPreviewBodySchema,
  response: LotteryPreviewSchema,
});

export const boLotteryResult = defineBoCall({
  id: 'boLotteryResult',
  method: 'POST',
  path: '/bo/api/lottery/result',
  access: 'lottery.result',
  summary:
    'Enter or correct a numero’s result and settle it at once (audited; refused if it changed since the preview)',
  body: LotteryResultBodySchema,
  response: LotteryConfirmSchema,
});

export const boLotteryVoid = defineBoCall({
  id: 'boLotteryVoid',
  method: 'POST',
  path: '/bo/api/lottery/void',
  access: 'lottery.result',
  summary: 'Void a numero not settled yet: every bet on it refunded (audited)',
  body: LotteryVoidBodySchema,
  response: LotteryConfirmSchema,
});

export const boLotterySchedule = defineBoCall({
  id: 'boLotterySchedule',
  method: 'POST',
  path: '/bo/api/lottery/games/schedule',
  access: 'lottery.result',
  summary:
    "Change a game's draw time and days, closing offset and suspended dates (audited; future numeros without bets follow)",
  body: LotteryScheduleBodySchema,
  response: LotteryScheduleResultSchema,
});

export const boLotteryPrizesPreview = defineBoCall({
  id: 'boLotteryPrizesPreview',
  method: 'POST',
  path: '/bo/api/lottery/prizes/preview',
  access: 'lottery.result',
  summary:
    'What entering some prizes of an official result would do (the settlement, when they complete it), undone',
  body: LotteryPrizesPreviewBodySchema,
  response: LotteryPrizesSchema,
});

export const boLotteryPrizes = defineBoCall({
  id: 'boLotteryPrizes',
  method: 'POST',
  path: '/bo/api/lottery/prizes',
  access: 'lottery.result',
  summary:
    'Enter some prizes of an official result; the last one draws and settles the numero at once (audited)',
  body: LotteryPrizesBodySchema,
  response: LotteryPrizesSchema,
});

/** The Lottery section's calls (`backofficeCalls` in index.ts lists every call). */
export const lotteryCalls: readonly BoCallDef[] = [
  boLotteryGames,
  boLotteryGameSwitch,
  boLotteryNumeros,
  boLotteryNumero,
  boLotteryLiability,
  boLotteryPreview,
  boLotteryResult,
  boLotteryVoid,
  boLotterySchedule,
  boLotteryPrizesPreview,
  boLotteryPrizes,
];
