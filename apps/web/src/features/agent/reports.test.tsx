import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  AgentOverview,
  AgentProfitLoss,
  AgentProfitLossRow,
  TeamAmounts,
  TeamCounts,
} from '@app/contract';
import accountsEn from '../../locales/accounts/en.json';
import agentEn from '../../locales/agent/en.json';
import recordsEn from '../../locales/records/en.json';
import { i18n } from '../../shared/i18n/i18n.ts';
import { saveSession } from '../../shared/session/session.ts';
import { renderShell, setupShell, stubFetch } from '../../test/shell-harness.tsx';
import { IncomePage } from './income-page.tsx';
import { OverviewPage } from './overview-page.tsx';
import { ProfitLossPage } from './profit-loss-page.tsx';
import { AGENT_NS } from './strings.ts';
import { TeamBetsPage } from './team-bets-page.tsx';
import { TransactionsPage } from './transactions-page.tsx';

// uPlot draws on a canvas jsdom does not have: the chart library is stood in for, its use recorded.
const plots: { series: string[]; data: number[][] }[] = [];
vi.mock('uplot', () => ({
  default: class {
    constructor(opts: { series: { label?: string }[] }, data: number[][]) {
      plots.push({ series: opts.series.slice(1).map((s) => s.label ?? ''), data });
    }
    setSize() {}
    destroy() {}
  },
}));
vi.mock('uplot/dist/uPlot.min.css', () => ({}));

const LOADING = { timeout: 10_000 };
const counts = (n: number): TeamCounts => ({
  logins: n,
  registrations: n + 1,
  firstBets: n + 2,
  firstDeposits: n + 3,
  registeredFirstDeposits: n + 4,
  depositors: n + 5,
  withdrawers: n + 6,
  bettors: n + 7,
  promotionClaimers: n + 8,
});
const amounts = (n: number): TeamAmounts => ({
  deposit: 1000 * n,
  depositCount: n,
  withdrawal: 400 * n,
  withdrawalCount: n,
  betCount: n,
  betAmount: 900 * n,
  validBet: 850 * n,
  payout: 950 * n,
  winLoss: 50 * n,
  promotion: 10 * n,
  promotionCount: n,
  rebate: 5 * n,
});
function overview(range = 'today'): AgentOverview {
  return {
    timeZone: 'Asia/Shanghai',
    today: '2026-11-28',
    asOf: Date.UTC(2026, 10, 28, 12),
    todayTeam: { logins: 4, registrations: 2, firstBets: 1, firstDeposits: 1, online: 3 },
    balance: { total: 12345.5, team: 10000 },
    members: { team: 42, direct: 7 },
    range: {
      key: range as AgentOverview['range']['key'],
      startDay: '2026-11-26',
      endDay: '2026-11-28',
      counts: counts(10),
      amounts: amounts(2),
      days: [
        { day: '2026-11-26', counts: counts(1), amounts: amounts(1) },
        { day: '2026-11-27', counts: counts(2), amounts: amounts(2) },
        { day: '2026-11-28', counts: counts(3), amounts: amounts(3) },
      ],
    },
  };
}

const figures = (n: number) => ({
  deposit: 100 * n,
  withdrawal: 50 * n,
  betAmount: 80 * n,
  validBet: 70 * n,
  payout: 60 * n,
  winLoss: -20 * n,
  rebate: 2 * n,
  promotion: 1 * n,
  profit: -17 * n,
});
const plRow = (
  memberId: number,
  username: string,
  level: number,
  n: number,
  over: Partial<AgentProfitLossRow> = {},
): AgentProfitLossRow => ({
  memberId,
  username,
  level,
  isAgent: false,
  teamSize: 0,
  ...figures(n),
  ...over,
});

