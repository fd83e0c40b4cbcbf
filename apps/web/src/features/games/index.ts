import { i18n } from '../../shared/i18n/i18n.ts';

export {
  categories,
  providerArt,
  providersFrom,
  providersOf,
  type Category,
  type Provider,
} from './catalogue.ts';
export { GameNavItems } from './header-nav.tsx';
export { GameModalKeys } from './game-modal-keys.ts';
export { flushVendors, useVendorLanes, vendorLanesQuery, VENDOR_FLUSH_EVENT } from './vendor-store.ts';
export { launchGameCall } from './calls.ts';

/** The games strings (locales/games), loaded with the games chunks; the header asks for them itself. */
export const GAMES_NS = 'games';

export function loadGamesNamespace(): Promise<void> {
  return i18n.loadNamespaces(GAMES_NS);
}

const withGamesStrings = <M>(chunk: Promise<M>): Promise<M> =>
  Promise.all([chunk, loadGamesNamespace()]).then(([m]) => m);

export const loadGamesPage = () =>
  withGamesStrings(import('./games-page.tsx')).then((m) => ({ Component: m.GamesPage }));
export const loadGameListPage = () =>
  withGamesStrings(import('./game-list-page.tsx')).then((m) => ({ Component: m.GameListPage }));
export const loadHotPage = () =>
  withGamesStrings(import('./hot-page.tsx')).then((m) => ({ Component: m.HotPage }));
export const loadGameFramePage = () =>
  import('./game-frame-page.tsx').then((m) => ({ Component: m.GameFramePage }));
export const loadSeamlessPage = loadGameFramePage;
export const loadVendorGamesModal = () =>
  withGamesStrings(import('./vendor-games-modal.tsx')).then((m) => ({ default: m.VendorGamesModal }));
export const loadLaunchProblemModal = () =>
  withGamesStrings(import('./launch-problem-modal.tsx')).then((m) => ({ default: m.LaunchProblemModal }));
