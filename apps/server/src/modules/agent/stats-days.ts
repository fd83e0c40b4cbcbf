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

/** The first day of the day's report-calendar month. */
export function monthOf(day: string): string {
  return `${day.slice(0, 8)}01`;
}

/** The last day of the day's month. */
export function monthEnd(day: string): string {
  return new Date(Date.UTC(+day.slice(0, 4), +day.slice(5, 7), 0)).toISOString().slice(0, 10);
}

/**
 * How a range of days is read from month rows and day rows (decision 063): the months whose row is
 * read (`months`, first days, inclusive; null for none), the day ranges added (`plus`) and taken
 * away (`minus`, days of a month read whole that lie outside the range). At each end the fewer
 * day rows are read: the days inside of a partly covered month, or its month row less the days
 * outside (this month's days after today, usually none). Sums over the pieces equal the day rows'
 * sum over the range, as a month's row is the sum of its day rows.
 */
export interface RangePieces {
  months: [string, string] | null;
  plus: [string, string][];
  minus: [string, string][];
}

export function rangePieces(startDay: string, endDay: string): RangePieces {
  let first = monthOf(startDay);
  let last = monthOf(endDay);
  const plus: [string, string][] = [];
  const minus: [string, string][] = [];
  const count = (a: string, b: string) => daysBetween(a, b) + 1;
  if (first === last) {
    const inside = count(startDay, endDay);
    if (inside <= count(first, monthEnd(first)) - inside)
      return { months: null, plus: [[startDay, endDay]], minus };
    if (startDay > first) minus.push([first, addDays(startDay, -1)]);
    if (endDay < monthEnd(last)) minus.push([addDays(endDay, 1), monthEnd(last)]);
    return { months: [first, last], plus, minus };
  }
  if (startDay > first) {
    const inside = count(startDay, monthEnd(first));
    if (inside <= count(first, addDays(startDay, -1))) {
      plus.push([startDay, monthEnd(first)]);
      first = addDays(monthEnd(first), 1);
    } else minus.push([first, addDays(startDay, -1)]);
  }
  if (endDay < monthEnd(last)) {
    const inside = count(last, endDay);
    if (inside <= count(addDays(endDay, 1), monthEnd(last))) {
      plus.push([last, endDay]);
      last = monthOf(addDays(last, -1));
    } else minus.push([addDays(endDay, 1), monthEnd(last)]);
  }
  return { months: first <= last ? [first, last] : null, plus, minus };
}

/**
 * The pieces of a range read from month rows that hold only the days up to `through` (the members'
 * month rows, migration 085; null: none): the days up to `through` as rangePieces reads them, with
 * no day after `through` taken away (it is not in a month row), and the days after it read as day
 * rows (today's, usually, and yesterday's until the job adds it).
 */
export function rangePiecesThrough(startDay: string, endDay: string, through: string | null): RangePieces {
  const last = through !== null && through < endDay ? through : endDay;
  if (through === null || last < startDay) return { months: null, plus: [[startDay, endDay]], minus: [] };
  const p = rangePieces(startDay, last);
  const minus = p.minus.flatMap(([a, b]): [string, string][] =>
    a > through ? [] : [[a, b < through ? b : through]],
  );
  const plus = last < endDay ? [...p.plus, [addDays(last, 1), endDay] as [string, string]] : p.plus;
  return { months: p.months, plus, minus };
}
