import { describe, expect, it } from 'vitest';
import { addDays, dayOf, dayStart, eachDay, rangeDays, weekday } from './stats-days.ts';
import { foldEveryMsFromEnv, reportTimeZoneFromEnv } from './stats.ts';
import { teamBalanceEveryMsFromEnv } from './team-balance.ts';

/** Report days (decision 028): days of the report time zone, GMT+8 by default; weeks Sunday to Saturday. */
describe('report days', () => {
  it('an instant belongs to the day of the zone: 15:30 UTC is 23:30 in GMT+8, 16:30 UTC already 00:30 of the next day', () => {
    expect(dayOf(Date.parse('2024-03-05T15:30:00Z'), 'Asia/Shanghai')).toBe('2024-03-05');
    expect(dayOf(Date.parse('2024-03-05T16:30:00Z'), 'Asia/Shanghai')).toBe('2024-03-06');
    expect(dayOf(Date.parse('2024-03-05T16:30:00Z'), 'UTC')).toBe('2024-03-05');
  });

  it('a day starts at midnight of the zone, also on a daylight-saving day', () => {
    expect(new Date(dayStart('2024-03-06', 'Asia/Shanghai')).toISOString()).toBe('2024-03-05T16:00:00.000Z');
    expect(new Date(dayStart('2024-03-10', 'America/New_York')).toISOString()).toBe(
      '2024-03-10T05:00:00.000Z',
    );
    expect(new Date(dayStart('2024-03-11', 'America/New_York')).toISOString()).toBe(
      '2024-03-11T04:00:00.000Z',
    );
    expect(new Date(dayStart('2024-11-04', 'America/New_York')).toISOString()).toBe(
      '2024-11-04T05:00:00.000Z',
    );
  });

  it('research §9: weeks run Sunday to Saturday; the ranges of the overview from a Wednesday', () => {
    expect(weekday('2024-03-06')).toBe(3);
    const today = '2024-03-06';
    expect(rangeDays('today', today)).toEqual({ startDay: today, endDay: today });
    expect(rangeDays('yesterday', today)).toEqual({ startDay: '2024-03-05', endDay: '2024-03-05' });
    expect(rangeDays('last7Days', today)).toEqual({ startDay: '2024-02-29', endDay: today });
    expect(rangeDays('thisWeek', today)).toEqual({ startDay: '2024-03-03', endDay: today });
    expect(rangeDays('lastWeek', today)).toEqual({ startDay: '2024-02-25', endDay: '2024-03-02' });
    expect(rangeDays('thisMonth', today)).toEqual({ startDay: '2024-03-01', endDay: today });
    expect(rangeDays('lastMonth', today)).toEqual({ startDay: '2024-02-01', endDay: '2024-02-29' });
  });

  it('on a Sunday this week is the day itself; in January last month is December of the year before', () => {
    expect(rangeDays('thisWeek', '2024-03-03')).toEqual({ startDay: '2024-03-03', endDay: '2024-03-03' });
    expect(rangeDays('lastWeek', '2024-03-03')).toEqual({ startDay: '2024-02-25', endDay: '2024-03-02' });
    expect(rangeDays('lastMonth', '2025-01-15')).toEqual({ startDay: '2024-12-01', endDay: '2024-12-31' });
    expect(eachDay('2024-02-27', '2024-03-01')).toEqual([
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
  });

  it('the report time zone is GMT+8 unless REPORT_TIME_ZONE names another; a name that is no zone stops the start', () => {
    expect(reportTimeZoneFromEnv({})).toBe('Asia/Shanghai');
    expect(reportTimeZoneFromEnv({ REPORT_TIME_ZONE: 'Europe/Paris' })).toBe('Europe/Paris');
    expect(() => reportTimeZoneFromEnv({ REPORT_TIME_ZONE: 'Mars/Olympus' })).toThrow(/not a time zone/);
  });

  it('the figures are folded every 30 s unless AGENT_STATS_FOLD_S says another period (1 to 300 s); anything else stops the start', () => {
    expect(foldEveryMsFromEnv({})).toBe(30_000);
    expect(foldEveryMsFromEnv({ AGENT_STATS_FOLD_S: '5' })).toBe(5_000);
    for (const bad of ['0', '301', 'soon'])
      expect(() => foldEveryMsFromEnv({ AGENT_STATS_FOLD_S: bad })).toThrow(/AGENT_STATS_FOLD_S/);
  });

  it("the large teams' balances are taken every 60 s unless AGENT_TEAM_BALANCE_S says another period (5 to 600 s); anything else stops the start", () => {
    expect(teamBalanceEveryMsFromEnv({})).toBe(60_000);
    expect(teamBalanceEveryMsFromEnv({ AGENT_TEAM_BALANCE_S: ' 90 ' })).toBe(90_000);
    for (const bad of ['4', '601', 'hourly'])
      expect(() => teamBalanceEveryMsFromEnv({ AGENT_TEAM_BALANCE_S: bad })).toThrow(
        'AGENT_TEAM_BALANCE_S "' + bad + '" is not a number of seconds from 5 to 600',
      );
  });
});
