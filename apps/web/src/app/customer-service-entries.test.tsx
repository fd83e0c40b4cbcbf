import { generateKeyPairSync } from 'node:crypto';
import type { ComponentType, ReactElement } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { newQueryClient, renderShell, setupShell, stubFetch, systemStatus } from '../test/shell-harness.tsx';
import { loadLoginPanel, memberInfoKey } from '../features/session/index.ts';
import { loadGameFramePage } from '../features/games/index.ts';
import { loadJoinPage } from '../features/join/index.ts';
import { loadVipPage } from '../features/vip/index.ts';
import { clearSession, saveSession } from '../shared/session/session.ts';
import { openCustomerService } from '../shared/system/customer-service.ts';
import pagesEn from '../locales/pages/en.json';
import { SideBar } from './layout/side-bar.tsx';
import { StatusScreen } from './status/status-screen.tsx';

const VIP_URL = 'https://vip.example/desk';

/** The status with the live chat (type 3, fetched sealed) and the VIP service (csType 4). */
function status() {
  return systemStatus(
    {},
    {
      customerService: [
        { csType: 3, path: '/helpmc?topic=contact', name: 'Online service' },
        { csType: 4, path: VIP_URL, name: 'VIP service' },
      ],
    },
  );
}

function member(rankLevel: number) {
  return {
    id: 7,
    account: 'player7',
    userName: 'player7',
    nickname: 'Lucky',
    type: 0,
    toUpline: false,
    clubLabel: { labelName: rankLevel > 4 ? 'Diamond' : 'Platinum', rankLevel },
    memberLabel: '',
    avatar: '',
    avatarType: 'STATIC',
    avatarUrl: '',
    payeeName: null,
    mobile: null,
    email: null,
    hasPaymentPassword: false,
    totpBound: false,
  };
}

/** The pages loaded as the router loads them (their features' lazy chunks). */
const pages: Record<string, ComponentType> = {};
function Lazy({ name }: { name: string }) {
  const Page = pages[name]!;
  return <Page />;
}

/** Every customer-service entry of the site, each with the way to find its button. */
const entries: { name: string; ui: () => ReactElement; path?: string; button: () => Promise<HTMLElement> }[] =
  [
    { name: 'side bar', ui: () => <SideBar />, button: () => screen.findByTestId('side-service') },
    {
      name: 'maintenance and region pages',
      ui: () => (
        <StatusScreen icon={null} title="Maintenance" message="Back soon" info={status().info} testId="st" />
      ),
      button: () => screen.findByRole('button', { name: /contact us/i }),
    },
    {
      name: "login popup's help",
      ui: () => <Lazy name="login" />,
      button: async () => within(await screen.findByTestId('login-help')).getAllByRole('button')[0]!,
    },
    {
      name: "game frame's invalid address",
      ui: () => <Lazy name="game" />,
      path: '/game?url=https://elsewhere.example/x',
      button: () => screen.findByRole('button', { name: /contact us/i }),
    },
    {
      name: '/join',
      ui: () => <Lazy name="join" />,
      button: () => screen.findByRole('button', { name: /contact us/i }),
    },
    {
      name: '/vip',
      ui: () => <Lazy name="vip" />,
      button: () => screen.findByRole('button', { name: /vip_contact|talk to vip service/i }),
    },
  ];

