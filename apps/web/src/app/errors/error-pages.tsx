import { Component, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { Button, buttonClass } from '../../shared/ui/button.tsx';
import { AlertIcon, RefreshIcon } from '../../shared/ui/shell-icons.tsx';
import { isChunkLoadError } from '../../shared/shell/lazy-route.ts';
import styles from './error-pages.module.css';

/**
 * The error boundary of the page routes. A page whose chunk did not load, or not within 120 s,
 * says so (SH-37, ER-19); anything else is a system error (ER-22). Both offer a retry and home.
 */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTypedTranslation('translation');
  const chunk = isChunkLoadError(error);
  if (!chunk) console.error('A page failed to render', error);
  return (
    <div className={styles.page} role="alert" data-testid={chunk ? 'chunk-error-page' : 'route-error-page'}>
      <span className={styles.icon}>
        <AlertIcon size={34} />
      </span>
      <h1 className={styles.title}>{t(chunk ? 'error_chunk_title' : 'error_system')}</h1>
      {chunk ? <p className={styles.message}>{t('error_chunk_body')}</p> : null}
      <div className={styles.actions}>
        <Button size="lg" onClick={() => window.location.reload()}>
          <RefreshIcon size={18} /> {t('retry')}
        </Button>
        <Link to="/" className={buttonClass('ghost', 'lg')} reloadDocument>
          {t('nav_home')}
        </Link>
      </div>
    </div>
  );
}

/**
 * The routes' error boundary: what a page (or the shell) threw while rendering, a chunk that did
 * not load included, shows RouteError until the address changes (`resetKey`), as the data
 * router's route error boundaries did.
 */
export class RouteErrorBoundary extends Component<
  { resetKey: string; children: ReactNode },
  { error: unknown; failed: boolean }
> {
  override state = { error: null as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override componentDidUpdate(prevProps: { resetKey: string }, prevState: { failed: boolean }) {
    // An error caught in this very update stays; an older one goes with the address it was at.
    if (prevState.failed && prevProps.resetKey !== this.props.resetKey)
      this.setState({ error: null, failed: false });
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
