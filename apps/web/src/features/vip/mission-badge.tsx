import { useMissionSummary } from './api.ts';
import styles from './missions-page.module.css';

/** PR-03: the missions still open this period, on the `mission_activity` entry when above 0. */
export function MissionBadge() {
  const count = useMissionSummary().data?.count ?? 0;
  if (count <= 0) return null;
  return (
    <span className={styles.badge} data-testid="mission-badge" aria-label={String(count)}>
      {count > 99 ? '99+' : count}
    </span>
  );
}
