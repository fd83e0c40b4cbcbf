import { expect, test } from './fixtures.ts';
import { playerSession, preparePage } from './accounts-helpers.ts';
import { expectVerified, lobbyOriginalsRow, looker, rotateSeed, roundIdOf } from './originals-kit.ts';

/**
 * Baccarat (issue 34, decision 056) in Chromium: opened from the lobby's originals row, a round
 * dealt on desktop by the keyboard (B places a chip on Banker, T on Tie, Space deals) and one on
 * a phone by touch (chips on Player and Player Pair, the Deal button); an auto-bet of three rounds
 * set up and started by the keyboard on desktop; the seed is rotated and the verifier page
 * recomputes the rounds and finds they match. With LOOK_DIR set, the pages are
 * photographed at 1440×900 and 390×844.
 */
const look = looker('originals-baccarat');

test.describe('Baccarat', () => {
  test.setTimeout(150_000);

  test('Baccarat in the lobby row: a round dealt by the keyboard on desktop and one by touch on a phone, both verified', async ({
    page,
    server,
  }) => {
    const row = await lobbyOriginalsRow(page, server);
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
    // A keyboard's page: the keys are listed (issue 34: only where the pointer is fine).
    await expect(page.getByTestId('keys-hint')).toBeVisible();
    await page.keyboard.press('Space');
    const rounds = [await roundIdOf(page)];
    await expect(page.getByTestId('baccarat-result')).toHaveText(/Player wins|Banker wins|Tie/);
    expect(await page.getByTestId('hand-player').getByRole('img').count()).toBeGreaterThanOrEqual(2);
    expect(await page.getByTestId('hand-banker').getByRole('img').count()).toBeGreaterThanOrEqual(2);
    await expect(page.getByTestId('baccarat-road').locator('li')).toHaveCount(1);
    await look(page, 'baccarat-1440', 900); // after the cards' deal (under a second)

    // Auto-bet by the keyboard: the arrow key selects Auto, its fields take the rounds and a loss
    // limit, B places a chip, Enter on the button starts it; the server plays the three rounds.
    await page.getByTestId('mode-manual').focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('mode-auto')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('mode-auto')).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('auto-rounds')).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('3');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('auto-stop-loss')).toBeFocused();
    await page.keyboard.type('50');
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('b');
    await expect(page.getByTestId('play')).toHaveText('Start auto-bet');
    await page.getByTestId('play').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('auto-summary')).toHaveText(/^3 bets, net -?[\d.,]+: all bets played$/, {
      timeout: 30_000,
    });
    await expect(page.getByTestId('baccarat-road').locator('li')).toHaveCount(4);
    rounds.push(await roundIdOf(page));
    await look(page, 'baccarat-auto-1440');

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
    await look(page, 'baccarat-390', 900);
    // Deal again repeats the last bets.
    await expect(page.getByTestId('play')).toContainText('Deal again');
    // The auto-bet's panel on the phone: rounds, limits, stop on a won or a lost bet, by touch.
    await page.getByTestId('mode-auto').click();
    await page.getByTestId('auto-stop-win').click();
    await expect(page.getByTestId('auto-stop-win')).toBeChecked();
    await page.getByTestId('auto-rounds').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('play')).toHaveText('Start auto-bet');
    await look(page, 'baccarat-auto-390');

    // Rotating the seed reveals it; the verifier recomputes both rounds from it and agrees.
    expect(await rotateSeed(page, 'baccarat')).toBe(true);
    await expectVerified(page, rounds, 'Player ');
    await look(page, 'verify-baccarat-390');
  });
});

test.describe('Baccarat on a touch phone', () => {
  test.setTimeout(120_000);
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('Player and Banker together never say "You won": the stake or part of it comes back, in the colour of the net result; no keyboard hints on a touch screen (issue 34)', async ({
    page,
    server,
  }) => {
    await preparePage(page);
    await playerSession(page, server, 'demo', 'Demo1234');
    await page.goto('/sandbox/games/baccarat');
    await expect(page.getByTestId('original-baccarat')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('keys-hint')).toBeHidden();
    await page.getByTestId('bet-amount').fill('1');
    await page.getByTestId('spot-player').tap();
    await page.getByTestId('spot-banker').tap();
    await expect(page.getByTestId('baccarat-total')).toHaveText(/2\.00/);
    // Player wins or a tie: 2.00 back (a push); Banker wins: 1.95 back (the commission), a loss.
    await page.getByTestId('play').tap();
    await roundIdOf(page);
    const payout = page.getByTestId('round-payout');
    await expect(payout).toHaveAttribute('data-payout', /^(even|returned)$/);
    await expect(payout).toHaveText(/^(2\.00|1\.95) back of your stake$/);
    await page.waitForTimeout(900); // the cards' deal (under a second)
    await look(page, 'baccarat-returned-390-touch');
  });
});
