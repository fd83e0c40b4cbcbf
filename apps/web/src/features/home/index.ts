export const loadHomePage = () => import('./home-page.tsx').then((m) => ({ Component: m.HomePage }));
export { preloadFirstBanner } from './lcp-banner.ts';
