import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ContractTerms, ContractView, HigherRateAffected } from '@app/contract';
import accountsEn from '../../../locales/accounts/en.json';
import agentEn from '../../../locales/agent/en.json';
import recordsEn from '../../../locales/records/en.json';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { saveSession } from '../../../shared/session/session.ts';
import { renderShell, setupShell, stubFetch } from '../../../test/shell-harness.tsx';
import { AGENT_NS } from '../strings.ts';
import { ContractRequestsModal, ContractRequestsPopup, contractModalLaterKey } from './contract-modal.tsx';
import { ContractPage, windowStartLabel } from './contract-page.tsx';
import { checkEditor, stateFromTerms, termsFromState, type EditorState } from './editor-model.ts';

const LOADING = { timeout: 10_000 };
const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, { ns: AGENT_NS, ...options });

const daily = (rates: [number, number, number][]): ContractTerms => ({
  kind: 'dailySalary',
  productType: 'LOTT',
  tiers: rates.map(([betVolume, activeMember, rate]) => ({ betVolume, activeMember, rateType: 'P', rate })),
});

function view(over: Partial<ContractView> & Pick<ContractView, 'id' | 'terms'>): ContractView {
  return {
    kind: over.terms.kind,
    productType: over.terms.productType,
    computationPeriod: over.terms.kind === 'dividend' ? over.terms.computationPeriod : null,
    status: 'P',
    uplineId: 1,
    uplineName: 'agent1',
    downlineId: 2,
    downlineName: 'agent2',
    acceptedTerms: null,
    version: 1,
    updatedAt: Date.UTC(2026, 10, 28, 3),
    ...over,
  };
}

const request = (v: ContractView, affected: HigherRateAffected[] = []) => ({
  ...v,
  downlineHigherRate: affected.length ? ('Y' as const) : ('N' as const),
  affected,
});

const body = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

