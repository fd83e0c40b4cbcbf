import { lazy, Suspense } from 'react';
import { Authenticated, CanAccess, Refine, type ResourceProps } from '@refinedev/core';
import { QueryClient } from '@tanstack/react-query';
import { BrowserRouter, Navigate, Outlet, Route, Routes } from 'react-router';
import { backofficeDataProvider } from './api/data-provider.ts';
import { accessControlProvider, authProvider, SIGN_IN_PATH } from './auth/auth-provider.ts';
import { SignInPage } from './auth/sign-in-page.tsx';
import { routerProvider } from './router-provider.tsx';
import { Shell } from './shell/shell.tsx';
import { notificationProvider, Toasts } from './ui/toasts.tsx';
import { Forbidden, Loading, NotFound } from './ui/states.tsx';

// Each page loads when first opened: the sign-in needs none of them, and the dashboard's charts
// (uPlot) only the dashboard.
const DashboardPage = lazy(() => import('./pages/dashboard.tsx').then((m) => ({ default: m.DashboardPage })));
const StaffPage = lazy(() => import('./pages/staff.tsx').then((m) => ({ default: m.StaffPage })));
const AccountPage = lazy(() => import('./pages/account.tsx').then((m) => ({ default: m.AccountPage })));
const AuditListPage = lazy(() => import('./pages/audit.tsx').then((m) => ({ default: m.AuditListPage })));
const QueuePage = lazy(() => import('./pages/approvals.tsx').then((m) => ({ default: m.QueuePage })));
const ApprovalShowPage = lazy(() =>
  import('./pages/approvals.tsx').then((m) => ({ default: m.ApprovalShowPage })),
);
const PointsQueuePage = lazy(() =>
  import('./pages/approvals.tsx').then((m) => ({ default: m.PointsQueuePage })),
);
const MallPage = lazy(() => import('./pages/mall.tsx').then((m) => ({ default: m.MallPage })));
const PlayersPage = lazy(() => import('./pages/players.tsx').then((m) => ({ default: m.PlayersPage })));
const PlayerShowPage = lazy(() => import('./pages/players.tsx').then((m) => ({ default: m.PlayerShowPage })));
const AgentsPage = lazy(() => import('./pages/agents.tsx').then((m) => ({ default: m.AgentsPage })));
const AgentShowPage = lazy(() => import('./pages/agents.tsx').then((m) => ({ default: m.AgentShowPage })));
const GamesPage = lazy(() => import('./pages/games.tsx').then((m) => ({ default: m.GamesPage })));
const SitePage = lazy(() => import('./pages/site.tsx').then((m) => ({ default: m.SitePage })));
const ContentPage = lazy(() => import('./pages/content.tsx').then((m) => ({ default: m.ContentPage })));
const PromotionsPage = lazy(() =>
  import('./pages/engagement.tsx').then((m) => ({ default: m.PromotionsPage })),
);
const RewardRequestsPage = lazy(() =>
  import('./pages/engagement.tsx').then((m) => ({ default: m.RewardRequestsPage })),
);
const ReferralPage = lazy(() => import('./pages/engagement.tsx').then((m) => ({ default: m.ReferralPage })));
const FeedbackPage = lazy(() => import('./pages/engagement.tsx').then((m) => ({ default: m.FeedbackPage })));
const ChatModerationPage = lazy(() =>
  import('./pages/chat.tsx').then((m) => ({ default: m.ChatModerationPage })),
);
const ChatGroupsPage = lazy(() =>
  import('./pages/chat-groups.tsx').then((m) => ({ default: m.ChatGroupsPage })),
);
const RafflesPage = lazy(() => import('./pages/raffles.tsx').then((m) => ({ default: m.RafflesPage })));
const AuditShowPage = lazy(() => import('./pages/audit.tsx').then((m) => ({ default: m.AuditShowPage })));
const ReportsPage = lazy(() => import('./pages/reports.tsx').then((m) => ({ default: m.ReportsPage })));
const LotteryGamesPage = lazy(() =>
  import('./pages/lottery.tsx').then((m) => ({ default: m.LotteryGamesPage })),
);
const LotteryGamePage = lazy(() =>
  import('./pages/lottery.tsx').then((m) => ({ default: m.LotteryGamePage })),
);
const LotteryNumeroPage = lazy(() =>
  import('./pages/lottery.tsx').then((m) => ({ default: m.LotteryNumeroPage })),
);

