import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from './fixtures.ts';
import {
  createMember,
  loginThroughPopup,
  playerSession,
  preparePage,
  uniqueName,
} from './accounts-helpers.ts';
import { boCall, consoleSession, look, lookDir, staffAccounts } from './backoffice-kit.ts';

/**
 * Responsible gambling end to end (issue 33, decision 039): from the footer's "Responsible
 * gaming" article to the tools; a deposit limit set, a deposit over it refused with the sentence,
 * a time-out taken that logs the player out, and the login refused until it ends. With LOOK_DIR
 * set, the page is photographed at 1440×900 and 390×844 (LOOK.md).
 */
test.describe('responsible gambling', () => {
  test.setTimeout(lookDir ? 240_000 : 150_000);

  test('a player sets a deposit limit, a deposit over it is refused with the message, then takes a time-out and is logged out', async ({
    page,
    server,
  }) => {
    const username = uniqueName('rg');
    await createMember(server, username, 'Play1234');
    await preparePage(page);
    await playerSession(page, server, username, 'Play1234');
    await expect(page.getByTestId('member-bar-content')).toBeVisible();

    // The footer's "Responsible gaming" article leads to the tools.
    await page.goto('/help?topic=responsible');
    await page.getByTestId('rg-tools-link').click();
    await expect(page).toHaveURL(/\/responsible$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Responsible gaming' })).toBeVisible();

    const limits = page.getByRole('form', { name: 'Set a limit' });
    await limits.locator('select[name="kind"]').selectOption('deposit');
    await limits.locator('select[name="period"]').selectOption('day');
    await limits.locator('input[name="amount"]').fill('100');
    await limits.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('rg-limit-deposit-day')).toContainText('100.00');
    await look(page, 'responsible-tools', { phone: true });

    // A deposit over the limit: refused by the server, the sentence shown where the player asked.
    const token = (await page.evaluate(() => window.sessionStorage.getItem('token')))!;
    const res = await page.request.post('/wps/deposit/orders', {
      headers: { authorization: token, merchant: 'SEA888', device: 'web', language: 'en' },
      data: { channelCode: 'SANDBOXPAY', amount: 150 },
    });
    expect(res.status()).toBe(409);
    const body = (await res.json()) as { errorCode: string; message: string };
    expect(body.errorCode).toBe('rg.deposit.limit');
    expect(body.message).toContain('daily deposit limit of 100');

    // Through the deposit page too.
    await page.getByTestId('member-menu-button').click();
    await page.getByTestId('member-menu').getByRole('menuitem', { name: 'Account record' }).click();
    const centre = page.getByTestId('member-centre');
    await centre.locator('nav [data-page="depositv2"]').click();
    const deposit = centre.getByTestId('deposit-page');
    await deposit.locator('[data-testid^="channel-"]', { hasText: 'Online payment' }).first().click();
    await deposit.getByTestId('amount').fill('150');
    await deposit.getByTestId('deposit-submit').click();
    await expect(deposit.getByRole('alert').first()).toContainText('deposit limit');
    await page.keyboard.press('Escape');

    // A time-out: logged out at once, the login refused with the reason.
    await page.goto('/responsible');
    const pause = page.getByRole('form', { name: 'Take a break' });
    await pause.locator('select[name="blockKind"]').selectOption('timeout');
    await pause.locator('select[name="duration"]').selectOption('24h');
    await pause.getByRole('checkbox').check();
    await pause.getByRole('button', { name: 'Start time-out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('member-bar-content')).toHaveCount(0);
    expect(await page.evaluate(() => window.sessionStorage.getItem('token'))).toBeNull();
    const again = await page.request.get('/wps/responsible/settings', {
      headers: { authorization: token, merchant: 'SEA888', device: 'web', language: 'en' },
    });
    expect(again.status()).toBe(401);
  });

  test('the previous login shows at login, and the reality check at the chosen interval shows time played and the net result; stop logs out', async ({
    page,
    server,
  }) => {
    const username = uniqueName('rgrc');
    await createMember(server, username, 'Play1234');
    await page.clock.install();
    await preparePage(page);
    await page.goto('/');
    await loginThroughPopup(page, username, 'Play1234');
    await expect(page.getByTestId('member-bar-content')).toBeVisible();
    await expect(page.getByTestId('rg-last-login')).toContainText('Your last login');
    if (lookDir) {
      mkdirSync(lookDir, { recursive: true });
      await page.screenshot({ path: join(lookDir, 'rg-last-login-1440.png') });
    }
    await page.getByTestId('rg-last-login').getByRole('button', { name: 'OK' }).click();

    await page.goto('/responsible');
    const session = page.getByRole('form', { name: 'Session time and reality check' });
    await session.locator('select[name="realityCheck"]').selectOption('15');
    await session.getByRole('button', { name: 'Save' }).click();
    await expect(session.getByRole('status')).toHaveText('Saved');
    // The reality check counts from the session's start it reads from the server.
    const status = page.waitForResponse((r) => r.url().includes('/wps/responsible/status'));
    await page.reload();
    await status;
    await expect(page.getByRole('heading', { level: 1, name: 'Responsible gaming' })).toBeVisible();
    await page.clock.fastForward('15:30');
    const check = page.getByTestId('rg-reality-check');
    await expect(check).toBeVisible();
    await expect(check).toContainText('Time played');
    await expect(check).toContainText('Net result this session');
    if (lookDir) {
      await page.screenshot({ path: join(lookDir, 'rg-reality-check-1440.png') });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: join(lookDir, 'rg-reality-check-390.png') });
      await page.setViewportSize({ width: 1440, height: 900 });
    }
    await check.getByRole('button', { name: 'Stop and log out' }).click();
    await expect(page.getByTestId('member-bar-content')).toHaveCount(0);
  });

  test("risk staff see a player's limits in the console and put the player on a time-out, audited", async ({
    page,
    server,
  }) => {
    const player = uniqueName('rgbo');
    await createMember(server, player, 'Play1234');
    const { rgrisk: risk, adminToken } = await staffAccounts(server, {
      rgrisk: { role: 'risk', displayName: 'Risk analyst' },
    });
    const search = await boCall(server, `/players?key=username&q=${player}`, { token: adminToken });
    const id = (search.list as { id: number }[])[0]!.id;

    await consoleSession(page, server, risk);

    await page.goto(`/bo/players/${id}`);
    await page.getByRole('tab', { name: 'Limits & exclusions' }).click();
    await expect(page.getByText('The player has set no money limit.')).toBeVisible();
    const form = page.getByRole('form', { name: 'Set a stricter limit' });
    await form.getByLabel('Amount').fill('300');
    await form.getByLabel('Reason').fill('affordability review');
    await form.getByRole('button', { name: 'Set limit' }).click();
    await expect(page.getByTestId('rg-deposit-day')).toHaveText('300');
    const pause = page.getByRole('form', { name: 'Time-out' });
    await pause.getByLabel('Reason').fill('player asked by phone');
    await pause.getByRole('button', { name: 'Start time-out' }).click();
    await expect(page.getByTestId('rg-block')).toContainText('Time-out until');
    await look(page, 'bo-player-limits');
  });
});
