import { z } from 'zod';
import { defineCall } from './call.ts';
import { AmountInputSchema } from './wallet.ts';

/**
 * Responsible gambling (issue 33, decision 039): a member's limits, reality check, time-out and
 * self-exclusion, the session's figures and the activity statement. The server enforces them on
 * every money path and game launch; these calls read and set them.
 */

export const rgMoneyKinds = ['deposit', 'loss', 'wager'] as const;
export type RgMoneyKind = (typeof rgMoneyKinds)[number];
export const rgPeriods = ['day', 'week', 'month'] as const;
export type RgPeriod = (typeof rgPeriods)[number];

/** A raise of a limit (or its removal) waits this long; a lower limit applies at once. */
export const RG_COOLING_OFF_MS = 24 * 3_600_000;
/** The session time limit's bounds, minutes. */
export const RG_SESSION_MINUTES = { min: 5, max: 1440 } as const;
/** The reality check's intervals offered, minutes. */
export const rgRealityCheckMinutes = [15, 30, 45, 60, 90, 120] as const;

/** The time-outs offered (24 hours to 6 weeks). */
export const rgTimeOuts = ['24h', '48h', '72h', '1w', '2w', '4w', '6w'] as const;
/** The self-exclusions offered (6 months to 5 years). */
export const rgExclusions = ['6m', '1y', '2y', '3y', '5y'] as const;
export type RgDuration = (typeof rgTimeOuts)[number] | (typeof rgExclusions)[number];

/** A duration's end from `from` (months and years by the calendar, in UTC). */
export function rgDurationEnd(duration: RgDuration, from: Date): Date {
  const n = Number.parseInt(duration, 10);
  const unit = duration.slice(String(n).length);
  const d = new Date(from.getTime());
  if (unit === 'h') return new Date(from.getTime() + n * 3_600_000);
  if (unit === 'w') return new Date(from.getTime() + n * 7 * 86_400_000);
  if (unit === 'm') d.setUTCMonth(d.getUTCMonth() + n);
  else d.setUTCFullYear(d.getUTCFullYear() + n);
  return d;
}

export const RgLimitSchema = z.object({
  kind: z.enum(rgMoneyKinds),
  period: z.enum(rgPeriods),
  /** The limit in force, major units. */
  amount: z.number(),
  /** Used in the current period, major units (losses net of wins, never below 0). */
  used: z.number(),
  /** A raise waiting for its cooling-off: the new amount (null: the limit's removal). */
  pending: z.object({ amount: z.number().nullable(), from: z.number() }).nullable(),
  /** Epoch ms the current period started, in the site's time zone. */
  periodStart: z.number(),
});
export type RgLimit = z.infer<typeof RgLimitSchema>;

export const RgBlockSchema = z.object({
  kind: z.enum(['timeout', 'exclusion']),
  /** Epoch ms. */
  until: z.number(),
});

export const RgSettingsSchema = z.object({
  limits: z.array(RgLimitSchema),
  /** The session time limit in minutes, and a pending raise of it. */
  sessionLimit: z
    .object({
      minutes: z.number().int(),
      pending: z.object({ minutes: z.number().int().nullable(), from: z.number() }).nullable(),
    })
    .nullable(),
  realityCheckMinutes: z.number().int().nullable(),
  block: RgBlockSchema.nullable(),
  timeZone: z.string(),
});
export type RgSettings = z.infer<typeof RgSettingsSchema>;

export const RgSetLimitSchema = z.object({
  kind: z.enum(rgMoneyKinds),
  period: z.enum(rgPeriods),
  /** Major units; null removes the limit (after the cooling-off). */
  amount: AmountInputSchema.nullable(),
});

export const RgCancelPendingSchema = z.object({
  kind: z.enum([...rgMoneyKinds, 'session']),
  period: z.enum([...rgPeriods, 'session']),
});

export const RgSessionSettingsSchema = z
  .object({
    /** Minutes per session; null removes the limit (after the cooling-off). Omitted: unchanged. */
    sessionLimitMinutes: z
      .number()
      .int()
      .min(RG_SESSION_MINUTES.min)
      .max(RG_SESSION_MINUTES.max)
      .nullable()
      .optional(),
    /** Minutes between reality checks; null: none. Omitted: unchanged. */
    realityCheckMinutes: z
      .number()
      .int()
      .refine((m) => (rgRealityCheckMinutes as readonly number[]).includes(m), 'Not an offered interval')
      .nullable()
      .optional(),
  })
  // A body that sets neither is a mistake (a wrong field name, say), not a request to change nothing.
  .refine((b) => b.sessionLimitMinutes !== undefined || b.realityCheckMinutes !== undefined, {
    message: 'Set sessionLimitMinutes, realityCheckMinutes or both',
  });

