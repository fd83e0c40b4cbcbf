import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { createMember, loginThroughPopup, preparePage, uniqueName } from './accounts-helpers.ts';
import { settled } from './settled.ts';

/**
 * Responsible gambling end to end (issue 33, decision 039): from the footer's "Responsible
 * gaming" article to the tools; a deposit limit set, a deposit over it refused with the sentence,
 * a time-out taken that logs the player out, and the login refused until it ends. With LOOK_DIR
 * set, the page is photographed at 1440×900 and 390×844 (LOOK.md).
 */
const lookDir = process.env.LOOK_DIR;

async function lookBoth(page: Page, name: string) {
  if (!lookDir) return;
  mkdirSync(lookDir, { recursive: true });
  await settled(page);
  await page.screenshot({ path: join(lookDir, `${name}-1440.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  await page.screenshot({ path: join(lookDir, `${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await settled(page);
}

test.describe('responsible gambling', () => {
  test.setTimeout(lookDir ? 240_000 : 150_000);

  test('a player sets a deposit limit, a deposit over it is refused with the message, then takes a time-out and is logged out', async ({
    page,
    server,
  }) => {
    const username = uniqueName('rg');
    await createMember(server, username, 'Play1234');
    await preparePage(page);
    await page.goto('/');
    await loginThroughPopup(page, username, 'Play1234');
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
    await lookBoth(page, 'responsible-tools');

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
});
