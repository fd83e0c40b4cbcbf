/** The date presets of the records pages (spec B §2: today, yesterday, 7 days, 30 days) and a custom range. */
export const rangePresets = ['today', 'yesterday', '7d', '30d'] as const;
export type RangePreset = (typeof rangePresets)[number];

export interface DateRange {
  /** Epoch ms, inclusive. */
  startTime: number;
  /** Epoch ms, exclusive. */
  endTime: number;
}

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());
const addDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);

/**
 * A preset as the player means it, in the browser's own time zone: "today" from local midnight
 * to the next, "7 days" today and the six days before it (whole calendar days, so the answer
 * does not change while the player looks at it).
 */
export function presetRange(preset: RangePreset, now = new Date()): DateRange {
  const today = startOfDay(now);
  const tomorrow = addDays(today, 1);
  switch (preset) {
    case 'today':
      return { startTime: today.getTime(), endTime: tomorrow.getTime() };
    case 'yesterday':
      return { startTime: addDays(today, -1).getTime(), endTime: today.getTime() };
    case '7d':
      return { startTime: addDays(today, -6).getTime(), endTime: tomorrow.getTime() };
    case '30d':
      return { startTime: addDays(today, -29).getTime(), endTime: tomorrow.getTime() };
  }
}

/** `yyyy-MM-dd` of a local day, the value of a date input. */
export function dayValue(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A custom range from two date inputs: both days included; null when a day is missing or the order is wrong. */
export function customRange(from: string, to: string): DateRange | null {
  const parse = (v: string) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
    return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
  };
  const a = parse(from);
  const b = parse(to);
  if (!a || !b || b < a) return null;
  return { startTime: a.getTime(), endTime: addDays(b, 1).getTime() };
}

/** The longest custom range, in days (the server's limit, RECORDS_MAX_RANGE_DAYS). */
export const MAX_RANGE_DAYS = 92;

export function rangeDays(r: DateRange): number {
  return Math.round((r.endTime - r.startTime) / 86_400_000);
}
