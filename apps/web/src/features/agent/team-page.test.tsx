import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TeamMember, TeamMemberDetails } from '@app/contract';
import accountsEn from '../../locales/accounts/en.json';
import agentEn from '../../locales/agent/en.json';
import recordsEn from '../../locales/records/en.json';
import { setEncryptedBodyEncoder } from '../../shared/http/client.ts';
import { ensurePayloadEncryption } from '../../shared/http/payload-encryption.ts';
import { i18n } from '../../shared/i18n/i18n.ts';
import { saveSession } from '../../shared/session/session.ts';
import { useUiStore } from '../../shared/shell/ui-store.ts';
import { renderShell, setupShell, stubFetch } from '../../test/shell-harness.tsx';
import { AGENT_NS } from './strings.ts';
import { TeamPage } from './team-page.tsx';

const LOADING = { timeout: 10_000 };

const member = (userId: number, username: string, over: Partial<TeamMember> = {}): TeamMember => ({
  userId,
  username,
  remark: '',
  type: 0,
  teamSize: 0,
  balance: 120.5,
  teamBalance: 0,
  online: false,
  lastLogin: Date.UTC(2026, 10, 27, 10),
  registeredAt: Date.UTC(2026, 10, 1),
  registerMethod: 'AGENT',
  registerUrl: '',
  status: 1,
  ...over,
});

const details = (m: TeamMember, level = 1): TeamMemberDetails => ({
  ...m,
  nickname: '',
  memberLabel: '',
  clubLabel: 'Gold',
  rankLevel: 2,
  upline: 'agent1',
  level,
  lastDeposit: { amount: 300, time: Date.UTC(2026, 10, 26) },
  totalDeposit: 900,
  totalWithdrawal: 100,
});

const json = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

const AS_OF = Date.UTC(2026, 10, 28, 4, 5, 30);

