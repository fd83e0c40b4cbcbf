import type { ComponentType } from 'react';
import { i18n } from '../../shared/i18n/i18n.ts';

export const loadPromotionsPage = () =>
  import('./promotions-page.tsx').then((m) => ({ Component: m.PromotionsPage }));
export const loadPromoDetailPage = () =>
  import('./promo-detail-page.tsx').then((m) => ({ Component: m.PromoDetailPage }));

/** The member-centre page of this feature: the reward centre (`in_reward_center` → rewardCenter, PR-01), a lazy chunk with its strings. */
export const promotionPages: Record<string, () => Promise<{ default: ComponentType }>> = {
  rewardCenter: () =>
    Promise.all([import('./reward-centre-page.tsx'), i18n.loadNamespaces('rewards')]).then(([m]) => m),
};
