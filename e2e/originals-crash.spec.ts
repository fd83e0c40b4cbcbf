import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { playerSession, preparePage } from './accounts-helpers.ts';

/**
 * Crash (issue 34, decision 055) in Chromium: the demo player signs in through the API, opens
 * the Crash page, bets in the betting phase, watches the curve climb over the live feed and cashes
 * out by the keyboard (or loses to an early crash), on desktop and on a phone; the crashed round's
 * hash is shown with the chain's commitment. With LOOK_DIR set, the page is photographed at
 * 1440×900 and 390×844.
 */
const repoRoot = resolve(import.meta.dirname, '..');
const lookDir = process.env.LOOK_DIR ? join(resolve(repoRoot, process.env.LOOK_DIR), 'originals') : null;

async function look(page: Page, name: string) {
  if (!lookDir) return;
  mkdirSync(lookDir, { recursive: true });
  await page.screenshot({ path: join(lookDir, `${name}.png`), fullPage: false });
}

async function playOneRound(page: Page, shot: string) {
  await page.goto('/sandbox/games/crash');
  await expect(page.getByTestId('crash-game')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('crash-commitment')).toHaveText(/^[0-9a-f]{64}$/);
  // Wait for a betting phase with time left, then bet. The round in flight may be a long one: the
  // curve takes 63 s to reach 44x and 115 s to reach 1000x (P = 0.099 %), so the wait is generous.
  const action = page.getByTestId('crash-action');
  await expect(action).toBeEnabled({ timeout: 150_000 });
  await page.getByTestId('crash-bet-input').fill('1');
  await action.click();
  await expect(page.getByTestId('crash-message')).toContainText(/Bet placed/);
  await expect(page.getByTestId('crash-players')).toBeVisible();
  await look(page, `${shot}-betting`);
  // The flight: the feed's ticks move the multiplier; cash out with the keyboard, unless it crashes first.
  await expect(page.getByTestId('crash-phase')).toHaveText(/Flying|Crashed/, { timeout: 30_000 });
  if ((await page.getByTestId('crash-phase').textContent())?.includes('Flying')) {
    await look(page, `${shot}-flying`);
    await page.locator('body').press('Space');
  }
  await expect(page.getByTestId('crash-message')).toHaveText(/cashed out|lost|Too late/, { timeout: 60_000 });
  await expect(page.getByTestId('crash-phase')).toHaveText(/Crashed at/, { timeout: 150_000 });
  await expect(page.getByTestId('crash-round-hash')).toHaveText(/^[0-9a-f]{64}$/);
  await look(page, `${shot}-crashed`);
}

test.describe('Crash', () => {
  test.setTimeout(720_000);

  test('a player bets, watches the live curve and cashes out, on desktop and phone; the crashed round shows its hash', async ({
    page,
    server,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await preparePage(page);
    await playerSession(page, server, 'demo', 'Demo1234');
    await playOneRound(page, 'crash-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await playOneRound(page, 'crash-phone');
  });
});
