import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import { expect, type Page } from '@playwright/test';
import { encryptPayload, type ServerPublicKey } from '../packages/contract/src/payload-crypto.ts';
import type { RunningServer } from './server.ts';
import { CONTRACT_MODAL_PUT_OFF } from './shell-helpers.ts';

/**
 * Helpers of the accounts end-to-end specs. Accounts a test needs for itself are made through the
 * real API, encrypted exactly as the web client does it; codes are read from the outbox through
 * the operator command, as a player would read their phone.
 */

/** A caller address of its own (the e2e server trusts X-Forwarded-For), so per-IP limits do not pile up across tests. */
export function freshIp(): string {
  return `10.${randomInt(1, 255)}.${randomInt(0, 255)}.${randomInt(1, 255)}`;
}

/**
 * English pages, a caller address of the test's own, and the home page's popup notices marked as
 * seen (they open over everything on a first visit and are the notices feature's business).
 */
export async function preparePage(page: Page, ip: string = freshIp()): Promise<string> {
  const res = await page.request.get(
    '/wps/relay/MCSFE_getListAnnouncements?types=B,PL,PU,PR&platform=W&execution=B',
    { headers: { Merchant: 'SEA888' } },
  );
  const popupIds =
    ((await res.json()) as { value?: { popup?: { id: number }[] } }).value?.popup?.map((p) => p.id) ?? [];
  await page.addInitScript(
    ({ ids, later }: { ids: number[]; later: string[] }) => {
      if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', 'en');
      window.sessionStorage.setItem('popupNoticeSeen', JSON.stringify(ids));
      // The contract modal at login put off for the demo agents (see CONTRACT_MODAL_PUT_OFF).
      for (const key of later) window.sessionStorage.setItem(key, '1');
    },
    { ids: popupIds, later: CONTRACT_MODAL_PUT_OFF },
  );
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': ip });
  if (process.env.E2E_DEBUG) {
    page.on('pageerror', (e) => console.log('[pageerror]', e.message));
    page.on('response', (r) => {
      if (r.status() >= 500) console.log('[http]', r.status(), r.url());
    });
  }
  return ip;
}

export function uniqueName(prefix = 'p'): string {
  return `${prefix}${Date.now().toString(36).slice(-5)}${randomInt(100, 999)}`;
}

/**
 * A ten-digit bank account number nobody has bound yet, ending in 7890 (ten digits, as the first
 * bank of the list, Bangkok Bank, takes them): a number can be bound once on the whole site, and
 * the specs of a worker share one server (two specs binding "1234567890" failed the second's bind
 * with "already bound", then passed on the retry's fresh server).
 */
export function freshBankNumber(): string {
  return `${randomInt(100_000, 1_000_000)}7890`;
}

/** A Vietnamese mobile number nobody has yet (9 national digits starting with 9). */
export function freshVnMobile(): string {
  // 098 is a Viettel prefix: any 7 digits after it are a valid number, where a random 9xx was not
  // always (libphonenumber's metadata has no 0992 range, and the server refused one in a hundred).
  return `98${String(randomInt(1_000_000, 9_999_999))}`;
}

async function api(
  server: RunningServer,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const res = await fetch(`${server.url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      Merchant: 'SEA888',
      Device: 'web',
      Language: 'en',
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return (await res.json()) as { success: boolean; value?: unknown; errorCode?: string; message?: string };
}

export async function secureApi(
  server: RunningServer,
  path: string,
  payload: unknown,
  options: { method?: 'POST' | 'PUT'; ip?: string; token?: string } = {},
) {
  const key = (await api(server, '/wps/session/publicKey')).value as ServerPublicKey;
  const { body, headers } = await encryptPayload(key, payload);
  return api(server, path, {
    method: options.method ?? 'POST',
    body,
    headers: {
      ...headers,
      'X-Forwarded-For': options.ip ?? freshIp(),
      ...(options.token ? { Authorization: options.token } : {}),
    },
  });
}

/**
 * Runs `fn` with a feature switch set, then puts the switch back as it was (not the opposite of
 * `on`: a switch already on and set on again stays on for the worker's later tests).
 */
export async function withSwitch<T>(
  server: RunningServer,
  modId: string,
  on: boolean,
  fn: () => Promise<T>,
): Promise<T> {
  const listed = new RegExp(`^\\s*${modId}\\s+(on|off)\\b`, 'im').exec(await server.ops('switch', 'list'));
  if (!listed) throw new Error(`switch ${modId} is not in the switch list`);
  const was = listed[1]!;
  await server.ops('switch', modId, on ? 'on' : 'off');
  try {
    return await fn();
  } finally {
    await server.ops('switch', modId, was);
  }
}

/** The newest 6-digit code the outbox holds for a number (E.164) or an address. */
export async function outboxCode(server: RunningServer, to: string): Promise<string> {
  const text = await server.ops('outbox', '--to', to, '--limit', '1');
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}:\n${text}`);
  return code;
}

