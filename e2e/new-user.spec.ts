import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { loginThroughPopup, preparePage } from './accounts-helpers.ts';

/**
 * What a new user met (issue #28), each put right and proven on the real server: the lottery
 * pages show the member's balance, live; a chase waits for a confirmation of its draws, amounts
 * and total.
 */

const lookDir = process.env.LOOK_DIR;

/** With LOOK_DIR set, a photograph of the page as it is (LOOK.md). */
async function photograph(page: Page, name: string) {
  if (!lookDir) return;
  mkdirSync(lookDir, { recursive: true });
  await page.screenshot({ path: join(lookDir, `${name}.png`) });
}

/** A logged-in call from the page itself (its session token, the wire's headers). */
async function pageCall<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const res = await fetch(p, {
      headers: { Authorization: sessionStorage.getItem('token') ?? '', Device: 'web', Merchant: 'SEA888' },
    });
    return (await res.json()) as T;
  }, path);
}

const balanceOf = async (page: Page) =>
  (await pageCall<{ value: { sumBalance: number } }>(page, '/wps/v2/wallets/balance')).value.sumBalance;

const money = (n: number) =>
  `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const todayOrders = async (page: Page) =>
  (await pageCall<{ content: { orderNumber: string }[] }>(page, '/lgw/orders/today?page=1&size=50')).content
    .length;

/** Opens SSC1's client with at least `seconds` left to bet on the numero on sale. */
async function openSsc1WithTime(page: Page, seconds: number) {
  await page.goto('/lottery?gameCode=SSC1');
  const head = page.locator('header').filter({ has: page.getByRole('heading', { name: '5D 1 minute' }) });
  const timer = head.getByRole('timer');
  await expect
    .poll(
      async () => {
        const m = /^(\d\d):(\d\d)$/.exec((await timer.textContent()) ?? '');
        return m ? Number(m[1]) * 60 + Number(m[2]) : 0;
      },
      { timeout: 70_000, intervals: [1_000] },
    )
    .toBeGreaterThan(seconds);
}

test.describe('what a new user met', () => {
  test.setTimeout(150_000);

  test('the lottery pages show the member balance from the header source, and a stake shows in it at once', async ({
    page,
  }) => {
    await preparePage(page);
    // A visitor sees no balance.
    await page.goto('/lottery');
    await expect(page.getByRole('heading', { level: 1, name: 'Lottery' })).toBeVisible();
    await expect(page.getByTestId('lottery-balance')).toHaveCount(0);

    await loginThroughPopup(page, 'demo', 'Demo1234');
    const before = await balanceOf(page);
    for (const path of ['/lottery', '/seaLottery', '/vnlottery', '/elott', '/lottery?view=bets']) {
      await page.goto(path);
      await expect(page.getByTestId('lottery-balance'), path).toHaveText(`Balance${money(before)}`);
    }
    await photograph(page, 'lottery-bets-balance-1440');

    // In a game at 1440 the page's top shows it; on a phone the top gives way and the bet summary shows it.
    await openSsc1WithTime(page, 15);
    const top = page.getByTestId('lottery-balance').first();
    await expect(top).toBeVisible();
    await expect(page.getByTestId('bet-summary').getByTestId('lottery-balance')).toBeHidden();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('bet-summary').getByTestId('lottery-balance')).toBeVisible();
    await expect(page.getByTestId('bet-summary').getByTestId('lottery-balance')).toHaveText(
      `Balance${money(before)}`,
    );

    // A 2.00 bet: the balance shown drops by the stake without a reload.
    await page.getByRole('tab', { name: '1-star' }).click();
    await page.getByTestId('row-P1').getByRole('button', { name: '7', exact: true }).click();
    await expect(page.getByTestId('amount')).toHaveText('2.00');
    await page.getByRole('button', { name: 'Bet now' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Bet placed' })).toBeVisible();
    await expect(page.getByTestId('bet-summary').getByTestId('lottery-balance')).toHaveText(
      `Balance${money(before - 2)}`,
    );
    await photograph(page, 'lottery-balance-390');
    expect(await balanceOf(page)).toBeCloseTo(before - 2, 2);

    // Hidden with the member bar's eye, it stays hidden here.
    await page.evaluate(() => localStorage.setItem('balanceHidden', '1'));
    await page.reload();
    await expect(page.getByTestId('bet-summary').getByTestId('lottery-balance')).toHaveText('Balance***');
    await page.evaluate(() => localStorage.removeItem('balanceHidden'));
  });

  test('a chase waits for a confirmation of its draws, the amount of each and the total; Back places nothing', async ({
    page,
  }) => {
    await preparePage(page);
    await loginThroughPopup(page, 'demo', 'Demo1234');
    await openSsc1WithTime(page, 25);
    const ordersBefore = await todayOrders(page);
    const balanceBefore = await balanceOf(page);

    // A slip of one 10-note line (20.00), chased over 5 draws at ×3: 60.00 a draw.
    await page.getByRole('tab', { name: '1-star' }).click();
    await page.getByTestId('row-P1').getByRole('button', { name: 'All', exact: true }).click();
    await page.getByRole('button', { name: 'Add to slip' }).click();
    await page.getByRole('checkbox', { name: /Chase/ }).check();
    await page.getByLabel('Start ×').fill('3');
    await expect(page.getByTestId('chase-plan').locator('tbody tr')).toHaveCount(5);
    await expect(page.getByTestId('slip-total')).toHaveText('300.00');
    const planned = await page
      .getByTestId('chase-plan')
      .locator('tbody tr td:first-child span')
      .evaluateAll((spans) => spans.map((s) => s.getAttribute('title')));

    await page.getByRole('button', { name: 'Place chase over 5 draws' }).click();
    const dialog = page.getByTestId('chase-confirm');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Confirm the chase' })).toBeVisible();
    await expect(dialog).toContainText(`5 draws, No. ${planned[0]} to No. ${planned[4]}.`);
    await expect(dialog).toContainText('After a win, the draws left are cancelled and refunded.');
    const rows = dialog.getByTestId('chase-confirm-draws').locator('tbody tr');
    await expect(rows).toHaveCount(5);
    expect(
      await rows.evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].slice(1, 3).map((td) => td.textContent)),
      ),
    ).toEqual(Array.from({ length: 5 }, () => ['×3', '60.00']));
    await expect(dialog.getByTestId('chase-confirm-total')).toHaveText('300.00');
    await photograph(page, 'lottery-chase-confirm-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await photograph(page, 'lottery-chase-confirm-390');
    await page.setViewportSize({ width: 1440, height: 900 });

    // Back: nothing placed, the plan is still there.
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('chase-plan').locator('tbody tr')).toHaveCount(5);
    expect(await todayOrders(page)).toBe(ordersBefore);
    // Escape closes it too, and leaves focus on the button that opened it.
    const place = page.getByRole('button', { name: 'Place chase over 5 draws' });
    await place.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(place).toBeFocused();
    expect(await todayOrders(page)).toBe(ordersBefore);

    // Confirmed: one chase order of 300.00.
    await place.click();
    await dialog.getByRole('button', { name: 'Place the chase' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Chase placed over 5 draws' })).toBeVisible();
    expect(await todayOrders(page)).toBe(ordersBefore + 1);
    expect(await balanceOf(page)).toBeCloseTo(balanceBefore - 300, 2);
  });
});
