import type { ReactNode } from 'react';
import { useTypedTranslation } from '../i18n/react.tsx';
import { AlertIcon, RefreshIcon } from './shell-icons.tsx';
import { Button } from './button.tsx';
import styles from './states.module.css';

export function Spinner({ label, size = 28 }: { label?: string; size?: number }) {
  return (
    <span className={styles.spinner} role="status" style={{ width: size, height: size }}>
      <span className="visually-hidden">{label ?? 'Loading'}</span>
    </span>
  );
}

/** A waiting area that shows a spinner at once (LOOK.md: within 100 ms). */
export function LoadingState({ label, minHeight = 160 }: { label?: string; minHeight?: number }) {
  const { t } = useTypedTranslation('translation');
  return (
    <div className={styles.centered} style={{ minHeight }}>
      <Spinner label={label ?? t('loading')} />
    </div>
  );
}

export function ErrorState({
  message,
  onRetry,
  minHeight = 160,
}: {
  message: string;
  onRetry?: () => void;
  minHeight?: number;
}) {
  const { t } = useTypedTranslation('translation');
  return (
    <div className={styles.centered} style={{ minHeight }} role="alert">
      <AlertIcon size={28} className={styles.alertIcon} />
      <p className={styles.message}>{message}</p>
      {onRetry ? (
        <Button variant="ghost" size="sm" onClick={onRetry}>
          <RefreshIcon size={16} /> {t('retry')}
        </Button>
      ) : null}
    </div>
  );
}

export function EmptyState({
  icon,
  title,
  children,
  minHeight = 160,
}: {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  minHeight?: number;
}) {
  return (
    <div className={styles.centered} style={{ minHeight }}>
      {icon ? <span className={styles.emptyIcon}>{icon}</span> : null}
      <p className={styles.emptyTitle}>{title}</p>
      {children ? <div className={styles.emptyBody}>{children}</div> : null}
    </div>
  );
}

/** A grey placeholder block with the final size of what it stands for (no layout shift). */
export function Skeleton({
  width = '100%',
  height = 16,
  radius = 6,
}: {
  width?: number | string;
  height?: number | string;
  radius?: number;
}) {
  return (
    <span className={styles.skeleton} style={{ width, height, borderRadius: radius }} aria-hidden="true" />
  );
}
