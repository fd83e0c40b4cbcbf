import { describe, expect, it } from 'vitest';
import { RECORDS_MAX_RANGE_DAYS } from '@app/contract';
import { customRange, dayValue, MAX_RANGE_DAYS, presetRange, rangeDays } from './range.ts';

const at = new Date(2026, 10, 23, 15, 30); // 23 Nov 2026, 15:30 local

describe('records date presets', () => {
  it('today, yesterday, 7 days and 30 days are whole local days ending today', () => {
    const today = presetRange('today', at);
    expect(new Date(today.startTime)).toEqual(new Date(2026, 10, 23));
    expect(new Date(today.endTime)).toEqual(new Date(2026, 10, 24));
    const yesterday = presetRange('yesterday', at);
    expect(new Date(yesterday.startTime)).toEqual(new Date(2026, 10, 22));
    expect(yesterday.endTime).toBe(today.startTime);
    expect(new Date(presetRange('7d', at).startTime)).toEqual(new Date(2026, 10, 17));
    expect(rangeDays(presetRange('7d', at))).toBe(7);
    expect(new Date(presetRange('30d', at).startTime)).toEqual(new Date(2026, 9, 25));
    expect(rangeDays(presetRange('30d', at))).toBe(30);
  });

  it('a custom range includes both days; a reversed or broken one is refused', () => {
    const r = customRange('2026-11-01', '2026-11-03')!;
    expect(new Date(r.startTime)).toEqual(new Date(2026, 10, 1));
    expect(new Date(r.endTime)).toEqual(new Date(2026, 10, 4));
    expect(customRange('2026-11-03', '2026-11-01')).toBeNull();
    expect(customRange('', '2026-11-01')).toBeNull();
    expect(dayValue(r.startTime)).toBe('2026-11-01');
    expect(MAX_RANGE_DAYS).toBe(RECORDS_MAX_RANGE_DAYS);
  });
});
