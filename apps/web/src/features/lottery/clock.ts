import { useEffect, useState, useSyncExternalStore } from 'react';

/** One ticking clock for every countdown on the page (a timer per card would drift apart). */
const listeners = new Set<(now: number) => void>();
let timer: ReturnType<typeof setInterval> | undefined;
/** The time of the last tick, while the clock runs. */
let lastTick = 0;

function subscribe(listener: (now: number) => void): () => void {
  listeners.add(listener);
  if (!timer) {
    lastTick = Date.now();
    timer = setInterval(() => {
      lastTick = Date.now();
      for (const l of listeners) l(lastTick);
    }, 250);
  }
  return () => {
    listeners.delete(listener);
    if (!listeners.size && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The time now, updated four times a second so a countdown never skips a second. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => subscribe(setNow), []);
  return now;
}

/**
 * What `read` makes of the time now, read again on each tick; the component renders again only
 * when the answer changes. A countdown's second changes once in four ticks, and a lobby shows
 * about 45 countdowns.
 */
export function useClock<T extends string | number | boolean>(read: (now: number) => T): T {
  return useSyncExternalStore(subscribe, () => read(timer ? lastTick : Date.now()));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `mm:ss`, or `h:mm:ss` from an hour up, or `2d 13:05` for the daily draws days away. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (days) return `${days}d ${pad(hours)}:${pad(minutes)}`;
  if (hours) return `${hours}:${pad(minutes)}:${pad(seconds)}`;
  return `${pad(minutes)}:${pad(seconds)}`;
}

/** Whether `at` (ms since epoch) is still ahead; flips once, when it passes, without a ticking render. */
export function useBefore(at: number | undefined): boolean {
  const [passed, setPassed] = useState<number | undefined>(undefined);
  useEffect(() => {
    if (at === undefined) return;
    const timer = setTimeout(() => setPassed(at), Math.min(Math.max(0, at - Date.now()) + 20, 2_147_000_000));
    return () => clearTimeout(timer);
  }, [at]);
  return at !== undefined && passed !== at;
}