describe('the agent reports', () => {
  beforeAll(async () => {
    await setupShell();
    i18n.addResourceBundle('en', 'accounts', accountsEn);
    i18n.addResourceBundle('en', AGENT_NS, agentEn);
    i18n.addResourceBundle('en', 'records', recordsEn);
  });
  beforeEach(() => saveSession({ token: 'tok', agentType: 1 }));

  it("issue 29 overview: today's team (logins, registrations, first bets, first deposits, online), balances and members; data tab with the range's counts and amounts; ranges today to last month", async () => {
    const { requests } = stubFetch({
      '/wps/agent/report/overview': (url) => overview(url.searchParams.get('range') ?? ''),
    });
    renderShell(<OverviewPage />);
    expect(screen.getByTestId('agent-loading')).toBeTruthy();
    const page = await screen.findByTestId('agent-overview-data', {}, LOADING);
    expect(screen.getByTestId('agent-today-online')).toHaveTextContent('3');
    expect(screen.getByTestId('agent-total-balance')).toHaveTextContent('12,345.50');
    expect(screen.getByTestId('agent-team-members')).toHaveTextContent('42');
    expect(within(page).getByTestId('agent-amount-deposit')).toHaveTextContent('2,000.00');
    // The players won 100: red (the original's tip), shown signed.
    const winLoss = within(page).getByTestId('agent-amount-winLoss');
    expect(winLoss).toHaveTextContent('+100.00');
    expect(winLoss.querySelector('[data-tone]')!.getAttribute('data-tone')).toBe('down');
    expect(within(page).getByTestId('agent-count-registeredFirstDeposits')).toHaveTextContent('14');
    expect(within(page).getByTestId('agent-count-promotionClaimers')).toHaveTextContent('18');
    const ranges = within(screen.getByTestId('agent-range')).getAllByRole('button');
    expect(ranges.map((b) => b.textContent)).toEqual([
      'Today',
      'Yesterday',
      '7 days',
      'This week',
      'Last week',
      'This month',
      'Last month',
    ]);
    fireEvent.click(ranges[5]!);
    await waitFor(() => expect(requests.at(-1)!.url.searchParams.get('range')).toBe('thisMonth'), LOADING);
    expect(ranges[5]!.getAttribute('aria-pressed')).toBe('true');
  });

  it('issue 29 overview: a large team\u2019s balances, the job\u2019s snapshot, say "as of HH:mm" in the report zone; a live one says nothing (decision 064)', async () => {
    stubFetch({ '/wps/agent/report/overview': () => overview() });
    const live = renderShell(<OverviewPage />);
    await screen.findByTestId('agent-overview-data', {}, LOADING);
    expect(screen.queryByTestId('agent-balance-as-of')).toBeNull();
    live.unmount();
    // 04:05 UTC is 12:05 in Asia/Shanghai.
    stubFetch({
      '/wps/agent/report/overview': () => ({ ...overview(), balanceAsOf: Date.UTC(2026, 10, 28, 4, 5, 30) }),
    });
    renderShell(<OverviewPage />);
    await screen.findByTestId('agent-overview-data', {}, LOADING);
    expect(screen.getByTestId('agent-team-balance')).toHaveTextContent('10,000.00as of 12:05');
    expect(screen.getByTestId('agent-total-balance')).toHaveTextContent('12,345.50as of 12:05');
  });

  it('issue 29 overview charts: a lazy chart library draws the range day by day, money and people', async () => {
    stubFetch({ '/wps/agent/report/overview': () => overview() });
    renderShell(<OverviewPage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Charts' }, LOADING));
    expect(await screen.findByTestId('agent-overview-charts', {}, LOADING)).toBeTruthy();
    await waitFor(() => expect(plots.length).toBeGreaterThanOrEqual(2));
    const [money, people] = plots.slice(-2);
    expect(money!.series).toEqual(['Deposit', 'Withdrawal', 'Valid bet', 'Win/loss', 'Promotion']);
    expect(money!.data).toEqual([
      [0, 1, 2],
      [1000, 2000, 3000],
      [400, 800, 1200],
      [850, 1700, 2550],
      [50, 100, 150],
      [10, 20, 30],
    ]);
    expect(people!.series).toEqual(['Registrations', 'First deposits', 'Depositors', 'Bettors', 'Logins']);
  });

  it('issue 29 user P&L: own row, each downline team, the total row, "filter empty records" sent, an agent row opens its own downlines, CSV export of the same filters', async () => {
    const answer = (username: string | null): AgentProfitLoss => ({
      startDay: '2026-11-28',
      endDay: '2026-11-28',
      self: plRow(1, username ?? 'agent1', 0, 1),
      list: username
        ? [plRow(9, 'p9', 1, 1)]
        : [plRow(2, 'agent2', 1, 2, { isAgent: true, teamSize: 5 }), plRow(3, 'p3', 1, 3)],
      total: username ? 1 : 2,
      page: 1,
      size: 20,
      totals: figures(6),
    });
    const { requests } = stubFetch({
      '/wps/agent/report/profit-loss': (url) => answer(url.searchParams.get('username')),
    });
    renderShell(<ProfitLossPage />);
    const table = await screen.findByTestId('agent-pl', {}, LOADING);
    const rows = within(table).getAllByRole('row');
    // Header, own row, two downlines, total row.
    expect(rows).toHaveLength(5);
    expect(rows[1]!.textContent).toContain('Own figures');
    const total = within(table).getByTestId('agent-total-row');
    expect(total.textContent).toContain('Total');
    expect(total.textContent).toContain('600.00');
    expect(total.textContent).toContain('-102.00');
    expect(requests[0]!.url.searchParams.get('filterEmpty')).toBe('true');
    fireEvent.click(screen.getByTestId('agent-pl-filter-empty'));
    await waitFor(() => expect(requests.at(-1)!.url.searchParams.get('filterEmpty')).toBe('false'), LOADING);
    fireEvent.click(within(table).getByTestId('agent-pl-drill'));
    await waitFor(() => expect(requests.at(-1)!.url.searchParams.get('username')).toBe('agent2'), LOADING);
    expect(await screen.findByRole('navigation', { name: 'Team path' })).toHaveTextContent('My team');

    let exported: URL | undefined;
    stubFetch({
      '/wps/agent/report/export': (url) => {
        exported = url;
        return new Response('a,b\n', { headers: { 'content-disposition': 'attachment; filename="pl.csv"' } });
      },
    });
    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => undefined;
    await act(async () => {
      fireEvent.click(screen.getByTestId('agent-export'));
    });
    await waitFor(() => expect(exported).toBeDefined(), LOADING);
    expect(Object.fromEntries(exported!.searchParams)).toMatchObject({
      report: 'profitLoss',
      range: 'today',
      username: 'agent2',
      filterEmpty: 'false',
    });
  });

  it('issue 29 team betting and transaction details page on the server with filters and export; an empty range says what to try', async () => {
    const { requests } = stubFetch({
      '/wps/agent/report/bets': (url) => ({
        list:
          url.searchParams.get('status') === 'CANCELLED'
            ? []
            : [
                {
                  id: 1,
                  orderNo: 'B0001',
                  username: 'p3',
                  product: 'LIVE',
                  vendor: 'EVO',
                  gameName: 'Baccarat',
                  betTime: Date.UTC(2026, 10, 28, 3),
                  settleTime: Date.UTC(2026, 10, 28, 4),
                  betAmount: 100,
                  validBet: 100,
                  payout: 195,
                  winLoss: 95,
                  status: 'SETTLED',
                },
              ],
        total: url.searchParams.get('status') === 'CANCELLED' ? 0 : 41,
        totalCapped: false,
        page: Number(url.searchParams.get('page')),
        size: 20,
        startTime: 0,
        endTime: 1,
        nextCursor: null,
      }),
    });
    renderShell(<TeamBetsPage />);
    const table = await screen.findByTestId('agent-bets', {}, LOADING);
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('B0001');
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('Baccarat');
    expect(screen.getByText('1 / 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(requests.at(-1)!.url.searchParams.get('page')).toBe('2'), LOADING);
    fireEvent.change(screen.getByTestId('agent-bets-status'), { target: { value: 'CANCELLED' } });
    expect(await screen.findByTestId('agent-empty', {}, LOADING)).toHaveTextContent('No bets in this range');
    expect(requests.at(-1)!.url.searchParams.get('page')).toBe('1');

    const tx = stubFetch({
      '/wps/agent/report/transactions': () => ({
        list: [
          {
            id: 5,
            username: 'p3',
            kind: 'DOWNLINE_TRANSFER',
            type: 'TRANSFER',
            walletType: 'MAIN',
            time: Date.UTC(2026, 10, 28, 5),
            amount: 200,
            balanceAfter: 700,
            reference: 'T0005',
            remark: 'bonus',
          },
        ],
        total: 1,
        totalCapped: false,
        page: 1,
        size: 20,
        startTime: 0,
        endTime: 1,
      }),
    });
    renderShell(<TransactionsPage />);
    const txTable = await screen.findByTestId('agent-tx', {}, LOADING);
    expect(txTable.textContent).toContain('Transfer to downline');
    expect(txTable.textContent).toContain('+200.00');
    fireEvent.change(screen.getByTestId('agent-tx-type'), { target: { value: 'TRANSFER' } });
    await waitFor(() => expect(tx.requests.at(-1)!.url.searchParams.get('type')).toBe('TRANSFER'), LOADING);
  });

  it('issue 29 my income: total, agent rebate, bet rebate, salary and dividend, rebate by product with its total row', async () => {
    stubFetch({
      '/wps/agent/report/income': () => ({
        startDay: '2026-11-01',
        endDay: '2026-11-28',
        products: [
          { product: 'LOTT', agentRebate: 12.5, ownRebate: 1 },
          { product: 'LIVE', agentRebate: 3, ownRebate: 0 },
        ],
        totals: { agentRebate: 15.5, ownRebate: 1, salary: 0, dividend: 0, total: 16.5 },
      }),
    });
    renderShell(<IncomePage />);
    expect(await screen.findByTestId('agent-income-total', {}, LOADING)).toHaveTextContent('16.50');
    expect(screen.getByTestId('agent-income-agent-rebate')).toHaveTextContent('15.50');
    const table = screen.getByTestId('agent-income-products');
    expect(table.textContent).toContain('Lottery');
    expect(within(table).getByTestId('agent-total-row').textContent).toContain('15.50');
  });
});
