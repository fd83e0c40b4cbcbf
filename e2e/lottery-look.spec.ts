import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { loginThroughPopup, preparePage } from './accounts-helpers.ts';
import { settled } from './settled.ts';

/**
 * Photographs of the lottery pages at 1440×900 and 390×844 (LOOK.md): the lobby, the betting client
 * of each family, the results board, the trend chart, my bets, the rules and the verifier. Runs
 * only with LOOK_DIR set: `LOOK_DIR=/tmp/look npx playwright test -c e2e/playwright.config.ts e2e/lottery-look.spec.ts`.
 */
const lookDir = process.env.LOOK_DIR;

async function lookBoth(page: Page, name: string) {
  if (!lookDir) return;
  mkdirSync(lookDir, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await settled(page);
  await page.screenshot({ path: join(lookDir, `lottery-${name}-1440.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  await page.screenshot({ path: join(lookDir, `lottery-${name}-390.png`) });
  await page.setViewportSize({ width: 1440, height: 900 });
}

test.describe('lottery look', () => {
  test.setTimeout(240_000);

  test('every lottery page at both sizes', async ({ page }) => {
    test.skip(!lookDir, 'photographs only');
    await preparePage(page);
    await loginThroughPopup(page, 'demo', 'Demo1234');

    await page.goto('/lottery');
    await expect(page.getByRole('heading', { level: 1, name: 'Lottery' })).toBeVisible();
    await expect(page.getByRole('timer').first()).toBeVisible();
    await lookBoth(page, 'lobby');
    await page.goto('/vnlottery');
    await expect(page.getByRole('timer').first()).toBeVisible();
    await lookBoth(page, 'lobby-vn');

    for (const [code, name] of [
      ['SSC1', 'client-ssc'],
      ['11X53', 'client-11x5'],
      ['K31', 'client-k3'],
      ['PK105', 'client-pk10'],
      ['VNF1', 'client-vn-fast'],
      ['XSMB', 'client-vn-north'],
      ['4D', 'client-4d'],
    ] as const) {
      await page.goto(`/lottery?gameCode=${code}`);
      await expect(page.getByTestId('bet-summary')).toBeVisible();
      await lookBoth(page, name);
    }

    // A slip of two lines with a chase open, then the order placed.
    await page.goto('/lottery?gameCode=SSC1');
    await page.getByRole('tab', { name: '1-star' }).click();
    await page.getByTestId('row-P1').getByRole('button', { name: 'Odd', exact: true }).click();
    await page.getByRole('button', { name: 'Add to slip' }).click();
    await page.getByTestId('row-P5').getByRole('button', { name: 'Big', exact: true }).click();
    await page.getByRole('button', { name: 'Add to slip' }).click();
    await page.getByRole('checkbox', { name: /Chase/ }).check();
    await expect(page.getByTestId('chase-plan')).toBeVisible();
    await lookBoth(page, 'slip-chase');
    await page.getByRole('button', { name: /Place chase/ }).click();
    await page.getByTestId('chase-confirm').getByRole('button', { name: 'Place the chase' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Chase placed' })).toBeVisible();

    for (const tab of ['results', 'trend', 'bets', 'rules'] as const) {
      await page.goto(`/lottery?gameCode=SSC1&tab=${tab}`);
      // The game's page is up on the tab (its panel, the only one: the bet tab's play groups are
      // not there) and the tab has its data: no loader left.
      await expect(page.getByRole('tabpanel')).toBeVisible();
      await expect(page.locator('[class*="skeleton"], [class*="spinner"], [aria-busy="true"]')).toHaveCount(
        0,
      );
      await lookBoth(page, `ssc-${tab}`);
    }
    await page.goto('/lottery?gameCode=VNF1&tab=results');
    await page
      .getByRole('button', { name: /Special|Full sheet/ })
      .first()
      .click();
    await lookBoth(page, 'vn-results');

    await page.goto('/lottery?gameCode=SSC1&tab=results');
    await page
      .getByRole('button', { name: /^Verify draw / })
      .first()
      .click();
    await expect(page.getByTestId('verdict')).toHaveCount(2);
    await lookBoth(page, 'verifier');

    await page.goto('/lottery?view=bets');
    await expect(page.getByTestId('my-bets')).toBeVisible();
    await lookBoth(page, 'my-bets');
  });
});
