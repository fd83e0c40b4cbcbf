import { z } from 'zod';
import { defineBoCall, type BoCallDef } from './calls.ts';

/**
 * The back office's Reports (issue 31, decision 038): daily figures by product, by vendor, by
 * registration channel and by agent for a range of report days (the report time zone, as the
 * Dashboard's), with the range's totals and one point per day for the chart. Read from the site's
 * day figures (site_day, kept by the site fold) and, by agent, from the agent centre's team figures
 * (decision 028): never from the raw bets. Amounts are major units; GGR is stake − payout on settled
 * bets.
 */

const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day, YYYY-MM-DD');

export const reportKinds = ['product', 'vendor', 'channel', 'agent'] as const;
export type ReportKind = (typeof reportKinds)[number];

/** Longest range one call reads, in days. */
export const REPORT_MAX_DAYS = 92;

export const reportSorts = [
  'day',
  'key',
  'bets',
  'betAmount',
  'validBet',
  'payout',
  'ggr',
  'registrations',
  'deposit',
  'withdrawal',
] as const;
export type ReportSort = (typeof reportSorts)[number];

export const ReportQuerySchema = z.object({
  kind: z.enum(reportKinds),
  /** First and last report day, inclusive; both default to today. */
  from: DaySchema.optional(),
  to: DaySchema.optional(),
  /** `true`: a row per day and key; `false`: a row per key over the whole range. */
  daily: z.enum(['true', 'false']).default('true'),
  /** Only this product, vendor or channel (kind agent: only this downline's id). */
  key: z.string().trim().min(1).max(64).optional(),
  /** Kind agent: the direct downlines of this agent, each with its team; without it, the top-level agents. */
  agentId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  sort: z.enum(reportSorts).default('day'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(500).default(50),
});
export type ReportQuery = z.infer<typeof ReportQuerySchema>;

export const ReportFiguresSchema = z.object({
  /** Settled bets. */
  bets: z.number().int(),
  betAmount: z.number(),
  validBet: z.number(),
  payout: z.number(),
  /** Stake − payout. */
  ggr: z.number(),
  /** Members registered (by channel and by agent; null where the kind has none: product, vendor). */
  registrations: z.number().int().nullable(),
  /** Deposits credited and withdrawals paid (by agent; null elsewhere). */
  deposit: z.number().nullable(),
  withdrawal: z.number().nullable(),
  /** Members whose first deposit was credited (by agent; null elsewhere). */
  firstDeposits: z.number().int().nullable(),
});
export type ReportFigures = z.infer<typeof ReportFiguresSchema>;

export const ReportRowSchema = ReportFiguresSchema.extend({
  /** The report day; null for a row over the whole range (`daily=false`). */
  day: z.string().nullable(),
  /** The product, vendor or channel code, or the agent's id. */
  key: z.string(),
  /** What a person reads: the code itself, or the agent's username. */
  label: z.string(),
});
export type ReportRow = z.infer<typeof ReportRowSchema>;

export const ReportSchema = z.object({
  kind: z.enum(reportKinds),
  timeZone: z.string(),
  currency: z.string(),
  precision: z.number().int(),
  from: z.string(),
  to: z.string(),
  /** Kind agent with agentId: the agent whose downlines are listed. */
  agent: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  list: z.array(ReportRowSchema),
  /** Rows over every page. */
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  /** The range's totals over every row of the filter (every page). */
  totals: ReportFiguresSchema,
  /** One point per day of the range, oldest first: the filter's totals of that day. */
  series: z.array(ReportFiguresSchema.extend({ day: z.string() })),
  /** Epoch milliseconds of the last fold the figures include (null before the first). */
  figuresAt: z.number().nullable(),
});
export type Report = z.infer<typeof ReportSchema>;

export const boReport = defineBoCall({
  id: 'boReport',
  method: 'GET',
  path: '/bo/api/reports',
  access: 'report.read',
  summary:
    'Daily figures by product, vendor, registration channel or agent for a range of report days: a page of rows, the totals and a point per day',
  query: ReportQuerySchema,
  response: ReportSchema,
});

/** The Reports' calls (`backofficeCalls` in index.ts lists every call). */
export const reportCalls: readonly BoCallDef[] = [boReport];