/** The console's base path: the server serves the build under it (decision 032). */
export const BASE_PATH = '/bo';

/**
 * The console's pages as Refine resources: `meta.permission` is what a role needs to see the menu
 * item and open the page (the server checks each call again).
 */
export const resources: ResourceProps[] = [
  {
    name: 'dashboard',
    list: '/',
    meta: { label: 'Dashboard', icon: 'dashboard', permission: 'dashboard.read' },
  },
  {
    name: 'deposits',
    list: '/deposits',
    show: '/deposits/:id',
    meta: { label: 'Deposits', icon: 'deposit', permission: 'deposit.approve' },
  },
  {
    name: 'withdrawals',
    list: '/withdrawals',
    show: '/withdrawals/:id',
    meta: { label: 'Withdrawals', icon: 'withdraw', permission: 'withdrawal.approve' },
  },
  {
    name: 'points-redeems',
    list: '/points-redeems',
    meta: { label: 'Points redeems', icon: 'deposit', permission: 'points.approve' },
  },
  {
    name: 'reward-requests',
    list: '/reward-requests',
    meta: { label: 'Reward requests', icon: 'gift', permission: 'points.approve' },
  },
  {
    name: 'mall',
    list: '/mall',
    meta: { label: 'Points mall', icon: 'content', permission: 'content.edit' },
  },
  {
    name: 'players',
    list: '/players',
    show: '/players/:id',
    meta: { label: 'Players', icon: 'player', permission: 'player.read' },
  },
  {
    name: 'agents',
    list: '/agents',
    show: '/agents/:id',
    meta: { label: 'Agents', icon: 'agents', permission: 'agent.read' },
  },
  {
    name: 'lottery',
    list: '/lottery',
    show: '/lottery/:code',
    meta: { label: 'Lottery', icon: 'lottery', permission: 'report.read' },
  },
  {
    name: 'games',
    list: '/games',
    meta: { label: 'Games', icon: 'games', permission: 'game.manage' },
  },
  {
    name: 'site',
    list: '/site',
    meta: { label: 'Site', icon: 'site', permission: 'site.switches' },
  },
  {
    name: 'content',
    list: '/content',
    meta: { label: 'Content', icon: 'content', permission: 'content.edit' },
  },
  {
    name: 'promotions',
    list: '/promotions',
    meta: { label: 'Bonus rules', icon: 'gift', permission: 'content.edit' },
  },
  {
    name: 'raffles',
    list: '/raffles',
    meta: { label: 'Raffles', icon: 'gift', permission: 'content.edit' },
  },
  {
    name: 'referral',
    list: '/referral',
    meta: { label: 'Referral', icon: 'agents', permission: 'content.edit' },
  },
  {
    name: 'feedback',
    list: '/feedback',
    meta: { label: 'Feedback', icon: 'feedback', permission: 'feedback.handle' },
  },
  {
    name: 'chat',
    list: '/chat',
    meta: { label: 'Chat room', icon: 'feedback', permission: 'chat.moderate' },
  },
  {
    name: 'chat-groups',
    list: '/chat-groups',
    meta: { label: 'Chat groups', icon: 'feedback', permission: 'chat.moderate' },
  },
  {
    name: 'reports',
    list: '/reports',
    meta: { label: 'Reports', icon: 'reports', permission: 'report.read' },
  },
  { name: 'staff', list: '/staff', meta: { label: 'Staff', icon: 'staff', permission: 'staff.manage' } },
  {
    name: 'audit',
    list: '/audit',
    show: '/audit/:id',
    meta: { label: 'Audit log', icon: 'audit', permission: 'audit.read' },
  },
];

function Guarded({ resource, action = 'list' }: { resource: string; action?: string }) {
  return (
    <CanAccess resource={resource} action={action} fallback={<Forbidden />}>
      <Outlet />
    </CanAccess>
  );
}

