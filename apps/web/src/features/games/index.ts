export {
  categories,
  providerArt,
  providersFrom,
  providersOf,
  type Category,
  type Provider,
} from './catalogue.ts';

export const loadGamesPage = () => import('./games-page.tsx').then((m) => ({ Component: m.GamesPage }));
export const loadGameListPage = () =>
  import('./game-list-page.tsx').then((m) => ({ Component: m.GameListPage }));
export const loadHotPage = () => import('./hot-page.tsx').then((m) => ({ Component: m.HotPage }));
export const loadGameFramePage = () =>
  import('./game-frame-page.tsx').then((m) => ({ Component: m.GameFramePage }));
export const loadSeamlessPage = loadGameFramePage;
