import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { latestBirthdayOfAge } from '../packages/contract/src/age.ts';
import { createMember, loginThroughPopup, preparePage, openLogin, uniqueName } from './accounts-helpers.ts';
import { repoRoot, startServer, type RunningServer } from './server.ts';
import { settled } from './settled.ts';

/**
 * Social sign-in (RG-06, decision 045) and the brand's age (RG-34, RG-35) in the browser, against a
 * real OpenID provider (oidc-provider) started here as a process of its own: the server is told
 * its issuer for Google and Facebook, the browser goes there and back. The brand asks for 21.
 */
const lookDir = process.env.LOOK_DIR;

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });
}

async function startProvider(origin: string): Promise<{ issuer: string; child: ChildProcess }> {
  const setup = {
    redirectUris: ['google', 'facebook'].map((p) => `${origin}/wps/oauth/${p}/callback`),
    accounts: [
      {
        id: 'e2e-ann',
        email: 'ann.e2e@example.com',
        emailVerified: true,
        name: 'Ann Player',
        birthdate: '1990-04-17',
      },
      { id: 'e2e-eve', email: 'eve.e2e@example.com', emailVerified: false, name: 'Eve Unverified' },
      { id: 'e2e-new', email: 'new.e2e@example.com', emailVerified: true, name: 'Nia Newcomer' },
    ],
  };
  const child = spawn(process.execPath, ['apps/server/src/test/oidc-provider-process.ts'], {
    cwd: repoRoot,
    env: { ...process.env, OIDC_TEST_SETUP: JSON.stringify(setup) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  const issuer = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`provider did not start:\n${out}`)), 20_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /issuer (\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        done(m[1]!);
      }
    });
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => fail(new Error(`provider exited with ${code}:\n${out}`)));
  });
  return { issuer, child };
}

const test = base.extend<object, { site: RunningServer }>({
  site: [
    async ({}, use) => {
      const port = await freePort();
      const origin = `http://127.0.0.1:${port}`;
      const { issuer, child } = await startProvider(origin);
      const clientEnv = (p: string) => ({
        [`OIDC_${p}_ISSUER`]: issuer,
        [`OIDC_${p}_CLIENT_ID`]: 'lucky-lotus',
        [`OIDC_${p}_CLIENT_SECRET`]: 'local-test-provider-secret-0123456789',
      });
      const server = await startServer({
        brand: { minimumAge: 21 },
        env: { PORT: String(port), ...clientEnv('GOOGLE'), ...clientEnv('FACEBOOK') },
      });
      await use(server);
      await server.stop();
      child.kill('SIGTERM');
    },
    { scope: 'worker', timeout: 240_000 },
  ],
  baseURL: async ({ site }, use) => use(site.url),
});

