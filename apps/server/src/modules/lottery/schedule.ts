/**
 * Schedules as data (decision 022): which numeros a game has between two instants. Pure: the
 * numero job, the CLI and the tests all compute the same slots from the game's row.
 *
 * Zones are fixed UTC offsets (Vietnam +7, Singapore and Malaysia +8 keep no daylight saving).
 */
export interface GameSchedule {
  code: string;
  intervalS: number;
  drawTime: string;
  drawDays: readonly number[];
  lockS: number;
  utcOffsetMin: number;
  calendar: Readonly<Record<string, string>>;
  /** Zone-local dates (YYYYMMDD) without any draw (decision 040). */
  suspended?: readonly string[];
}

export interface Slot {
  numero: string;
  /** The day's province (North) or "". */
  label: string;
  saleStart: Date;
  saleEnd: Date;
  drawAt: Date;
}

const DAY_MS = 86_400_000;

/** The zone's calendar date of a zone-local day start, as YYYYMMDD. */
function ymd(localDayStartMs: number, offsetMs: number): string {
  const d = new Date(localDayStartMs + offsetMs);
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
}

/** The UTC instant at which the zone's day containing `t` begins. */
export function zoneDayStart(t: number, utcOffsetMin: number): number {
  const off = utcOffsetMin * 60_000;
  return Math.floor((t + off) / DAY_MS) * DAY_MS - off;
}

function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** Every slot whose draw time is in [from, to), oldest first. */
export function slotsBetween(g: GameSchedule, from: Date, to: Date): Slot[] {
  const off = g.utcOffsetMin * 60_000;
  const out: Slot[] = [];
  const lockMs = g.lockS * 1000;
  const suspended = new Set(g.suspended ?? []);
  if (g.intervalS > 0) {
    const step = g.intervalS * 1000;
    const perDay = Math.floor(DAY_MS / step);
    // Draw k of a zone day (k = 1…perDay) is at dayStart + k × interval: the last one falls on the
    // next midnight and still belongs to the day it closes.
    for (let day = zoneDayStart(from.getTime() - step, g.utcOffsetMin); day < to.getTime(); day += DAY_MS) {
      const date = ymd(day, off);
      if (suspended.has(date)) continue;
      for (let k = 1; k <= perDay; k++) {
        const drawAt = day + k * step;
        if (drawAt < from.getTime()) continue;
        if (drawAt >= to.getTime()) break;
        out.push({
          numero: `${date}-${String(k).padStart(4, '0')}`,
          label: '',
          saleStart: new Date(drawAt - step),
          saleEnd: new Date(drawAt - Math.min(lockMs, step)),
          drawAt: new Date(drawAt),
        });
      }
    }
    return out;
  }
  const at = minutesOf(g.drawTime) * 60_000;
  const days = new Set(g.drawDays);
  const drawOf = (day: number) => day + at;
  const weekday = (day: number) => new Date(day + off).getUTCDay();
  // The previous draw of the game before a given day: sales for a numero open when the previous closes.
  const previousDraw = (day: number): number => {
    for (let d = day - DAY_MS, i = 0; i < 8; d -= DAY_MS, i++) if (days.has(weekday(d))) return drawOf(d);
    return drawOf(day) - 7 * DAY_MS;
  };
  for (let day = zoneDayStart(from.getTime() - DAY_MS, g.utcOffsetMin); day < to.getTime(); day += DAY_MS) {
    const drawAt = drawOf(day);
    if (drawAt < from.getTime() || drawAt >= to.getTime() || !days.has(weekday(day))) continue;
    if (suspended.has(ymd(day, off))) continue;
    out.push({
      numero: ymd(day, off),
      label: g.calendar[String(weekday(day))] ?? '',
      saleStart: new Date(previousDraw(day)),
      saleEnd: new Date(drawAt - lockMs),
      drawAt: new Date(drawAt),
    });
  }
  return out;
}
