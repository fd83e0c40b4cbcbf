export const RAFFLES_NS = 'raffles';

export const loadRafflesPage = () => import('./raffles-page.tsx').then((m) => ({ Component: m.RafflesPage }));
