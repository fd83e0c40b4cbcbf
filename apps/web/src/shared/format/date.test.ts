import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatClock,
  formatDay,
  formatInZone,
  formatTimeInZone,
  formatNoticeDate,
  formatTimeOfDay,
  gmtOffset,
} from './date.ts';

describe('dates', () => {
  afterEach(() => vi.restoreAllMocks());

  it('SH-26 the header clock reads MM / DD YYYY HH:mm:ss', () => {
    expect(formatClock(new Date(2026, 0, 5, 7, 8, 9))).toBe('01 / 05 2026 07:08:09');
    expect(formatClock(new Date(2026, 11, 31, 23, 59, 59))).toBe('12 / 31 2026 23:59:59');
  });

  it('SH-26 the GMT offset is signed hours and minutes', () => {
    const at = new Date(2026, 0, 1);
    vi.spyOn(at, 'getTimezoneOffset').mockReturnValue(-420);
    expect(gmtOffset(at)).toBe('GMT+07:00');
    vi.spyOn(at, 'getTimezoneOffset').mockReturnValue(210);
    expect(gmtOffset(at)).toBe('GMT-03:30');
    vi.spyOn(at, 'getTimezoneOffset').mockReturnValue(0);
    expect(gmtOffset(at)).toBe('GMT+00:00');
  });

  it('NM-05 notice dates are yyyy-MM-dd HH:mm:ss (24-hour) from a millisecond timestamp', () => {
    const ms = new Date(2026, 10, 20, 15, 4, 5).getTime();
    expect(formatNoticeDate(ms)).toBe('2026-11-20 15:04:05');
    expect(formatNoticeDate(new Date(2026, 0, 2, 0, 0, 0).getTime())).toBe('2026-01-02 00:00:00');
    expect(formatNoticeDate(Number.NaN)).toBe('');
  });
});

describe('formatInZone', () => {
  it("shows an instant on the configured zone's clock, whatever the viewer's, and the viewer's clock for an unknown zone", () => {
    const instant = Date.UTC(2026, 10, 28, 22, 0, 46); // 2026-11-28 22:00:46 UTC
    expect(formatInZone(instant, 'Asia/Shanghai')).toBe('2026-11-29 06:00:46');
    expect(formatInZone(instant, 'UTC')).toBe('2026-11-28 22:00:46');
    expect(formatInZone(instant, 'Not/AZone')).toBe(formatNoticeDate(instant));
  });

  it("a time of day alone on the configured zone's clock, the viewer's for an unknown zone", () => {
    const instant = Date.UTC(2026, 10, 28, 22, 0, 46);
    expect(formatTimeInZone(instant, 'Asia/Shanghai')).toBe('06:00');
    expect(formatTimeInZone(instant, 'UTC')).toBe('22:00');
    expect(formatTimeInZone(instant, 'Not/AZone')).toBe(formatTimeOfDay(instant, false));
  });

  it('LN-07 a date with its time is isolated left to right in a right-to-left language only (decision 044)', () => {
    const ms = new Date(2026, 10, 30, 12, 0, 5).getTime();
    // Arabic, Persian, Urdu: left-to-right isolate … pop, or "12:00:05 2026-11-30" on screen.
    for (const language of ['ar', 'fa', 'ur'])
      expect(formatNoticeDate(ms, language), language).toBe('\u20662026-11-30 12:00:05\u2069');
    expect(formatInZone(ms, 'Not/AZone', 'ar')).toBe('\u20662026-11-30 12:00:05\u2069');
    // A left-to-right page gets no marks (a copied date stays clean; the e2e compares texts).
    for (const language of ['en', 'my', 'zh-CN', 'th'])
      expect(formatNoticeDate(ms, language), language).toBe('2026-11-30 12:00:05');
    // A date alone or a time alone is one run of digits: no marks in any language.
    expect(formatDay(ms)).toBe('2026-11-30');
    expect(formatTimeOfDay(ms)).toBe('12:00:05');
    expect(formatTimeOfDay(ms, false)).toBe('12:00');
  });
});
