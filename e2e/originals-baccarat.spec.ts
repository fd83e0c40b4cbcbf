import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { playerSession, preparePage } from './accounts-helpers.ts';

/**
 * Baccarat (issue 34, decision 056) in Chromium: opened from the lobby's originals row, a round
 * dealt on desktop by the keyboard (B places a chip on Banker, T on Tie, Space deals) and one on
 * a phone by touch (chips on Player and Player Pair, the Deal button); the seed is rotated and the
 * verifier page recomputes both rounds and finds they match. With LOOK_DIR set, the pages are
 * photographed at 1440×900 and 390×844.
 */
const repoRoot = resolve(import.meta.dirname, '..');
const lookDir = process.env.LOOK_DIR
  ? join(resolve(repoRoot, process.env.LOOK_DIR), 'originals-baccarat')
  : null;

async function look(page: Page, name: string) {
  if (!lookDir) return;
  mkdirSync(lookDir, { recursive: true });
  await page.screenshot({ path: join(lookDir, `${name}.png`), fullPage: false });
}

async function rotate(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const res = await fetch('/wps/sandbox/house/seed/rotate', {
      method: 'POST',
      headers: {
        Authorization: sessionStorage.getItem('token') ?? '',
        Device: 'web',
        Merchant: 'SEA888',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ gameCode: 'baccarat' }),
    });
    return ((await res.json()) as { success: boolean }).success;
  });
}

async function roundIdOf(page: Page): Promise<string> {
  const link = page.getByTestId('verify-link');
  await expect(link).toBeVisible({ timeout: 15_000 });
  return new URL((await link.getAttribute('href'))!, 'http://x').searchParams.get('roundId')!;
}

test.describe('Baccarat', () => {
  test.setTimeout(150_000);

  test('Baccarat in the lobby row: a round dealt by the keyboard on desktop and one by touch on a phone, both verified', async ({
    page,
    server,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await preparePage(page);
    await playerSession(page, server, 'demo', 'Demo1234');

    const row = page.getByTestId('originals-row');
    await row.scrollIntoViewIfNeeded();
    await expect(row.getByTestId('original-card-baccarat')).toBeVisible();
    await expect(row.getByTestId('original-card-baccarat')).toContainText('85.88–98.93');
    await row.getByTestId('original-card-baccarat').scrollIntoViewIfNeeded();
    await look(page, 'lobby-row-1440');
    await row.getByTestId('original-card-baccarat').click();
    // The route's chunk and strings load before the address changes (30 s: a loaded machine).
    await expect(page).toHaveURL(/\/sandbox\/games\/baccarat/, { timeout: 30_000 });
    await expect(page.getByTestId('original-baccarat')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('sound-toggle')).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByTestId('play')).toBeDisabled();
    await look(page, 'baccarat-idle-1440');

    // The keyboard: B twice and T put 2 + 1 on the table, Backspace takes the last chip back.
    await page.getByTestId('bet-amount').fill('1');
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    for (const key of ['b', 'b', 't', 't', 'Backspace']) await page.keyboard.press(key);
    await expect(page.getByTestId('spot-banker')).toContainText('2.00');
    await expect(page.getByTestId('spot-tie')).toContainText('1.00');
    await expect(page.getByTestId('baccarat-total')).toHaveText('3.00');
    await look(page, 'baccarat-bets-1440');
    await page.keyboard.press('Space');
    const rounds = [await roundIdOf(page)];
    await expect(page.getByTestId('baccarat-result')).toHaveText(/Player wins|Banker wins|Tie/);
    expect(await page.getByTestId('hand-player').getByRole('img').count()).toBeGreaterThanOrEqual(2);
    expect(await page.getByTestId('hand-banker').getByRole('img').count()).toBeGreaterThanOrEqual(2);
    await expect(page.getByTestId('baccarat-road').locator('li')).toHaveCount(1);
    await page.waitForTimeout(900); // the cards' deal (under a second)
    await look(page, 'baccarat-1440');

    // On a phone, by touch.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/sandbox/games/baccarat');
    await expect(page.getByTestId('original-baccarat')).toBeVisible({ timeout: 15_000 });
    await look(page, 'baccarat-idle-390');
    await page.getByTestId('spot-player').click();
    await page.getByTestId('spot-player-pair').click();
    await expect(page.getByTestId('baccarat-total')).toHaveText(/2\.00/);
    await page.getByTestId('play').click();
    rounds.push(await roundIdOf(page));
    await page.waitForTimeout(900);
    await look(page, 'baccarat-390');
    // Deal again repeats the last bets.
    await expect(page.getByTestId('play')).toContainText('Deal again');

    // Rotating the seed reveals it; the verifier recomputes both rounds from it and agrees.
    expect(await rotate(page)).toBe(true);
    for (const roundId of rounds) {
      await page.goto(`/sandbox/verify?roundId=${roundId}`);
      await expect(page.getByTestId('verify-verdict')).toHaveText(/^Match/, { timeout: 20_000 });
      await expect(page.getByTestId('outcome-detail').first()).toContainText('Player ');
    }
    await look(page, 'verify-baccarat-390');
  });
});
