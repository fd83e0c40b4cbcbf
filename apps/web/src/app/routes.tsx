import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { loadPagesNamespace } from '../shared/i18n/i18n.ts';
import { readToken } from '../shared/session/session.ts';
import { loadDownloadPage } from '../features/download/index.ts';
import {
  loadGameFramePage,
  loadGameListPage,
  loadGamesPage,
  loadHotPage,
  loadSeamlessPage,
} from '../features/games/index.ts';
import { loadHelpMcPage, loadHelpPage } from '../features/help/index.ts';
import { loadHomePage } from '../features/home/index.ts';
import { loadJoinPage } from '../features/join/index.ts';
import { loadLoginPage } from '../features/login/index.ts';
import { loadLotteryPage } from '../features/lottery/index.ts';
import { loadNoticesPage } from '../features/notices/index.ts';
import { loadPointMallPage } from '../features/points/index.ts';
import { loadPromoDetailPage, loadPromotionsPage } from '../features/promotions/index.ts';
import { loadVipPage } from '../features/vip/index.ts';
import type { PageChrome, RouteHandle } from './chrome.ts';
import { RouteError } from './errors/error-pages.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { withChunkTimeout } from './lazy-route.ts';
import { loginRedirectTarget } from './login-required.ts';
import { Splash } from './status/boot-screens.tsx';
import { useTranslation } from 'react-i18next';
import { getBrand, useBrand } from '../shared/brand/brand.ts';

type PageModule = { Component: ComponentType };
type PageLoader = () => Promise<PageModule>;

/** Header only: no notice bar, no footer, no balance (decision D3: /lottery and its variants). */
const headerOnly: Partial<PageChrome> = { noticeBar: false, footer: false, showBalance: false };
/** Game pages without the balance (SH-25). */
const noBalance: Partial<PageChrome> = { showBalance: false };

/** A page chunk together with the `pages` strings it reads, under one time-out. */
const withStrings =
  (load: PageLoader): PageLoader =>
  () =>
    Promise.all([load(), loadPagesNamespace()]).then(([module]) => module);

function page(paths: string[], load: PageLoader, chrome?: Partial<PageChrome>): RouteObject[] {
  const handle: RouteHandle | undefined = chrome ? { chrome } : undefined;
  return paths.map((path) => ({ path, handle, lazy: () => withChunkTimeout(withStrings(load)) }));
}

/**
 * The route table of spec A §2, every path (SH-01..SH-25), history mode. Every page is a lazy
 * chunk with the 120 s time-out; a failed chunk ends in the load-failure page (SH-37).
 */
export const pageRoutes: RouteObject[] = [
  { index: true, lazy: () => withChunkTimeout(loadHomePage) },
  ...['index', 'index.html', 'home'].map((path) => ({ path, lazy: () => withChunkTimeout(loadHomePage) })),
  ...['register', 'register.html'].map((path) => ({
    path,
    lazy: () =>
      withChunkTimeout(async () => {
        const [{ registerOver }, home] = await Promise.all([import('./register-route.tsx'), loadHomePage()]);
        return { Component: registerOver(home.Component) };
      }),
  })),
  ...page(['noticePage'], loadNoticesPage),
  ...page(['vip'], loadVipPage, { header: false, noticeBar: false }),
  ...page(['pointMall'], loadPointMallPage),
  ...page(['sports', 'esports'], loadGamesPage),
  ...page(['lottery', 'vnlottery', 'seaLottery'], loadLotteryPage, headerOnly),
  ...page(['elott'], loadLotteryPage),
  ...page(['rng', 'bgs', 'bingo', 'live', 'fish', 'pvp'], loadGameListPage),
  ...page(['hot'], loadHotPage),
  ...page(['promotions'], loadPromotionsPage),
  ...page(['promoDetail'], loadPromoDetailPage),
  ...page(['seamless'], loadSeamlessPage, noBalance),
  ...page(['help'], loadHelpPage),
  ...page(['helpmc'], loadHelpMcPage, { header: false, noticeBar: false, footer: false, sideBar: false }),
  ...page(['download'], loadDownloadPage),
  ...page(['join'], loadJoinPage),
  ...page(['game'], loadGameFramePage, { noticeBar: false, footer: false, sideBar: false }),
  ...page(['login'], loadLoginPage, { noticeBar: false, sideBar: false }),
  {
    path: '*',
    lazy: () =>
      withChunkTimeout(() =>
        import('./errors/not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage })),
      ),
  },
];

/** Login-required mode (SH-22..SH-24), checked before any page chunk loads. */
export function loginRequiredLoader({ request }: { request: Request }) {
  const target = loginRedirectTarget(
    new URL(request.url).pathname,
    getBrand().loginedToHomePage,
    readToken(),
  );
  if (target) throw redirect(target);
  return null;
}

/** Shown while the first page's chunk loads. */
function FirstPageSplash() {
  const { t } = useTranslation();
  return <Splash brandName={useBrand().brandName} label={t('loading')} />;
}

export function appRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      Component: AppLayout,
      loader: loginRequiredLoader,
      // Every navigation re-checks: a logout or an expired token must lead to /login at once.
      shouldRevalidate: () => true,
      ErrorBoundary: RouteError,
      HydrateFallback: FirstPageSplash,
      // The page chunks sit under a pathless route so a failing page keeps the header and footer.
      children: [{ ErrorBoundary: RouteError, children: pageRoutes }],
    },
  ];
}
