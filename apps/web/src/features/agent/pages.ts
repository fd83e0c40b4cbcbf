import type { ComponentType } from 'react';

/**
 * The agent centre's pages by page key (research §1.1), each its own lazy chunk. A page key
 * without an entry here shows the "coming with contracts" state (dividend and salaries, issue 30).
 */
export const agentPages: Record<string, () => Promise<{ default: ComponentType }>> = {
  agentAnnouncement: () => import('./announcement-page.tsx').then((m) => ({ default: m.AnnouncementPage })),
  registerCenter: () => import('./register-page.tsx').then((m) => ({ default: m.RegisterCentrePage })),
  downlineManagmentView: () => import('./team-page.tsx').then((m) => ({ default: m.TeamPage })),
};
