import { Link, NavLink } from 'react-router';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { GameNavItems } from '../../features/games/index.ts';
import { GiftIcon, PhoneIcon, SpriteIcon } from '../../shared/ui/shell-icons.tsx';
import { AuthArea } from './auth-area.tsx';
import { Clock } from './clock.tsx';
import { LanguagePicker } from './language-picker.tsx';
import { Logo } from './logo.tsx';
import styles from './site-header.module.css';

const navClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? `${styles.navLink} ${styles.active}` : styles.navLink;

/** Top bar (clock, language, login/register or member bar), brand bar with logo and main navigation. */
export function SiteHeader({ showBalance }: { showBalance: boolean }) {
  const { t } = useTypedTranslation('translation');
  return (
    <header className={styles.header}>
      <div className={styles.topBar}>
        <div className={styles.topInner}>
          <Clock />
          <div className={styles.topRight}>
            <LanguagePicker />
            <div className={styles.auth}>
              <AuthArea showBalance={showBalance} />
            </div>
          </div>
        </div>
      </div>
      <div className={styles.brandBar}>
        <div className={styles.brandInner}>
          <Link to="/" className={styles.logoLink} aria-label={t('nav_home')}>
            <Logo />
          </Link>
          <nav className={styles.nav} aria-label={t('nav_main')}>
            <ul className={styles.navList}>
              <li>
                <NavLink to="/" end className={navClass}>
                  <SpriteIcon name="home" size={18} />
                  <span>{t('nav_home')}</span>
                </NavLink>
              </li>
              <GameNavItems navClass={navClass} />
              <li>
                <NavLink to="/promotions" className={navClass}>
                  <GiftIcon size={18} />
                  <span>{t('hd_event')}</span>
                </NavLink>
              </li>
              <li>
                <NavLink to="/download" className={navClass}>
                  <PhoneIcon size={18} />
                  <span>{t('nav_download')}</span>
                </NavLink>
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </header>
  );
}
