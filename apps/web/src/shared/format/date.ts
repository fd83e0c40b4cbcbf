const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The header clock, as the spec gives it: `MM / DD YYYY HH:mm:ss` (SH-26). */
export function formatClock(date: Date): string {
  return `${pad(date.getMonth() + 1)} / ${pad(date.getDate())} ${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** The browser's offset from GMT at `date`, e.g. `GMT+07:00` or `GMT-03:30`. */
export function gmtOffset(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  const sign = minutes >= 0 ? '+' : '-';
  const abs = Math.abs(minutes);
  return `GMT${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** Notice dates `yyyy-MM-dd HH:mm:ss` (24-hour, decision D8) from a millisecond timestamp (NM-05). */
export function formatNoticeDate(ms: number): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A calendar date `yyyy-MM-dd`, for compact lists. */
export function formatDay(ms: number): string {
  return formatNoticeDate(ms).slice(0, 10);
}

/**
 * `yyyy-MM-dd HH:mm:ss` as a clock in `timeZone` shows it (an IANA name), for figures that follow
 * a configured zone rather than the viewer's (the agent centre's report days); the viewer's own
 * clock when the zone is unknown to the browser.
 */
export function formatInZone(ms: number, timeZone: string): string {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(new Date(ms));
  } catch {
    return formatNoticeDate(ms);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}
