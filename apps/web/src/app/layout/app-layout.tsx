import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { NoticeBar } from '../../features/notices/index.ts';
import { useChrome } from '../chrome.ts';
import { ModalHost } from '../modal-host.tsx';
import { Slot } from '../../shared/shell/slot.tsx';
import { SlotNames } from '../../shared/shell/slot-registry.ts';
import { ModalKeys, useUiStore } from '../../shared/shell/ui-store.ts';
import { usePageLoading } from '../../shared/shell/lazy-route.ts';
import { DeferUntilVisible } from '../../shared/ui/defer-until-visible.tsx';
import { SideBar } from './side-bar.tsx';
import { SiteHeader } from './site-header.tsx';
import styles from './app-layout.module.css';
import { useIsLoggedIn } from '../../shared/session/session.ts';
import { loadRealityCheck } from '../../features/responsible/index.ts';

// Below the fold on every page: its code and the help-centre data load as the reader scrolls near.
const Footer = lazy(() => import('./footer.tsx').then((m) => ({ default: m.Footer })));
// A logged-in player's last-login notice and reality check (decision 039): loaded only after login.
const RealityCheck = lazy(loadRealityCheck);

/** The shell around every page; each route's `handle.chrome` says which parts it shows. */
export function AppLayout() {
  const { t } = useTypedTranslation('translation');
  const chrome = useChrome();
  const openModal = useUiStore((s) => s.openModal);
  // The member and account centres mount only while one is shown: their code stays out of the start.
  const overlayShown = useUiStore((s) => s.memberCentre.show || s.accountCentre.show);
  const loading = usePageLoading();
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const loggedIn = useIsLoggedIn();
  // A new page opens at its top; back and forward leave the browser's own restoration alone.
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);

  return (
    <div className={styles.app}>
      <a href="#main" className={styles.skip}>
        {t('skip_to_content')}
      </a>
      <div
        className={styles.progress}
        data-active={loading || undefined}
        role="progressbar"
        aria-hidden={!loading}
        aria-label={t('loading')}
      />
      {chrome.header ? <SiteHeader showBalance={chrome.showBalance} /> : null}
      {chrome.noticeBar ? <NoticeBar onOpen={(index) => openModal(ModalKeys.notice, { index })} /> : null}
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      {chrome.footer ? (
        <DeferUntilVisible minHeight={420} margin="100px">
          <Footer />
        </DeferUntilVisible>
      ) : null}
      {chrome.sideBar ? <SideBar hideOnPhone={!chrome.sideBarOnPhone} /> : null}
      <ModalHost />
      {loggedIn ? (
        <Suspense fallback={null}>
          <RealityCheck />
        </Suspense>
      ) : null}
      {overlayShown ? <Slot name={SlotNames.overlays} /> : null}
    </div>
  );
}
