import { i18n } from '../../shared/i18n/i18n.ts';

export const RAFFLES_NS = 'raffles';

/** The page's chunk with its strings (a page drawn before them showed raw keys for a moment). */
export const loadRafflesPage = () =>
  Promise.all([import('./raffles-page.tsx'), i18n.loadNamespaces(RAFFLES_NS)]).then(([m]) => ({
    Component: m.RafflesPage,
  }));
