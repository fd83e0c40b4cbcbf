import styles from './boot-screens.module.css';

/**
 * Shown while the brand, the catalogues and the status load (a few hundred ms on a good link). The
 * same markup as the start screen index.html carries (styles/boot.css), so taking it over changes
 * nothing on screen.
 */
export function Splash({ brandName, label }: { brandName?: string; label: string }) {
  return (
    <div className="boot-screen" role="status" aria-label={label}>
      {brandName ? <span className="boot-brand">{brandName}</span> : null}
      <span className="boot-spinner" aria-hidden="true" />
    </div>
  );
}

/** The start failed before the app could render (no brand config, no status): say so, offer a retry. */
export function BootFailure({
  title,
  message,
  retryLabel,
  onRetry,
}: {
  title: string;
  message: string;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <div className="boot-screen" role="alert">
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.message}>{message}</p>
      <button type="button" className={styles.retry} onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