describe('agent contracts on the web (issue 30)', () => {
  beforeAll(async () => {
    await setupShell();
    i18n.addResourceBundle('en', 'accounts', accountsEn);
    i18n.addResourceBundle('en', AGENT_NS, agentEn);
    i18n.addResourceBundle('en', 'records', recordsEn);
  });
  beforeEach(() => {
    saveSession({ token: 'tok', agentType: 1 });
    window.sessionStorage.clear();
  });

  it('AG-15 AG-11 the contract modal shows an offer under "New contract request" with its tiers (daily bet, active members, rate) and accepting sends the answer, then says every request is answered', async () => {
    const offer = view({
      id: 7,
      terms: daily([
        [100_000, 1, 80],
        [1_000_000, 3, 120],
      ]),
    });
    let answered = false;
    const { requests } = stubFetch({
      '/wps/agent/contracts': () => ({
        held: [offer],
        given: [],
        requests: answered ? [] : [request(offer)],
      }),
      '/wps/agent/contracts/answer': () => {
        answered = true;
        return { ...offer, status: 'A' };
      },
    });
    renderShell(<ContractRequestsModal onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Contract' }, LOADING);
    const block = await within(dialog).findByTestId('contract-request', {}, LOADING);
    expect(within(dialog).getByRole('heading', { name: 'New contract request' })).toBeTruthy();
    expect(within(block).getByRole('heading').textContent).toBe('Daily Salary – Lottery');
    expect(block.textContent).toContain('Your upline (agent1) offers you this contract');
    const table = within(block).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Tier', 'Team daily bet ≥', 'Active members ≥', 'Salary']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['11,000.0010.8%', '210,000.0031.2%']);
    fireEvent.click(within(block).getByTestId('contract-accept'));
    await waitFor(() => expect(screen.getByTestId('contract-modal-done')).toBeTruthy(), LOADING);
    const sent = requests.find((r) => r.url.pathname === '/wps/agent/contracts/answer')!;
    expect(body(sent.init)).toEqual({ contractId: 7, action: 'accept', version: 1 });
    expect(screen.getByTestId('contract-modal-done').textContent).toContain(
      'Every request has been answered.',
    );
  });

  it('AG-15 rejecting an offer sends reject', async () => {
    const offer = view({ id: 8, terms: daily([[100_000, 1, 80]]) });
    const { requests } = stubFetch({
      '/wps/agent/contracts': () => ({ held: [], given: [], requests: [request(offer)] }),
      '/wps/agent/contracts/answer': () => ({ ...offer, status: 'R' }),
    });
    renderShell(<ContractRequestsModal onClose={() => {}} />);
    fireEvent.click(await screen.findByTestId('contract-reject', {}, LOADING));
    await waitFor(
      () => expect(requests.some((r) => r.url.pathname === '/wps/agent/contracts/answer')).toBe(true),
      LOADING,
    );
    const sent = requests.find((r) => r.url.pathname === '/wps/agent/contracts/answer')!;
    expect(body(sent.init)).toEqual({ contractId: 8, action: 'reject', version: 1 });
  });

  it('AG-16 a termination request sits under "Contract termination request": keeping the contract or agreeing to end it sends the two answers', async () => {
    const ending = view({ id: 9, status: 'V', terms: daily([[100_000, 1, 80]]), version: 4 });
    const { requests } = stubFetch({
      '/wps/agent/contracts': () => ({ held: [ending], given: [], requests: [request(ending)] }),
      '/wps/agent/contracts/answer': () => ({ ...ending, status: 'A' }),
    });
    renderShell(<ContractRequestsModal onClose={() => {}} />);
    const block = await screen.findByTestId('contract-request', {}, LOADING);
    expect(screen.getByRole('heading', { name: 'Contract termination request' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'New contract request' })).toBeNull();
    expect(within(block).queryByTestId('contract-accept')).toBeNull();
    fireEvent.click(within(block).getByTestId('contract-keep'));
    await waitFor(
      () => expect(requests.filter((r) => r.url.pathname.endsWith('/answer'))).toHaveLength(1),
      LOADING,
    );
    fireEvent.click(within(block).getByTestId('contract-terminate'));
    await waitFor(
      () => expect(requests.filter((r) => r.url.pathname.endsWith('/answer'))).toHaveLength(2),
      LOADING,
    );
    const sent = requests.filter((r) => r.url.pathname.endsWith('/answer')).map((r) => body(r.init).action);
    expect(sent).toEqual(['rejectTermination', 'acceptTermination']);
  });

  it('AG-17 accepting an offer below a rate given to a downline asks first, naming the downline, its tier, rate and the new cap; confirming sends the confirmation', async () => {
    const mine = view({ id: 10, terms: daily([[100_000, 1, 50]]) });
    const givenToSub = view({
      id: 11,
      status: 'A',
      uplineName: 'agent2',
      downlineId: 3,
      downlineName: 'sub21',
      terms: daily([[100_000, 1, 80]]),
    });
    const affected = [
      { contractId: 11, downlineId: 3, username: 'sub21', tier: 0, field: 'rate', value: 80, cap: 50 },
    ];
    const { requests } = stubFetch({
      '/wps/agent/contracts': () => ({
        held: [mine],
        given: [givenToSub],
        requests: [request(mine, affected)],
      }),
      '/wps/agent/contracts/answer': () => ({ ...mine, status: 'A' }),
    });
    renderShell(<ContractRequestsModal onClose={() => {}} />);
    fireEvent.click(await screen.findByTestId('contract-accept', {}, LOADING));
    const warning = await screen.findByTestId('contract-higher-rate');
    expect(warning.textContent).toContain('A downline has a higher rate than this contract');
    expect(within(warning).getByTestId('contract-affected').textContent).toBe(
      'sub21 — tier 1, Salary 0.8%, above your new 0.5%',
    );
    expect(requests.some((r) => r.url.pathname.endsWith('/answer'))).toBe(false);
    fireEvent.click(screen.getByTestId('contract-confirm-accept'));
    await waitFor(() => expect(requests.some((r) => r.url.pathname.endsWith('/answer'))).toBe(true), LOADING);
    expect(body(requests.find((r) => r.url.pathname.endsWith('/answer'))!.init)).toEqual({
      contractId: 10,
      action: 'accept',
      version: 1,
      confirmHigherRate: true,
    });
  });

  it('AG-17 a fixed salary in the warning reads as money, not as a rate', async () => {
    const fixed = (amount: number): ContractTerms => ({
      kind: 'dailySalary',
      productType: 'LOTT',
      tiers: [{ betVolume: 100_000, activeMember: 1, rateType: 'F', rate: amount }],
    });
    const mine = view({ id: 14, terms: fixed(3_000) });
    const givenToSub = view({
      id: 15,
      status: 'A',
      downlineId: 3,
      downlineName: 'sub21',
      terms: fixed(5_000),
    });
    const affected = [
      { contractId: 15, downlineId: 3, username: 'sub21', tier: 0, field: 'rate', value: 5_000, cap: 3_000 },
    ];
    stubFetch({
      '/wps/agent/contracts': () => ({
        held: [mine],
        given: [givenToSub],
        requests: [request(mine, affected)],
      }),
    });
    renderShell(<ContractRequestsModal onClose={() => {}} />);
    expect((await screen.findByTestId('contract-request-terms', {}, LOADING)).textContent).toContain(
      '30.00 fixed',
    );
    fireEvent.click(screen.getByTestId('contract-accept'));
    expect((await screen.findByTestId('contract-affected')).textContent).toBe(
      'sub21 — tier 1, Salary 50.00, above your new 30.00',
    );
  });

  it('AG-17 when the server refuses an accept for the higher-rate rule (a downline contract came meanwhile), the warning opens from its answer', async () => {
    const mine = view({ id: 12, terms: daily([[100_000, 1, 50]]) });
    stubFetch({
      '/wps/agent/contracts': () => ({ held: [mine], given: [], requests: [request(mine)] }),
      '/wps/agent/contracts/answer': () =>
        new Response(
          JSON.stringify({
            success: false,
            errorCode: 'agent.contract.higher.rate',
            message: 'There is a downline with a higher rate',
            value: {
              affected: [
                {
                  contractId: 40,
                  downlineId: 4,
                  username: 'late4',
                  tier: 1,
                  field: 'rate',
                  value: 90,
                  cap: 50,
                },
              ],
            },
          }),
          { status: 409, headers: { 'content-type': 'application/json' } },
        ),
    });
    renderShell(<ContractRequestsModal onClose={() => {}} />);
    fireEvent.click(await screen.findByTestId('contract-accept', {}, LOADING));
    const warning = await screen.findByTestId('contract-higher-rate', {}, LOADING);
    expect(warning.textContent).toContain('late4');
    expect(screen.getByTestId('contract-confirm-accept')).toBeTruthy();
  });

  /** The member info of a logged-in member, as the server answers it (only what the modal reads differs). */
  const member = (id: number, account: string) => ({
    id,
    account,
    userName: account,
    nickname: account,
    type: 1,
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
  });

  it('the modal at login opens while a request waits, and closing it puts it off for the rest of the session, for that member only: another member logging in later in the same tab still meets it', async () => {
    const offer = view({ id: 13, terms: daily([[100_000, 1, 80]]) });
    let who = member(2, 'Agent2');
    stubFetch({
      '/wps/agent/contracts': () => ({ held: [], given: [], requests: [request(offer)] }),
      '/wps/member/info': () => who,
    });
    const first = renderShell(<ContractRequestsPopup />);
    const dialog = await screen.findByRole('dialog', { name: 'Contract' }, LOADING);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), LOADING);
    first.unmount();
    expect(window.sessionStorage.getItem(contractModalLaterKey('agent2'))).toBe('1');
    // The same member again in this tab: put off.
    const again = renderShell(<ContractRequestsPopup />);
    await waitFor(() => expect(again.client.getQueryData(['member', 'info'])).toBeTruthy(), LOADING);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
    again.unmount();
    // Another member logs in in the same tab: the modal opens for it.
    who = member(3, 'subagent3');
    renderShell(<ContractRequestsPopup />);
    expect(await screen.findByRole('dialog', { name: 'Contract' }, LOADING)).toBeTruthy();
    expect(window.sessionStorage.getItem(contractModalLaterKey('subagent3'))).toBeNull();
  });

  it("a window's record reads its start on the settlement zone's clock, from the server's period key, not UTC", () => {
    expect(windowStartLabel('fiveMinutes:2026-11-29T00:05+08:00')).toBe('00:05');
    expect(windowStartLabel('hour:2026-11-28T13:00+08:00')).toBe('13:00');
  });

  describe('the tier editor (research §2.5), checked by the contract core', () => {
    const own = daily([
      [100_000, 1, 100],
      [1_000_000, 3, 150],
    ]);
    const state = (rows: Record<string, string>[]): EditorState => ({
      ...stateFromTerms(own, 2),
      rows: rows.map((r) => ({ rateType: 'P', ...r })),
    });

    it('AG-11 typed text becomes minor units and basis points, and terms within the own caps pass', () => {
      const s = state([
        { betVolume: '1000', activeMember: '1', rate: '0.8' },
        { betVolume: '10000.5', activeMember: '3', rate: '1.5' },
      ]);
      const res = checkEditor(s, { offerer: own }, 2, t);
      expect(res.issues).toEqual([]);
      expect(res.terms).toEqual(
        daily([
          [100_000, 1, 80],
          [1_000_050, 3, 150],
        ]),
      );
    });

    it("thresholds must rise, values never fall, rates stay within the agent's own highest, with the original's messages", () => {
      const s = state([
        { betVolume: '1000', activeMember: '3', rate: '1' },
        { betVolume: '1000', activeMember: '2', rate: '2' },
      ]);
      const res = checkEditor(s, { offerer: own }, 2, t);
      expect(res.terms).toBeNull();
      const messages = res.issues.map((i) => `${i.tier}:${i.field}:${i.message}`);
      expect(messages).toContain(
        '1:betVolume:Current Team daily bet must be higher than last Team daily bet',
      );
      expect(messages).toContain('1:activeMember:Active members must be ≥ 3');
      expect(messages).toContain('1:rate:Salary must not be higher than highest 1.5%');
    });

    it('empty, zero, too many decimals and a fraction of a member are refused as typed', () => {
      const s = state([{ betVolume: '', activeMember: '1.5', rate: '0' }]);
      const res = checkEditor(s, { offerer: own }, 2, t);
      const messages = res.issues.map((i) => `${i.tier}:${i.field}:${i.message}`);
      expect(messages).toContain('0:activeMember:Must be integer');
      expect(messages).toContain('0:betVolume:Team daily bet cannot be empty');
      const decimals = checkEditor(
        state([{ betVolume: '1.234', activeMember: '1', rate: '1.005' }]),
        { offerer: own },
        2,
        t,
      );
      expect(decimals.issues.map((i) => `${i.field}:${i.message}`)).toEqual([
        'betVolume:At most 2 decimals',
        'rate:At most 2 decimals',
      ]);
      const zero = checkEditor(
        state([{ betVolume: '10', activeMember: '1', rate: '0' }]),
        { offerer: own },
        2,
        t,
      );
      expect(zero.issues.map((i) => i.message)).toEqual(['Salary cannot be 0']);
    });

    it('an agent without the contract on the line cannot offer it; a modification must change something', () => {
      const s = state([{ betVolume: '1000', activeMember: '1', rate: '0.8' }]);
      expect(checkEditor(s, { offerer: null }, 2, t).issues.map((i) => i.message)).toEqual([
        'You can only offer a contract you hold yourself',
      ]);
      // The terms as the server answers them (parsed, so in the schema's key order).
      const current = checkEditor(s, { offerer: own }, 2, t).terms;
      expect(termsFromState(s, 2).typing).toEqual([]);
      expect(checkEditor(s, { offerer: own, current }, 2, t).issues.map((i) => i.message)).toEqual([
        'No change detected',
      ]);
    });

    it("AG-10 AG-14 a monthly dividend's rate is a whole percent and its periodic bet a monthly-only option", () => {
      const dividend: ContractTerms = {
        kind: 'dividend',
        productType: 'CONS',
        computationPeriod: 'M',
        resetFrequency: 1,
        periodicTotalBetRequired: 'N',
        tiers: [
          { minimumBet: 100_000, netLoss: 50_000, activeMember: 1, periodicTotalBet: 0, contractRate: 2000 },
        ],
      };
      const s = stateFromTerms(dividend, 2);
      expect(s.rows).toEqual([{ minimumBet: '1000', netLoss: '500', activeMember: '1', contractRate: '20' }]);
      const half = { ...s, rows: [{ ...s.rows[0]!, contractRate: '12.5' }] };
      expect(checkEditor(half, { offerer: dividend }, 2, t).issues.map((i) => i.message)).toEqual([
        'Must be integer',
      ]);
      const weekly = {
        ...s,
        computationPeriod: 'W' as const,
        periodicTotalBetRequired: 'Y' as const,
        rows: [{ ...s.rows[0]!, periodicTotalBet: '10' }],
      };
      expect(
        checkEditor(weekly, { offerer: { ...dividend, computationPeriod: 'W' } }, 2, t).issues.map(
          (i) => i.message,
        ),
      ).toEqual(['Periodic valid bet applies to a monthly dividend only']);
    });
  });

  it('AG-15 management: an upline offers a contract to a direct downline agent from the tier editor, the offer carrying minor units and basis points', async () => {
    const own = view({
      id: 20,
      status: 'A',
      uplineId: null,
      uplineName: null,
      downlineId: 1,
      downlineName: 'agent1',
      terms: daily([[100_000, 1, 100]]),
    });
    const { requests } = stubFetch({
      '/wps/agent/contracts': () => ({ held: [own], given: [], requests: [] }),
      '/wps/agent/team': () => ({
        list: [
          {
            userId: 2,
            username: 'agent2',
            remark: '',
            type: 2,
            teamSize: 3,
            balance: 0,
            teamBalance: 0,
            online: false,
            lastLogin: null,
            registeredAt: 0,
            registerMethod: 'AGENT',
            registerUrl: '',
            status: 1,
          },
        ],
        total: 1,
        page: 1,
        size: 100,
      }),
      '/wps/agent/contracts/offer': (_url, init) =>
        view({ id: 21, terms: body(init).terms as ContractTerms }),
    });
    renderShell(<ContractPage kind="dailySalary" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Contract management' }, LOADING));
    fireEvent.click(await screen.findByTestId('contract-offer', {}, LOADING));
    const form = await screen.findByTestId('contract-offer-form', {}, LOADING);
    await waitFor(() => expect(within(form).getByTestId('contract-downline')).toBeTruthy(), LOADING);
    expect(within(form).getByTestId('tier-editor-caps').textContent).toBe('Your highest: 1%');
    fireEvent.change(within(form).getByTestId('tier-betVolume'), { target: { value: '1000' } });
    fireEvent.change(within(form).getByTestId('tier-activeMember'), { target: { value: '1' } });
    fireEvent.change(within(form).getByTestId('tier-rate'), { target: { value: '2' } });
    fireEvent.click(within(form).getByTestId('contract-offer-submit'));
    expect((await within(form).findByTestId('tier-issue')).textContent).toBe(
      'Salary must not be higher than highest 1%',
    );
    expect(requests.some((r) => r.url.pathname.endsWith('/offer'))).toBe(false);
    fireEvent.change(within(form).getByTestId('tier-rate'), { target: { value: '0.75' } });
    fireEvent.click(within(form).getByTestId('contract-offer-submit'));
    await screen.findByTestId('contract-offer-done', {}, LOADING);
    expect(body(requests.find((r) => r.url.pathname.endsWith('/offer'))!.init)).toEqual({
      downlineId: 2,
      terms: daily([[100_000, 1, 75]]),
    });
  });
});
