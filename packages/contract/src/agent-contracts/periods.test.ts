import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONTRACT_TIME_ZONE,
  dividendPeriods,
  lastClosedPeriods,
  monthCycles,
  nextPeriod,
  payDayOf,
  periodAt,
  periodCodeOf,
  previousPeriod,
  settlementKey,
  windowCodes,
  zoneDayOf,
  zoneDayStart,
  ContractTermsSchema,
  type PeriodCode,
} from '../index.ts';
import { rng } from '../test/rng.ts';

const TZ = DEFAULT_CONTRACT_TIME_ZONE;
/** An instant given as GMT+8 wall-clock time. */
const at8 = (wall: string) => Date.parse(`${wall}+08:00`);

describe('contract periods', () => {
  it('AG-14 contract periods are Daily, Weekly, Semimonthly and Monthly', () => {
    expect(dividendPeriods).toEqual(['D', 'W', 'H', 'M']);
    const sat = at8('2026-11-28T23:59:59');
    const days = (code: PeriodCode, ms: number) => {
      const p = periodAt(code, ms, TZ);
      return [p.startDay, p.endDay, payDayOf(p)];
    };
    // Daily: the day, paid the next day.
    expect(days('D', sat)).toEqual(['2026-11-28', '2026-11-28', '2026-11-29']);
    // Weekly: Sunday to Saturday, paid the day after.
    expect(days('W', sat)).toEqual(['2026-11-22', '2026-11-28', '2026-11-29']);
    expect(days('W', at8('2026-11-29T00:00:00'))).toEqual(['2026-11-29', '2026-12-05', '2026-12-06']);
    // Semimonthly: 1st–15th paid on the 16th; 16th to the month's end paid on the 1st.
    expect(days('H', at8('2026-11-15T23:59:59'))).toEqual(['2026-11-01', '2026-11-15', '2026-11-16']);
    expect(days('H', sat)).toEqual(['2026-11-16', '2026-11-30', '2026-12-01']);
    expect(days('H', at8('2028-02-20T12:00:00'))).toEqual(['2028-02-16', '2028-02-29', '2028-03-01']);
    // Monthly: the calendar month, paid on the 1st of the next.
    expect(days('M', sat)).toEqual(['2026-11-01', '2026-11-30', '2026-12-01']);
    expect(days('M', at8('2026-12-31T23:59:59'))).toEqual(['2026-12-01', '2026-12-31', '2027-01-01']);
    // The terms of a dividend contract name their period.
    for (const computationPeriod of dividendPeriods)
      expect(
        periodCodeOf(
          ContractTermsSchema.parse({
            kind: 'dividend',
            productType: 'CONS',
            computationPeriod,
            tiers: [{ minimumBet: 0, netLoss: 0, activeMember: 0, contractRate: 100 }],
          }),
        ),
      ).toBe(computationPeriod);
  });

  it('days and windows follow GMT+8 by default: a day starts at 16:00 UTC the day before', () => {
    expect(zoneDayStart('2026-11-28', TZ)).toBe(Date.parse('2026-11-27T16:00:00Z'));
    expect(zoneDayOf(Date.parse('2026-11-27T15:59:59.999Z'), TZ)).toBe('2026-11-27');
    expect(zoneDayOf(Date.parse('2026-11-27T16:00:00Z'), TZ)).toBe('2026-11-28');
    const d = periodAt('D', at8('2026-11-28T10:00:00'), TZ);
    expect(d).toEqual({
      code: 'D',
      key: 'D:2026-11-28',
      start: Date.parse('2026-11-27T16:00:00Z'),
      end: Date.parse('2026-11-28T16:00:00Z'),
      startDay: '2026-11-28',
      endDay: '2026-11-28',
    });
    const rt = periodAt('fiveMinutes', at8('2026-11-28T13:07:30'), TZ);
    expect(rt).toMatchObject({
      key: 'fiveMinutes:2026-11-28T13:05+08:00',
      start: at8('2026-11-28T13:05:00'),
    });
    expect(rt.end - rt.start).toBe(300_000);
    expect(periodAt('hour', at8('2026-11-28T00:59:59'), TZ)).toMatchObject({
      key: 'hour:2026-11-28T00:00+08:00',
      startDay: '2026-11-28',
    });
    expect(periodAt('halfHour', at8('2026-11-28T13:45:00'), TZ).key).toBe('halfHour:2026-11-28T13:30+08:00');
  });

  it("windows follow the zone's wall clock, also at half-hour offsets and across a daylight-saving change", () => {
    // India (+05:30): hours start at :30 UTC.
    const h = periodAt('hour', Date.parse('2026-11-28T05:10:00Z'), 'Asia/Kolkata');
    expect(h).toMatchObject({
      key: 'hour:2026-11-28T10:00+05:30',
      start: Date.parse('2026-11-28T04:30:00Z'),
    });
    // New York, 1 November 2026: 01:00–02:00 happens twice; both hours have their own key.
    const first = periodAt('hour', Date.parse('2026-11-01T05:30:00Z'), 'America/New_York');
    const second = nextPeriod(first, 'America/New_York');
    expect(first.key).toBe('hour:2026-11-01T01:00-04:00');
    expect(second.key).toBe('hour:2026-11-01T01:00-05:00');
    const day = periodAt('D', Date.parse('2026-11-01T12:00:00Z'), 'America/New_York');
    expect(day.end - day.start).toBe(25 * 3_600_000);
  });

  it('property: periods of every code tile time: each instant in exactly one, next and previous adjacent, keys unique', () => {
    const rand = rng(30);
    const codes: PeriodCode[] = [...dividendPeriods, ...windowCodes];
    for (const tz of [TZ, 'America/New_York', 'Asia/Kolkata', 'UTC'])
      for (let i = 0; i < 150; i++) {
        const ms = Date.parse('2024-01-01T00:00:00Z') + Math.floor(rand() * 4 * 365 * 86_400_000);
        for (const code of codes) {
          const p = periodAt(code, ms, tz);
          expect(p.start <= ms && ms < p.end, `${tz} ${code} ${ms}`).toBe(true);
          const n = nextPeriod(p, tz);
          expect(n.start).toBe(p.end);
          expect(n.key).not.toBe(p.key);
          expect(previousPeriod(n, tz)).toEqual(p);
          expect(periodAt(code, p.end - 1, tz)).toEqual(p);
        }
      }
  });

  it('the simulator replays the last closed periods, newest first, end to end', () => {
    const now = at8('2026-11-28T13:07:30');
    const weeks = lastClosedPeriods('W', now, 4, TZ);
    expect(weeks.map((p) => p.key)).toEqual(['W:2026-11-15', 'W:2026-11-08', 'W:2026-11-01', 'W:2026-10-25']);
    for (let i = 1; i < weeks.length; i++) expect(weeks[i]!.end).toBe(weeks[i - 1]!.start);
    expect(lastClosedPeriods('fiveMinutes', now, 1, TZ)[0]!.key).toBe('fiveMinutes:2026-11-28T13:00+08:00');
  });

  it('a settlement is keyed by contract and period: (contract, period) pays once', () => {
    const p = periodAt('M', at8('2026-11-28T13:07:30'), TZ);
    expect(settlementKey(42, p)).toBe('contract:42:M:2026-11-01');
    expect(settlementKey(42, periodAt('M', at8('2026-11-01T00:00:00'), TZ))).toBe(settlementKey(42, p));
    expect(settlementKey(42, nextPeriod(p, TZ))).not.toBe(settlementKey(42, p));
  });

  it("the month's four weekly cycles: 1–7, 8–14, 15–21, 22 to the end", () => {
    expect(monthCycles('2027-02-10')).toEqual([
      { startDay: '2027-02-01', endDay: '2027-02-07' },
      { startDay: '2027-02-08', endDay: '2027-02-14' },
      { startDay: '2027-02-15', endDay: '2027-02-21' },
      { startDay: '2027-02-22', endDay: '2027-02-28' },
    ]);
  });
});
