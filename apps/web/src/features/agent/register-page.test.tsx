import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AffiliateLink, AgentRegisterSettings } from '@app/contract';
import accountsEn from '../../locales/accounts/en.json';
import agentEn from '../../locales/agent/en.json';
import recordsEn from '../../locales/records/en.json';
import { setEncryptedBodyEncoder } from '../../shared/http/client.ts';
import { ensurePayloadEncryption } from '../../shared/http/payload-encryption.ts';
import { i18n } from '../../shared/i18n/i18n.ts';
import { saveSession } from '../../shared/session/session.ts';
import { renderShell, setupShell, stubFetch } from '../../test/shell-harness.tsx';
import { RegisterCentrePage } from './register-page.tsx';
import { AGENT_NS } from './strings.ts';

const LOADING = { timeout: 10_000 };

const settings = (over: Partial<AgentRegisterSettings['switches']> = {}): AgentRegisterSettings => ({
  lottery: {
    base: 2000,
    platformMax: 1956,
    step: 2,
    own: 1950,
    ownRebatePercent: 12.5,
    min: 1700,
    max: 1950,
  },
  products: [
    { product: 'LIVE', own: 80, min: 0, max: 80 },
    { product: 'RNG', own: 150, min: 0, max: 150 },
  ],
  switches: { registerDownline: true, createLink: true, manageLinks: true, ...over },
  platformUrl: 'https://www.luckylotus.example',
});

const link = (id: number, over: Partial<AffiliateLink> = {}): AffiliateLink => ({
  id,
  code: `AB${id}CD`,
  url: `https://ab${id}cd.luckylotus.example`,
  accountType: 0,
  lotterySeries: 1930,
  lotteryRebatePercent: 11.5,
  rebates: { LIVE: 50, RNG: 100, SPORTS: 0, FISH: 0, PVP: 0 },
  channel: 'FORUM',
  channelText: '',
  createdAt: Date.UTC(2026, 10, 20, 8),
  expiresAt: null,
  status: 'NORMAL',
  registrations: 3,
  ...over,
});

const json = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

