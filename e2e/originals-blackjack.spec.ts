import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectVerified, lobbyOriginalsRow, looker, rotateSeed, roundIdOf } from './originals-kit.ts';

/**
 * Blackjack (issue 34, decision 057) in Chromium: opened from the lobby's originals row, a hand
 * played on desktop by the keyboard (Space deals, H hits a low hand, S stands) and one on a phone
 * by touch (Deal, then Stand until the hand settles); the seed is rotated and the verifier page
 * recomputes both rounds and finds they match. With LOOK_DIR set, the pages are photographed at
 * 1440×900 and 390×844.
 */
const look = looker('originals-blackjack');

/**
 * Plays the open hand to its end: `move` hits below 12 and stands otherwise (by key or by tap).
 * Each move waits for the table to take it (a card more in the hand, or the round settled), so a
 * key is never pressed twice on one state, and no fixed pause is needed.
 */
async function playOut(page: Page, move: (action: 'hit' | 'stand') => Promise<void>) {
  const settled = page.getByTestId('verify-link');
  const stand = page.locator('[data-testid="blackjack-stand"]:enabled');
  const hand = page.locator('[data-testid="blackjack-hand"][data-active]');
  for (let i = 0; i < 12; i++) {
    // The round settled, or the hand waits for a move.
    await expect(settled.or(stand).first()).toBeVisible({ timeout: 15_000 });
    if (await settled.isVisible()) return;
    const total = Number(await hand.getAttribute('data-total'));
    const cards = await hand.getByRole('img').count();
    await move(total < 12 ? 'hit' : 'stand');
    await expect(settled.or(hand.getByRole('img').nth(cards)).first()).toBeVisible({ timeout: 15_000 });
  }
}

test.describe('Blackjack', () => {
  test.setTimeout(150_000);

  test('Blackjack in the lobby row: a hand played by the keyboard on desktop and one by touch on a phone, both verified', async ({
    page,
    server,
  }) => {
    const row = await lobbyOriginalsRow(page, server);
    const card = row.getByTestId('original-card-blackjack');
    await expect(card).toBeVisible();
    await expect(card).toContainText('99.31');
    await card.scrollIntoViewIfNeeded();
    await look(page, 'lobby-row-1440');
    await card.click();
    await expect(page).toHaveURL(/\/sandbox\/games\/blackjack/, { timeout: 30_000 });
    await expect(page.getByTestId('original-blackjack')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('sound-toggle')).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByTestId('blackjack-hit')).toBeDisabled();
    await look(page, 'blackjack-idle-1440');

    // The keyboard: Space deals; H or S until the hand settles.
    await page.getByTestId('bet-amount').fill('1');
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Space');
    await expect(page.getByTestId('blackjack-hand').first().getByRole('img')).toHaveCount(2, {
      timeout: 15_000,
    });
    if (await page.getByTestId('blackjack-stand').isEnabled()) await look(page, 'blackjack-open-1440');
    await playOut(page, (a) => page.keyboard.press(a === 'hit' ? 'h' : 's'));
    const rounds = [await roundIdOf(page)];
    await expect(page.getByTestId('blackjack-hand').first()).toHaveAttribute(
      'data-result',
      /blackjack|win|push|lose|bust/,
    );
    expect(await page.getByTestId('blackjack-dealer').getByRole('img').count()).toBeGreaterThanOrEqual(1);
    await look(page, 'blackjack-1440', 600);

    // On a phone, by touch.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/sandbox/games/blackjack');
    await expect(page.getByTestId('original-blackjack')).toBeVisible({ timeout: 15_000 });
    await look(page, 'blackjack-idle-390');
    await page.getByTestId('play').click();
    await expect(page.getByTestId('blackjack-hand').first().getByRole('img')).toHaveCount(2, {
      timeout: 15_000,
    });
    if (await page.getByTestId('blackjack-stand').isEnabled()) await look(page, 'blackjack-open-390');
    await playOut(page, (a) => page.getByTestId(`blackjack-${a}`).click());
    rounds.push(await roundIdOf(page));
    await look(page, 'blackjack-390', 600);

    // Rotating the seed reveals it; the verifier recomputes both rounds from it and agrees.
    expect(await rotateSeed(page, 'blackjack')).toBe(true);
    await expectVerified(page, rounds, 'dealer');
    await page.getByTestId('outcome-detail').first().scrollIntoViewIfNeeded();
    await look(page, 'verify-blackjack-390');
  });
});
