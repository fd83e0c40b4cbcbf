import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { playerSession, preparePage } from './accounts-helpers.ts';
import type { RunningServer } from './server.ts';

/**
 * The lottery betting client end to end, on the real server and its own 1-minute 5D game (SSC1):
 * pick numbers with a quick pick, place a bet and a chase, watch the draw arrive live, see the
 * win credited and the orders in my bets and in the betting record, and let the verifier
 * recompute that draw in the browser.
 */

interface Order {
  orderNumber: string;
  numero: string;
  betAmount: number;
  winAmount: number;
  status: number;
  totalChase: number;
  orderDetailOrders: {
    numero: string;
    orderStatus: number;
    winningAmount: number;
    bettingSumAmount: number;
  }[];
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

/** Runs the draw job's pass until `done` holds (the job runs on its own too; this only hurries it). */
async function drawUntil(server: RunningServer, done: () => Promise<boolean>, timeoutMs = 120_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    await server.ops('lottery', 'draw').catch(() => '');
    if (await done()) return;
    await new Promise((r) => setTimeout(r, 2_000));
  }
  throw new Error('the draw did not come');
}

test.describe('lottery betting', () => {
  test.setTimeout(240_000);

  test('pick with a quick pick, bet and chase, the draw arrives live, the win is credited and recorded, the verifier recomputes the draw', async ({
    page,
    server,
  }) => {
    await preparePage(page);
    await playerSession(page, server, 'demo', 'Demo1234');
    const before = await balanceOf(page);

    await page.goto('/lottery?gameCode=SSC1');
    await expect(page.getByRole('heading', { level: 1, name: '5D 1 minute' })).toBeVisible();
    const head = page.locator('header').filter({ has: page.getByRole('heading', { name: '5D 1 minute' }) });
    const onSale = head.getByText(/^Betting on No\. /);
    await expect(onSale).toBeVisible();
    // Leave room for two orders before the close (sales close 5 s before each 1-minute draw).
    const timer = head.getByRole('timer');
    await expect
      .poll(
        async () => {
          const text = (await timer.textContent()) ?? '';
          const m = /^(\d\d):(\d\d)$/.exec(text);
          return m ? Number(m[1]) * 60 + Number(m[2]) : 0;
        },
        { timeout: 70_000, intervals: [1_000] },
      )
      .toBeGreaterThan(25);
    const numero = ((await onSale.textContent()) ?? '').replace('Betting on No. ', '').trim();

    // The 1-star play: the quick pick "All" on the ten-thousands place makes 10 notes, one of which must win.
    await page.getByRole('tab', { name: '1-star' }).click();
    const row = page.getByTestId('row-P1');
    await row.getByRole('button', { name: 'All', exact: true }).click();
    await expect(row.getByRole('button', { pressed: true })).toHaveCount(10);
    await expect(page.getByTestId('notes')).toHaveText('10');
    await expect(page.getByTestId('amount')).toHaveText('20.00');
    // Clear and pick again: notes follow the picks.
    await row.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect(page.getByTestId('notes')).toHaveText('0');
    await row.getByRole('button', { name: 'Odd', exact: true }).click();
    await expect(page.getByTestId('notes')).toHaveText('5');
    await row.getByRole('button', { name: 'All', exact: true }).click();

    await page.getByRole('button', { name: 'Bet now' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Bet placed on No. ${numero}` })).toBeVisible();

    // A chase of 5 draws with stop-after-a-win: the same slip from the draw on sale on.
    await row.getByRole('button', { name: 'All', exact: true }).click();
    await page.getByRole('button', { name: 'Add to slip' }).click();
    await expect(page.getByTestId('slip-lines').locator('li')).toHaveCount(1);
    await page.getByRole('checkbox', { name: /Chase/ }).check();
    await expect(page.getByTestId('chase-plan').locator('tbody tr')).toHaveCount(5);
    await expect(page.getByRole('checkbox', { name: 'Stop after a win' })).toBeChecked();
    await expect(page.getByTestId('slip-total')).toHaveText('100.00');
    await page.getByRole('button', { name: 'Place chase over 5 draws' }).click();
    await page.getByTestId('chase-confirm').getByRole('button', { name: 'Place the chase' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Chase placed over 5 draws' })).toBeVisible();

    // Watch the draw: the head shows the result of that numero without a reload.
    const today = () =>
      pageCall<{ content: Order[] }>(page, '/lgw/orders/today?page=1&size=20').then((r) => r.content);
    await drawUntil(server, async () => {
      const orders = (await today()).filter((o) => o.numero === numero);
      return orders.length === 2 && orders.every((o) => o.status !== 2);
    });
    const lastResult = page.getByTestId('last-result');
    await expect(lastResult).toContainText(`No. ${numero}`, { timeout: 20_000 });
    await expect(lastResult.getByRole('img')).toBeVisible();

    const orders = (await today()).filter((o) => o.numero === numero);
    const bet = orders.find((o) => o.totalChase <= 1)!;
    const chase = orders.find((o) => o.totalChase === 5)!;
    expect(bet.status).toBe(4);
    expect(bet.winAmount).toBeGreaterThan(0);
    expect(chase.orderDetailOrders[0]!.orderStatus).toBe(4);
    // Stopped after the win: the other four draws are cancelled (6) and refunded.
    expect(chase.orderDetailOrders.slice(1).map((d) => d.orderStatus)).toEqual([6, 6, 6, 6]);

    // The win is credited: stakes out, wins and the refunded chase draws back in.
    const refunded = chase.orderDetailOrders.slice(1).reduce((s, d) => s + d.bettingSumAmount, 0);
    const expected = before - 20 - 100 + bet.winAmount + chase.winAmount + refunded;
    await expect.poll(() => balanceOf(page), { timeout: 10_000 }).toBeCloseTo(expected, 2);

    // My bets shows both, won, and the chase's draws.
    await page.getByRole('tab', { name: 'My bets' }).click();
    const betCard = page.locator(`[data-order="${bet.orderNumber}"]`);
    await expect(betCard.getByTestId('order-status')).toHaveText('Won');
    await expect(betCard.getByTestId('order-win')).toHaveText(bet.winAmount.toFixed(2));
    const chaseCard = page.locator(`[data-order="${chase.orderNumber}"]`);
    await chaseCard.getByRole('button', { name: 'Draws' }).click();
    await expect(chaseCard.locator('tbody tr')).toHaveCount(5);
    await expect(chaseCard.locator('tbody tr').nth(1)).toContainText('Stopped after a win');

    // The betting record of the member centre lists the order.
    await page.getByTestId('member-menu-button').click();
    await page.getByTestId('member-menu').getByRole('menuitem', { name: 'Betting record' }).click();
    const records = page.getByTestId('member-centre').getByTestId('bet-records');
    await expect(records).toContainText(bet.orderNumber.slice(0, 6));
    await page.keyboard.press('Escape');

    // The verifier recomputes that draw in the browser from its revealed seed.
    await page.goto(`/lottery?gameCode=SSC1&tab=results`);
    await page.getByRole('button', { name: `Verify draw ${numero}` }).click();
    const report = page.getByTestId('verification');
    await expect(report).toContainText(`No. ${numero}`);
    await expect(report.getByTestId('verdict')).toHaveCount(2);
    await expect(report.getByTestId('verdict').first()).toHaveText(/Matches the published hash/);
    await expect(report.getByTestId('verdict').nth(1)).toHaveText(/Matches the published result/);
    const published = await pageCall<{ winNo: string }>(
      page,
      `/lgw/draw/verify?gameId=${new URL(page.url()).searchParams.get('gameId')}&numero=${numero}`,
    );
    await expect(report.getByTestId('recomputed')).toHaveText(published.winNo);
  });

  test('LT-07 the Vietnamese lobby launch sends lottoArea VN, launchMode LOTT, lottoPrizeMode, lottoGameCode, lottoView, device, backUrl and language', async ({
    page,
    server,
  }) => {
    await preparePage(page);
    await playerSession(page, server, 'demo', 'Demo1234');
    await page.goto('/vnlottery');
    const launch = page.waitForRequest((r) => r.url().includes('/wps/game/launchGame'));
    await page.getByRole('link', { name: 'Vietnam fast 1 minute' }).click();
    const url = new URL((await launch).url());
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({
      lottoArea: 'VN',
      launchMode: 'LOTT',
      lottoPrizeMode: 'LOTT',
      lottoGameCode: 'VNF1',
      lottoView: 'betting',
      device: 'WEB',
      language: 'EN',
    });
    expect(q.backUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/vnlottery$/);
    // The answer opens our own Vietnamese client on that game.
    await expect(page).toHaveURL(/\/vnlottery\?gameCode=VNF1/);
    await expect(page.getByRole('heading', { level: 1, name: 'Vietnam fast 1 minute' })).toBeVisible();
  });
});
