import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectVerified, lobbyOriginalsRow, looker, rotateSeed, roundIdOf } from './originals-kit.ts';

/**
 * The card originals (issue 34, decision 046) in Chromium: HiLo opened from the lobby's originals
 * row, a round played on desktop (a skip by the keyboard, a guess, a cash-out when it was right)
 * and one on a phone by touch; the seed is rotated and the verifier page recomputes both rounds and
 * finds they match. With LOOK_DIR set, the pages are photographed at 1440×900 and 390×844.
 */
const look = looker('originals-cards');

/**
 * Plays the open round to its end: the likelier of higher and lower until a guess is right (then
 * cash out) or wrong (the round ends). Returns the settled round's id.
 */
async function playToEnd(page: Page, name: string): Promise<string> {
  const link = page.getByTestId('verify-link');
  const cash = page.getByTestId('cash-out');
  for (let i = 0; i < 20; i++) {
    if (await link.isVisible()) break;
    await expect(cash).toBeVisible();
    if (await cash.isEnabled()) {
      await cash.click();
      break;
    }
    const higher = page.getByTestId('hilo-higher');
    const lower = page.getByTestId('hilo-lower');
    const chance = async (b: typeof higher) =>
      (await b.isEnabled()) ? Number(/([\d.]+)%/.exec((await b.textContent()) ?? '')?.[1] ?? 0) : -1;
    const pick = (await chance(higher)) >= (await chance(lower)) ? higher : lower;
    const step = await page.getByTestId('hilo-strip').locator('li').count();
    await pick.click();
    // The answer: the round moved on (one more card) or ended.
    await expect(async () => {
      const now = await page.getByTestId('hilo-strip').locator('li').count();
      // isEnabled waits for its element: the cash-out button is gone once the round has ended.
      const canCash = (await cash.isVisible()) && (await cash.isEnabled());
      expect((await link.isVisible()) || canCash || now > step).toBe(true);
    }).toPass({ timeout: 15_000 });
    await look(page, `${name}-step${i}`);
  }
  return roundIdOf(page);
}

test.describe('card originals', () => {
  test.setTimeout(150_000);

  test('HiLo in the lobby row: a round on desktop (keyboard skip, a guess, cash-out) and one on a phone, both verified', async ({
    page,
    server,
  }) => {
    const row = await lobbyOriginalsRow(page, server);
    await expect(row.getByTestId('original-card-hilo')).toBeVisible();
    await look(page, 'lobby-row-1440');
    await page.goto('/sandbox/games/hilo');
    await expect(page.getByTestId('original-hilo')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('sound-toggle')).toHaveAttribute('aria-pressed', 'false');
    const rounds: string[] = [];

    // A round left open (an earlier run) is played on; else Space bets.
    if (await page.getByTestId('play').isVisible()) {
      await look(page, 'hilo-idle-1440');
      await page.getByTestId('bet-amount').fill('1');
      await page.locator('body').click({ position: { x: 5, y: 5 } });
      await page.keyboard.press('Space');
    }
    await expect(page.getByTestId('cash-out')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('hilo-current').getByRole('img')).toHaveAttribute(
      'data-card',
      /^(A|[2-9]|10|J|Q|K)[♠♥♦♣]$/,
    );
    // → skips the card: the strip shows the first card and the skipped one.
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('hilo-strip').locator('li')).not.toHaveCount(0);
    await look(page, 'hilo-open-1440');
    rounds.push(await playToEnd(page, 'hilo-1440'));
    await expect(page.getByTestId('hilo-ended')).toBeVisible();
    await look(page, 'hilo-1440');

    // On a phone, by touch.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/sandbox/games/hilo');
    await expect(page.getByTestId('original-hilo')).toBeVisible({ timeout: 15_000 });
    await look(page, 'hilo-idle-390');
    await page.getByTestId('play').click();
    await expect(page.getByTestId('hilo-higher')).toBeVisible({ timeout: 15_000 });
    await look(page, 'hilo-open-390');
    rounds.push(await playToEnd(page, 'hilo-390'));
    await look(page, 'hilo-390');

    // Rotating the seed reveals it; the verifier recomputes both rounds from it and agrees.
    expect(await rotateSeed(page, 'hilo')).toBe(true);
    await page.setViewportSize({ width: 1440, height: 900 });
    await expectVerified(page, rounds, 'Cards ');
    await look(page, 'verify-hilo-1440');
  });
});
