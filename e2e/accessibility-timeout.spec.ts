import type { Page } from '@playwright/test';
import { test as base, expect } from './fixtures.ts';
import { playerSession, preparePage } from './accounts-helpers.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * The session time-out warning (WCAG 2.2.1 Timing Adjustable, decision 050) in the browser, on a
 * server of its own whose sessions end after 45 s without a call (SESSION_IDLE_MINUTES=0.75): the
 * warning opens at least 20 s before the end, "Stay logged in" keeps the session past the end it
 * had (a later call succeeds), and a warning let run out logs the player out.
 */
const IDLE_MS = 45_000;
const test = base.extend<object, { server: RunningServer }>({
  server: [
    async ({}, use) => {
      const server = await startServer({ env: { SESSION_IDLE_MINUTES: String(IDLE_MS / 60_000) } });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 150_000 },
  ],
});

/** The seconds the open warning says are left. */
async function secondsLeft(page: Page): Promise<number> {
  const text = await page.getByTestId('session-expiry').innerText();
  const n = /(\d+)\s*seconds/.exec(text)?.[1];
  if (!n) throw new Error(`no seconds in "${text}"`);
  return Number(n);
}

test('the time-out warning comes at least 20 s ahead; "Stay logged in" keeps the session; let run out, it logs the player out', async ({
  page,
  server,
}) => {
  test.setTimeout(240_000);
  const ip = await preparePage(page);
  if (process.env.E2E_DEBUG)
    page.on('request', (r) => {
      const h = r.headers();
      if (h.authorization) console.log('[token call]', Date.now(), r.url(), h['session-activity'] ?? '');
    });
  const token = await playerSession(page, server, 'demo', 'Demo1234', ip);
  const loggedInAt = Date.now();
  const status = () =>
    page.request.get('/wps/responsible/status', {
      headers: { Authorization: token, 'X-Forwarded-For': ip },
    });

  // The warning: open with 20 s or more to go (the server's end is later still), as a dialog.
  const warning = page.getByRole('dialog').filter({ has: page.getByTestId('session-expiry') });
  await expect(warning).toBeVisible({ timeout: IDLE_MS });
  const shownAt = Date.now();
  const first = await secondsLeft(page);
  expect(first).toBeGreaterThanOrEqual(20);
  // The server's end: at the earliest its idle time after the login (its last extension).
  expect(loggedInAt + IDLE_MS - shownAt).toBeGreaterThanOrEqual(20_000);
  await expect(warning).toContainText('logged out');
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: test.info().outputPath(`timeout-warning-${width}.png`) });
  }
  // The count goes down, a second at a time.
  await expect.poll(() => secondsLeft(page), { timeout: 5_000 }).toBeLessThan(first);

  // "Stay logged in" once the server may extend again (a quarter of the idle time since the login).
  await expect.poll(() => secondsLeft(page), { timeout: 20_000 }).toBeLessThanOrEqual(first - 12);
  const stayed = page.waitForResponse((r) => r.url().includes('/wps/responsible/status'));
  await warning.getByRole('button', { name: 'Stay logged in' }).click();
  expect((await stayed).status()).toBe(200);
  await expect(warning).toBeHidden();
  // Past the end the session had before: a call with its token still succeeds.
  await page.waitForTimeout(Math.max(0, loggedInAt + IDLE_MS + 2_000 - Date.now()));
  await expect(page.getByTestId('member-bar-content')).toBeVisible();
  const later = await status();
  expect(later.status()).toBe(200);
  expect((await later.json()).success).toBe(true);

  // Let run out: the warning comes again, counts down to its end, and the player is logged out.
  await expect(warning).toBeVisible({ timeout: IDLE_MS });
  await expect(page.getByRole('button', { name: 'Log in', exact: true }).first()).toBeVisible({
    timeout: IDLE_MS,
  });
  await expect(page.getByTestId('member-bar-content')).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  // The token is no longer a session on the server either.
  const after = await status();
  expect((await after.json()).success).toBe(false);
});
