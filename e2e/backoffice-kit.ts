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
 * The first admin from the operator CLI (`staff create-admin`), enrolled over the wire, creates the
 * staff accounts the test needs through the staff call (as the console's Staff page does). Each key
 * of `roles` is the prefix of its account's username; each account comes back with its one-time
 * password (not yet enrolled: its first sign-in enrols), and `adminToken` is the admin's session.
 */
export async function staffAccounts<K extends string>(
  server: RunningServer,
  roles: Record<K, StaffSpec>,
): Promise<Record<K, StaffAccount> & { adminToken: string }> {
  const admin = uniqueName('boadm');
  const made = await server.cli('staff', 'create-admin', admin, '--name', 'Staff Setup');
  expect(made, made.stderr).toMatchObject({ code: 0 });
  const login = await boPost(server, '/session/login', {
    username: admin,
    password: /One-time password: (\S+)/.exec(made.stdout)![1]!,
  });
  const adminToken = login.token as string;
  const secret = (login.enrolment as { secret: string }).secret;
  await boPost(server, '/session/enrol', { code: totpCode(secret) }, adminToken);
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
