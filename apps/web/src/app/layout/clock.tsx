import { useEffect, useState } from 'react';
import { formatClock, gmtOffset } from '../../shared/format/date.ts';
import { ClockIcon } from '../../shared/ui/shell-icons.tsx';
import styles from './clock.module.css';

/** The header clock: `MM / DD YYYY HH:mm:ss` and the GMT offset, ticking on each second (SH-26). */
export function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let interval: number | undefined;
    // Tick on the second boundary, so the display never lags the real second by up to 999 ms.
    const first = window.setTimeout(
      () => {
        setNow(new Date());
        interval = window.setInterval(() => setNow(new Date()), 1000);
      },
      1000 - (Date.now() % 1000),
    );
    return () => {
      window.clearTimeout(first);
      window.clearInterval(interval);
    };
  }, []);
  return (
    <span className={styles.clock}>
      <ClockIcon size={14} className={styles.icon} />
      <time className="tabular" dateTime={now.toISOString()} data-testid="header-clock" dir="ltr">
        {formatClock(now)} <span className={styles.offset}>{gmtOffset(now)}</span>
      </time>
    </span>
  );
}
