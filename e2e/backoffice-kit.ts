import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { StaffRole } from '../packages/contract/src/backoffice/roles.ts';
import { expect } from './fixtures.ts';
import { uniqueName } from './accounts-helpers.ts';
import type { RunningServer } from './server.ts';
import { settled } from './settled.ts';
import { totpCode } from './totp.ts';

/**
 * What the back-office specs (and the player-side specs that meet the console) share: the
 * photographs of LOOK_DIR, the /bo/api wire, the staff accounts a test needs, and the console's
 * sign-in with an authenticator code computed here (decisions 031 and 032).
 */

/** Where the screens are photographed (LOOK.md); unset, `look` does nothing. */
export const lookDir = process.env.LOOK_DIR;

/**
 * With LOOK_DIR set, photographs the whole page at rest as `<name>-1440.png` and, with
 * `{ phone: true }`, also at 390×844 as `<name>-390.png` (the viewport is put back to 1440×900).
 */
export async function look(page: Page, name: string, options: { phone?: boolean } = {}) {
  if (!lookDir) return;
  mkdirSync(lookDir, { recursive: true });
  await settled(page);
  await page.screenshot({ path: join(lookDir, `${name}-1440.png`), fullPage: true });
  if (!options.phone) return;
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  await page.screenshot({ path: join(lookDir, `${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await settled(page);
}

export interface BoCallOptions {
  /** GET without a body, POST with one, unless named. */
  method?: 'GET' | 'POST';
  /** Sent as JSON. */
  body?: unknown;
  /** A staff session's token (the authorization header). */
  token?: string;
}

/** A call of the back office's JSON wire (/bo/api); a refusal throws with the server's message. */
export async function boCall(
  server: RunningServer,
  path: string,
  { method, body, token }: BoCallOptions = {},
) {
  const res = await fetch(`${server.url}/bo/api${path}`, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: token } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json()) as { success: boolean; value: Record<string, unknown>; message?: string };
  if (!json.success) throw new Error(`${path}: ${json.message}`);
  return json.value;
}

/** `boCall` with a POST of `body`. */
export function boPost(server: RunningServer, path: string, body: unknown, token?: string) {
  return boCall(server, path, { method: 'POST', body, token });
}

export interface StaffAccount {
  username: string;
  password: string;
}

/** A role, or a role and the display name the account gets (else "<key> <role>"). */
export type StaffSpec = StaffRole | { role: StaffRole; displayName: string };

/**
 * The set-up admin of each server this worker talks to, by URL: made once (the operator command
 * `staff create-admin` through the server's /ops endpoint, enrolled over the wire) and reused by
 * every later `staffAccounts` of the worker, instead of a CLI process and an enrolment per test.
 * The CLI's own path is backoffice-console.spec.ts's business. A session that ended (staff
 * sessions idle out after 15 min; a spec's own server may reuse a port) is replaced by a new admin.
 */
const setupAdmins = new Map<string, Promise<string>>();

async function newSetupAdmin(server: RunningServer): Promise<string> {
  const admin = uniqueName('boadm');
  const made = await server.ops('staff', 'create-admin', admin, '--name', 'Staff Setup');
  const login = await boPost(server, '/session/login', {
    username: admin,
    password: /One-time password: (\S+)/.exec(made)![1]!,
  });
  const adminToken = login.token as string;
  const secret = (login.enrolment as { secret: string }).secret;
  await boPost(server, '/session/enrol', { code: totpCode(secret) }, adminToken);
  return adminToken;
}

/** The session of the server's set-up admin (made at the first need of this worker, see `setupAdmins`). */
export async function setupAdminToken(server: RunningServer): Promise<string> {
  const known = setupAdmins.get(server.url);
  if (known) {
    const token = await known.catch(() => null);
    if (
      token &&
      (await boCall(server, '/session/me', { token }).then(
        () => true,
        () => false,
      ))
    )
      return token;
  }
  const made = newSetupAdmin(server);
  setupAdmins.set(server.url, made);
  return made;
}

/**
 * The staff accounts the test needs, created by the server's set-up admin through the staff call
 * (as the console's Staff page does). Each key of `roles` is the prefix of its account's username;
 * each account comes back with its one-time password (not yet enrolled: its first sign-in enrols),
 * and `adminToken` is the set-up admin's session (shared by the tests of the worker: a test must not
 * end it or change that admin).
 */
export async function staffAccounts<K extends string>(
  server: RunningServer,
  roles: Record<K, StaffSpec>,
): Promise<Record<K, StaffAccount> & { adminToken: string }> {
  const adminToken = await setupAdminToken(server);
  const accounts = {} as Record<K, StaffAccount>;
  for (const [key, spec] of Object.entries(roles) as [K, StaffSpec][]) {
    const { role, displayName } =
      typeof spec === 'string' ? { role: spec, displayName: `${key} ${spec}` } : spec;
    const username = uniqueName(key).slice(0, 30);
    const created = await boPost(server, '/staff', { username, displayName, role }, adminToken);
    accounts[key] = { username, password: created.password as string };
  }
  return { ...accounts, adminToken };
}

/**
 * Signs a new account in over the wire as the console's form does at a first sign-in (password,
 * then the authenticator enrolled with a code computed here) and returns the open session's token.
 */
export async function staffSession(server: RunningServer, who: StaffAccount): Promise<string> {
  const login = await boPost(server, '/session/login', { username: who.username, password: who.password });
  const token = login.token as string;
  const enrolment = login.enrolment as { secret: string } | null;
  if (!enrolment) throw new Error(`${who.username} is enrolled already: staffSession is for a first sign-in`);
  await boPost(server, '/session/enrol', { code: totpCode(enrolment.secret) }, token);
  return token;
}

/**
 * The console opened signed in as `who`, the session made over the wire (`staffSession`) and put in
 * the tab as the console keeps it (sessionStorage, once: a later sign-out in the tab stays signed
 * out). For the specs whose business is past the sign-in; the form itself is `consoleSignIn`'s
 * (backoffice-account and backoffice-console keep it).
 */
export async function consoleSession(page: Page, server: RunningServer, who: StaffAccount): Promise<string> {
  const token = await staffSession(server, who);
  await page.addInitScript((t) => {
    if (window.sessionStorage.getItem('e2e.bo.seeded')) return;
    window.sessionStorage.setItem('e2e.bo.seeded', '1');
    window.sessionStorage.setItem('bo.token', t);
  }, token);
  await page.goto('/bo/');
  await expect(page.getByTestId('who')).toContainText(who.username);
  return token;
}

/** The console's sign-in form: username and password (then the enrolment or the second factor). */
export async function consolePassword(page: Page, who: StaffAccount) {
  await page.goto('/bo/');
  await expect(page).toHaveURL(/\/bo\/signin$/);
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** A first sign-in's enrolment: the secret read off the screen, the authenticator's code for it. */
export async function consoleEnrol(page: Page) {
  const secret = (await page.getByTestId('enrol-secret').innerText()).replace(/\s/g, '');
  await page.getByLabel('Code from the app').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
}

/** Signs in through the console's form and enrols the authenticator (a first sign-in): the console opens. */
export async function consoleSignIn(page: Page, who: StaffAccount) {
  await consolePassword(page, who);
  await consoleEnrol(page);
  await expect(page.getByTestId('who')).toContainText(who.username);
}
