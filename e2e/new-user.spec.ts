import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { loginThroughPopup, preparePage, withSwitch } from './accounts-helpers.ts';

/**
 * What a new user met (issue #28), each put right and proven on the real server: the lottery
 * pages show the member's balance, live; a chase waits for a confirmation of its draws, amounts
 * and total; LOTTERY and E-LOTTERY lead to their own pages; the nav's point rates show only while
 * the points system is on.
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

  test('LOTTERY and E-LOTTERY lead to their own pages; NC-04 point rates show only while the points switch PTSYS3 is on', async ({
    page,
    server,
  }) => {
    await preparePage(page);
    const nav = page.getByRole('navigation').filter({ has: page.getByTestId('nav-item-LOTT') });
    const rates: [string, string][] = [
      ['LIVE', '0.70'],
      ['SPORTS', '1.00'],
      ['ESPORTS', '1.00'],
      ['FISH', '1.20'],
      ['RNG', '1.20'],
      ['PVP', '1.00'],
    ];

    // The demo's points system is off: no rates, only the items.
    await page.goto('/');
    await expect(nav.getByTestId('nav-item-RNG')).toBeVisible();
    await expect(nav.getByTestId('nav-item-LIVE')).toContainText('Live casino');
    await expect(nav.locator('[data-testid^="nav-point-"]')).toHaveCount(0);
    await photograph(page, 'nav-points-off-1440');
    // The links say where each goes.
    await expect(nav.getByTestId('nav-item-LOTT').getByRole('link')).toHaveAttribute('href', '/lottery');
    await expect(nav.getByTestId('nav-item-ELOTT').getByRole('link')).toHaveAttribute('href', '/elott');

    // A switch reaches a page with the status it loads; the server drops its cached status on the
    // change notice, a moment after the operator's command, so a load may come just before that.
    const afterReload = (check: () => Promise<void>) =>
      expect(async () => {
        await page.reload();
        await expect(nav.getByTestId('nav-item-RNG')).toBeVisible();
        await check();
      }).toPass({ timeout: 20_000 });
    await withSwitch(server, 'PTSYS3', true, () =>
      afterReload(async () => {
        for (const [key, rate] of rates)
          await expect(nav.getByTestId(`nav-point-${key}`), key).toHaveText(rate, { timeout: 2_000 });
      }),
    );
    await afterReload(() =>
      expect(nav.locator('[data-testid^="nav-point-"]')).toHaveCount(0, { timeout: 2_000 }),
    );

    // Logged in, each starts the TCG_SEA lottery on its own page: the e-lottery on /elott, the
    // lottery on the brand's lottery page (GL-08).
    await loginThroughPopup(page, 'demo', 'Demo1234');
    await nav.getByTestId('nav-item-ELOTT').getByRole('link').click();
    await expect(page).toHaveURL(/\/elott$/);
    await expect(page.getByRole('heading', { level: 1, name: 'E-lottery' })).toBeVisible();
    await nav.getByTestId('nav-item-LOTT').getByRole('link').click();
    await expect(page).toHaveURL(/\/seaLottery$/);
    await expect(page.getByRole('heading', { level: 1, name: 'SEA lottery' })).toBeVisible();
  });

  test('the provably fair verifier speaks money in the brand currency: the bet, its step and the win as $ amounts, not smallest units', async ({
    page,
  }) => {
    await preparePage(page);
    await loginThroughPopup(page, 'demo', 'Demo1234');
    const post = <T>(path: string, body: unknown) =>
      page.evaluate(
        async ({ p, b }) => {
          const res = await fetch(p, {
            method: 'POST',
            headers: {
              Authorization: sessionStorage.getItem('token') ?? '',
              Device: 'web',
              Merchant: 'SEA888',
              'Content-Type': 'application/json',
            },
            body: JSON.stringify(b),
          });
          return (await res.json()) as T;
        },
        { p: path, b: body },
      );
    // A 1.00 spin, its seed revealed by rotation.
    const spin = await post<{ value: { roundId: string; bet: number; win: number } }>(
      '/wps/sandbox/house/spin',
      {
        gameCode: 'lucky-lotus',
        bet: 1,
      },
    );
    await post('/wps/sandbox/house/seed/rotate', { gameCode: 'lucky-lotus' });
    await page.goto(`/sandbox/verify?roundId=${spin.value.roundId}`);
    await expect(page.getByTestId('verify-verdict')).toHaveText(/^Match/, { timeout: 20_000 });

    // The bet reads as money, with its step as money.
    const bet = page.getByLabel('Total bet ($), a multiple of 0.20');
    await expect(bet).toHaveValue('1.00');
    const wins = page.getByTestId('outcome-win');
    await expect(wins).toHaveCount(2);
    await expect(wins.first()).toHaveText(`Total win: ${money(spin.value.win)}`);
    await expect(wins.nth(1)).toHaveText(`Total win: ${money(spin.value.win)}`);
    await expect(page.locator('body')).not.toContainText(/smallest unit/i);
    await photograph(page, 'verifier-money-1440');

    // Amounts off the step, or finer than the currency, are refused in money's words.
    const form = page.locator('form').filter({ has: page.getByTestId('verify-button') });
    for (const typed of ['0.30', '1.005', '100 units']) {
      await bet.fill(typed);
      await page.getByTestId('verify-button').click();
      await expect(form.getByRole('alert')).toHaveText(
        'The bet is an amount in $ above 0, a multiple of 0.20',
      );
    }
    // 0.40 is 40 smallest units: recomputed (a different round from the recorded 1.00 one).
    await bet.fill('0.40');
    await page.getByTestId('verify-button').click();
    await expect(page.getByTestId('verify-verdict')).toHaveText(/^Mismatch/);
    await expect(form.getByRole('alert')).toHaveCount(0);

    // Dragon Tiger: each side's bet in $.
    await page.getByRole('radio', { name: 'Dragon Tiger' }).click();
    await expect(page.getByLabel('Dragon ($)')).toHaveValue('0');
    await expect(page.getByLabel('Tiger ($)')).toBeVisible();
    await expect(page.getByLabel('Tie ($)')).toBeVisible();
  });
});
