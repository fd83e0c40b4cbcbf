import { useEffect, useState } from 'react';

/** The offset from UTC as staff compare it with the audit log's ISO times: GMT+7, GMT-3:30, GMT+0. */
export function gmtOffset(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  const h = Math.floor(Math.abs(minutes) / 60);
  const m = Math.abs(minutes) % 60;
  return `GMT${sign}${h}${m ? `:${String(m).padStart(2, '0')}` : ''}`;
}

/** The desk's clock in the top bar: local date and time to the minute, with its offset. */
export function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 15_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <time className="clock muted" dateTime={now.toISOString()}>
      <span className="clock-date">
        {now.toLocaleDateString('en-GB', { weekday: 'short', day: '2-digit', month: 'short' })} ·{' '}
      </span>
      {now.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })} {gmtOffset(now)}
    </time>
  );
}
