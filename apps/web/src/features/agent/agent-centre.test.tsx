import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WhitelabelNode } from '@app/contract';
import accountsEn from '../../locales/accounts/en.json';
import agentEn from '../../locales/agent/en.json';
import recordsEn from '../../locales/records/en.json';
import en from '../../locales/en.json';
import { ApiError } from '../../shared/http/api-error.ts';
import { i18n } from '../../shared/i18n/i18n.ts';
import { clearSession, saveSession } from '../../shared/session/session.ts';
import { Slot } from '../../shared/shell/slot.tsx';
import { registerSlot, SlotNames } from '../../shared/shell/slot-registry.ts';
import { defaultAgentPage, defaultMemberPage, useUiStore } from '../../shared/shell/ui-store.ts';
import { renderShell, setupShell, stubFetch, systemStatus } from '../../test/shell-harness.tsx';
import { loadAccountOverlays } from '../member/index.ts';
import {
  AGENT_MENU,
  contractsHeld,
  DEFAULT_AGENT_PAGE,
  NO_CONTRACTS,
  visibleAgentMenu,
  type ContractsHeld,
} from './menu.ts';
import { AGENT_NS } from './strings.ts';

const agent = agentEn as Record<string, string>;

/** The eight always-present entries of AG-02, in order: display name, page key, data path. */
const ALWAYS: [name: string, page: string, path: string][] = [
  ['Announcement', 'agentAnnouncement', 'agentCenter/agentAnnouncement'],
  ['Overview', 'agentTeamOverview', 'agentCenter/agentTeamOverview'],
  ['Account (register center)', 'registerCenter', 'agentCenter/registerCenter'],
  ['Team Management', 'downlineManagmentView', 'agentCenter/downlineManagmentView'],
  ['Team Betting', 'personalHistoryCopy', 'agentCenter/personalHistoryCopy'],
  ['User Profit and Loss', 'palStatementsAgentCopy', 'agentCenter/palStatementsAgentCopy'],
  ['My Income', 'agentRevenueReport', 'agentCenter/agentRevenueReport'],
  [
    'Transaction Details',
    'agentDownlineTransactionDetailsCopy',
    'agentCenter/agentDownlineTransactionDetailsCopy',
  ],
];

/** The four contract entries (AG-03..AG-06) with their feature types (AG-07). */
const CONTRACT: [name: string, page: string, path: string, type: string][] = [
  ['Dividend', 'agentDividendRecordCopy2', 'agentCenter/agentDividendRecord2', 'enableCt'],
  ['Daily Salary', 'agentDailyWages2', 'agentCenter/agentDailyWages2', 'salary'],
  ['Hourly Salary', 'agentHourSalary', 'agentCenter/agentHourSalary', 'hourSalary'],
  ['Real-Time Salary', 'agentRealtimeSalary', 'agentCenter/agentRealtimeSalary', 'agentRealtimeSalary'],
];

const LOADING = { timeout: 15_000 };

const memberInfo = (type: number) => ({
  id: 70 + type,
  account: 'agent7',
  userName: 'agent7',
  nickname: 'Top agent',
  type,
  toUpline: false,
  clubLabel: { labelName: 'Gold', rankLevel: 2 },
  memberLabel: '',
  avatar: '',
  avatarType: 'STATIC',
  avatarUrl: '',
  payeeName: null,
  mobile: null,
  email: null,
  hasPaymentPassword: false,
  totpBound: false,
});

const noRequests = {
  dailysalreqtype: 0,
  divtypereq: 0,
  contracthoursalreq: 0,
  realtimesalreqtype: 0,
  divtypecompperiodreq: 0,
};

