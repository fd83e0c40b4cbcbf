import { createElement, lazy, Suspense, useMemo, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import { loadFormsNamespace, loadPagesNamespace, PAGES_NS, warmCatalogues } from '../shared/i18n/i18n.ts';
import { readToken } from '../shared/session/session.ts';
import { loadDownloadPage } from '../features/download/index.ts';
import {
  HOUSE_NS,
  houseGameChrome,
  loadHouseGamePage,
  loadHouseVerifyPage,
} from '../features/house-games/index.ts';
import {
  GAMES_NS,
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
import { loadLotteryPage, LOTTERY_NS, LOTTERY_RULES_NS } from '../features/lottery/index.ts';
import { loadNoticesPage } from '../features/notices/index.ts';
import { loadPointMallPage } from '../features/points/index.ts';
import { loadResponsiblePage } from '../features/responsible/index.ts';
import { loadPromoDetailPage, loadPromotionsPage, PROMOTIONS_NS } from '../features/promotions/index.ts';
import { loadRafflesPage, RAFFLES_NS } from '../features/raffles/index.ts';
import { loadFeedbackPage, loadMiniGamesPage } from '../features/support/index.ts';
import { loadVipPage } from '../features/vip/index.ts';
import { CHAT_NS, loadChatRoomPage } from '../features/chat/index.ts';
import { ChromeContext, fullChrome, type PageChrome, type RouteHandle } from './chrome.ts';
import { RouteErrorBoundary } from './errors/error-pages.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { trackPageLoad, withChunkTimeout } from '../shared/shell/lazy-route.ts';
import { loginRedirectTarget } from './login-required.ts';
import { Splash } from './status/boot-screens.tsx';
import { useTypedTranslation } from '../shared/i18n/react.tsx';
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

/**
 * A page route's component: its chunk (and strings) loaded under the 120 s time-out the first time
 * it renders, counted for the progress bar. One component per loader, so the paths of one page
 * (`/rng`, `/bgs`, …) share it and moving between them keeps the page, as with the data router.
 */
const lazyPages = new Map<PageLoader, ComponentType>();
function lazyPage(load: PageLoader, strings = false): ComponentType {
  let page = lazyPages.get(load);
  if (!page) {
    const loadAll = strings ? withStrings(load) : load;
    page = lazy(() => trackPageLoad(withChunkTimeout(loadAll)).then((m) => ({ default: m.Component })));
    lazyPages.set(load, page);
  }
  return page;
}

/** Each page route's chunk, so the start can ask for it before the router does (warmRouteChunk). */
const chunkOf = new WeakMap<RouteObject, () => Promise<unknown>>();
/** The string namespaces each page route's chunk waits for (warmRouteStrings). */
const stringsOf = new WeakMap<RouteObject, readonly string[]>();

function withChunk(
  route: RouteObject,
  load: () => Promise<unknown>,
  namespaces: readonly string[] = [],
): RouteObject {
  chunkOf.set(route, load);
  stringsOf.set(route, namespaces);
  return route;
}

/**
 * `namespaces`: the string namespaces the page's own loader waits for besides `pages` (its
 * feature's strings), so the start can fetch them with the shell's catalogue.
 */
function page(
  paths: string[],
  load: PageLoader,
  chrome?: Partial<PageChrome>,
  namespaces: readonly string[] = [],
): RouteObject[] {
  const handle: RouteHandle | undefined = chrome ? { chrome } : undefined;
  return paths.map((path) =>
    withChunk({ path, handle, element: createElement(lazyPage(load, true)) }, load, [
      PAGES_NS,
      ...namespaces,
    ]),
  );
}

const lotteryStrings = [LOTTERY_NS, LOTTERY_RULES_NS];

/**
 * /register and /register.html: home with the register dialog over it (SH-03), the page an agent's
 * link opens. The dialog the page opens loads with it: its chunks sit behind the registration
 * feature's index, a dynamic import of its own, so the modal host asked for them only once the page
 * had rendered, three round trips after the page's chunk (its own import then joins this one).
 * Imported here rather than through the modal registry's loader: the features register their
 * dialogs only after the brand's answer, and warming through the registry asked for the dialog's
 * code at 1.7 s instead of 0.8 s (measured in Chromium, session 41).
 */
async function loadRegisterPage(): Promise<PageModule> {
  void import('../features/registration/index.ts')
    .then((m) => Promise.all([m.loadRegisterDialog(), loadFormsNamespace()]))
    .catch(() => undefined);
  const [{ registerOver }, home] = await Promise.all([import('./register-route.tsx'), loadHomePage()]);
  return { Component: registerOver(home.Component) };
}

const loadNotFoundPage = (): Promise<PageModule> =>
  import('./errors/not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage }));

/**
 * The route table of spec A §2, every path (SH-01..SH-25), history mode. Every page is a lazy
 * chunk with the 120 s time-out; a failed chunk ends in the load-failure page (SH-37).
 */
export const pageRoutes: RouteObject[] = [
  withChunk({ index: true, element: createElement(lazyPage(loadHomePage)) }, loadHomePage),
  ...['index', 'index.html', 'home'].map((path) =>
    withChunk({ path, element: createElement(lazyPage(loadHomePage)) }, loadHomePage),
  ),
  ...['register', 'register.html'].map((path) =>
    withChunk({ path, element: createElement(lazyPage(loadRegisterPage)) }, loadRegisterPage),
  ),
  ...page(['noticePage'], loadNoticesPage),
  ...page(['vip'], loadVipPage, { header: false, noticeBar: false }),
  ...page(['pointMall'], loadPointMallPage),
  ...page(['responsible'], loadResponsiblePage),
  ...page(['sports', 'esports'], loadGamesPage, undefined, [GAMES_NS]),
  ...page(['lottery', 'vnlottery', 'seaLottery'], loadLotteryPage, headerOnly, lotteryStrings),
  ...page(['elott'], loadLotteryPage, { noticeBar: false, footer: false }, lotteryStrings),
  ...page(['rng', 'bgs', 'bingo', 'live', 'fish', 'pvp'], loadGameListPage, undefined, [GAMES_NS]),
  ...page(['hot'], loadHotPage, undefined, [GAMES_NS]),
  ...page(['promotions'], loadPromotionsPage, undefined, [PROMOTIONS_NS]),
  ...page(['promoDetail'], loadPromoDetailPage, undefined, [PROMOTIONS_NS]),
  ...page(['raffles'], loadRafflesPage, undefined, [RAFFLES_NS]),
  ...page(['seamless'], loadSeamlessPage, noBalance),
  ...page(['help'], loadHelpPage),
  ...page(['helpmc'], loadHelpMcPage, { header: false, noticeBar: false, footer: false, sideBar: false }),
  ...page(['download'], loadDownloadPage),
  ...page(['feedback'], loadFeedbackPage),
  ...page(['miniGames'], loadMiniGamesPage),
  // A chat app on a phone: the composer and the newest messages own the bottom corner (decision 054).
  ...page(['chatRoom'], loadChatRoomPage, { sideBarOnPhone: false }, [CHAT_NS]),
  ...page(['join'], loadJoinPage),
  ...page(['game'], loadGameFramePage, { noticeBar: false, footer: false, sideBar: false }),
  ...page(['login'], loadLoginPage, { noticeBar: false, sideBar: false }),
  ...page(['sandbox/games/:gameCode'], loadHouseGamePage, houseGameChrome, [HOUSE_NS]),
  ...page(['sandbox/verify'], loadHouseVerifyPage, undefined, [HOUSE_NS]),
  { path: '*', element: createElement(lazyPage(loadNotFoundPage)) },
];

/**
 * The page routes matching `pathname`. The start asks four questions of the same path before
 * anything renders, and each `matchRoutes` flattens and ranks the whole table again; the answer
 * for the last path is kept.
 */
let lastMatch: { pathname: string; routes: RouteObject[] } | null = null;
function matchedPageRoutes(pathname: string): RouteObject[] {
  if (lastMatch?.pathname !== pathname)
    lastMatch = { pathname, routes: (matchRoutes(pageRoutes, pathname) ?? []).map((m) => m.route) };
  return lastMatch.routes;
}

/**
 * Starts loading the chunk of the page at `pathname` (decision 015). The router asks for it only
 * once the brand config, the catalogue and the status are in, two or three round trips later on a
 * phone; the module system loads a chunk once, so the router's own import joins this one.
 */
export function warmRouteChunk(pathname: string): void {
  for (const route of matchedPageRoutes(pathname)) {
    void chunkOf
      .get(route)?.()
      .catch(() => undefined);
  }
}

/**
 * Starts fetching the strings of the page at `pathname` in `language` (decision 015): the router
 * asks for them only once the app renders, after the shell's catalogue and the script's font.
 */
export function warmRouteStrings(pathname: string, language: string): void {
  for (const route of matchedPageRoutes(pathname)) {
    const namespaces = stringsOf.get(route);
    if (namespaces?.length) warmCatalogues(language, namespaces);
  }
}

/** Whether the page at `pathname` shows the notice bar, which reads the announcements. */
export function showsNoticeBar(pathname: string): boolean {
  const routes = matchedPageRoutes(pathname);
  return (
    routes.length > 0 &&
    routes.every((route) => (route.handle as RouteHandle | undefined)?.chrome?.noticeBar !== false)
  );
}

/**
 * Whether the page at `pathname` shows the header or the footer, which read the vendor list (the
 * header's game navigation, the footer's partners).
 */
export function readsVendorList(pathname: string): boolean {
  const routes = matchedPageRoutes(pathname);
  return (
    routes.length > 0 &&
    routes.every((route) => {
      const chrome = (route.handle as RouteHandle | undefined)?.chrome;
      return chrome?.header !== false || chrome.footer !== false;
    })
  );
}

/** True for the paths of the home page (SH-02), whose first banner is the LCP image. */
export function isHomePath(pathname: string): boolean {
  return matchedPageRoutes(pathname).some((route) => chunkOf.get(route) === loadHomePage);
}

/** The chrome of the page at `pathname`: the deepest matched route's that sets one. */
export function chromeOf(pathname: string): PageChrome {
  const routes = matchedPageRoutes(pathname);
  for (let i = routes.length - 1; i >= 0; i--) {
    const chrome = (routes[i]!.handle as RouteHandle | undefined)?.chrome;
    if (chrome) return { ...fullChrome, ...chrome };
  }
  return fullChrome;
}

/**
 * Login-required mode (SH-22..SH-24), checked at every address before the page renders, so before
 * its chunk loads: a logout or an expired token leads to /login at once.
 */
function LoginRequiredShell() {
  const { pathname } = useLocation();
  const target = loginRedirectTarget(pathname, getBrand().loginedToHomePage, readToken());
  const chrome = useMemo(() => chromeOf(pathname), [pathname]);
  if (target) return <Navigate to={target} replace />;
  return (
    <ChromeContext.Provider value={chrome}>
      <AppLayout />
    </ChromeContext.Provider>
  );
}

/** The page under the shell; a page that fails keeps the header and footer. */
function PageOutlet() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Outlet />
    </RouteErrorBoundary>
  );
}

/** A failure of the shell itself. */
function ShellBoundary() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <LoginRequiredShell />
    </RouteErrorBoundary>
  );
}

/** Shown while the first page's chunk loads. */
function FirstPageSplash() {
  const { t } = useTypedTranslation('translation');
  return <Splash brandName={useBrand().brandName} label={t('loading')} />;
}

/**
 * The route table for `useRoutes` (declarative routing, decision 015: the data router's
 * `createBrowserRouter` cost every page about 17 kB gzip of code it did not need). A page's
 * chunk loads as its lazy component first renders; the router's navigations are transitions, so
 * the page shown stays until the next one is in, with the progress bar on.
 */
export function appRoutes(): RouteObject[] {
  return [
    {
      path: '/',
      element: <ShellBoundary />,
      children: [{ element: <PageOutlet />, children: pageRoutes }],
    },
  ];
}

/** The first page waits behind the start screen, as before any page showed. */
export function FirstPageSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<FirstPageSplash />}>{children}</Suspense>;
}
