import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import {
  createMember,
  freshBankNumber,
  playerSession,
  preparePage,
  secureApi,
  uniqueName,
} from './accounts-helpers.ts';
import { settled } from './settled.ts';

/**
 * LN-07, left-to-right data in right-to-left text (issue 33, decision 044): in Arabic the lottery
 * lobby's draw numbers, a record's signed amount and the deposit page's Latin bank details keep
 * their order and punctuation ("20261130-0336", "+150.00", "Lucky Lotus Co., Ltd." with its full
 * stop at its end), each isolated left to right by the shared component that renders it. Checked in
 * the browser's layout: the data's first character stands left of its last. With LOOK_DIR set, each
 * page is photographed at 1440×900 and 390×844.
 */
const lookDir = process.env.LOOK_DIR;

async function look(page: Page, name: string) {
  if (!lookDir) return;
  mkdirSync(lookDir, { recursive: true });
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await settled(page);
    await page.screenshot({ path: join(lookDir, `rtl-data-ar-${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/**
 * How `data` lies on screen: its computed direction, its parent's, and whether its first character
 * is drawn left of its last (left to right) — what a reader sees, not only the markup.
 */
async function layoutOf(data: Locator) {
  return data.evaluate((el) => {
    const text = el.firstChild?.nodeType === Node.TEXT_NODE ? el.firstChild : el;
    const node =
      text.nodeType === Node.TEXT_NODE
        ? text
        : document.createTreeWalker(el, NodeFilter.SHOW_TEXT).nextNode()!;
    // The first and last characters drawn: an isolate's invisible marks (U+2066…U+2069) aside.
    const content = node.textContent!;
    const first = content.search(/[^\u2066-\u2069]/);
    const last =
      content.length -
      1 -
      [...content]
        .reverse()
        .join('')
        .search(/[^\u2066-\u2069]/);
    const box = (at: number) => {
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 1);
      return range.getBoundingClientRect();
    };
    return {
      text: el.textContent,
      tag: el.tagName.toLowerCase(),
      dir: el.getAttribute('dir'),
      direction: getComputedStyle(el).direction,
      unicodeBidi: getComputedStyle(el).unicodeBidi,
      pageDirection: getComputedStyle(el.parentElement!).direction,
      firstLeftOfLast: box(first).left < box(last).left,
    };
  });
}

test('in Arabic the lobby draw number, a signed amount and Latin bank details read left to right', async ({
  page,
  server,
}) => {
  test.setTimeout(lookDir ? 240_000 : 120_000);
  const username = uniqueName('rtld');
  await createMember(server, username, 'Play1234');
  // A brand that offers Arabic in its picker (moreLanguages), as languages-rtl.spec.ts serves it.
  await page.route('**/config/brand.json', async (route) => {
    const response = await route.fetch();
    const brand = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...brand, moreLanguages: ['AR', 'FA', 'UR'] } });
  });
  // Arabic from the start (the language the header picker stores), before preparePage's English.
  await page.addInitScript(() => {
    if (!window.sessionStorage.getItem('e2e.rtl.language')) {
      window.sessionStorage.setItem('e2e.rtl.language', '1');
      window.localStorage.setItem('language', 'ar');
    }
  });
  await preparePage(page);
  await playerSession(page, server, username, 'Play1234');
  await page.setViewportSize({ width: 1440, height: 900 });

  // 1. The lottery lobby: a card's draw number.
  await page.goto('/lottery');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  const token = (await page.evaluate(() => window.sessionStorage.getItem('token'))) ?? '';
  const numero = page
    .getByTestId('lottery-card')
    .locator('bdi[dir="ltr"]')
    .filter({ hasText: /\d-\d/ })
    .first();
  await expect(numero).toBeVisible();
  const drawn = await layoutOf(numero);
  expect(drawn.text).toMatch(/^\d{8}-\d+$/);
  expect(drawn).toMatchObject({ tag: 'bdi', dir: 'ltr', direction: 'ltr', pageDirection: 'rtl' });
  expect(drawn.firstLeftOfLast).toBe(true);
  // The Arabic words of the label stay outside the isolate.
  await expect(numero.locator('..')).toContainText('السحب رقم');
  await look(page, 'lottery');

  // 2. The deposit page: the merchant's bank details, a Latin name keeps its full stop at its end.
  await page.goto('/');
  await page.getByTestId('member-menu-button').click();
  // The member menu's head: the username isolated with its own direction.
  const name = page.locator('bdi[dir="auto"]', { hasText: username });
  await expect(name).toBeVisible();
  expect(await layoutOf(name)).toMatchObject({ text: username, direction: 'ltr', firstLeftOfLast: true });
  await page.getByTestId('member-menu').getByRole('menuitem').first().click();
  const centre = page.getByTestId('member-centre');
  await centre.locator('nav [data-page="depositv2"]').click();
  const deposit = centre.getByTestId('deposit-page');
  await deposit
    .locator('[data-testid^="channel-"]')
    .filter({ hasText: /bank|بنك|مصرف/i })
    .first()
    .click();
  const merchant = deposit.getByTestId('merchant-account');
  await expect(merchant).toBeVisible();
  const names = merchant.locator('dd > bdi[dir="auto"]');
  const holder = names.filter({ hasText: /\.$/ }).first();
  await expect(holder).toBeVisible();
  const held = await layoutOf(holder);
  expect(held).toMatchObject({ tag: 'bdi', direction: 'ltr', pageDirection: 'rtl' });
  expect(held.text).toMatch(/^[A-Za-z].*\.$/);
  expect(held.firstLeftOfLast).toBe(true);
  const number = merchant.locator('dd > bdi[dir="ltr"]').first();
  expect(await layoutOf(number)).toMatchObject({ direction: 'ltr', firstLeftOfLast: true });
  await look(page, 'deposit');

  // A bank deposit the operator approves: the account record's row carries "+" before its amount.
  await deposit.getByTestId('amount').fill('150');
  await deposit.getByTestId('deposit-reference').fill('E2E-RTL-1');
  await deposit.getByTestId('deposit-submit').click();
  const orderNo = (await deposit.getByTestId('deposit-order').first().getAttribute('data-order'))!;
  await server.ops('deposit', 'approve', orderNo);
  await expect(page.getByTestId('balance-amount')).toContainText('150');

  // 3. The account record: the signed amount and the order number.
  await centre.locator('nav [data-page="transactionHistory"]').click();
  const row = centre.getByTestId('account-records').locator('tbody tr').first();
  await expect(row).toBeVisible();
  // The sign before the number, the amount isolated left to right (formatMoney on a right-to-left page).
  const amount = row
    .locator('span[dir="ltr"]')
    .filter({ hasText: /^\u2066\+/ })
    .first();
  await expect(amount).toBeVisible();
  const signed = await layoutOf(amount);
  expect(signed.text).toMatch(/^\u2066\+\D?[\d٠-٩][^\u2069]*\u2069$/);
  expect(signed).toMatchObject({ direction: 'ltr', pageDirection: 'rtl', firstLeftOfLast: true });
  const reference = row.locator('bdi[dir="ltr"]').filter({ hasText: orderNo });
  expect(await layoutOf(reference)).toMatchObject({ text: orderNo, direction: 'ltr', firstLeftOfLast: true });
  await look(page, 'records');

  // 4. The withdraw page: a bound account's bank, number and holder, each isolated in the choice.
  const set = await secureApi(
    server,
    '/wps/member/security/paymentPassword',
    { loginPassword: 'Play1234', paymentPassword: '135790', confirmPaymentPassword: '135790' },
    { token },
  );
  expect(set.success, set.message).toBe(true);
  await centre.locator('nav [data-page="withdraw"]').click();
  const withdraw = centre.getByTestId('withdraw-page');
  const bind = withdraw.getByTestId('bind-bank');
  await bind.getByTestId('bank-payee').fill('Lucky Player Jr.');
  await bind.getByTestId('bank-select').selectOption({ index: 1 });
  const bankNumber = freshBankNumber();
  await bind.getByTestId('bank-number').fill(bankNumber);
  await bind.getByTestId('bank-submit').click();
  const choice = withdraw.getByTestId('withdraw-account').locator('option').first();
  await expect(choice).toContainText('7890');
  const label = (await choice.textContent())!;
  // First-strong isolates around the names, a left-to-right isolate around the number.
  expect(label).toMatch(
    /^\u2068[^\u2069]+\u2069 · \u2066[^\u2069]*7890\u2069 · \u2068Lucky Player Jr\.\u2069$/,
  );
  await look(page, 'withdraw');
});