describe('customer service entries', () => {
  beforeAll(async () => {
    await setupShell();
    stubFetch({ '/src/locales/accounts/en.json': () => new Response('{}') });
    pages.login = (await loadLoginPanel()).default;
    pages.game = (await loadGameFramePage()).Component;
    pages.join = (await loadJoinPage()).Component;
    pages.vip = (await loadVipPage()).Component;
  });
  afterEach(() => {
    clearSession();
    sessionStorage.clear();
    vi.restoreAllMocks();
  });

  /** Clicks the entry with a member of `rank` (null: a visitor) and answers window.open's address. */
  async function opened(entry: (typeof entries)[number], rank: number | null): Promise<string> {
    if (rank !== null) saveSession({ token: 'tok', agentType: 0 });
    stubFetch({
      '/wps/system/status': () => status(),
      '/src/locales/accounts/en.json': () => new Response('{}'),
      '/src/locales/vip/en.json': () => new Response('{}'),
      '/wps/member/info': () => member(rank ?? 1),
    });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    // The member info as a page holds it once loaded (GET /wps/member/info, clubLabel.rankLevel).
    const client = newQueryClient();
    if (rank !== null) client.setQueryData(memberInfoKey, member(rank));
    const view = renderShell(entry.ui(), { path: entry.path ?? '/', client });
    const button = await entry.button();
    // A click before the site's status has come opens nothing (no service is known yet).
    await waitFor(() => {
      fireEvent.click(button);
      expect(open).toHaveBeenCalled();
    });
    expect(open).toHaveBeenCalledTimes(1);
    const [address, name, features] = open.mock.calls[0]!;
    expect(name).toBe('customerService');
    expect(features).toContain('width=440,height=500');
    view.unmount();
    clearSession();
    sessionStorage.clear();
    vi.restoreAllMocks();
    return String(address);
  }

  it.each(entries)(
    'HD-04 $name: the VIP service for a member whose clubLabel rankLevel is above 4 (5), the live chat otherwise (rank 4, a visitor)',
    async (entry) => {
      expect(await opened(entry, 5)).toBe(VIP_URL);
      // Rank 4 and a visitor: the live chat, the blank window filled from getService (HD-03).
      expect(await opened(entry, 4)).toBe('about:blank');
      expect(await opened(entry, null)).toBe('about:blank');
    },
  );
});

describe('the customer-service window: a blocked popup and a failed fetch', () => {
  const { publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  beforeAll(async () => {
    await setupShell();
  });
  afterEach(() => {
    document.querySelectorAll('[data-testid="service-notice"]').forEach((n) => n.remove());
    vi.restoreAllMocks();
  });

  it('ER-20 a blocked popup tells the player the popup was blocked: allow pop-ups and try again (the live chat and the VIP service)', async () => {
    expect(pagesEn.cs_popup_blocked).toMatch(/blocked/);
    expect(pagesEn.cs_popup_blocked).toMatch(/Allow pop-ups/);
    expect(pagesEn.cs_popup_blocked).toMatch(/try again/);
    const { requests } = stubFetch({});
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    for (const rank of [null, 5]) {
      expect(openCustomerService(status().info, rank)).toBeNull();
      const notice = await screen.findByTestId('service-notice', {}, { timeout: 5000 });
      expect(notice).toHaveAttribute('role', 'alert');
      expect(notice).toHaveTextContent(pagesEn.cs_popup_blocked);
      notice.remove();
    }
    expect(open).toHaveBeenCalledTimes(2);
    // Nothing was fetched for a window that never opened.
    expect(requests.some((r) => r.url.pathname === '/wps/system/service')).toBe(false);
  });

  it('ER-45 a failed customer-service fetch (getService) closes the window opened for it, and only once it has failed; the player is told', async () => {
    let fail!: () => void;
    const failed = new Promise<void>((resolve) => (fail = resolve));
    stubFetch({ '/wps/session/publicKey': () => ({ keyId: 'k1', publicKey }) });
    const stubbed = globalThis.fetch;
    const service: string[] = [];
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://shell.test');
      if (url.pathname !== '/wps/system/service') return stubbed(input, init);
      service.push(init?.method ?? 'GET');
      await failed;
      return new Response(JSON.stringify({ success: false, errorCode: 'system.error', message: 'down' }), {
        status: 500,
      });
    }) as typeof fetch;
    const popup = { closed: false, close: vi.fn(), location: { href: 'about:blank' } };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    expect(openCustomerService(status().info, null)).toBe(popup);
    expect(open.mock.calls[0]![0]).toBe('about:blank');
    // The fetch is under way: the window stays open.
    await waitFor(() => expect(service).toEqual(['POST']), { timeout: 5000 });
    expect(popup.close).not.toHaveBeenCalled();
    fail();
    await waitFor(() => expect(popup.close).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(popup.location.href).toBe('about:blank');
    expect(await screen.findByTestId('service-notice')).toHaveTextContent(pagesEn.cs_fetch_failed);
  });
});
