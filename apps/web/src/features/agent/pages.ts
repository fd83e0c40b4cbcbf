import type { ComponentType } from 'react';

/**
 * The agent centre's pages by page key (research §1.1), each its own lazy chunk. The menu's entries
 * are typed by these keys, so every entry has its page.
 */
export const agentPages = {
  agentAnnouncement: () => import('./announcement-page.tsx').then((m) => ({ default: m.AnnouncementPage })),
  agentTeamOverview: () => import('./overview-page.tsx').then((m) => ({ default: m.OverviewPage })),
  registerCenter: () => import('./register-page.tsx').then((m) => ({ default: m.RegisterCentrePage })),
  downlineManagmentView: () => import('./team-page.tsx').then((m) => ({ default: m.TeamPage })),
  personalHistoryCopy: () => import('./team-bets-page.tsx').then((m) => ({ default: m.TeamBetsPage })),
  palStatementsAgentCopy: () => import('./profit-loss-page.tsx').then((m) => ({ default: m.ProfitLossPage })),
  agentRevenueReport: () => import('./income-page.tsx').then((m) => ({ default: m.IncomePage })),
  agentDownlineTransactionDetailsCopy: () =>
    import('./transactions-page.tsx').then((m) => ({ default: m.TransactionsPage })),
  // The contract pages (issue 30): one module, each entry its kind's tabs.
  agentDividendRecordCopy2: () =>
    import('./contracts/contract-page.tsx').then((m) => ({ default: m.DividendPage })),
  agentDailyWages2: () =>
    import('./contracts/contract-page.tsx').then((m) => ({ default: m.DailySalaryPage })),
  agentHourSalary: () =>
    import('./contracts/contract-page.tsx').then((m) => ({ default: m.HourlySalaryPage })),
  agentRealtimeSalary: () =>
    import('./contracts/contract-page.tsx').then((m) => ({ default: m.RealTimeSalaryPage })),
} satisfies Record<string, () => Promise<{ default: ComponentType }>>;

/** A page of the agent centre (a menu entry's page key). */
export type AgentPageKey = keyof typeof agentPages;