/** A new member registered by username through the API (the register captcha is switched off for the moment). */
export async function createMember(
  server: RunningServer,
  username: string,
  password: string,
  extra: Record<string, unknown> = {},
): Promise<void> {
  await withSwitch(server, 'CAPTCHA3', false, async () => {
    const res = await secureApi(
      server,
      '/wps/member/register',
      { username, password, confirmPassword: password, registerMethod: 'WEB', ...extra },
      { method: 'PUT' },
    );
    if (!res.success) throw new Error(`register ${username} failed: ${res.errorCode} ${res.message}`);
  });
}

/** A new member registered by mobile number (VN) through the API, with the code from the outbox. */
export async function createMobileMember(
  server: RunningServer,
  national: string,
  password: string,
): Promise<void> {
  const ip = freshIp();
  const sent = await api(server, '/wps/verification/sms/register/mobile', {
    body: { mobileNo: national, countryDialingCode: '84' },
    headers: { 'X-Forwarded-For': ip },
  });
  if (!sent.success) throw new Error(`sms for ${national} failed: ${sent.errorCode} ${sent.message}`);
  const code = await outboxCode(server, `+84${national}`);
  await withSwitch(server, 'CAPTCHA3', false, async () => {
    const res = await secureApi(
      server,
      '/wps/member/register/mobile',
      {
        mobileNum: national,
        countryDialingCode: '84',
        verificationCode: code,
        password,
        confirmPassword: password,
        registerMethod: 'WEB',
      },
      { method: 'PUT', ip },
    );
    if (!res.success) throw new Error(`mobile register ${national} failed: ${res.errorCode} ${res.message}`);
  });
}

/**
 * A member's session made through the login call (encrypted as the web client does it) and put in
 * the tab as the client keeps it (sessionStorage, once: a later logout in the tab stays logged out),
 * then the home page with the member bar and the member's name: where `loginThroughPopup` leaves the
 * page, without the popup. For the specs whose business is past the login; the popup itself is the accounts specs'.
 * Returns the session's token.
 */
export async function playerSession(
  page: Page,
  server: RunningServer,
  username: string,
  password: string,
  ip: string = freshIp(),
): Promise<string> {
  const res = await secureApi(server, '/wps/session/login', { username, password }, { ip });
  if (!res.success) throw new Error(`login ${username} failed: ${res.errorCode} ${res.message}`);
  const { token, type } = res.value as { token: string; type?: number };
  await page.addInitScript(
    ({ token, type }) => {
      if (window.sessionStorage.getItem('e2e.session.seeded')) return;
      window.sessionStorage.setItem('e2e.session.seeded', '1');
      window.sessionStorage.setItem('token', token);
      if (type) window.sessionStorage.setItem('isAgent', String(type));
    },
    { token, type },
  );
  await page.goto('/');
  await page.getByTestId('member-bar-content').waitFor();
  // The member info read (the name in the member menu), as a popup login has it before it ends.
  await expect(page.getByTestId('member-menu-button')).toHaveText(/\S/);
  return token;
}

/** Opens the login popup from the header. */
export async function openLogin(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Log in', exact: true }).first().click();
  await page.getByTestId('login-form').waitFor();
}

/** Logs in by username through the popup and waits for the member bar. */
export async function loginThroughPopup(page: Page, username: string, password: string): Promise<void> {
  await openLogin(page);
  const form = page.getByTestId('login-form');
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByTestId('login-submit').click();
  await page.getByTestId('member-bar-content').waitFor();
}

/** Everything the page keeps in web storage and cookies, as one string to search. */
export async function browserStorageDump(page: Page): Promise<string> {
  const storage = await page.evaluate(() => {
    const dump = (s: Storage) =>
      Object.fromEntries(Array.from({ length: s.length }, (_, i) => s.key(i)!).map((k) => [k, s.getItem(k)]));
    return JSON.stringify({
      local: dump(window.localStorage),
      session: dump(window.sessionStorage),
      cookie: document.cookie,
    });
  });
  const cookies = JSON.stringify(await page.context().cookies());
  return `${storage}\n${cookies}`;
}

/** The slider challenge as GET /wps/verification/challenge answers it (the parts a solver needs). */
export interface ChallengeBody {
  background: string;
  piece: string;
  y: number;
  pieceSize: number;
  width: number;
}

/**
 * Where the piece's hole is: the server darkens the hole, so the background there is the piece's
 * own pixels at about 45% brightness. The column where that fits best is the answer a player sees.
 */
export async function solveChallenge(c: ChallengeBody): Promise<number> {
  const bg = await sharp(Buffer.from(c.background, 'base64'))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const piece = await sharp(Buffer.from(c.piece, 'base64'))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let best = 0;
  let bestScore = Infinity;
  for (let x = 0; x <= c.width - c.pieceSize; x++) {
    let score = 0;
    let n = 0;
    for (let j = 4; j < c.pieceSize - 4; j += 2) {
      for (let i = 4; i < c.pieceSize - 4; i += 2) {
        const p = (j * piece.info.width + i) * 4;
        if (piece.data[p + 3]! < 250) continue;
        const b = ((c.y + j) * bg.info.width + (x + i)) * 4;
        for (let k = 0; k < 3; k++) score += Math.abs(bg.data[b + k]! - piece.data[p + k]! * 0.45);
        n++;
      }
    }
    if (n && score / n < bestScore) {
      bestScore = score / n;
      best = x;
    }
  }
  return best;
}
