import { lazy, type ComponentType } from 'react';
import { i18n } from '../../shared/i18n/i18n.ts';

export const loadVipPage = () =>
  Promise.all([import('./vip-page.tsx'), i18n.loadNamespaces('vip')]).then(([m]) => ({
    Component: m.VipPage,
  }));

/**
 * The missions' count badge of the member centre's `mission_activity` entry (PR-03), lazy: the
 * entry imports this index for the VIP route, and the badge would bring the VIP queries, their
 * call references and the missions' class names into every page load (1 kB gzip of the home route).
 */
export const MissionBadge = lazy(() =>
  import('./mission-badge.tsx').then((m) => ({ default: m.MissionBadge })),
);

/** The member-centre pages of this feature (a lazy chunk with its strings): missions and their leaderboard. */
export const vipPages: Record<string, () => Promise<{ default: ComponentType }>> = {
  missionLeaderboard: () =>
    Promise.all([import('./missions-page.tsx'), i18n.loadNamespaces('vip')]).then(([m]) => m),
};
