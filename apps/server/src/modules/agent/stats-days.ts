import type { AgentReportRange } from '@app/contract';

/**
 * Report days (decision 028): calendar days of one time zone, as 'YYYY-MM-DD'. Weeks run Sunday to
 * Saturday (research §9). Day arithmetic is done on the date alone, so it is right across a
 * daylight-saving change of a zone that has one.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function parts(ms: number, timeZone: string) {
  const p = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(ms))
      .map((x) => [x.type, x.value]),
  );
  return { y: +p.year!, mo: +p.month!, d: +p.day!, h: +p.hour!, mi: +p.minute!, s: +p.second! };
}

/** The report day of an instant. */
export function dayOf(ms: number, timeZone: string): string {
  const p = parts(ms, timeZone);
  return `${p.y}-${String(p.mo).padStart(2, '0')}-${String(p.d).padStart(2, '0')}`;
}

function utcOf(day: string): number {
  return Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10));
}

export function addDays(day: string, n: number): string {
  return new Date(utcOf(day) + n * 86_400_000).toISOString().slice(0, 10);
}

/** Days from a to b (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((utcOf(b) - utcOf(a)) / 86_400_000);
}

/** 0 for Sunday … 6 for Saturday. */
export function weekday(day: string): number {
  return new Date(utcOf(day)).getUTCDay();
}

/** The zone's offset from UTC at an instant, in ms. */
function offsetAt(ms: number, timeZone: string): number {
  const p = parts(ms, timeZone);
  return Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s) - Math.floor(ms / 1000) * 1000;
}

/** The instant a report day starts (its midnight in the zone), epoch ms. */
export function dayStart(day: string, timeZone: string): number {
  const guess = utcOf(day);
  let at = guess - offsetAt(guess, timeZone);
  // Once more at the instant found: the offset there is the one that applies (a DST change).
  at = guess - offsetAt(at, timeZone);
  return at;
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
