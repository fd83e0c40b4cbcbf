import { expect, test } from './fixtures.ts';
import { playerSession, preparePage } from './accounts-helpers.ts';
import { lobbyOriginalsRow, looker, rotateSeed, roundIdOf } from './originals-kit.ts';

/**
 * The house originals (issue 34, decision 046) in Chromium: Dice (played by the keyboard), Limbo,
 * Plinko and Mines (touch-sized tiles, on a phone) each play one round from the lobby's originals
 * row or their page; so do Keno (quick pick, Space bets), Wheel (Enter spins), European Roulette
 * (chips tapped on the board, on a phone) and Sic Bo (chips placed by the keyboard); the seeds are
 * rotated and the verifier page recomputes every round and finds it matches. With LOOK_DIR set,
 * each page is photographed at 1440×900 and 390×844.
 */
const look = looker('originals');
const looking = Boolean(process.env.LOOK_DIR);

test.describe('house originals', () => {
  // About 40 s on a quiet machine; the margin is for a loaded one.
  test.setTimeout(150_000);

  test('Dice, Limbo, Plinko and Mines each play a round from the lobby row, on desktop and phone, and the verifier recomputes every one', async ({
    page,
    server,
  }) => {
    // The lobby's originals row opens each game.
    const row = await lobbyOriginalsRow(page, server);
    await expect(row.getByRole('button')).toHaveCount(12);
    await look(page, 'lobby-row-1440');
    await row.getByTestId('original-card-dice').click();
    await expect(page).toHaveURL(/\/sandbox\/games\/dice/);
    await expect(page.getByTestId('original-dice')).toBeVisible({ timeout: 15_000 });
    // Sound is off until the player turns it on.
    await expect(page.getByTestId('sound-toggle')).toHaveAttribute('aria-pressed', 'false');

    const rounds: Record<string, string> = {};
    // Dice by the keyboard: the target slider with the arrow keys, then Space bets.
    await page.getByTestId('dice-target').focus();
    await page.keyboard.press('ArrowRight');
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Space');
    rounds.dice = await roundIdOf(page);
    await expect(page.getByTestId('dice-roll')).toHaveText(/^\d{1,2}\.\d{2}$/);
    await look(page, 'dice-1440');

    await page.goto('/sandbox/games/limbo');
    await page.getByTestId('limbo-target').fill('1.50');
    await page.getByTestId('play').click();
    rounds.limbo = await roundIdOf(page);
    await expect(page.getByTestId('limbo-result')).toHaveText(/×$/);
    await look(page, 'limbo-1440');

    await page.goto('/sandbox/games/plinko');
    await page.getByTestId('plinko-rows').selectOption('16');
    await page.getByTestId('plinko-risk').selectOption('high');
    await page.getByTestId('play').click();
    rounds.plinko = await roundIdOf(page);
    await expect(page.getByTestId('plinko-hit')).toBeVisible();
    await look(page, 'plinko-1440');

    // Mines on a phone: tap a tile, cash out if it was a gem.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/sandbox/games/mines');
    await page.getByTestId('mines-count').selectOption('1');
    await page.getByTestId('play').click();
    await expect(page.getByTestId('tile-12')).toBeEnabled();
    await look(page, 'mines-open-390');
    await page.getByTestId('tile-12').click();
    const cash = page.getByTestId('cash-out');
    const settled = page.getByTestId('verify-link');
    await expect(cash.or(settled).first()).toBeVisible();
    if (await cash.isVisible()) {
      await expect(cash).toBeEnabled();
      await cash.click();
    }
    rounds.mines = await roundIdOf(page);
    await look(page, 'mines-390');
    // The other pages on the phone: looked at when photographed.
    for (const game of looking ? (['dice', 'limbo', 'plinko'] as const) : []) {
      await page.goto(`/sandbox/games/${game}`);
      await expect(page.getByTestId(`original-${game}`)).toBeVisible();
      await look(page, `${game}-390-idle`);
    }

    // Rotating each seed reveals it; the verifier page recomputes each round from it and agrees.
    for (const game of Object.keys(rounds)) {
      expect(await rotateSeed(page, game)).toBe(true);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    for (const [game, roundId] of Object.entries(rounds)) {
      await page.goto(`/sandbox/verify?roundId=${roundId}`);
      await expect(page.getByTestId('verify-verdict'), game).toHaveText(/^Match/, { timeout: 20_000 });
      await expect(page.getByTestId('outcome-detail').first()).toBeVisible();
      if (game === 'mines') await look(page, 'verify-mines-1440');
    }
  });

  test('Keno, Wheel, European Roulette and Sic Bo each play a round, on desktop and phone, and the verifier recomputes every one', async ({
    page,
    server,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await preparePage(page);
    await playerSession(page, server, 'demo', 'Demo1234');
    const rounds: Record<string, string> = {};
    // A photograph after a round waits for the draw, the spin or the roll to finish (under 2 s).
    const lookSettled = async (name: string) => {
      if (!looking) return;
      await page.waitForTimeout(1_800);
      await look(page, name);
    };
    const pressOnPage = async (key: string) => {
      await page.locator('body').click({ position: { x: 5, y: 5 } });
      await page.keyboard.press(key);
    };

    // Keno: five numbers by touch, the rest by quick pick; Space bets.
    await page.goto('/sandbox/games/keno');
    await expect(page.getByTestId('original-keno')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('sound-toggle')).toHaveAttribute('aria-pressed', 'false');
    for (const n of [3, 11, 19, 27, 35]) await page.getByTestId(`keno-${n}`).click();
    await expect(page.getByTestId('keno-count')).toHaveText('5 of 10 numbers picked');
    await expect(page.getByTestId('keno-paytable').getByRole('listitem')).toHaveCount(6);
    await look(page, 'keno-picked-1440');
    await pressOnPage('Space');
    rounds.keno = await roundIdOf(page);
    await expect(page.locator('[aria-label*="drawn"]')).toHaveCount(10);
    await lookSettled('keno-1440');

    // Wheel: 50 segments, high risk, Enter spins.
    await page.goto('/sandbox/games/wheel');
    await page.getByTestId('wheel-segments').selectOption('50');
    await page.getByTestId('wheel-risk').getByRole('radio', { name: 'High' }).click();
    await pressOnPage('Enter');
    rounds.wheel = await roundIdOf(page);
    await expect(page.getByTestId('wheel-result')).toHaveText(/^\d+\.\d{2}×$/);
    await lookSettled('wheel-1440');

    // Sic Bo by the keyboard: Tab to a spot, Enter places the chip; Space rolls.
    await page.goto('/sandbox/games/sic-bo');
    const small = page.locator('[data-spot="small"]');
    await small.focus();
    await page.keyboard.press('Enter');
    await page.locator('[data-spot="total:9"]').click();
    await expect(page.getByTestId('original-sicbo')).toContainText('2.00');
    await pressOnPage('Space');
    rounds['sic-bo'] = await roundIdOf(page);
    await expect(page.getByTestId('sicbo-total')).toHaveText(/^Total \d{1,2}$/);
    await lookSettled('sicbo-1440');

    // European Roulette on a phone: chips tapped on the turned board, then Spin.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/sandbox/games/roulette');
    await expect(page.getByTestId('roulette-board')).toHaveAttribute('data-orientation', 'portrait');
    await page.locator('[data-spot="straight:17"]').click();
    await page.locator('[data-spot="red"]').click();
    await page.locator('[data-spot="split:0-1"]').click();
    await look(page, 'roulette-chips-390');
    await page.getByTestId('play').click();
    rounds.roulette = await roundIdOf(page);
    await expect(page.getByTestId('roulette-number')).toHaveText(/^\d{1,2}$/);
    await lookSettled('roulette-390');
    for (const game of looking ? (['keno', 'wheel', 'sic-bo'] as const) : []) {
      await page.goto(`/sandbox/games/${game}`);
      await expect(page.getByTestId('play')).toBeVisible();
      await look(page, `${game}-390-idle`);
    }
    if (looking) {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto('/sandbox/games/roulette');
      await page.locator('[data-spot="corner:1-2-4-5"]').click();
      await page.locator('[data-spot="dozen:2"]').click();
      await look(page, 'roulette-chips-1440');
    }

    for (const game of Object.keys(rounds)) {
      expect(await rotateSeed(page, game)).toBe(true);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    for (const [game, roundId] of Object.entries(rounds)) {
      await page.goto(`/sandbox/verify?roundId=${roundId}`);
      await expect(page.getByTestId('verify-verdict'), game).toHaveText(/^Match/, { timeout: 20_000 });
      await expect(page.getByTestId('outcome-detail').first()).toBeVisible();
      if (game === 'roulette') await look(page, 'verify-roulette-1440');
    }
  });
});
