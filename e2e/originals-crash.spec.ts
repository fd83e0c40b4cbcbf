import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { playerSession, preparePage } from './accounts-helpers.ts';

/**
 * Crash (issue 34, decision 055) in Chromium: the demo player signs in through the API, opens
 * the Crash page, bets in the betting phase, watches the curve climb over the live feed and cashes
 * out by the keyboard (or loses to an early crash), on desktop and on a phone; the crashed round's
 * hash is shown with the chain's commitment. The lobby's originals row opens it from its own card
 * (99 %), and the verifier's Crash form, opened from the round's page, recomputes the crash point
 * the page showed and walks the round's hash back to the commitment. With LOOK_DIR set, the pages
 * are photographed at 1440×900 and 390×844.
 */
const repoRoot = resolve(import.meta.dirname, '..');
const lookDir = process.env.LOOK_DIR ? join(resolve(repoRoot, process.env.LOOK_DIR), 'originals') : null;

async function look(page: Page, name: string) {
  if (!lookDir) return;
  mkdirSync(lookDir, { recursive: true });
  await page.screenshot({ path: join(lookDir, `${name}.png`), fullPage: false });
}

async function playOneRound(page: Page, shot: string, fromLobby = false) {
  if (fromLobby) {
    await page.goto('/');
    const card = page.getByTestId('originals-row').getByTestId('original-card-crash');
    await card.scrollIntoViewIfNeeded();
    await expect(card).toContainText('Crash');
    await expect(card).toContainText('99% RTP');
    await look(page, `${shot}-lobby`);
    await card.click();
    await expect(page).toHaveURL(/\/sandbox\/games\/crash/, { timeout: 30_000 });
  } else await page.goto('/sandbox/games/crash');
  await expect(page.getByTestId('crash-game')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('crash-commitment')).toHaveText(/^[0-9a-f]{64}$/);
  // Wait for a betting phase with time left, then bet. The round in flight may be a long one: the
  // curve takes 63 s to reach 44x and 115 s to reach 1000x (P = 0.099 %), so the wait is generous.
  // The betting window is 7 s: a click in its last moments reaches a closed round on a loaded
  // machine, so bet only with two seconds or more on the countdown.
  const action = page.getByTestId('crash-action');
  await page.getByTestId('crash-bet-input').fill('1');
  await expect(async () => {
    await expect(action).toBeEnabled({ timeout: 1_000 });
    const left = /Starts in (\d+\.\d)/.exec((await page.getByTestId('crash-phase').textContent()) ?? '');
    expect(Number(left?.[1] ?? 0)).toBeGreaterThanOrEqual(2);
  }).toPass({ timeout: 150_000, intervals: [200] });
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
  // The round's page names its crash point and reveals its hash; the verifier recomputes it.
  const shown = /Crashed at (\d+\.\d{2})×/.exec(
    (await page.getByTestId('crash-phase').textContent()) ?? '',
  )![1]!;
  const hash = (await page.getByTestId('crash-round-hash').textContent())!;
  const link = page.getByTestId('crash-verify-link');
  const href = new URL((await link.getAttribute('href'))!, 'http://x');
  expect(href.searchParams.get('hash')).toBe(hash);
  // An instant crash is kept as 99 (below any cash-out) and read as 1.00×.
  expect(Math.max(100, Number(href.searchParams.get('point'))) / 100).toBe(Number(shown));
  await link.click();
  await expect(page).toHaveURL(/\/sandbox\/verify\?game=crash/, { timeout: 30_000 });
  await expect(page.getByTestId('verify-kind-crash')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('crash-verify-hash')).toHaveValue(hash);
  await page.getByTestId('crash-verify-button').click();
  await expect(page.getByTestId('crash-verify-point')).toContainText(`crashed at ${shown}×`, {
    timeout: 30_000,
  });
  await expect(page.getByTestId('crash-verify-verdict')).toHaveText(/^Match/);
  await expect(page.getByTestId('crash-verify-chain')).toContainText('leads back to the commitment');
  await look(page, `${shot}-verified`);
}

test.describe('Crash', () => {
  test.setTimeout(720_000);

  test('a player opens Crash from the lobby row, bets, watches the live curve and cashes out, on desktop and phone; the verifier recomputes each crashed round from its hash', async ({
    page,
    server,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await preparePage(page);
    await playerSession(page, server, 'demo', 'Demo1234');
    await playOneRound(page, 'crash-desktop', true);
    await page.setViewportSize({ width: 390, height: 844 });
    await playOneRound(page, 'crash-phone', true);
  });
});
