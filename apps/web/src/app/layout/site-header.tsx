import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
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

export type HiddenEnds = 'start' | 'end' | 'both' | undefined;

/** Which ends of a sideways scroller hide some of its content, from its scroll position. */
export function hiddenEnds(el: Pick<HTMLElement, 'scrollLeft' | 'scrollWidth' | 'clientWidth'>): HiddenEnds {
  // Right to left, scrollLeft runs from 0 to negative: its size is the distance from the start.
  const fromStart = Math.abs(el.scrollLeft);
  const start = fromStart > 1;
  const end = el.scrollWidth - el.clientWidth - fromStart > 1;
  return start && end ? 'both' : start ? 'start' : end ? 'end' : undefined;
}

/**
 * The navigation's hidden ends, kept up to date as it scrolls, resizes or its items change (the
 * vendor list arriving, another language): on a phone the strip scrolls sideways, and a fade at
 * each end with more items says so instead of a label cut off at the edge (issue 34).
 */
function useHiddenEnds() {
  const ref = useRef<HTMLElement>(null);
  const [ends, setEnds] = useState<HiddenEnds>(undefined);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setEnds(hiddenEnds(el));
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    resized?.observe(el);
    if (el.firstElementChild) resized?.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', measure);
      resized?.disconnect();
    };
  }, []);
  // A page's own item, hidden down the strip (/live on a phone), is brought into the strip, clear
  // of the fade (40 px).
  const { pathname } = useLocation();
  useEffect(() => {
    const el = ref.current;
    const item = el?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!el || !item) return;
    const strip = el.getBoundingClientRect();
    const box = item.getBoundingClientRect();
    if (box.left < strip.left) el.scrollLeft -= strip.left - box.left + 44;
    else if (box.right > strip.right) el.scrollLeft += box.right - strip.right + 44;
  }, [pathname]);
  return { ref, ends };
}

/** Top bar (clock, language, login/register or member bar), brand bar with logo and main navigation. */
export function SiteHeader({ showBalance }: { showBalance: boolean }) {
  const { t } = useTypedTranslation('translation');
  const { ref: navRef, ends: navMore } = useHiddenEnds();
  return (
    <header className={styles.header} data-nav-more={navMore}>
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
          <nav className={styles.nav} aria-label={t('nav_main')} ref={navRef} data-testid="main-nav">
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