describe('the register centre (Account)', () => {
  beforeAll(async () => {
    await setupShell();
    i18n.addResourceBundle('en', 'accounts', accountsEn);
    i18n.addResourceBundle('en', AGENT_NS, agentEn);
    i18n.addResourceBundle('en', 'records', recordsEn);
    // The encrypted calls travel in the clear here: the wire's encryption has its own tests.
    ensurePayloadEncryption();
    setEncryptedBodyEncoder(async (_def, body) => ({ body, headers: {} }));
  });
  beforeEach(() => saveSession({ token: 'tok', agentType: 1 }));

  it('issue 29 register a downline: account type, username, password, prize group and product rebates within their bounds; the result dialog copies username, password and URL and closes', async () => {
    const { requests } = stubFetch({
      '/wps/agent/register/settings': () => settings(),
      '/wps/agent/register': (_url, init) => {
        const body = json(init);
        return {
          memberId: 90,
          username: body.username,
          password: body.password,
          accountType: body.accountType,
          platformUrl: 'https://www.luckylotus.example',
        };
      },
    });
    let copied = '';
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async (text: string) => void (copied = text) },
      configurable: true,
    });
    renderShell(<RegisterCentrePage />);
    const form = await screen.findByTestId('agent-register-form', {}, LOADING);
    // Tabs: register downline, link registration, link management.
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Register downline',
      'Link registration',
      'Link management',
    ]);
    // The prize group runs from the agent's own down to the floor, with the rebate it gives.
    const series = within(form).getByTestId('agent-series') as HTMLSelectElement;
    expect(series.value).toBe('1950');
    expect(series.options[0]!.textContent).toBe('1950 (12.5%)');
    expect(series.options[series.options.length - 1]!.textContent).toBe('1700 (0.0%)');
    // A product rebate above the agent's own is refused before sending.
    fireEvent.click(within(form).getByRole('radio', { name: 'Agent' }));
    fireEvent.change(within(form).getByTestId('agent-register-username'), { target: { value: 'sub01' } });
    fireEvent.change(series, { target: { value: '1900' } });
    fireEvent.change(within(form).getByTestId('agent-rebate-LIVE'), { target: { value: '0.9' } });
    fireEvent.click(within(form).getByTestId('agent-register-submit'));
    expect(within(form).getByTestId('agent-rebate-LIVE').getAttribute('aria-invalid')).toBe('true');
    expect(requests.some((r) => r.url.pathname === '/wps/agent/register')).toBe(false);

    fireEvent.change(within(form).getByTestId('agent-rebate-LIVE'), { target: { value: '0.5' } });
    fireEvent.click(within(form).getByTestId('agent-register-submit'));
    const result = await screen.findByTestId('agent-register-result', {}, LOADING);
    const sent = json(requests.find((r) => r.url.pathname === '/wps/agent/register')!.init);
    expect(sent).toEqual({
      accountType: 1,
      username: 'sub01',
      password: '123456',
      lotterySeries: 1900,
      rebates: { LIVE: 50 },
    });
    expect(result.textContent).toContain('sub01');
    expect(result.textContent).toContain('123456');
    expect(result.textContent).toContain('https://www.luckylotus.example');
    await act(async () => {
      fireEvent.click(within(result).getByTestId('agent-copy-close'));
    });
    expect(copied).toBe('Username: sub01\nPassword: 123456\nPlatform URL: https://www.luckylotus.example');
    await waitFor(() => expect(screen.queryByTestId('agent-register-result')).toBeNull(), LOADING);
  });

  it('issue 29 a refused registration says why in the agent catalogue ("series rebate can not be lowered", username exists)', async () => {
    stubFetch({
      '/wps/agent/register/settings': () => settings(),
      '/wps/agent/register': () =>
        new Response(
          JSON.stringify({
            success: false,
            errorCode: 'user.exists',
            message: 'This username is already registered',
          }),
          {
            status: 409,
          },
        ),
    });
    renderShell(<RegisterCentrePage />);
    const form = await screen.findByTestId('agent-register-form', {}, LOADING);
    fireEvent.change(within(form).getByTestId('agent-register-username'), { target: { value: 'taken' } });
    fireEvent.click(within(form).getByTestId('agent-register-submit'));
    expect(await within(form).findByRole('alert', {}, LOADING)).toHaveTextContent(
      'This username already exists',
    );
  });

  it('issue 29 links: create with account type, rebate, expiry and channel after a confirmation, then copy and QR', async () => {
    const { requests } = stubFetch({
      '/wps/agent/register/settings': () => settings(),
      '/wps/agent/links': (_url, init) =>
        init?.method === 'POST'
          ? link(7, { code: 'NEW7', url: 'https://new7.luckylotus.example' })
          : { list: [], total: 0, page: 1, size: 10 },
    });
    renderShell(<RegisterCentrePage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Link registration' }, LOADING));
    const form = await screen.findByTestId('agent-link-form');
    expect(
      [...(within(form).getByTestId('agent-link-expiry') as HTMLSelectElement).options].map(
        (o) => o.textContent,
      ),
    ).toEqual(['Permanent', '1 day', '7 days', '30 days', '1 year']);
    fireEvent.change(within(form).getByTestId('agent-link-expiry'), { target: { value: '7D' } });
    fireEvent.change(within(form).getByTestId('agent-link-channel'), { target: { value: 'CUSTOM' } });
    // A custom channel needs its words.
    fireEvent.click(within(form).getByTestId('agent-link-submit'));
    expect(screen.queryByTestId('agent-link-confirm')).toBeNull();
    fireEvent.change(within(form).getByTestId('agent-link-channel-text'), {
      target: { value: 'Telegram group' },
    });
    fireEvent.click(within(form).getByTestId('agent-link-submit'));
    const confirm = await screen.findByTestId('agent-link-confirm');
    expect(confirm.textContent).toContain('7 days');
    expect(confirm.textContent).toContain('Telegram group');
    expect(requests.some((r) => r.init?.method === 'POST')).toBe(false);
    fireEvent.click(within(confirm).getByTestId('agent-confirm'));
    const created = await screen.findByTestId('agent-link-created', {}, LOADING);
    expect(json(requests.find((r) => r.init?.method === 'POST')!.init)).toEqual({
      accountType: 0,
      lotterySeries: 1950,
      rebates: {},
      expiry: '7D',
      channel: 'CUSTOM',
      channelText: 'Telegram group',
    });
    expect(created.textContent).toContain('https://new7.luckylotus.example');
    expect(within(created).getByTestId('agent-qr')).toBeTruthy();
  });

  it('issue 29 link management: the list with link, copy, code, registrations, dates, status, QR and delete after a confirmation; an empty list says what to do', async () => {
    let links = [
      link(1),
      link(2, { status: 'EXPIRED', expiresAt: Date.UTC(2026, 10, 21), registrations: 0 }),
    ];
    const { requests } = stubFetch({
      '/wps/agent/register/settings': () => settings(),
      '/wps/agent/links': () => ({ list: links, total: links.length, page: 1, size: 10 }),
      '/wps/agent/links/registrations': () => ({
        list: [{ memberId: 5, username: 'p005', accountType: 0, registeredAt: Date.UTC(2026, 10, 22) }],
        total: 1,
        page: 1,
        size: 10,
      }),
      '/wps/agent/links/delete': (_url, init) => {
        const id = json(init).id;
        links = links.filter((l) => l.id !== id);
        return { id, deleted: true };
      },
    });
    renderShell(<RegisterCentrePage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Link management' }, LOADING));
    const table = await screen.findByTestId('agent-links', {}, LOADING);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('https://ab1cd.luckylotus.example');
    expect(rows[0]!.textContent).toContain('AB1CD');
    expect(rows[0]!.textContent).toContain('Permanent');
    expect(rows[0]!.textContent).toContain('Normal');
    expect(rows[1]!.textContent).toContain('Expired');
    expect(within(rows[0]!).getByTestId('agent-link-copy')).toBeTruthy();

    fireEvent.click(within(rows[0]!).getByTestId('agent-link-registrations-open'));
    const registrations = await screen.findByTestId('agent-link-registrations', {}, LOADING);
    expect(await within(registrations).findByText('p005')).toBeTruthy();
    expect(
      requests.some(
        (r) => r.url.pathname === '/wps/agent/links/registrations' && r.url.searchParams.get('id') === '1',
      ),
    ).toBe(true);
    fireEvent.keyDown(registrations.closest('[role="dialog"]')!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('agent-link-registrations')).toBeNull(), LOADING);

    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'QR code of link AB1CD' }));
    expect(await screen.findByRole('img', { name: 'QR code of link AB1CD' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'QR code' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'QR code' })).toBeNull(), LOADING);

    fireEvent.click(within(rows[1]!).getByTestId('agent-link-delete'));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this link?' });
    fireEvent.click(within(dialog).getByTestId('agent-confirm'));
    await waitFor(
      () => expect(within(screen.getByTestId('agent-links')).getAllByRole('row')).toHaveLength(2),
      LOADING,
    );
    expect(requests.filter((r) => r.url.pathname === '/wps/agent/links/delete')).toHaveLength(1);

    // Deleting the last one leaves the empty state, with its way forward.
    links = [];
    fireEvent.click(within(screen.getByTestId('agent-links')).getByTestId('agent-link-delete'));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete this link?' })).getByTestId('agent-confirm'),
    );
    expect(await screen.findByTestId('agent-empty', {}, LOADING)).toHaveTextContent(
      'No registration links yet',
    );
    expect(screen.getByRole('button', { name: 'Create link' })).toBeTruthy();
  });

  it('issue 29 loading, error with a retry, the non-agent refusal, and the tabs the switches leave open', async () => {
    let fail = true;
    stubFetch({
      '/wps/agent/register/settings': () =>
        fail
          ? new Response(
              JSON.stringify({ success: false, errorCode: 'system.error', message: 'System error' }),
              { status: 500 },
            )
          : settings({ registerDownline: false, createLink: false }),
      '/wps/agent/links': () => ({ list: [], total: 0, page: 1, size: 10 }),
    });
    renderShell(<RegisterCentrePage />);
    expect(screen.getByTestId('agent-loading')).toBeTruthy();
    const error = await screen.findByTestId('agent-error', {}, LOADING);
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    // Only link management is open: a single tab needs no tab list.
    expect(await screen.findByTestId('agent-empty', {}, LOADING)).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();

    stubFetch({
      '/wps/agent/register/settings': () =>
        new Response(
          JSON.stringify({
            success: false,
            errorCode: 'agent.only',
            message: 'Non-agents cannot log in. Please contact your agent',
          }),
          {
            status: 403,
          },
        ),
    });
    renderShell(<RegisterCentrePage />);
    const refusal = await screen.findByTestId('agent-refusal', {}, LOADING);
    expect(refusal.textContent).toContain('Non-agents cannot log in');
    expect(refusal.textContent).toContain('Please contact your agent');
  });
});