/** A consolidated answer whose info keys say which contracts the agent holds (research §1.2). */
function consolidatedHolding(held: Partial<ContractsHeld>) {
  return {
    ...noRequests,
    ...(held.enableCt
      ? { divtypecompperiodinfo: { CONS: { M: { agent: [{ status: 'A', rate: 10 }] } } } }
      : {}),
    ...(held.salary ? { dailysalinfotype: { LOTT: { agent: [{ rate: 1 }] } } } : {}),
    ...(held.hourSalary ? { contracthoursalinfo: { LOTT: { agent: [{ rate: 0.1 }] } } } : {}),
    ...(held.agentRealtimeSalary ? { realtimesalinfotype: { LOTT: { agent: [{ profitRate: 1 }] } } } : {}),
  };
}

/** A status whose whitelabel tree carries `switches` (modId → on/off) under an AGENT3 node. */
function statusWith(switches: Record<string, boolean> = {}) {
  const base = systemStatus();
  const agentNode: WhitelabelNode = {
    modId: 'AGENT3',
    enabled: '1',
    childrenNodes: Object.entries(switches).map(([modId, on]) => ({
      modId,
      enabled: on ? '1' : '0',
      childrenNodes: [],
    })),
  };
  return systemStatus(
    {},
    {
      whitelabel: {
        ...base.info.whitelabel,
        childrenNodes: [...base.info.whitelabel.childrenNodes, agentNode],
      },
    },
  );
}

function stubCalls({
  type = 1,
  switches = {},
  held = {},
}: { type?: number; switches?: Record<string, boolean>; held?: Partial<ContractsHeld> } = {}) {
  return stubFetch({
    '/wps/system/status': () => statusWith(switches),
    '/wps/member/info': () => memberInfo(type),
    '/wps/member/info/funds/consolidated': () => consolidatedHolding(held),
  });
}

function gatedOverlays() {
  let open!: () => void;
  const arrived = new Promise<void>((resolve) => (open = resolve));
  registerSlot(SlotNames.overlays, async () => {
    const [mod] = await Promise.all([loadAccountOverlays(), arrived]);
    return mod as never;
  });
  return { open };
}

const menuButtons = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('navigation')).getAllByRole('button');
const accountState = () => useUiStore.getState().accountCentre;

async function openCentre(page?: string) {
  registerSlot(SlotNames.overlays, loadAccountOverlays as never);
  renderShell(<Slot name={SlotNames.overlays} />);
  act(() => useUiStore.getState().openAccountCentre(page));
  const centre = await screen.findByTestId('account-centre', {}, LOADING);
  return centre.closest('[role="dialog"]') as HTMLElement;
}

