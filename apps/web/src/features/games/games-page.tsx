import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BallIcon, GamepadIcon } from '../../shared/ui/icons.tsx';
import { GameListPage } from './game-list-page.tsx';
import styles from './games-page.module.css';

/** /sports and /esports: one games page (SH-07), switching between the two kinds of betting. */
export function GamesPage() {
  const { t } = useTranslation('pages');
  const switcher = (
    <nav className={styles.switcher} aria-label={t('games_kind')}>
      <NavLink to="/sports" className={styles.option}>
        <BallIcon size={18} /> {t('nav_sports')}
      </NavLink>
      <NavLink to="/esports" className={styles.option}>
        <GamepadIcon size={18} /> {t('nav_esports')}
      </NavLink>
    </nav>
  );
  return <GameListPage switcher={switcher} />;
}
