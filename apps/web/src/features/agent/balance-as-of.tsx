import { formatTimeInZone } from '../../shared/format/date.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { AGENT_STRINGS } from './strings.ts';
import styles from './pages.module.css';

/**
 * "as of HH:mm" beside a large team's balances, the team-balance job's snapshot (decision 064),
 * as a clock in the report days' zone shows it (the viewer's own when no zone is given); nothing
 * when they were summed for this answer.
 */
export function BalanceAsOf({ at, timeZone }: { at: number | null | undefined; timeZone?: string }) {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  if (at == null) return null;
  const time = formatTimeInZone(at, timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
  return (
    <small className={styles.asOf} data-testid="agent-balance-as-of">
      {t('agent_balance_as_of', { time })}
    </small>
  );
}
