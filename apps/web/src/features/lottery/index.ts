export const loadLotteryPage = () => import('./lottery-page.tsx').then((m) => ({ Component: m.LotteryPage }));
