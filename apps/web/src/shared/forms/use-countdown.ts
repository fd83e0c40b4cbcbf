import { useCallback, useEffect, useRef, useState } from 'react';

/** Seconds the SMS button stays disabled after a send: the code's lifetime (SV-06). */
export function smsCountdownSeconds(expiredMinutes: number): number {
  return Math.max(0, Math.round(expiredMinutes * 60));
}

/** Seconds left until an epoch-ms deadline, rounded up (forgot password counts to expirationTime, PW-08). */
export function secondsUntil(deadline: number, now: number = Date.now()): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/**
 * A countdown in whole seconds, driven by a deadline rather than by counting ticks, so a
 * throttled background tab still shows the right number when it wakes up.
 */
export function useCountdown(): { remaining: number; start: (seconds: number) => void; stop: () => void } {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [remaining, setRemaining] = useState(0);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (deadline === null) return;
    const tick = () => {
      const left = secondsUntil(deadline);
      setRemaining(left);
      if (left === 0) setDeadline(null);
    };
    tick();
    timer.current = window.setInterval(tick, 250);
    return () => window.clearInterval(timer.current);
  }, [deadline]);

  const start = useCallback((seconds: number) => {
    if (seconds <= 0) {
      setDeadline(null);
      setRemaining(0);
      return;
    }
    setRemaining(seconds);
    setDeadline(Date.now() + seconds * 1000);
  }, []);
  const stop = useCallback(() => {
    setDeadline(null);
    setRemaining(0);
  }, []);
  return { remaining, start, stop };
}

/**
 * Lets a press through at most once per `intervalMs` (the SMS resend throttle, SV-10, and the
 * captcha refresh, LG-26). Returns whether this press may act.
 */
export function useThrottle(intervalMs: number): () => boolean {
  const last = useRef(-Infinity);
  return useCallback(() => {
    const now = Date.now();
    if (now - last.current < intervalMs) return false;
    last.current = now;
    return true;
  }, [intervalMs]);
}
