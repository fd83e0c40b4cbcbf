import { addZoneDays, weekdayOfDay, zoneDayOf, zoneDayStart, type AgentReportRange } from '@app/contract';

/**
 * Report days (decision 028): calendar days of one time zone, as 'YYYY-MM-DD'. Weeks run Sunday to
 * Saturday (research §9). The zone's day arithmetic is the contract package's (agent-contracts/days),
 * which the contracts' periods share, so a report day and a contract period never cut differently.
 */

/** The report day of an instant. */
export const dayOf = zoneDayOf;
export const addDays = addZoneDays;
/** 0 for Sunday … 6 for Saturday. */
export const weekday = weekdayOfDay;
/** The instant a report day starts (its midnight in the zone), epoch ms. */
export const dayStart = zoneDayStart;

/** Days from a to b (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);
}

/** The first and last report day of a preset range, relative to `today`. */
export function rangeDays(range: AgentReportRange, today: string): { startDay: string; endDay: string } {
  const sunday = addDays(today, -weekday(today));
  const firstOfMonth = `${today.slice(0, 8)}01`;
  switch (range) {
    case 'today':
      return { startDay: today, endDay: today };
    case 'yesterday': {
      const y = addDays(today, -1);
      return { startDay: y, endDay: y };
    }
    case 'last7Days':
      return { startDay: addDays(today, -6), endDay: today };
    case 'thisWeek':
      return { startDay: sunday, endDay: today };
    case 'lastWeek':
      return { startDay: addDays(sunday, -7), endDay: addDays(sunday, -1) };
    case 'thisMonth':
      return { startDay: firstOfMonth, endDay: today };
    case 'lastMonth': {
      const last = addDays(firstOfMonth, -1);
      return { startDay: `${last.slice(0, 8)}01`, endDay: last };
    }
  }
}

/** Every day from start to end, inclusive. */
export function eachDay(startDay: string, endDay: string): string[] {
  const out: string[] = [];
  for (let d = startDay; d <= endDay; d = addDays(d, 1)) out.push(d);
  return out;
}
