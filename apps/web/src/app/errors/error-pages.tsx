import { Link, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '../../shared/ui/button.tsx';
import { AlertIcon, RefreshIcon } from '../../shared/ui/shell-icons.tsx';
import { isChunkLoadError } from '../lazy-route.ts';
import styles from './error-pages.module.css';

/** A page's chunk did not load, or not within 120 s (SH-37, ER-19): say so and offer a retry. */
export function ChunkErrorPage() {
  const { t } = useTranslation();
  return (
    <div className={styles.page} role="alert" data-testid="chunk-error-page">
      <span className={styles.icon}>
        <AlertIcon size={34} />
      </span>
      <h1 className={styles.title}>{t('error_chunk_title')}</h1>
      <p className={styles.message}>{t('error_chunk_body')}</p>
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

/** The error boundary of the page routes: chunk failures and anything unexpected (ER-22). */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isChunkLoadError(error)) return <ChunkErrorPage />;
  console.error('A page failed to render', error);
  return (
    <div className={styles.page} role="alert" data-testid="route-error-page">
      <span className={styles.icon}>
        <AlertIcon size={34} />
      </span>
      <h1 className={styles.title}>{t('error_system')}</h1>
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
