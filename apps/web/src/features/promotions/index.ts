export const loadPromotionsPage = () =>
  import('./promotions-page.tsx').then((m) => ({ Component: m.PromotionsPage }));
export const loadPromoDetailPage = () =>
  import('./promo-detail-page.tsx').then((m) => ({ Component: m.PromoDetailPage }));
