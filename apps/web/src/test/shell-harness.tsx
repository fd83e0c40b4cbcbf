/**
 * Test helpers for the shell's component tests: English strings, the repo's brand config, a
 * QueryClient per test and a fetch stub whose answers are typed from the contract's calls.
 */
import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type {
  Announcements,
  BrandConfig,
  CallValue,
  Notice,
  SystemStatusResponse,
  getHelpCenter,
} from '@app/contract';
import { patternMessages } from '@app/contract';
import brandJson from '../../../../config/brand.json';
import en from '../locales/en.json';
import enPages from '../locales/pages/en.json';
import { setBrand } from '../shared/brand/brand.ts';
import { i18n } from '../shared/i18n/i18n.ts';
import { configureHosts } from '../shared/cdn/image-host.ts';
import { persistQueries } from '../shared/storage/query-persistence.ts';

export const testBrand = brandJson as BrandConfig;

let i18nReady: Promise<unknown> | null = null;

/** i18n with the English catalogues in memory (no network), the brand set, image hosts known. */
export function setupShell(brand: Partial<BrandConfig> = {}): Promise<unknown> {
  setBrand({ ...testBrand, ...brand });
  configureHosts({ imageCDNs: ['/cdn/img1'], launchGameCDNs: ['/cdn/launch1'] });
  if (!i18nReady) {
    i18n.addResourceBundle('en', 'translation', en);
    i18n.addResourceBundle('en', 'pages', enPages);
    i18n.addResourceBundle('en', 'forms', patternMessages);
    i18nReady = i18n.changeLanguage('en');
  }
  return i18nReady;
}

export function notice(id: number, over: Partial<Notice> = {}): Notice {
  const date = Date.UTC(2026, 10, 20, 8, 0, 0) - id * 86_400_000;
  return {
    id,
    type: 'PL',
    title: `Notice number ${id}`,
    content: `<p>Body of notice ${id}</p>`,
    execution: 'B',
    date,
    startDate: date,
    ...over,
  };
}

export function announcements(over: Partial<Announcements> = {}): Announcements {
  return {
    popup: [],
    player: Array.from({ length: 12 }, (_, i) => notice(i + 1)),
    banners: [],
    promotion: [notice(100, { type: 'PR', title: 'Daily reload bonus 10%' })],
    hot: [],
    ...over,
  };
}

export function systemStatus(
  over: Partial<SystemStatusResponse> = {},
  info: Partial<SystemStatusResponse['info']> = {},
): SystemStatusResponse {
  return {
    status: 0,
    maintenance: false,
    maintenanceEnd: null,
    regionRestriction: false,
    location: { ip: '8.8.8.8', country: 'US' },
    ...over,
    info: {
      whitelabel: {
        modId: 'ROOT',
        enabled: '1',
        childrenNodes: [
          {
            modId: 'REGISTER3',
            enabled: '1',
            childrenNodes: [{ modId: 'DIRECTREG3', enabled: '1', childrenNodes: [] }],
          },
          {
            modId: 'PROMOTION3',
            enabled: '1',
            childrenNodes: [{ modId: 'REFERRAL3', enabled: '0', childrenNodes: [] }],
          },
        ],
      },
      register: {} as SystemStatusResponse['info']['register'],
      resources: [
        {
          name: 'logo',
          resourceType: 'LOGO',
          url: '/',
          qrCodeUrl: '',
          labelNameEn: 'Lucky Lotus',
          imageUrl: '/cdn/img1/TCG_PROD_IMAGES/LOGO/logo.png',
        },
        {
          name: 'telegram',
          resourceType: 'SOCIAL',
          url: 'https://t.me/x',
          qrCodeUrl: '',
          labelNameEn: 'Telegram',
          imageUrl: '/cdn/img1/TCG_PROD_IMAGES/SOCIAL/telegram.png',
        },
        {
          name: 'payVISA',
          resourceType: 'PAYMENT',
          url: '',
          qrCodeUrl: '',
          labelNameEn: 'Visa',
          imageUrl: '/cdn/img1/TCG_PROD_IMAGES/PAYMENT/VISA.png',
        },
        {
          name: 'partnerEVO',
          resourceType: 'PARTNER',
          url: '',
          qrCodeUrl: '',
          labelNameEn: 'Evolution',
          imageUrl: '/cdn/img1/TCG_PROD_IMAGES/PARTNER/N2/EVO.png',
        },
      ],
      resourceMap: {},
      customerService: [{ csType: 1, path: '/help?topic=contact', name: 'Live chat' }],
      analytics: { gtagId: '' },
      imageCDNs: ['/cdn/img1'],
      launchGameCDNs: ['/cdn/launch1'],
      domainRoute: [{ domainName: 'www.luckylotus.example', speed: 0 }],
      mainDomain: 'www.luckylotus.example',
      countries: [],
      ...info,
    },
  };
}

export const helpCentre: CallValue<typeof getHelpCenter> = [
  {
    tag: 'general',
    title: 'About us',
    content: '<ul><li>About Lucky Lotus</li></ul>',
    children: [{ tag: 'about', title: 'About Lucky Lotus', content: '<p>About</p>' }],
  },
];

type Handler = (url: URL, init: RequestInit | undefined) => unknown;

/**
 * Replaces fetch: each handler answers one path with the `value` of an envelope (typed by the
 * caller from the contract); `requests` records what the client sent.
 */
export function stubFetch(handlers: Record<string, Handler>) {
  const requests: { url: URL; init: RequestInit | undefined }[] = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://shell.test');
    requests.push({ url, init });
    const handler = handlers[url.pathname];
    if (!handler)
      return new Response(
        JSON.stringify({ success: false, errorCode: 'not.found', message: `No stub for ${url.pathname}` }),
        { status: 404 },
      );
    const value = handler(url, init);
    if (value instanceof Response) return value;
    return new Response(JSON.stringify({ success: true, value }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  globalThis.fetch = fetchStub as typeof fetch;
  return { requests };
}

/** A QueryClient like the app's (session-storage caches included), without retries or polling. */
export function newQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchInterval: false, refetchOnWindowFocus: false } },
  });
  persistQueries(client);
  return client;
}

/** Renders `ui` inside a QueryClient and a memory router at `path` (extra routes optional). */
export function renderShell(
  ui: ReactElement,
  { path = '/', routes = [] as RouteObject[], client = newQueryClient() } = {},
) {
  const router = createMemoryRouter([{ path: '*', element: ui }, ...routes], { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, client };
}

export function withQuery(children: ReactNode, client = newQueryClient()) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
