import { Link } from 'react-router';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { gameTypes } from '../../shared/navigation/game-types.ts';
import { buttonClass } from '../../shared/ui/button.tsx';
import { HomeIcon } from '../../shared/ui/icons.tsx';
import styles from './error-pages.module.css';

/** Unknown paths: a friendly way back instead of a blank page. */
export function NotFoundPage() {
  const { t } = useTypedTranslation('translation');
  return (
    <div className={styles.page} data-testid="not-found-page">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.title}>{t('not_found_title')}</h1>
      <p className={styles.message}>{t('not_found_message')}</p>
      <div className={styles.actions}>
        <Link to="/" className={buttonClass('primary', 'lg')}>
          <HomeIcon size={18} /> {t('nav_home')}
        </Link>
        <Link to="/help" className={buttonClass('ghost', 'lg')}>
          {t('nav_help')}
        </Link>
      </div>
      <ul className={styles.quick}>
        {gameTypes.map((g) => (
          <li key={g.type}>
            <Link to={g.path}>{t(g.labelKey)}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