export const RgBlockRequestSchema = z.object({
  kind: z.enum(['timeout', 'exclusion']),
  duration: z.enum([...rgTimeOuts, ...rgExclusions]),
});

export const RgStatusSchema = z.object({
  /** Epoch ms this session began. */
  sessionStartedAt: z.number(),
  /** Epoch ms the server read the figures. */
  now: z.number(),
  /** Stakes, wins and refunds of this session, major units: wins minus stakes (negative: a loss). */
  net: z.number(),
  wagered: z.number(),
  realityCheckMinutes: z.number().int().nullable(),
  /** Epoch ms the session ends by the member's session limit (null: no limit). */
  sessionEndsAt: z.number().nullable(),
  /**
   * The idle time-out (SESSION_IDLE_MINUTES), ms: the session ends this long after the last call,
   * and the end whatever the activity (SESSION_MAX_HOURS or the session limit), epoch ms. The web
   * warns ahead of both (decision 050, WCAG 2.2.1). Absent from a server that does not say.
   */
  idleMs: z.number().int().positive().optional(),
  absoluteEndsAt: z.number().optional(),
  /** The login before this one (null: the first). */
  lastLogin: z.object({ at: z.number(), ip: z.string() }).nullable(),
});
export type RgStatus = z.infer<typeof RgStatusSchema>;

export const RgStatementQuerySchema = z.object({
  period: z.enum(rgPeriods).default('day'),
  /** How many periods back from the current one (newest first). */
  count: z.coerce.number().int().min(1).max(36).default(7),
});

export const RgStatementRowSchema = z.object({
  /** Epoch ms the period starts and ends (site time zone). */
  from: z.number(),
  to: z.number(),
  deposits: z.number(),
  withdrawals: z.number(),
  bets: z.number(),
  wins: z.number(),
  /** Wins minus bets. */
  net: z.number(),
});
export const RgStatementSchema = z.object({
  period: z.enum(rgPeriods),
  timeZone: z.string(),
  rows: z.array(RgStatementRowSchema),
});
export type RgStatement = z.infer<typeof RgStatementSchema>;

export const getRgSettings = defineCall({
  id: 'getRgSettings',
  method: 'GET',
  path: '/wps/responsible/settings',
  moduleId: 'RG',
  token: true,
  summary: "The member's limits with their use, pending raises, reality check and any time-out",
  response: RgSettingsSchema,
});

export const setRgLimit = defineCall({
  id: 'setRgLimit',
  method: 'POST',
  path: '/wps/responsible/limit',
  moduleId: 'RG',
  token: true,
  summary: 'Sets a deposit, loss or wager limit: lower at once, higher after 24 hours',
  body: RgSetLimitSchema,
  response: RgSettingsSchema,
});

export const cancelRgPending = defineCall({
  id: 'cancelRgPending',
  method: 'POST',
  path: '/wps/responsible/limit/cancel',
  moduleId: 'RG',
  token: true,
  summary: 'Cancels a pending raise of a limit',
  body: RgCancelPendingSchema,
  response: RgSettingsSchema,
});

export const setRgSession = defineCall({
  id: 'setRgSession',
  method: 'POST',
  path: '/wps/responsible/session',
  moduleId: 'RG',
  token: true,
  summary: 'Sets the session time limit and the reality check interval',
  body: RgSessionSettingsSchema,
  response: RgSettingsSchema,
});

export const startRgBlock = defineCall({
  id: 'startRgBlock',
  method: 'POST',
  path: '/wps/responsible/block',
  moduleId: 'RG',
  token: true,
  summary: 'Takes a time-out or self-excludes: every session ends at once',
  body: RgBlockRequestSchema,
  response: RgBlockSchema,
});

export const getRgStatus = defineCall({
  id: 'getRgStatus',
  method: 'GET',
  path: '/wps/responsible/status',
  moduleId: 'RG',
  token: true,
  summary: "This session's time and net result (the reality check) and the previous login",
  response: RgStatusSchema,
});

export const getRgStatement = defineCall({
  id: 'getRgStatement',
  method: 'GET',
  path: '/wps/responsible/statement',
  moduleId: 'RG',
  token: true,
  summary: 'Deposits, withdrawals, bets, wins and net per day, week or month',
  query: RgStatementQuerySchema,
  response: RgStatementSchema,
});
