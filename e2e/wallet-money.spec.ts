import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import {
  createMember,
  freshBankNumber,
  playerSession,
  preparePage,
  secureApi,
  uniqueName,
} from './accounts-helpers.ts';
import type { RunningServer } from './server.ts';
import { settled } from './settled.ts';

/**
 * The money pages of the member centre end to end (issue 7), in the browser against the real
 * server and the operator's commands: a bank-transfer deposit approved by the operator, a deposit
 * through the sandbox gateway's own payment page, and a withdrawal approved, paid and confirmed as
 * partly received with a proof image. With LOOK_DIR set, pages are photographed at 1440×900 and
 * 390×844 (LOOK.md).
 */
const lookDir = process.env.LOOK_DIR;

async function lookBoth(page: Page, name: string) {
  if (!lookDir) return;
  mkdirSync(lookDir, { recursive: true });
  await settled(page);
  await page.screenshot({ path: join(lookDir, `${name}-1440.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  await page.screenshot({ path: join(lookDir, `${name}-390.png`) });
  await page.setViewportSize({ width: 1440, height: 900 });
  await settled(page);
}

/** A real 1×1 png (the server decodes proof images, so the bytes must be a whole image). */
const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function newPlayer(page: Page, server: RunningServer) {
  const username = uniqueName('wm');
  await createMember(server, username, 'Play1234');
  await preparePage(page);
  await playerSession(page, server, username, 'Play1234');
  await expect(page.getByTestId('member-bar-content')).toBeVisible();
  return username;
}

/** Opens the member centre (from the member menu) on one of its pages. */
async function openCentre(page: Page, pageKey: string) {
  await page.getByTestId('member-menu-button').click();
  await page.getByTestId('member-menu').getByRole('menuitem', { name: 'Account record' }).click();
  const centre = page.getByTestId('member-centre');
  await centre.locator(`nav [data-page="${pageKey}"]`).click();
  await expect(centre.locator('[aria-current="page"]')).toHaveAttribute('data-page', pageKey);
  return centre;
}

test.describe('wallet money pages', () => {
  test.setTimeout(lookDir ? 240_000 : 150_000);

  test('bank transfer deposit: the merchant account shows, bad amounts are refused before sending, the order waits, the operator approves and the balance changes without a reload', async ({
    page,
    server,
  }) => {
    await newPlayer(page, server);
    await expect(page.getByTestId('balance-amount')).toHaveText('$0.00');
    const centre = await openCentre(page, 'depositv2');
    const deposit = centre.getByTestId('deposit-page');
    await expect(deposit.getByTestId('deposit-recent')).toContainText('No deposits yet');
    await lookBoth(page, 'deposit-empty');

    await deposit.locator('[data-testid^="channel-"]', { hasText: 'Bank transfer' }).first().click();
    await expect(deposit.getByTestId('merchant-account')).toBeVisible();

    // The contract's parser refuses before anything is sent.
    const amount = deposit.getByTestId('amount');
    for (const [bad, message] of [
      ['1.001', /at most 2 decimals/],
      ['-5', /cannot be negative/],
      ['0', /greater than zero/],
      ['1e3', /without an exponent/],
      ['abc', /in digits/],
    ] as const) {
      await amount.fill(bad);
      await deposit.getByTestId('deposit-submit').click();
      await expect(deposit.getByRole('alert').first()).toHaveText(message);
    }
    await expect(deposit.getByTestId('deposit-order')).toHaveCount(0);

    await amount.fill('250');
    await deposit.getByTestId('deposit-reference').fill('E2E-REF-1');
    await deposit.getByTestId('deposit-submit').click();
    await expect(deposit.getByTestId('deposit-done')).toContainText('waiting for review');
    const order = deposit.getByTestId('deposit-order').first();
    await expect(order.getByTestId('deposit-status')).toHaveText('Pending');
    await expect(order).toContainText('$250.00');
    const orderNo = (await order.getAttribute('data-order'))!;

    expect(await server.ops('deposit', 'approve', orderNo)).toMatch(/approv|credit/i);
    await expect(page.getByTestId('balance-amount')).toHaveText('$250.00');
    await expect(order.getByTestId('deposit-status')).toHaveText('Credited');
    await lookBoth(page, 'deposit-full');

    // The account records show the deposit with its order number.
    await centre.locator('nav [data-page="transactionHistory"]').click();
    const row = centre.getByTestId('account-records').locator('tbody tr').first();
    await expect(row).toContainText(orderNo);
    await expect(row).toContainText('+250.00');
  });

  test('sandbox gateway deposit: its payment page opens, the payment credits the balance live', async ({
    page,
    server,
  }) => {
    await newPlayer(page, server);
    const centre = await openCentre(page, 'depositv2');
    const deposit = centre.getByTestId('deposit-page');
    const gateway = deposit.locator('[data-testid^="channel-"]', { hasText: 'Online payment' }).first();
    await gateway.click();
    await deposit.getByTestId('amount').fill('120.50');
    const popup = page.waitForEvent('popup');
    await deposit.getByTestId('deposit-submit').click();
    const pay = await popup;
    await pay.getByRole('button', { name: /Pay/ }).click();
    await expect(pay.locator('body')).toContainText(/paid|success/i);
    await pay.close();
    await expect(page.getByTestId('balance-amount')).toHaveText('$120.50');
    await expect(deposit.getByTestId('deposit-order').first().getByTestId('deposit-status')).toHaveText(
      'Credited',
    );
  });

  test('withdraw: bind a bank account (masked), request with the payment password, operator approves and pays, confirm partly received with a proof image; each step in the timeline and the records', async ({
    page,
    server,
  }) => {
    await newPlayer(page, server);
    // The payment password is set in the security centre (another page); here through its call.
    const token = (await page.evaluate(() => window.sessionStorage.getItem('token')))!;
    const set = await secureApi(
      server,
      '/wps/member/security/paymentPassword',
      { loginPassword: 'Play1234', paymentPassword: '135790', confirmPaymentPassword: '135790' },
      { token },
    );
    expect(set.success, set.message).toBe(true);
    // Money to withdraw: a bank deposit approved by the operator (the first test proves the page does this).
    const centre = await openCentre(page, 'depositv2');
    const deposit = centre.getByTestId('deposit-page');
    await deposit.locator('[data-testid^="channel-"]', { hasText: 'Bank transfer' }).first().click();
    await deposit.getByTestId('amount').fill('500');
    await deposit.getByTestId('deposit-reference').fill('E2E-REF-2');
    await deposit.getByTestId('deposit-submit').click();
    const orderNo = (await deposit.getByTestId('deposit-order').first().getAttribute('data-order'))!;
    await server.ops('deposit', 'approve', orderNo);
    await expect(page.getByTestId('balance-amount')).toHaveText('$500.00');

    await centre.locator('nav [data-page="withdraw"]').click();
    const withdraw = centre.getByTestId('withdraw-page');
    const bind = withdraw.getByTestId('bind-bank');
    await expect(bind).toBeVisible();
    await expect(withdraw.getByTestId('withdraw-recent')).toContainText('No withdrawals yet');
    await lookBoth(page, 'withdraw-bind');
    await bind.getByTestId('bank-payee').fill('Test Player');
    await bind.getByTestId('bank-select').selectOption({ index: 1 });
    const bankNumber = freshBankNumber();
    await bind.getByTestId('bank-number').fill(bankNumber);
    await bind.getByTestId('bank-submit').click();

    const form = withdraw.getByTestId('withdraw-form');
    await expect(form.getByTestId('withdraw-account')).toContainText('7890');
    await expect(form.getByTestId('withdraw-account')).not.toContainText(bankNumber);
    await form.getByTestId('amount').fill('200');
    await form.getByTestId('withdraw-password').fill('135790');
    await form.getByTestId('withdraw-submit').click();

    const detail = withdraw.getByTestId('withdrawal-detail');
    await expect(detail.getByTestId('detail-status')).toHaveText('Under review');
    await expect(page.getByTestId('balance-amount')).toHaveText('$300.00');
    const wdNo = (await detail.locator('dd').first().textContent())!.trim();

    await server.ops('withdraw', 'approve', wdNo);
    await expect(detail.getByTestId('detail-status')).toHaveText('Approved', { timeout: 15_000 });
    await server.ops('withdraw', 'pay', wdNo);
    // Paid out: the page asks what arrived (read again on the list's refresh or on return).
    await withdraw.getByTestId('withdrawal-back').click();
    await withdraw.getByTestId('withdraw-waiting').getByRole('button', { name: 'Confirm' }).click();
    await expect(detail.getByTestId('detail-status')).toHaveText('Paid out', { timeout: 15_000 });
    const confirm = detail.getByTestId('confirm-form');
    await expect(confirm).toBeVisible();
    await lookBoth(page, 'withdraw-confirm');

    await confirm.getByTestId('confirm-PARTLY_RECEIVED').click();
    await confirm.getByTestId('received-amount').fill('150');
    // A file that is not a png or jpg is refused on the client.
    await confirm
      .getByTestId('proof-input')
      .setInputFiles({ name: 'x.png', mimeType: 'image/png', buffer: Buffer.from('GIF89a not a png') });
    await expect(confirm.getByRole('alert')).toHaveText('Only png or jpg images can be uploaded');
    await confirm
      .getByTestId('proof-input')
      .setInputFiles({ name: 'statement.png', mimeType: 'image/png', buffer: onePixelPng });
    await expect(confirm.getByTestId('proof-files')).toContainText('statement.png');
    await confirm.getByTestId('confirm-submit').click();

    await expect(detail.getByTestId('detail-status')).toHaveText('Partly received');
    await expect(detail).toContainText('1 proof image(s) uploaded');
    const timeline = detail.getByTestId('withdrawal-timeline');
    for (const step of ['Under review', 'Approved', 'Paid out', 'Partly received'])
      await expect(timeline).toContainText(step);
    await lookBoth(page, 'withdraw-full');

    // The account records: the deposit, then the withdrawal as one outgoing row with its state
    // (issue 28: not "+200" for the held amount and a "−200" for the payout).
    await centre.locator('nav [data-page="transactionHistory"]').click();
    const records = centre.getByTestId('account-records');
    await expect(records).toContainText(orderNo);
    const withdrawal = records.locator('tbody tr', { hasText: wdNo });
    await expect(withdrawal).toHaveCount(1);
    await expect(withdrawal).toContainText('-200.00');
    await expect(withdrawal).not.toContainText('+200.00');
    await expect(withdrawal.getByTestId('withdraw-record-status')).toHaveText('Paid');
  });

  test('my wallet and transfer to upline: balances with the single-wallet explanation or the transfer form, and why an upline transfer is not possible', async ({
    page,
    server,
  }) => {
    await newPlayer(page, server);
    const centre = await openCentre(page, 'transferFund');
    const wallet = centre.getByTestId('transfer-page');
    await expect(wallet.getByTestId('wallet-total')).toHaveText('$0.00');
    await expect(wallet.getByTestId('single-wallet').or(wallet.getByTestId('transfer-form'))).toBeVisible();
    await lookBoth(page, 'wallet');
    await centre.locator('nav [data-page="transferUpline"]').click();
    await expect(centre.getByTestId('upline-unavailable')).toBeVisible();
    await lookBoth(page, 'upline');
  });
});