describe('the agent centre', () => {
  beforeAll(async () => {
    await setupShell();
    i18n.addResourceBundle('en', 'accounts', accountsEn);
    i18n.addResourceBundle('en', AGENT_NS, agentEn);
    i18n.addResourceBundle('en', 'records', recordsEn);
  });

  beforeEach(() => {
    clearSession();
    sessionStorage.clear();
    useUiStore.setState({
      memberCentre: { show: false, page: defaultMemberPage },
      accountCentre: { show: false, page: defaultAgentPage },
    });
  });
  afterEach(() => clearSession());

  it('AG-01 a modal with a left navigation and a close button; it renders only once loaded and highlights the active entry', async () => {
    stubCalls();
    saveSession({ token: 'tok', agentType: 1 });
    const gate = gatedOverlays();
    renderShell(<Slot name={SlotNames.overlays} />);
    act(() => useUiStore.getState().openAccountCentre());

    // Only once loaded: while the code is held back nothing of the centre shows, not even a frame
    // or a raw key.
    await act(async () => {
      await loadAccountOverlays();
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.textContent).not.toContain('agentCenter_');
    gate.open();

    const dialog = await screen.findByRole('dialog', { name: accountsEn.member_agent_centre }, LOADING);
    // Complete on its first frame: every entry translated.
    for (const b of menuButtons(dialog)) expect(b.textContent).not.toMatch(/agentCenter_/);
    // A modal: a dialog with a title, a close button, the navigation on the left of the content.
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const nav = within(dialog).getByRole('navigation', { name: accountsEn.member_agent_centre });
    const content = within(dialog).getByRole('region', { name: agent.agentCenter_overview });
    expect(nav.compareDocumentPosition(content) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const close = within(dialog).getByRole('button', { name: en.close });
    expect(close).toBeVisible();
    // The active entry is highlighted, and only it; choosing another moves the highlight.
    const current = () => menuButtons(dialog).filter((b) => b.getAttribute('aria-current') === 'page');
    expect(current().map((b) => b.dataset.page)).toEqual(['agentTeamOverview']);
    act(() =>
      menuButtons(dialog)
        .find((b) => b.dataset.page === 'agentRevenueReport')!
        .click(),
    );
    expect(current().map((b) => b.dataset.page)).toEqual(['agentRevenueReport']);
    expect(within(dialog).getByRole('region', { name: agent.agentCenter_income }).dataset.page).toBe(
      'agentRevenueReport',
    );
    expect(accountState()).toEqual({ show: true, page: 'agentRevenueReport' });

    // The close button closes it.
    act(() => close.click());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), LOADING);
    expect(accountState().show).toBe(false);
  });

  it('AG-02 the always-present entries in order: Announcement, Overview, Account (register center), Team Management, Team Betting, User Profit and Loss, My Income, Transaction Details', async () => {
    stubCalls();
    saveSession({ token: 'tok', agentType: 2 });
    const dialog = await openCentre();
    expect(menuButtons(dialog).map((b) => [b.textContent, b.dataset.page, b.dataset.path])).toEqual(ALWAYS);
    // No contract held: none of the four contract entries.
    expect(menuButtons(dialog)).toHaveLength(8);
  });

  it('AG-03 AG-04 AG-05 AG-06 Dividend, Daily Salary, Hourly Salary follow in that order and Real-Time Salary comes last, each only when the agent holds that contract', async () => {
    // Each alone: the entry follows the eight, and only it.
    for (const [name, page, , type] of CONTRACT) {
      expect(
        visibleAgentMenu(statusWith().info.whitelabel, { ...NO_CONTRACTS, [type]: true }).map((i) => i.page),
      ).toEqual([...ALWAYS.map(([, p]) => p), page]);
      expect(agent[AGENT_MENU.find((i) => i.page === page)!.name]).toBe(name);
    }
    // None held: none shown.
    expect(visibleAgentMenu(statusWith().info.whitelabel, NO_CONTRACTS)).toHaveLength(8);

    // All held, through the real consolidated answer: the four follow in order, real-time last.
    stubCalls({ held: { enableCt: true, salary: true, hourSalary: true, agentRealtimeSalary: true } });
    saveSession({ token: 'tok', agentType: 1 });
    const dialog = await openCentre();
    await waitFor(() => expect(menuButtons(dialog)).toHaveLength(12), LOADING);
    expect(
      menuButtons(dialog).map((b) => [b.textContent, b.dataset.page, b.dataset.path, b.dataset.type]),
    ).toEqual([...ALWAYS.map((e) => [...e, undefined]), ...CONTRACT]);
    expect(menuButtons(dialog).at(-1)!.dataset.page).toBe('agentRealtimeSalary');
  });

  it('AG-03 AG-04 AG-05 AG-06 the contract entries follow the info keys the agent holds, not the pending requests', () => {
    expect(contractsHeld(noRequests)).toEqual(NO_CONTRACTS);
    // Requests waiting for an answer switch nothing (research §1.3).
    expect(contractsHeld({ ...noRequests, dailysalreqtype: 1, divtypereq: 1 })).toEqual(NO_CONTRACTS);
    // Dividend: a row in force (A, V or E) of divtypecompperiodinfo, or the older divtypeinfo.
    const dividend = (status: string) => ({
      divtypecompperiodinfo: { LOTT: { W: { agent: [{ status }] } } },
    });
    expect(contractsHeld(dividend('A')).enableCt).toBe(true);
    expect(contractsHeld(dividend('V')).enableCt).toBe(true);
    // A modification waiting: the terms last accepted still pay.
    expect(contractsHeld(dividend('E')).enableCt).toBe(true);
    expect(contractsHeld(dividend('P')).enableCt).toBe(false);
    expect(contractsHeld(dividend('C')).enableCt).toBe(false);
    expect(contractsHeld(dividend('T')).enableCt).toBe(false);
    expect(contractsHeld({ divtypeinfo: { CONS: { agent: [{ rate: 5 }] } } }).enableCt).toBe(true);
    // Salaries: an empty .agent holds nothing.
    expect(contractsHeld({ dailysalinfotype: { LOTT: { agent: [] } } }).salary).toBe(false);
    expect(contractsHeld({ dailysalinfotype: { LOTT: { agent: [{ rate: 1 }] } } }).salary).toBe(true);
    expect(contractsHeld({ contracthoursalinfo: { RNG: { agent: { rate: 1 } } } }).hourSalary).toBe(true);
    expect(contractsHeld({ realtimesalinfotype: { LOTT: { agent: [{}] } } }).agentRealtimeSalary).toBe(true);
    expect(contractsHeld(null)).toEqual(NO_CONTRACTS);
  });

  it('AG-07 each entry has a display name, a page key, a data path and an optional feature type (enableCt, salary, hourSalary, agentRealtimeSalary)', () => {
    expect(AGENT_MENU).toHaveLength(12);
    for (const item of AGENT_MENU) {
      expect(agent[item.name], item.name).toBeTruthy();
      expect(item.page).toMatch(/^\w+$/);
      expect(item.path).toMatch(/^agentCenter\/\w+$/);
    }
    expect(AGENT_MENU.map((i) => i.type)).toEqual([
      ...ALWAYS.map(() => undefined),
      'enableCt',
      'salary',
      'hourSalary',
      'agentRealtimeSalary',
    ]);
    // The dividend page and its data path differ, as in the original.
    expect(AGENT_MENU[8]).toMatchObject({
      page: 'agentDividendRecordCopy2',
      path: 'agentCenter/agentDividendRecord2',
    });
  });

  it('AG-08 the default agent page is agentTeamOverview', async () => {
    expect(DEFAULT_AGENT_PAGE).toBe('agentTeamOverview');
    expect(defaultAgentPage).toBe('agentTeamOverview');
    stubCalls();
    saveSession({ token: 'tok', agentType: 41 });
    const dialog = await openCentre();
    expect(accountState().page).toBe('agentTeamOverview');
    expect(within(dialog).getByRole('region').dataset.page).toBe('agentTeamOverview');
    // A page the menu does not hold (a contract not held) falls back to the default.
    act(() => useUiStore.getState().setAccountPage('agentHourSalary'));
    expect(within(dialog).getByRole('region').dataset.page).toBe('agentTeamOverview');
  });

  it('AG-09 the menu data keys sit under the agentCenter prefix: display names and data paths', async () => {
    for (const item of AGENT_MENU) {
      expect(item.name.startsWith('agentCenter_')).toBe(true);
      expect(item.path.startsWith('agentCenter/')).toBe(true);
    }
    stubCalls({ held: { enableCt: true, salary: true, hourSalary: true, agentRealtimeSalary: true } });
    saveSession({ token: 'tok', agentType: 42 });
    const dialog = await openCentre();
    await waitFor(() => expect(menuButtons(dialog)).toHaveLength(12), LOADING);
    for (const b of menuButtons(dialog)) {
      expect(b.dataset.key).toMatch(/^agentCenter_/);
      expect(b.dataset.path).toMatch(/^agentCenter\//);
    }
  });

  it('research §1.2 whitelabel switches: Overview on AGEPAG, Team Betting on TEAMBETTING3, User P&L on AGETEAMPNL3, Account on any of AGEREGDOWN3, CREATEAFF3, AFFMAN3', () => {
    const pages = (switches: Record<string, boolean>) =>
      visibleAgentMenu(statusWith(switches).info.whitelabel, NO_CONTRACTS).map((i) => i.page);
    const all = ALWAYS.map(([, p]) => p);
    // A tree without the agent switches shows the eight (AG-02's always-present entries).
    expect(pages({})).toEqual(all);
    expect(pages({ AGEPAG: false })).toEqual(all.filter((p) => p !== 'agentTeamOverview'));
    expect(pages({ TEAMBETTING3: false })).toEqual(all.filter((p) => p !== 'personalHistoryCopy'));
    expect(pages({ AGETEAMPNL3: false })).toEqual(all.filter((p) => p !== 'palStatementsAgentCopy'));
    expect(pages({ AGEREGDOWN3: false, CREATEAFF3: false, AFFMAN3: false })).toEqual(
      all.filter((p) => p !== 'registerCenter'),
    );
    expect(pages({ AGEREGDOWN3: false, CREATEAFF3: false, AFFMAN3: true })).toEqual(all);
    expect(pages({ AGEPAG: true, TEAMBETTING3: true, AGETEAMPNL3: true, AGEREGDOWN3: true })).toEqual(all);
  });

  it('AG-08 with the overview switched off the centre opens on the first entry instead', async () => {
    stubCalls({ switches: { AGEPAG: false } });
    saveSession({ token: 'tok', agentType: 1 });
    const dialog = await openCentre();
    expect(menuButtons(dialog).map((b) => b.dataset.page)).not.toContain('agentTeamOverview');
    expect(within(dialog).getByRole('region').dataset.page).toBe('agentAnnouncement');
  });

  it('ER-28 ER-29 a member who is not an agent is told "Non-agents cannot log in" and "Please contact your agent", and gets no agent centre', async () => {
    stubCalls({ type: 0 });
    saveSession({ token: 'tok', agentType: 0 });
    registerSlot(SlotNames.overlays, loadAccountOverlays as never);
    renderShell(<Slot name={SlotNames.overlays} />);
    act(() => useUiStore.getState().openAccountCentre());
    const refusal = await screen.findByTestId('agent-refusal', {}, LOADING);
    expect(within(refusal).getByText('Non-agents cannot log in')).toBeVisible();
    expect(within(refusal).getByText('Please contact your agent')).toBeVisible();
    expect(screen.queryByTestId('account-centre')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
    // Its confirm button closes it, and the centre's flag with it.
    act(() => within(refusal).getByRole('button', { name: en.in_increase_submit }).click());
    await waitFor(() => expect(screen.queryByTestId('agent-refusal')).toBeNull(), LOADING);
    expect(accountState().show).toBe(false);
  });

  it('ER-28 ER-29 the server\'s refusal of an agent call (agent.only) reads "Non-agents cannot log in" / "Please contact your agent"', async () => {
    const { isAgentOnly } = await import('./refusal.tsx');
    const refused = new ApiError({
      status: 403,
      errorCode: 'agent.only',
      message: 'Non-agents cannot log in. Please contact your agent',
    });
    expect(isAgentOnly(refused)).toBe(true);
    expect(isAgentOnly(new ApiError({ status: 500, errorCode: 'system.error', message: 'x' }))).toBe(false);
    expect(agent.agent_refused_title).toBe('Non-agents cannot log in');
    expect(agent.agent_refused_text).toBe('Please contact your agent');
    expect(agent.error_non_agent).toBe('Non-agents cannot log in. Please contact your agent');
  });

  it('issue 29 on a phone the menu is a drawer: the menu button opens it, choosing an entry closes it', async () => {
    stubCalls();
    saveSession({ token: 'tok', agentType: 1 });
    const dialog = await openCentre();
    const frame = within(dialog).getByTestId('account-centre');
    const toggle = within(dialog).getByTestId('agent-menu-button');
    expect(toggle.getAttribute('aria-controls')).toBe(within(dialog).getByRole('navigation').id);
    expect(frame.dataset.drawer).toBe('closed');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    act(() => toggle.click());
    expect(frame.dataset.drawer).toBe('open');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    act(() =>
      menuButtons(dialog)
        .find((b) => b.dataset.page === 'downlineManagmentView')!
        .click(),
    );
    expect(frame.dataset.drawer).toBe('closed');
    expect(within(dialog).getByRole('region').dataset.page).toBe('downlineManagmentView');
  });
});
