/** Ranges of the raw lists (team bets, transactions): whole local days. */
export const LIST_RANGES = ['today', 'yesterday', 'last7Days', 'last30Days'] as const;
export type ListRange = (typeof LIST_RANGES)[number];

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());
const addDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);

/** [startTime, endTime) of a list range, in the browser's days (as the member's records read them). */
export function listRangeTimes(range: ListRange, now = new Date()): { startTime: number; endTime: number } {
  const today = startOfDay(now);
  const tomorrow = addDays(today, 1).getTime();
  switch (range) {
    case 'today':
      return { startTime: today.getTime(), endTime: tomorrow };
    case 'yesterday':
      return { startTime: addDays(today, -1).getTime(), endTime: today.getTime() };
    case 'last7Days':
      return { startTime: addDays(today, -6).getTime(), endTime: tomorrow };
    case 'last30Days':
      return { startTime: addDays(today, -29).getTime(), endTime: tomorrow };
  }
}
