import { i18n } from '../i18n/i18n.ts';
import { isRtl } from '../i18n/language.ts';

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

function plainDateTime(ms: number): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/**
 * A date with its time on a right-to-left page (decision 044): isolated left to right, as
 * ltrText (shared/ui/ltr.tsx) writes it, or the page's direction would draw its two runs of digits
 * the other way round ("12:00:00 2026-11-30"). A date alone or a time alone is one run of digits
 * that already reads left to right, and a left-to-right page gets no marks.
 */
function isolatedDateTime(text: string, language: string): string {
  return text && isRtl(language) ? `\u2066${text}\u2069` : text;
}

/**
 * Notice dates `yyyy-MM-dd HH:mm:ss` (24-hour, decision D8) from a millisecond timestamp (NM-05),
 * isolated left to right on a right-to-left page (`language`, the page's when left out).
 */
export function formatNoticeDate(ms: number, language: string = i18n.language || 'en'): string {
  return isolatedDateTime(plainDateTime(ms), language);
}

/** A calendar date `yyyy-MM-dd`, for compact lists. */
export function formatDay(ms: number): string {
  return plainDateTime(ms).slice(0, 10);
}

/** The time of day `HH:mm:ss` (or `HH:mm` without `seconds`). */
export function formatTimeOfDay(ms: number, seconds = true): string {
  return plainDateTime(ms).slice(11, seconds ? 19 : 16);
}

/** The parts of a clock in `timeZone` (an IANA name) at `ms`; null when the browser does not know the zone. */
function zoneParts(ms: number, timeZone: string): ((type: Intl.DateTimeFormatPartTypes) => string) | null {
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
    return null;
  }
  return (type) => parts.find((p) => p.type === type)?.value ?? '';
}

/**
 * `yyyy-MM-dd HH:mm:ss` as a clock in `timeZone` shows it (an IANA name), for figures that follow
 * a configured zone rather than the viewer's (the agent centre's report days); the viewer's own
 * clock when the zone is unknown to the browser. Isolated on a right-to-left page, as formatNoticeDate.
 */
export function formatInZone(ms: number, timeZone: string, language: string = i18n.language || 'en'): string {
  const part = zoneParts(ms, timeZone);
  if (!part) return formatNoticeDate(ms, language);
  return isolatedDateTime(
    `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`,
    language,
  );
}

/** `HH:mm` as a clock in `timeZone` shows it; the viewer's own clock when the zone is unknown. */
export function formatTimeInZone(ms: number, timeZone: string): string {
  const part = zoneParts(ms, timeZone);
  return part ? `${part('hour')}:${part('minute')}` : formatTimeOfDay(ms, false);
}
