import { z } from 'zod';
import { defineBoCall, type BoCallDef } from './calls.ts';

/**
 * The back office's Dashboard figures (issue 31, decision 031 "Dashboard figures"): today and a
 * range of report days (the report time zone, REPORT_TIME_ZONE, as the agent statistics), with
 * one series point per day for the charts. Amounts are major units; GGR is what the players
 * staked less what they won back (bet amount − payout) on settled bets.
 */

/** A report day, YYYY-MM-DD. */
const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day, YYYY-MM-DD');

/** Longest range one call reads. */
export const DASHBOARD_MAX_DAYS = 92;

export const DashboardQuerySchema = z.object({
  /** First and last report day of the range, inclusive; both default to today. */
  from: DaySchema.optional(),
  to: DaySchema.optional(),
});

export const DashboardBetFiguresSchema = z.object({
  /** Settled bets. */
  count: z.number().int(),
  betAmount: z.number(),
  validBet: z.number(),
  payout: z.number(),
  ggr: z.number(),
});

export const DashboardFiguresSchema = z.object({
  registrations: z.number().int(),
  /** Players whose first successful deposit was credited in the period. */
  firstDeposits: z.number().int(),
  deposits: z.object({ count: z.number().int(), amount: z.number() }),
  /** Paid out in the period (by payout time). */
  withdrawals: z.object({ count: z.number().int(), amount: z.number() }),
  bets: DashboardBetFiguresSchema,
  /** Players with a settled bet in the period. */
  activePlayers: z.number().int(),
  byProduct: z.array(DashboardBetFiguresSchema.extend({ product: z.string() })),
  byVendor: z.array(DashboardBetFiguresSchema.extend({ vendor: z.string() })),
});
export type DashboardFigures = z.infer<typeof DashboardFiguresSchema>;

export const DashboardDaySchema = z.object({
  day: z.string(),
  registrations: z.number().int(),
  firstDeposits: z.number().int(),
  deposit: z.number(),
  withdrawal: z.number(),
  betAmount: z.number(),
  validBet: z.number(),
  ggr: z.number(),
  activePlayers: z.number().int(),
});

export const DashboardSchema = z.object({
  timeZone: z.string(),
  currency: z.string(),
  precision: z.number().int(),
  today: z.string(),
  from: z.string(),
  to: z.string(),
  todayFigures: DashboardFiguresSchema,
  rangeFigures: DashboardFiguresSchema,
  /** One point per day of the range, oldest first. */
  series: z.array(DashboardDaySchema),
  /** What waits in the approval queues now. */
  pending: z.object({ deposits: z.number().int(), withdrawals: z.number().int() }),
  /** Epoch milliseconds the figures were read at. */
  at: z.number(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

export const boDashboard = defineBoCall({
  id: 'boDashboard',
  method: 'GET',
  path: '/bo/api/dashboard',
  access: 'dashboard.read',
  summary:
    "Today's and a range's figures: registrations, first deposits, deposits, withdrawals, bets, GGR by product and vendor, active players, pending queues",
  query: DashboardQuerySchema,
  response: DashboardSchema,
});

/** The Dashboard's calls (`backofficeCalls` in index.ts lists every call). */
export const dashboardCalls: readonly BoCallDef[] = [boDashboard];
