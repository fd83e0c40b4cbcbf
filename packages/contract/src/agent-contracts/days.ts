/**
 * Calendar days of one time zone, as 'YYYY-MM-DD' (decision 028: every agent figure follows one
 * configured zone, GMT+8 by default, the original's). The same logic as the server's report days
 * (agent/stats-days), here so that the server's settlement and the web's simulator cut periods
 * alike. Day arithmetic is done on the date alone, so it is right across a daylight-saving change.
 */

/** The original's statistics are all GMT+8 (research §9). */
export const DEFAULT_CONTRACT_TIME_ZONE = 'Asia/Shanghai';

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

/** The zone's wall clock at an instant. */
export function wallClock(ms: number, timeZone: string) {
  const p = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(ms))
      .map((x) => [x.type, x.value]),
  );
  return { y: +p.year!, mo: +p.month!, d: +p.day!, h: +p.hour!, mi: +p.minute!, s: +p.second! };
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** The day of an instant in the zone. */
export function zoneDayOf(ms: number, timeZone: string): string {
  const p = wallClock(ms, timeZone);
  return `${pad(p.y, 4)}-${pad(p.mo)}-${pad(p.d)}`;
}

function utcOf(day: string): number {
  return Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10));
}

export function addZoneDays(day: string, n: number): string {
  return new Date(utcOf(day) + n * 86_400_000).toISOString().slice(0, 10);
}

/** 0 for Sunday … 6 for Saturday. */
export function weekdayOfDay(day: string): number {
  return new Date(utcOf(day)).getUTCDay();
}

/** The last day of the day's month. */
export function lastDayOfMonth(day: string): string {
  const y = +day.slice(0, 4);
  const m = +day.slice(5, 7);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** The zone's offset from UTC at an instant, in ms (+8 h for GMT+8). */
export function zoneOffsetAt(ms: number, timeZone: string): number {
  const p = wallClock(ms, timeZone);
  return Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s) - Math.floor(ms / 1000) * 1000;
}

/** The instant a day starts (its midnight in the zone), epoch ms. */
export function zoneDayStart(day: string, timeZone: string): number {
  const guess = utcOf(day);
  const at = guess - zoneOffsetAt(guess, timeZone);
  // Once more at the instant found: the offset there is the one that applies (a DST change).
  return guess - zoneOffsetAt(at, timeZone);
}

/** An instant as the zone's wall-clock minute with its offset, e.g. '2026-11-28T13:05+08:00'. */
export function zoneMinuteLabel(ms: number, timeZone: string): string {
  const p = wallClock(ms, timeZone);
  const off = Math.round(zoneOffsetAt(ms, timeZone) / 60_000);
  const sign = off < 0 ? '-' : '+';
  const a = Math.abs(off);
  return `${pad(p.y, 4)}-${pad(p.mo)}-${pad(p.d)}T${pad(p.h)}:${pad(p.mi)}${sign}${pad(Math.floor(a / 60))}:${pad(a % 60)}`;
}
