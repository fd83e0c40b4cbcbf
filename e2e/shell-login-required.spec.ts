import { test as base, expect } from '@playwright/test';
import { startServer, type RunningServer } from './server.ts';
import { englishPage } from './shell-helpers.ts';
import { playerSession } from './accounts-helpers.ts';

/** A server of its own whose brand config turns login-required mode on. */
const test = base.extend<object, { strictServer: RunningServer }>({
  strictServer: [
    async ({}, use) => {
      const server = await startServer({ brand: { loginedToHomePage: true } });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ strictServer }, use) => use(strictServer.url),
});

test.describe('login-required mode', () => {
  test.beforeEach(async ({ page }) => englishPage(page, { popupsSeen: false }));

  test('SH-22 without a token every other path redirects to /login', async ({ page }) => {
    for (const path of [
      '/',
      '/home',
      '/promotions',
      '/rng?vassalage=PG',
      '/lottery',
      '/vip',
      '/noticePage',
      '/no/such/page',
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/login$/);
      await expect(page.getByTestId('login-page'), path).toBeVisible();
    }
    // Navigation inside the app is checked too, not only page loads.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Slots' })
      .click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('SH-23 /login, /register, /register.html, /helpmc and /download open without a token', async ({
    page,
  }) => {
    for (const [path, check] of [
      ['/login', 'login-page'],
      ['/helpmc', 'helpmc-page'],
    ] as const) {
      await page.goto(path);
      await expect(page, path).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByTestId(check)).toBeVisible();
    }
    await page.goto('/download');
    await expect(page).toHaveURL(/\/download$/);
    await expect(page.getByRole('heading', { level: 1, name: 'App download' })).toBeVisible();
    for (const path of ['/register', '/register.html']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(new RegExp(`${path.replace('.', '\\.')}$`));
      await expect(page.getByRole('dialog'), path).toBeVisible();
    }
  });

  test('SH-24 with a token in session storage nothing redirects', async ({ page, strictServer }) => {
    // A member's own session: a made-up token is ended by the first call that reads it (an expired
    // session leads to /login at once), so only a live one shows what holding a token does.
    await playerSession(page, strictServer, 'demo', 'Demo1234');
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto('/promotions');
    await expect(page).toHaveURL(/\/promotions$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();
  });
});
