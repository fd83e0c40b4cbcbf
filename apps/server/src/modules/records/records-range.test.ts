import { describe, expect, it } from 'vitest';
import { resolveRange } from './records.service.ts';

/**
 * A records range that ends now is read a little past this process's clock: rows are stamped by
 * the database's clock, and a clock stepped back between a movement and the read after it left the
 * movement out (seen in CI). The caller is still told the range ends now.
 */
describe('records range', () => {
  const now = Date.UTC(2026, 10, 29, 5, 40);

  it('an open range (no end, or an end not yet reached) reads past now and says it ends now', () => {
    const open = resolveRange({}, now);
    expect(open.shownEnd?.getTime()).toBe(now);
    expect(open.end.getTime()).toBeGreaterThan(now);
    expect(open.start.getTime()).toBe(now - 7 * 86_400_000);
    const future = resolveRange({ startTime: now - 3_600_000, endTime: now + 1_000 }, now);
    expect(future.end.getTime()).toBeGreaterThan(now + 1_000);
    expect(future.shownEnd?.getTime()).toBe(now + 1_000);
  });

  it('a range that ended is read exactly as given', () => {
    const closed = resolveRange({ startTime: now - 7_200_000, endTime: now - 3_600_000 }, now);
    expect(closed).toEqual({ start: new Date(now - 7_200_000), end: new Date(now - 3_600_000) });
  });
});
