import { test, expect } from './fixtures.ts';
import { createMember, playerSession, preparePage, secureApi, uniqueName } from './accounts-helpers.ts';
import { consoleSession, look, lookDir, staffAccounts } from './backoffice-kit.ts';
import type { RunningServer } from './server.ts';

/**
 * The points mall end to end (issue 32, decision 033) in Chromium against the real server: a player
 * earns points on a deposit (the operator turned deposit points on), sees them and the ratio on
 * /pointMall, redeems goods with the payment password (the encrypted call); a finance member of
 * staff signs in to the console with TOTP and approves the redeem in the Points redeems queue; the
 * player sees the status change to approved (the history is polled while a redeem is in process)
 * and the balance after. With LOOK_DIR set, the pages are photographed at 1440×900 and 390×844.
 */

async function api(server: RunningServer, token: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      Authorization: token,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { success: boolean; value: Record<string, unknown>; message?: string };
  if (!json.success) throw new Error(`${path}: ${json.message}`);
  return json.value;
}

test.describe('points mall', () => {
  test.setTimeout(lookDir ? 240_000 : 150_000);

  test('PM-01, PM-02, PM-03, PM-04, PM-05, PM-06, PM-09: a player with points redeems goods with the payment password; finance approves it in the console; the player sees it approved and the balance after', async ({
    page,
    browser,
    server,
  }) => {
    // Deposits earn 1 point per unit while this test runs (the operator's rate, audited).
    await server.ops('points', 'rate', 'DEPOSIT', '1');
    try {
      const username = uniqueName('pm');
      await createMember(server, username, 'Play1234');
      const ip = await preparePage(page);
      const token = await playerSession(page, server, username, 'Play1234', ip);
      const pw = await secureApi(
        server,
        '/wps/member/security/paymentPassword',
        { loginPassword: 'Play1234', paymentPassword: '135790', confirmPaymentPassword: '135790' },
        { token },
      );
      expect(pw.success, pw.message).toBe(true);
      const order = await api(server, token, '/wps/deposit/orders', {
        channelCode: 'BANK',
        amount: '1500',
        payerReference: 'PM-E2E',
      });
      await server.ops('deposit', 'approve', String(order.orderNo));
      // The fold runs every 5 s on the server's job runner.
      await expect
        .poll(async () => (await api(server, token, '/wps/relay/MCSFE_getPointBalance')).points, {
          timeout: 30_000,
        })
        .toBe(1500);

      await page.goto('/pointMall');
      const mall = page.getByTestId('point-mall');
      await expect(mall.getByTestId('points-balance')).toHaveText('1,500.00');
      await expect(mall.getByTestId('points-ratio')).toHaveText('100.00 points = 1 USD');
      const mug = mall.getByTestId('points-goods-item').filter({ hasText: 'Lucky Lotus mug' });
      await expect(mug).toContainText('500.00');
      await expect(mug.getByTestId('points-goods-available')).toHaveText(/\d+/);
      const before = Number(await mug.getByTestId('points-goods-available').innerText());
      // Too dear for 1,500 points: the watch cannot be redeemed.
      await expect(
        mall
          .getByTestId('points-goods-item')
          .filter({ hasText: 'Smart watch' })
          .getByTestId('points-redeem-open'),
      ).toBeDisabled();
      await look(page, 'points-mall', { phone: true });

      // Redeem with a wrong payment password: refused, nothing taken; then the right one.
      await mug.getByTestId('points-redeem-open').click();
      const form = page.getByTestId('points-redeem-form');
      await form.getByTestId('points-password').fill('000000');
      await form.getByTestId('points-redeem-submit').click();
      await expect(form.getByTestId('points-error')).toContainText(/payment password/i);
      await look(page, 'points-redeem-dialog', { phone: true });
      await form.getByTestId('points-password').fill('135790');
      await form.getByTestId('points-redeem-submit').click();
      await expect(form).toHaveCount(0);
      await expect(mall.getByTestId('points-balance')).toHaveText('1,000.00');
      const row = mall.getByTestId('points-history-row').first();
      await expect(row).toContainText('Lucky Lotus mug ×1');
      await expect(row).toContainText('-500.00');
      await expect(row).toContainText('1,000.00');
      await expect(row.getByTestId('points-history-status')).toHaveText('In process');
      const reference = (await row.locator('td').first().innerText()).trim();
      expect(reference).toMatch(/^PR\d{8,}$/);
      await look(page, 'points-history', { phone: true });

      // The details: the deposit's points and the redeem, each of its type.
      await page.getByRole('tab', { name: 'Points details' }).click();
      await expect(mall.getByTestId('points-details')).toContainText('Redeem');
      await expect(mall.getByTestId('points-details')).toContainText('+1,500.00');
      await mall.getByTestId('points-type-DEPOSIT').click();
      await expect(mall.getByTestId('points-details')).not.toContainText('Redeem');
      await look(page, 'points-details', { phone: true });

      // Finance signs in (TOTP) and approves the redeem in the Points redeems queue.
      const { pmfin: fin } = await staffAccounts(server, {
        pmfin: { role: 'finance', displayName: 'Mall Finance' },
      });
      const consoleContext = await browser.newContext({ baseURL: server.url });
      const bo = await consoleContext.newPage();
      await consoleSession(bo, server, fin);
      await bo
        .getByRole('navigation', { name: 'Back office' })
        .getByRole('link', { name: 'Points redeems' })
        .click();
      const queued = bo.getByTestId('redeem-row').filter({ hasText: reference });
      await expect(queued).toContainText(username);
      await expect(queued).toContainText('Lucky Lotus mug ×1');
      await expect(queued.getByTestId('redeem-status')).toHaveText('In process');
      await look(bo, 'bo-points-redeems', { phone: true });
      await queued.getByTestId('redeem-approve').click();
      await bo.getByTestId('redeem-text').fill('shipped by courier');
      await bo.getByTestId('redeem-confirm').click();
      await expect(bo.getByTestId('redeem-row').filter({ hasText: reference })).toHaveCount(0);
      await bo.getByTestId('redeem-status-filter').selectOption('ALL');
      await expect(
        bo.getByTestId('redeem-row').filter({ hasText: reference }).getByTestId('redeem-status'),
      ).toHaveText('Approved');
      await consoleContext.close();

      // The player's page: the status changes without a reload; the balance is what was left.
      await page.getByRole('tab', { name: 'Redeem history' }).click();
      const done = mall.getByTestId('points-history-row').filter({ hasText: reference });
      await expect(done.getByTestId('points-history-status')).toHaveText('Approved', { timeout: 20_000 });
      await expect(done).toContainText('shipped by courier');
      await expect(mall.getByTestId('points-balance')).toHaveText('1,000.00');
      await page.getByRole('tab', { name: 'Redeem goods' }).click();
      await expect(mug.getByTestId('points-goods-available')).toHaveText(String(before - 1));
      // The brand's default language (Burmese): the same page in its words.
      await page.evaluate(() => window.localStorage.setItem('language', 'my'));
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', 'my');
      await expect(page.getByRole('tab', { name: 'လဲလှယ်မှတ်တမ်း' })).toBeVisible();
      // Written as the site writes money in Burmese (the browser's number format for it).
      await expect(page.getByTestId('points-balance')).toHaveText(/^(1,000\.00|၁,၀၀၀\.၀၀)$/);
      await look(page, 'points-mall-my', { phone: true });
      // The operator's CLI sees it decided and audited.
      expect(await server.ops('points', 'redeems', '--status', 'APPROVED', '--user', username)).toContain(
        reference,
      );
    } finally {
      await server.ops('points', 'rate', 'DEPOSIT', '0');
    }
  });
});
