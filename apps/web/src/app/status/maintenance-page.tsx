import { useEffect, useState } from 'react';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import type { SystemInfo } from '@app/contract';
import { formatNoticeDate } from '../../shared/format/date.ts';
import { WrenchIcon } from '../../shared/ui/icons.tsx';
import { StatusScreen } from './status-screen.tsx';
import styles from './status-screen.module.css';

function remaining(endTime: number, now: number) {
  const total = Math.max(0, Math.floor((endTime - now) / 1000));
  return {
    total,
    hours: Math.floor(total / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/**
 * Status 1 (SY-13): "System Maintenance", the maintenance message (ER-43), the end time when
 * given with a countdown to it (SY-15), and contact us. When the countdown ends the status is
 * asked again, so the site opens by itself.
 */
export function MaintenancePage({
  info,
  endTime,
  onEnded,
}: {
  info: SystemInfo;
  endTime: number | null;
  onEnded: () => void;
}) {
  const { t } = useTypedTranslation('translation');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endTime === null) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [endTime]);
  const left = endTime === null ? null : remaining(endTime, now);
  const ended = left !== null && left.total === 0;
  useEffect(() => {
    if (ended) onEnded();
  }, [ended, onEnded]);
  const pad = (n: number) => String(n).padStart(2, '0');

  return (
    <StatusScreen
      testId="maintenance-page"
      icon={<WrenchIcon size={38} />}
      title={t('maintenance_title')}
      message={t('maintenance_message')}
      info={info}
    >
      {endTime !== null && left ? (
        <>
          <dl className={styles.details}>
            <dt>{t('maintenance_until')}</dt>
            <dd className="tabular" data-testid="maintenance-end">
              {formatNoticeDate(endTime)}
            </dd>
          </dl>
          <div className={styles.countdown} role="timer" aria-label={t('maintenance_countdown')}>
            {[
              [left.hours, t('unit_hours')],
              [left.minutes, t('unit_minutes')],
              [left.seconds, t('unit_seconds')],
            ].map(([value, label]) => (
              <span key={String(label)} className={styles.unit}>
                <span className={`${styles.unitValue} tabular`}>{pad(Number(value))}</span>
                <span className={styles.unitLabel}>{label}</span>
              </span>
            ))}
          </div>
        </>
      ) : null}
    </StatusScreen>
  );
}
