import { startTransition, StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { BrandConfig } from '@app/contract';
// The buttons' rules come first, as when they were a stylesheet of their own ahead of the entry's:
// on a focused button the global focus ring's radius (styles/global.css) wins over the pill.
import './shared/ui/button.module.css';
import './styles/tokens.css';
import './styles/global.css';
import './styles/boot.css';
import type { QueryClient } from '@tanstack/react-query';
import { App } from './app/app.tsx';
import { createQueryClient } from './app/query-client.ts';
import { registerFeatures } from './app/registrations.ts';
import {
  isHomePath,
  readsVendorList,
  showsNoticeBar,
  warmRouteChunk,
  warmRouteStrings,
} from './app/routes.tsx';
import { BootFailure, Splash } from './app/status/boot-screens.tsx';
import { GAMES_NS, vendorLanesQuery } from './features/games/index.ts';
import { preloadFirstBanner } from './features/home/index.ts';
import { announcementsQuery } from './features/notices/index.ts';
import { applyTheme, setBrand } from './shared/brand/brand.ts';
import { configureHosts } from './shared/cdn/image-host.ts';
import { call } from './shared/http/client.ts';
import { brandConfigCall } from './shared/http/calls.ts';
import {
  hasCatalogue,
  holdStringsForStartLanguage,
  i18n,
  initI18n,
  warmCatalogues,
} from './shared/i18n/i18n.ts';
import { chooseStartLanguage, LANGUAGE_STORAGE_KEY } from './shared/i18n/language.ts';
import { localStore } from './shared/storage/storage.ts';
import { freshStatusQuery } from './shared/system/system-status.ts';
import { nextTask } from './shared/ui/next-task.ts';
import { loadScriptFonts, loadScriptFontsForStart } from './styles/fonts/fonts.ts';

/**
 * The home page's LCP image: its announcements are asked for with the catalogue, and the first
 * banner is preloaded once they and the status (which names the image hosts) are in, instead of
 * after the home page has rendered and asked for them itself.
 */
async function warmFirstBanner(queryClient: QueryClient, statusIn: Promise<void>): Promise<void> {
  try {
    const [, announcements] = await Promise.all([statusIn, queryClient.fetchQuery(announcementsQuery())]);
    const status = queryClient.getQueryData(freshStatusQuery.queryKey);
    // A closed site shows its status page, not the home page.
    if (status?.status !== 0) return;
    configureHosts(status.info);
    preloadFirstBanner(announcements);
  } catch {
    // Only a head start is lost: the home page asks for them again as it renders.
  }
}

/**
 * Start-up: the brand config is read at run time before anything renders (SY-05); the system
 * status is asked for at the same moment; the language follows decision D1; then the app.
 */
async function boot(root: Root, retry = false): Promise<void> {
  // The document shows the start screen already, with the brand's name; a retry after a failed
  // start shows it again.
  if (retry) root.render(<Splash label="Loading" />);
  // The page's own chunk loads meanwhile, not after everything below (decision 015); the strings
  // its loader asks for wait for the visitor's language (initI18n, below).
  holdStringsForStartLanguage();
  warmRouteChunk(window.location.pathname);
  // An agent's registration link: its code is kept for the visit, however long the browsing. The
  // reader loads only for an address that may carry one (a code in the query, or a host of three
  // labels or more that does not start with www), so a plain visit's start costs nothing more.
  if (/[?&](affiliateCode|r)=/.test(location.search) || /^(?!www\.)[^.]+\.[^.]+\./.test(location.hostname))
    void import('./shared/session/landing-invitation.ts').then((m) => m.rememberLandingInvitation(location));
  const queryClient = createQueryClient();
  // The status does not depend on the brand: ask for both at once to save a round trip.
  const statusIn = queryClient.prefetchQuery(freshStatusQuery);
  let brand: BrandConfig;
  try {
    // As index.html preloads it (decision 015): the answer is there as soon as this script runs.
    brand = await call(brandConfigCall, { plain: true });
  } catch (error) {
    // The catalogues are not loaded yet: this one screen speaks English (the error text is ER-18's).
    root.render(
      <BootFailure
        title="We could not open the site"
        message={error instanceof Error ? error.message : 'Network link abnormal, please retry'}
        retryLabel="Retry"
        onRetry={() => void boot(root, true)}
      />,
    );
    return;
  }
  // The brand's answer is usually in before the entry has finished evaluating (index.html
  // preloads it): what follows runs in tasks of its own, each short, not as one long task with
  // the evaluation (decision 015, ninth pass).
  await nextTask();
  setBrand(brand);
  applyTheme(brand.theme);
  document.title = brand.brandName;
  root.render(<Splash brandName={brand.brandName} label="Loading" />);
  const language = chooseStartLanguage(brand, localStore.get(LANGUAGE_STORAGE_KEY));
  // The translator takes the visitor's language now, and the strings the page's chunk asked for
  // load in it. Before the announcements below: their query is keyed by, and asked in, the
  // translator's language, so one asked for before it had one was asked again in it.
  const shellStrings = initI18n(language);
  if (isHomePath(window.location.pathname)) void warmFirstBanner(queryClient, statusIn);
  // The notice bar's announcements (and a page hero's banner) come with the catalogue, not after
  // the first render.
  else if (showsNoticeBar(window.location.pathname)) void queryClient.prefetchQuery(announcementsQuery());
  // With the shell's catalogue, the strings its first page and the header's game navigation read.
  warmRouteStrings(window.location.pathname, language);
  warmCatalogues(language, [GAMES_NS]);
  // The header's game navigation and the footer's partners read the vendor list: asked for now, it
  // is in for the first render, whose navigation then shows the list's items from the first paint
  // instead of the brand's stand-ins, which the list's items replaced (a layout shift) a render
  // later (decision 015, eleventh pass). The key is the one the header reads (i18n's language).
  const showsGameNavigation = readsVendorList(window.location.pathname);
  if (showsGameNavigation)
    void queryClient.prefetchQuery(vendorLanesQuery(hasCatalogue(language) ? language : 'en'));
  await nextTask();
  // The script's web font arrives with the catalogue, so the first paint has it (decision 015);
  // slices of it that the first paint does not use swap in when they arrive.
  const stringsAndFace = Promise.all([
    // The header's game navigation labels the vendor list's items from the games strings, and
    // shows its stand-ins until they are in (header-nav.tsx): their swap moved the items.
    shellStrings.then(() =>
      showsGameNavigation ? i18n.loadNamespaces(GAMES_NS).catch(() => undefined) : undefined,
    ),
    loadScriptFontsForStart(hasCatalogue(language) ? language : 'en'),
  ]);
  i18n.on('languageChanged', (next) => void loadScriptFonts(next));
  registerFeatures();
  await stringsAndFace;
  // As a transition the first render of the app yields to the browser every few milliseconds
  // instead of holding the main thread for the whole tree (a phone's total blocking time).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  );
}

void boot(createRoot(document.getElementById('root')!));
