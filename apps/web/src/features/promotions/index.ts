import type { ComponentType } from 'react';
import { i18n } from '../../shared/i18n/i18n.ts';

export const PROMOTIONS_NS = 'promotions';

// Each page's chunk with its strings, as the chat and VIP pages load theirs: a page drawn before its
// namespace is in showed its raw keys ("category_ALL", "STATUS_JOIN") for a moment.
export const loadPromotionsPage = () =>
  Promise.all([import('./promotions-page.tsx'), i18n.loadNamespaces(PROMOTIONS_NS)]).then(([m]) => ({
    Component: m.PromotionsPage,
  }));
export const loadPromoDetailPage = () =>
  Promise.all([import('./promo-detail-page.tsx'), i18n.loadNamespaces(PROMOTIONS_NS)]).then(([m]) => ({
    Component: m.PromoDetailPage,
  }));

/** The member-centre page of this feature: the reward centre (`in_reward_center` → rewardCenter, PR-01), a lazy chunk with its strings. */
export const promotionPages: Record<string, () => Promise<{ default: ComponentType }>> = {
  rewardCenter: () =>
    Promise.all([import('./reward-centre-page.tsx'), i18n.loadNamespaces('rewards')]).then(([m]) => m),
};
