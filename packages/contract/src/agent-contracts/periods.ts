import { dividendPeriods, type ContractTerms, type DividendPeriod } from './kinds.ts';
import {
  addZoneDays,
  lastDayOfMonth,
  weekdayOfDay,
  zoneDayOf,
  zoneDayStart,
  zoneMinuteLabel,
  zoneOffsetAt,
} from './days.ts';

/**
 * Settlement periods (research §3, §4–§6, §9), all in one configured time zone:
 * - day-based: D a day; W Sunday to Saturday; H semimonthly, the 1st–15th and the 16th to the
 *   month's end; M the calendar month. Daily salary uses D; dividends their computation period.
 * - windows: an hour or half an hour (hourly salary, frequency H or BH) and the 5-minute window of
 *   the real-time salary, on the zone's wall clock.
 *
 * Every period is due at its end: a day-based one is paid on the day after its last day (the next
 * day; the day after Saturday; the 16th and the 1st; the 1st), which is the day its end falls on.
 * Its key names it alone, so (contract, period key) is the settlement's idempotency key.
 */

export const windowCodes = ['hour', 'halfHour', 'fiveMinutes'] as const;
export type WindowCode = (typeof windowCodes)[number];
export type PeriodCode = DividendPeriod | WindowCode;
/** Every period code: the day-based ones (D/W/H/M) and the windows. */
export const periodCodes = [...dividendPeriods, ...windowCodes] as const;

export const windowLengthMs: Record<WindowCode, number> = {
  hour: 3_600_000,
  halfHour: 1_800_000,
  fiveMinutes: 300_000,
};

export interface SettlementPeriod {
  code: PeriodCode;
  /** Unique per code: 'W:2026-11-22' (a day-based period by its first day), 'fiveMinutes:2026-11-28T13:05+08:00'. */
  key: string;
  /** First instant, epoch ms, inclusive. */
  start: number;
  /** First instant after it, epoch ms, exclusive; the period is due (settleable) from here. */
  end: number;
  /** Its first and last day in the zone (a window's day twice). */
  startDay: string;
  endDay: string;
}

/** The period code of a contract's terms. */
export function periodCodeOf(terms: ContractTerms): PeriodCode {
  switch (terms.kind) {
    case 'dividend':
      return terms.computationPeriod;
    case 'dailySalary':
      return 'D';
    case 'hourlySalary':
      return terms.frequency === 'BH' ? 'halfHour' : 'hour';
    case 'realTimeSalary':
      return 'fiveMinutes';
  }
}

function isWindow(code: PeriodCode): code is WindowCode {
  return (windowCodes as readonly string[]).includes(code);
}

/** The first and last day of the day-based period holding `day`. */
export function periodDays(code: DividendPeriod, day: string): { startDay: string; endDay: string } {
  switch (code) {
    case 'D':
      return { startDay: day, endDay: day };
    case 'W': {
      const sunday = addZoneDays(day, -weekdayOfDay(day));
      return { startDay: sunday, endDay: addZoneDays(sunday, 6) };
    }
    case 'H': {
      const first = `${day.slice(0, 8)}01`;
      return +day.slice(8, 10) <= 15
        ? { startDay: first, endDay: `${day.slice(0, 8)}15` }
        : { startDay: `${day.slice(0, 8)}16`, endDay: lastDayOfMonth(day) };
    }
    case 'M':
      return { startDay: `${day.slice(0, 8)}01`, endDay: lastDayOfMonth(day) };
  }
}

/** The period of a code holding an instant. */
export function periodAt(code: PeriodCode, ms: number, timeZone: string): SettlementPeriod {
  if (isWindow(code)) {
    const len = windowLengthMs[code];
    // Windows follow the wall clock: shifted by the zone's offset modulo their length (every zone's
    // offset is a whole number of 5 minutes; a whole hour for hours in most zones, 30 min in India).
    const shift = ((zoneOffsetAt(ms, timeZone) % len) + len) % len;
    const start = Math.floor((ms + shift) / len) * len - shift;
    const day = zoneDayOf(start, timeZone);
    return {
      code,
      key: `${code}:${zoneMinuteLabel(start, timeZone)}`,
      start,
      end: start + len,
      startDay: day,
      endDay: day,
    };
  }
  const { startDay, endDay } = periodDays(code, zoneDayOf(ms, timeZone));
  return {
    code,
    key: `${code}:${startDay}`,
    start: zoneDayStart(startDay, timeZone),
    end: zoneDayStart(addZoneDays(endDay, 1), timeZone),
    startDay,
    endDay,
  };
}

/** The period before one (the one holding the instant just before it starts). */
export function previousPeriod(period: SettlementPeriod, timeZone: string): SettlementPeriod {
  return periodAt(period.code, period.start - 1, timeZone);
}

/** The period after one. */
export function nextPeriod(period: SettlementPeriod, timeZone: string): SettlementPeriod {
  return periodAt(period.code, period.end, timeZone);
}

/**
 * The last `n` periods that are over at `now`, newest first: what the simulator replays ("the last
 * period and the last 4 periods").
 */
export function lastClosedPeriods(
  code: PeriodCode,
  now: number,
  n: number,
  timeZone: string,
): SettlementPeriod[] {
  const out: SettlementPeriod[] = [];
  let p = previousPeriod(periodAt(code, now, timeZone), timeZone);
  for (let i = 0; i < n; i++) {
    out.push(p);
    p = previousPeriod(p, timeZone);
  }
  return out;
}

/** The day a day-based period is paid: the day after its last day. */
export function payDayOf(period: SettlementPeriod): string {
  return addZoneDays(period.endDay, 1);
}

/** The idempotency key of one contract's settlement of one period: it pays once. */
export function settlementKey(contractId: number | string, period: SettlementPeriod): string {
  return `contract:${contractId}:${period.key}`;
}

/**
 * The month's four weekly cycles (research §3, "periodic valid bet"): 1–7, 8–14, 15–21, 22 to the
 * month's end. Used by a monthly dividend whose contract requires each cycle's bet.
 */
export function monthCycles(day: string): { startDay: string; endDay: string }[] {
  const m = day.slice(0, 8);
  return [
    { startDay: `${m}01`, endDay: `${m}07` },
    { startDay: `${m}08`, endDay: `${m}14` },
    { startDay: `${m}15`, endDay: `${m}21` },
    { startDay: `${m}22`, endDay: lastDayOfMonth(day) },
  ];
}
