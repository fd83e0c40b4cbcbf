export const loadVipPage = () => import('./vip-page.tsx').then((m) => ({ Component: m.VipPage }));