export function App({ queryClient }: { queryClient?: QueryClient }) {
  const client =
    queryClient ??
    new QueryClient({
      defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 } },
    });
  return (
    <BrowserRouter basename={BASE_PATH}>
      <Refine
        dataProvider={backofficeDataProvider()}
        authProvider={authProvider}
        accessControlProvider={accessControlProvider}
        routerProvider={routerProvider}
        notificationProvider={notificationProvider}
        resources={resources}
        options={{
          disableTelemetry: true,
          reactQuery: { clientConfig: client },
          warnWhenUnsavedChanges: false,
          syncWithLocation: false,
        }}
      >
        <Routes>
          <Route path={SIGN_IN_PATH} element={<SignInPage />} />
          <Route
            element={
              <Authenticated key="console">
                <Shell>
                  <Suspense fallback={<Loading />}>
                    <Outlet />
                  </Suspense>
                </Shell>
              </Authenticated>
            }
          >
            <Route element={<Guarded resource="dashboard" />}>
              <Route index element={<DashboardPage />} />
            </Route>
            <Route element={<Guarded resource="deposits" />}>
              <Route path="deposits" element={<QueuePage key="deposits" kind="deposits" />} />
              <Route path="deposits/:id" element={<ApprovalShowPage key="deposit" kind="deposits" />} />
            </Route>
            <Route element={<Guarded resource="withdrawals" />}>
              <Route path="withdrawals" element={<QueuePage key="withdrawals" kind="withdrawals" />} />
              <Route
                path="withdrawals/:id"
                element={<ApprovalShowPage key="withdrawal" kind="withdrawals" />}
              />
            </Route>
            <Route element={<Guarded resource="points-redeems" />}>
              <Route path="points-redeems" element={<PointsQueuePage />} />
            </Route>
            <Route element={<Guarded resource="mall" />}>
              <Route path="mall" element={<MallPage />} />
            </Route>
            <Route element={<Guarded resource="players" />}>
              <Route path="players" element={<PlayersPage />} />
              <Route path="players/:id" element={<PlayerShowPage />} />
            </Route>
            <Route element={<Guarded resource="agents" />}>
              <Route path="agents" element={<AgentsPage />} />
              <Route path="agents/:id" element={<AgentShowPage />} />
            </Route>
            <Route element={<Guarded resource="lottery" />}>
              <Route path="lottery" element={<LotteryGamesPage />} />
              <Route path="lottery/:code" element={<LotteryGamePage />} />
              <Route path="lottery/:code/:numero" element={<LotteryNumeroPage />} />
            </Route>
            <Route element={<Guarded resource="games" />}>
              <Route path="games" element={<Navigate to="/games/catalogue" replace />} />
              <Route path="games/:section" element={<GamesPage />} />
            </Route>
            <Route element={<Guarded resource="site" />}>
              <Route path="site" element={<SitePage />} />
            </Route>
            <Route element={<Guarded resource="content" />}>
              <Route path="content" element={<Navigate to="/content/notices" replace />} />
              <Route path="content/:section" element={<ContentPage />} />
              <Route path="content/:section/:id" element={<ContentPage />} />
            </Route>
            <Route element={<Guarded resource="promotions" />}>
              <Route path="promotions" element={<PromotionsPage />} />
            </Route>
            <Route element={<Guarded resource="reward-requests" />}>
              <Route path="reward-requests" element={<RewardRequestsPage />} />
            </Route>
            <Route element={<Guarded resource="raffles" />}>
              <Route path="raffles" element={<RafflesPage />} />
            </Route>
            <Route element={<Guarded resource="referral" />}>
              <Route path="referral" element={<ReferralPage />} />
            </Route>
            <Route element={<Guarded resource="feedback" />}>
              <Route path="feedback" element={<FeedbackPage />} />
            </Route>
            <Route element={<Guarded resource="chat" />}>
              <Route path="chat" element={<ChatModerationPage />} />
            </Route>
            <Route element={<Guarded resource="chat-groups" />}>
              <Route path="chat-groups" element={<ChatGroupsPage />} />
            </Route>
            <Route element={<Guarded resource="reports" />}>
              <Route path="reports" element={<ReportsPage />} />
            </Route>
            <Route element={<Guarded resource="staff" />}>
              <Route path="staff" element={<StaffPage />} />
            </Route>
            {/* Every member of staff's own account: no permission beyond being signed in. */}
            <Route path="account" element={<AccountPage />} />
            <Route element={<Guarded resource="audit" />}>
              <Route path="audit" element={<AuditListPage />} />
            </Route>
            <Route element={<Guarded resource="audit" action="show" />}>
              <Route path="audit/:id" element={<AuditShowPage />} />
            </Route>
            <Route path="index.html" element={<Navigate to="/" replace />} />
            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
        <Toasts />
      </Refine>
    </BrowserRouter>
  );
}