describe('team management', () => {
  beforeAll(async () => {
    await setupShell();
    i18n.addResourceBundle('en', 'accounts', accountsEn);
    i18n.addResourceBundle('en', AGENT_NS, agentEn);
    i18n.addResourceBundle('en', 'records', recordsEn);
    ensurePayloadEncryption();
    setEncryptedBodyEncoder(async (_def, body) => ({ body, headers: {} }));
  });
  beforeEach(() => saveSession({ token: 'tok', agentType: 1 }));

  function stubTeam(transfer: { luckyBag?: boolean; hasPaymentPassword?: boolean } = {}) {
    const players = [
      member(11, 'p11', { online: true, remark: 'VIP cousin' }),
      member(12, 'p12', { status: 2, lastLogin: null }),
    ];
    const agents = [member(21, 'sub21', { type: 1, teamSize: 3, teamBalance: 800 })];
    return stubFetch({
      '/wps/agent/team': (url) => {
        const tab = url.searchParams.get('tab');
        const parent = url.searchParams.get('parentId');
        const list = parent ? [member(31, 'deep31')] : tab === 'agents' ? agents : players;
        const search = url.searchParams.get('search');
        const found = search
          ? list.filter((m) => m.username.includes(search) || m.remark.includes(search))
          : list;
        return { list: found, total: found.length, page: 1, size: 20 };
      },
      '/wps/agent/team/member': (url) => {
        const id = Number(url.searchParams.get('userId'));
        const m = [...players, ...agents, member(31, 'deep31')].find((x) => x.userId === id)!;
        return details(m, id === 31 ? 2 : 1);
      },
      '/wps/agent/transfer': () => ({
        available: 500,
        hasPaymentPassword: transfer.hasPaymentPassword ?? true,
        luckyBag: transfer.luckyBag ?? false,
        luckyBagMaxRecipients: 500,
      }),
      '/wps/agent/transfer/downline': (_url, init) => ({
        transactionId: 'tx1',
        reference: 'DT0001',
        kind: 'DOWNLINE_TRANSFER',
        amount: Number(json(init).amount),
        createdAt: Date.now(),
        replayed: false,
        userId: json(init).userId,
        username: 'p11',
      }),
      '/wps/agent/team/agent': (_url, init) => ({ userId: json(init).userId, type: 1 }),
      '/wps/agent/lucky-bag': () => ({ list: [], total: 0, page: 1, size: 20 }),
    });
  }

  it('issue 29 direct agents and direct players, search by username or remark, login and deposit filters, the columns (username/remark, team, balances, online and last login, registration, status)', async () => {
    const { requests } = stubTeam();
    renderShell(<TeamPage />);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Direct agents', 'Direct players']);
    const table = await screen.findByTestId('agent-team-table', {}, LOADING);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toContain('p11');
    expect(rows[0]!.textContent).toContain('VIP cousin');
    expect(rows[0]!.textContent).toContain('Online');
    expect(rows[0]!.textContent).toContain('120.50');
    expect(rows[0]!.textContent).toContain('Created by agent');
    expect(rows[1]!.textContent).toContain('Login forbidden');
    expect(rows[1]!.textContent).toContain('Never');
    expect(requests.at(-1)!.url.searchParams.get('tab')).toBe('players');

    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'cousin' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(requests.at(-1)!.url.searchParams.get('search')).toBe('cousin'), LOADING);
    fireEvent.change(screen.getByTestId('agent-team-login'), { target: { value: 'none' } });
    await waitFor(() => expect(requests.at(-1)!.url.searchParams.get('login')).toBe('none'), LOADING);
    fireEvent.change(screen.getByTestId('agent-team-deposit'), { target: { value: 'first' } });
    await waitFor(() => expect(requests.at(-1)!.url.searchParams.get('deposit')).toBe('first'), LOADING);

    fireEvent.click(screen.getByRole('tab', { name: 'Direct agents' }));
    await waitFor(() => expect(requests.at(-1)!.url.searchParams.get('tab')).toBe('agents'), LOADING);
  });

  it('issue 29 a large team\u2019s balance says when the team-balance job took it; a small team\u2019s, summed for the answer, does not', async () => {
    stubFetch({
      '/wps/agent/team': () => ({
        list: [
          member(21, 'sub21', { type: 1, teamSize: 3, teamBalance: 800 }),
          member(22, 'sub22', { type: 1, teamSize: 2500, teamBalance: 9000, teamBalanceAsOf: AS_OF }),
        ],
        total: 2,
        page: 1,
        size: 20,
      }),
    });
    renderShell(<TeamPage />);
    const table = await screen.findByTestId('agent-team-table', {}, LOADING);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('sub21'),
      expect.stringContaining('sub22'),
    ]);
    expect(within(rows[0]!).queryByTestId('agent-balance-as-of')).toBeNull();
    const time = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(AS_OF);
    expect(within(rows[1]!).getByTestId('agent-balance-as-of')).toHaveTextContent(`as of ${time}`);
  });

  it('issue 29 an agent row opens its own team, where only reports are offered (no changes below the direct level)', async () => {
    const { requests } = stubTeam();
    renderShell(<TeamPage />);
    fireEvent.click(screen.getByRole('tab', { name: 'Direct agents' }));
    const drill = await screen.findByTestId('agent-team-drill', {}, LOADING);
    fireEvent.click(drill);
    await waitFor(() => expect(requests.at(-1)!.url.searchParams.get('parentId')).toBe('21'), LOADING);
    expect(await screen.findByText('deep31', {}, LOADING)).toBeTruthy();
    expect(screen.queryByTestId('agent-row-transfer')).toBeNull();
    fireEvent.click(screen.getByTestId('agent-member-open'));
    const dialog = await screen.findByTestId('agent-member-details', {}, LOADING);
    expect(dialog.textContent).toContain('Level 2');
    expect(within(dialog).getByText('Downline report')).toBeTruthy();
    expect(within(dialog).queryByText('Set as agent')).toBeNull();
    expect(
      within(dialog).getByText('Changes and transfers are for your direct downlines only.'),
    ).toBeTruthy();
  });

  it('AG-26 an agent transfers to a direct downline: amount within the available balance, fund password when set, one idempotent call, then it says what was sent', async () => {
    const { requests } = stubTeam({ hasPaymentPassword: true });
    renderShell(<TeamPage />);
    const table = await screen.findByTestId('agent-team-table', {}, LOADING);
    fireEvent.click(within(table).getAllByTestId('agent-row-transfer')[0]!);
    const form = await screen.findByTestId('agent-transfer-form', {}, LOADING);
    expect(form.textContent).toContain('p11');
    expect(form.textContent).toContain('500.00');
    // More than available, and no fund password: refused before sending.
    fireEvent.change(within(form).getByTestId('agent-transfer-amount'), { target: { value: '600' } });
    fireEvent.click(within(form).getByTestId('agent-transfer-submit'));
    expect(within(form).getByText('At most 500.00')).toBeTruthy();
    expect(within(form).getByText('This field is required')).toBeTruthy();
    expect(requests.some((r) => r.url.pathname === '/wps/agent/transfer/downline')).toBe(false);

    fireEvent.change(within(form).getByTestId('agent-transfer-amount'), { target: { value: '150.25' } });
    fireEvent.change(within(form).getByTestId('agent-transfer-password'), { target: { value: 'fund-pass' } });
    fireEvent.click(within(form).getByTestId('agent-transfer-submit'));
    expect(await within(form).findByTestId('agent-transfer-done', {}, LOADING)).toHaveTextContent(
      '150.25 sent to p11 (reference DT0001).',
    );
    const sent = requests.filter((r) => r.url.pathname === '/wps/agent/transfer/downline');
    expect(sent).toHaveLength(1);
    const body = json(sent[0]!.init);
    expect(body).toMatchObject({ userId: 11, amount: '150.25', paymentPassword: 'fund-pass' });
    expect(String(body.idempotencyKey)).toMatch(/^agt-[0-9a-f-]{36}$/);
  });

  it('issue 29 member actions: set as agent after a confirmation, downline report and game records open their pages on the member', async () => {
    const { requests } = stubTeam();
    renderShell(<TeamPage />);
    const table = await screen.findByTestId('agent-team-table', {}, LOADING);
    fireEvent.click(within(table).getAllByTestId('agent-member-open')[0]!);
    const details = await screen.findByTestId('agent-member-details', {}, LOADING);
    expect(details.textContent).toContain('agent1');
    expect(details.textContent).toContain('900.00');
    fireEvent.click(within(details).getByTestId('agent-action-set-agent'));
    fireEvent.click(await screen.findByTestId('agent-set-agent-save'));
    await waitFor(
      () => expect(requests.some((r) => r.url.pathname === '/wps/agent/team/agent')).toBe(true),
      LOADING,
    );
    expect(json(requests.find((r) => r.url.pathname === '/wps/agent/team/agent')!.init)).toEqual({
      userId: 11,
    });

    const again = await screen.findByTestId('agent-member-details', {}, LOADING);
    fireEvent.click(within(again).getByText('Game records'));
    expect(useUiStore.getState().accountCentre.page).toBe('personalHistoryCopy');
    fireEvent.click(within(again).getByText('Downline report'));
    expect(useUiStore.getState().accountCentre.page).toBe('palStatementsAgentCopy');
  });

  it('issue 29 the lucky bag tab shows only with its switch, with its empty state', async () => {
    stubTeam({ luckyBag: true });
    renderShell(<TeamPage />);
    const tab = await screen.findByRole('tab', { name: 'Lucky bags' }, LOADING);
    fireEvent.click(tab);
    expect(await screen.findByTestId('agent-empty', {}, LOADING)).toHaveTextContent('No lucky bags yet');
    expect(screen.getByTestId('agent-lucky-bag-open')).toBeTruthy();
  });
});
