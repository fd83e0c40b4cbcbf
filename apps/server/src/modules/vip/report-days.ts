import type { MissionPeriod } from '@app/contract';

/**
 * Report days (YYYY-MM-DD) in the report time zone, as the agent figures file them (decision 028):
 * the VIP window and the missions' periods are counted in the same days as the figures they read.
 */

/** The report day of `at` in `timeZone`. */
export function reportDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** `day` moved by `n` days. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The first and last day of the period holding `day`: the day, its week (Sunday to Saturday, as the reports' weeks), its month. */
export function periodOf(period: MissionPeriod, day: string): { start: string; end: string } {
  if (period === 'DAILY') return { start: day, end: day };
  const d = new Date(`${day}T00:00:00Z`);
  if (period === 'WEEKLY') {
    const start = addDays(day, -d.getUTCDay());
    return { start, end: addDays(start, 6) };
  }
  const start = `${day.slice(0, 7)}-01`;
  const next = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
  return { start, end: addDays(next.toISOString().slice(0, 10), -1) };
}