async function look(page: Page, name: string) {
  if (!lookDir) return;
  mkdirSync(lookDir, { recursive: true });
  await settled(page);
  await page.screenshot({ path: join(lookDir, `social-${name}-1440.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  await page.screenshot({ path: join(lookDir, `social-${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** At the provider's login page: choose the account. */
async function chooseAccount(page: Page, id: string) {
  await expect(page).toHaveTitle('Local provider: sign in');
  const back = page.waitForURL((url) => url.pathname === '/', { timeout: 60_000 });
  await page.locator(`button[data-account="${id}"]`).click({ noWaitAfter: true });
  await back;
}

test.describe('social sign-in and the brand age', () => {
  test('RG-06 RG-34 RG-35 the buttons and the age follow the configuration: with no provider and the default age neither button shows and the register dialog asks for 18; the brand of 21 with both providers shows both and asks for 21, and its birthday rule requires 21', async ({
    page,
    site,
  }) => {
    test.setTimeout(300_000);
    await preparePage(page);
    const providersAnswered = () => page.waitForResponse((r) => r.url().includes('/wps/oauth/providers'));

    // A server as configured by default: no OpenID provider, no minimumAge in the brand config.
    const plain = await startServer();
    try {
      let answered = providersAnswered();
      await page.goto(`${plain.url}/register`);
      const dialog = page.getByTestId('register-dialog');
      await dialog.getByTestId('register-form').waitFor({ timeout: 60_000 });
      await answered;
      await expect(dialog.getByText('I confirm I am 18 years old or older')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Facebook' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Google' })).toHaveCount(0);
      await dialog.getByTestId('register-age').uncheck();
      await dialog.getByTestId('register-submit').click();
      await expect(dialog.getByText('Please confirm you are 18 years old')).toBeVisible();
      answered = providersAnswered();
      await page.goto(`${plain.url}/`);
      await page.getByRole('button', { name: 'Log in', exact: true }).first().click();
      await page.getByTestId('login-form').waitFor();
      await answered;
      await expect(page.getByRole('button', { name: 'Facebook' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Google' })).toHaveCount(0);
    } finally {
      await plain.stop();
    }

    // The brand of 21 with Google and Facebook configured.
    await page.goto('/register');
    const dialog = page.getByTestId('register-dialog');
    await dialog.getByTestId('register-form').waitFor({ timeout: 60_000 });
    await expect(dialog.getByText('I confirm I am 21 years old or older')).toBeVisible();
    await expect(page.getByTestId('social-register').getByRole('button', { name: 'Facebook' })).toBeVisible();
    await expect(page.getByTestId('social-register').getByRole('button', { name: 'Google' })).toBeVisible();
    await dialog.getByTestId('register-age').uncheck();
    await dialog.getByTestId('register-submit').click();
    await expect(dialog.getByText('Please confirm you are 21 years old')).toBeVisible();
    await openLogin(page);
    await expect(page.getByTestId('social-login').getByRole('button', { name: 'Facebook' })).toBeVisible();
    await expect(page.getByTestId('social-login').getByRole('button', { name: 'Google' })).toBeVisible();

    // Its birthday rule: a member whose birthday makes them 20 is told 21 on the profile page and
    // the server refuses it too; the last birthday of 21 is saved.
    const username = uniqueName('age');
    await createMember(site, username, 'Login12345');
    await loginThroughPopup(page, username, 'Login12345');
    await page.getByTestId('member-menu-button').click();
    await page.getByTestId('member-menu').getByRole('menuitem', { name: 'My account' }).click();
    const centre = page.getByTestId('member-centre');
    await centre.getByTestId('profile-open').click();
    const form = centre.getByTestId('profile-form');
    const oldest21 = latestBirthdayOfAge(21);
    const twenty = new Date(`${oldest21}T00:00:00Z`);
    twenty.setUTCDate(twenty.getUTCDate() + 1);
    const birthday = form.getByTestId('profile-birthday');
    await expect(birthday).toHaveAttribute('max', oldest21);
    await expect(form.getByText('You must be at least 21')).toBeVisible();
    await birthday.fill(twenty.toISOString().slice(0, 10));
    await form.getByTestId('profile-save').click();
    await expect(form.getByRole('alert').filter({ hasText: 'You must be at least 21' })).toBeVisible();
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    const refused = await page.request.post('/wps/member/profile', {
      headers: { Authorization: token!, Merchant: 'SEA888', Device: 'web', Language: 'en' },
      data: { birthday: twenty.toISOString().slice(0, 10) },
    });
    const body = (await refused.json()) as { success: boolean; message?: string };
    expect(body.success).toBe(false);
    expect(body.message).toContain('you must be at least 21');
    await birthday.fill(oldest21);
    await form.getByTestId('profile-save').click();
    await expect(form.getByText('Your profile is saved.')).toBeVisible();
  });

  test('the register dialog of a 21 brand asks "Please confirm you are 21 years old" and shows the Facebook and Google buttons; a new player signs up through the provider and is logged in', async ({
    page,
  }) => {
    await preparePage(page);
    await page.goto('/register');
    const dialog = page.getByTestId('register-dialog');
    // The first page of a fresh server waits for its register rules longer than an expectation.
    await dialog.getByTestId('register-form').waitFor({ timeout: 60_000 });
    await expect(dialog.getByTestId('register-age')).toBeVisible();
    await expect(dialog.getByText('I confirm I am 21 years old or older')).toBeVisible();
    const social = page.getByTestId('social-register');
    await expect(social.getByRole('button', { name: 'Facebook' })).toBeVisible();
    await expect(social.getByRole('button', { name: 'Google' })).toBeVisible();
    await look(page, 'register');

    // Unconfirmed age: the form says so and nothing leaves, neither the register call nor the provider.
    await dialog.getByTestId('register-age').uncheck();
    await dialog.getByTestId('register-submit').click();
    await expect(dialog.getByText('Please confirm you are 21 years old')).toBeVisible();
    await social.getByRole('button', { name: 'Google' }).click();
    await expect(page).toHaveURL(/\/register$/);

    await dialog.getByTestId('register-age').check();
    await expect(dialog.getByText('Please confirm you are 21 years old')).toHaveCount(0);
    await social.getByRole('button', { name: 'Google' }).click();
    await chooseAccount(page, 'e2e-ann');
    await page.getByTestId('member-bar-content').waitFor();
    // The ticket has left the address bar.
    expect(new URL(page.url()).search).toBe('');
    await look(page, 'signed-in');
  });

  test('the login popup shows the Facebook and Google buttons; an unverified e-mail and an unknown player are refused, saying why', async ({
    page,
  }) => {
    await preparePage(page);
    await openLogin(page);
    const social = page.getByTestId('social-login');
    await expect(social.getByRole('button', { name: 'Facebook' })).toBeVisible();
    await expect(social.getByRole('button', { name: 'Google' })).toBeVisible();
    await look(page, 'login');

    await social.getByRole('button', { name: 'Facebook' }).click();
    await chooseAccount(page, 'e2e-eve');
    const error = page.getByTestId('social-error');
    await expect(error).toContainText('The provider has not verified your e-mail address');
    await look(page, 'unverified');
    await error.getByTestId('alert-confirm').click();

    // The provider remembers who signed in there last: forget it, to sign in as someone else.
    await page.context().clearCookies({ name: /^_session/ });
    await openLogin(page);
    await page.getByTestId('social-login').getByRole('button', { name: 'Google' }).click();
    await chooseAccount(page, 'e2e-new');
    await expect(error).toContainText('No account uses this sign-in yet');
    await error.getByTestId('alert-confirm').click();
    await expect(page.getByTestId('register-dialog')).toBeVisible();
    await expect(page.getByTestId('member-bar-content')).toHaveCount(0);
  });
});
