import { test, expect } from './fixtures.ts';
import { createMember, loginThroughPopup, preparePage, uniqueName } from './accounts-helpers.ts';
import { look, lookDir } from './backoffice-kit.ts';
import type { RunningServer } from './server.ts';

/**
 * Promotions with real bonuses end to end (issue 32, decision 041) in Chromium against the real
 * server: the operator publishes a promotion and gives it deposit-match rules with the CLI; a
 * player joins it on /promotions, deposits (the operator approves), claims the bonus on the card
 * and sees it in the bonus panel with its wagering requirement and progress. With LOOK_DIR set,
 * the page is photographed at 1440×900 and 390×844.
 */

async function api(server: RunningServer, token: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: token, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { success: boolean; value: Record<string, unknown>; message?: string };
  if (!json.success) throw new Error(`${path}: ${json.message}`);
  return json.value;
}

test.describe('promotions with bonuses', () => {
  test.setTimeout(lookDir ? 120_000 : 60_000);

  test('a player joins a deposit match, deposits, claims the bonus and sees it with its wagering progress', async ({
    page,
    server,
  }) => {
    const title = `Welcome match ${Date.now() % 100000}`;
    const added = await server.ops(
      'notice',
      'add',
      '--type',
      'PR',
      '--title',
      title,
      '--html',
      '<p>Deposit at least 100 and get <b>100%</b> up to 500.</p>',
    );
    const id = /Notice (\d+)/.exec(added)![1]!;
    await server.ops(
      'promo',
      'rule',
      id,
      '--kind',
      'DEPOSIT_MATCH',
      '--category',
      'DEPOSIT',
      '--match',
      '100',
      '--cap',
      '500',
      '--min-deposit',
      '100',
      '--wagering',
      '5',
      '--contrib',
      'RNG=100,LIVE=10,SPORTS=50',
    );

    const username = uniqueName('pr');
    await createMember(server, username, 'Play1234');
    await preparePage(page);
    await page.goto('/');
    await loginThroughPopup(page, username, 'Play1234');
    const token = (await page.evaluate(() => window.sessionStorage.getItem('token')))!;

    await page.goto('/promotions');
    const card = page.getByTestId('promotion-card').filter({ hasText: title });
    await expect(card).toHaveAttribute('data-status', 'join');
    await expect(card).toContainText('100% match up to');
    await card.getByTestId('promotion-join').click();
    await expect(card).toHaveAttribute('data-status', 'joined');
    await expect(card).toContainText('deposit at least');
    await look(page, 'promotions-joined', { phone: true });

    const order = await api(server, token, '/wps/deposit/orders', {
      channelCode: 'BANK',
      amount: '300',
      payerReference: 'PR-E2E',
    });
    await server.ops('deposit', 'approve', String(order.orderNo));

    await page.reload();
    await expect(card).toHaveAttribute('data-status', 'claim');
    await card.getByTestId('promotion-claim').click();
    const panel = page.getByTestId('bonus-panel');
    await expect(panel.getByTestId('bonus-amount')).toHaveText('300.00');
    // Requirement 5 × (300 bonus + 300 deposit); nothing wagered yet.
    await expect(panel.getByTestId('bonus-progress')).toHaveText('Wagered 0.00 of 3,000.00 (0%)');
    await expect(panel.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    await expect(panel).toContainText('Slots 100%');
    await expect(card).toHaveAttribute('data-status', 'process');
    const wallet = await api(server, token, '/wps/bonus');
    expect(wallet.balance).toBe(300);
    await look(page, 'promotions-bonus', { phone: true });
  });
});
