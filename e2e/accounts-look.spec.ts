import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from './fixtures.ts';
import type { Page } from '@playwright/test';
import {
  createMember,
  freshIp,
  loginThroughPopup,
  openLogin,
  preparePage,
  secureApi,
  uniqueName,
  withSwitch,
} from './accounts-helpers.ts';
import { repoRoot } from './server.ts';
import { settled } from './settled.ts';

/**
 * Screenshots of the account screens at desktop and phone sizes, for people to look at
 * (.tmp/shots/accounts). They assert only that each screen is there: the look is judged by eye.
 */
const dir = join(repoRoot, '.tmp/shots/accounts');
const sizes = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function shot(page: Page, name: string): Promise<void> {
  // Entrance animations finished, so the picture shows the resting state.
  await settled(page);
  await page.screenshot({ path: join(dir, `${name}.png`) });
}

test.describe('account screens, looked at', () => {
  test.beforeAll(() => mkdirSync(dir, { recursive: true }));

  for (const size of sizes) {
    test(`login, register and forgot password at ${size.name} size`, async ({ page, server }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: size.width, height: size.height });
      await preparePage(page);
      await openLogin(page);
      await expect(page.getByTestId('banner-w_login').locator('img')).toBeVisible();
      await shot(page, `login-username-${size.name}`);
      await page.getByTestId('login-popup').getByRole('tab', { name: 'Mobile number' }).click();
      await page.getByTestId('login-form').getByLabel('Mobile number').fill('912345678');
      await shot(page, `login-mobile-${size.name}`);
      await page.getByTestId('country-picker').click();
      await shot(page, `login-country-picker-${size.name}`);
      await page.keyboard.press('Escape');
      await page.getByTestId('login-popup').getByRole('tab', { name: 'Username' }).click();
      const username = uniqueName('look');
      await createMember(server, username, 'LookGood123');
      const form = page.getByTestId('login-form');
      await form.getByLabel('Username').fill(username);
      await form.getByLabel('Password', { exact: true }).fill('NotThis123');
      await form.getByTestId('login-submit').click();
      await expect(form.getByTestId('captcha-image').locator('img')).toBeVisible();
      await shot(page, `login-captcha-${size.name}`);

      await page.goto('/register');
      await page.getByTestId('register-form').waitFor();
      await expect(page.getByTestId('captcha-image').locator('img')).toBeVisible();
      await shot(page, `register-username-${size.name}`);
      await page.getByTestId('register-form').getByLabel('Username', { exact: true }).fill('9x');
      await page.getByTestId('register-form').getByLabel('Password', { exact: true }).fill('abc');
      await page.getByTestId('register-submit').click();
      await expect(page.getByTestId('register-form').getByText(/Account format incorrect/)).toBeVisible();
      await shot(page, `register-username-errors-${size.name}`);
      await page.getByTestId('register-dialog').getByRole('tab', { name: 'Mobile number' }).click();
      await page.getByTestId('register-submit').click();
      await expect(
        page.getByTestId('register-form').getByText('Please enter a valid mobile number'),
      ).toBeVisible();
      await shot(page, `register-mobile-errors-${size.name}`);

      await openLogin(page);
      await page.getByTestId('login-form').getByRole('button', { name: 'Forgot password?' }).click();
      await expect(page.getByTestId('forgot-email-form')).toBeVisible();
      await shot(page, `forgot-email-${size.name}`);
      await page.getByTestId('forgot-password').getByRole('tab', { name: 'By mobile number' }).click();
      await shot(page, `forgot-mobile-${size.name}`);
    });

    test(`second factor, forced change, member bar and trial warning at ${size.name} size`, async ({
      page,
      server,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: size.width, height: size.height });
      const username = uniqueName('look2');
      await createMember(server, username, 'LookGood123', {
        email: `${username}@example.com`,
        payeeName: 'Look Tester',
      });
      expect(
        (
          await secureApi(
            server,
            '/wps/session/login',
            { username, password: 'LookGood123', type: 'username', captcha: '' },
            { ip: freshIp() },
          )
        ).success,
      ).toBe(true);
      await withSwitch(server, 'LOGINIPVERF3', true, async () => {
        await preparePage(page);
        await openLogin(page);
        const form = page.getByTestId('login-form');
        await form.getByLabel('Username').fill(username);
        await form.getByLabel('Password', { exact: true }).fill('LookGood123');
        await form.getByTestId('login-submit').click();
        await expect(page.getByTestId('second-factor')).toBeVisible();
        await shot(page, `second-factor-${size.name}`);
      });

      await page.evaluate(() => sessionStorage.clear());
      await openLogin(page);
      const form = page.getByTestId('login-form');
      await form.getByLabel('Username').fill('expired');
      await form.getByLabel('Password', { exact: true }).fill('Expired1234');
      await form.getByTestId('login-submit').click();
      await expect(page.getByTestId('change-password')).toBeVisible();
      await shot(page, `forced-change-${size.name}`);
      const abandoned = page.waitForRequest((r) => r.url().endsWith('/wps/session/logout'));
      await page
        .getByRole('dialog', { name: 'Change password' })
        .getByRole('button', { name: 'Close' })
        .click();
      await abandoned;

      await loginThroughPopup(page, 'demo', 'Demo1234');
      await expect(page.getByTestId('balance-amount')).toHaveText(/\$/);
      await shot(page, `member-bar-${size.name}`);
      await page.getByTestId('member-menu-button').click();
      await shot(page, `member-menu-${size.name}`);
      await page.getByTestId('member-menu').getByRole('menuitem', { name: 'My account' }).click();
      await expect(page.getByTestId('security-centre')).toBeVisible();
      await shot(page, `member-centre-${size.name}`);
      await page
        .getByRole('dialog', { name: 'Member centre' })
        .getByRole('button', { name: 'Close' })
        .click();
      // Phones keep logout in the member menu; wider screens also have the bar's button.
      if (size.name === 'phone') {
        await page.getByTestId('member-menu-button').click();
        await page.getByTestId('member-menu').getByRole('menuitem', { name: 'Log out' }).click();
      } else await page.getByTestId('logout-button').click();
      await shot(page, `logout-confirm-${size.name}`);
      await page.getByTestId('logout-confirm').getByTestId('alert-confirm').click();
      await expect(page.getByRole('button', { name: 'Log in', exact: true }).first()).toBeVisible();

      await openLogin(page);
      await page.getByTestId('free-play').click();
      await expect(page.getByTestId('member-bar-content')).toBeVisible();
      await page.getByTestId('deposit-button').click();
      await expect(page.getByRole('dialog').filter({ hasText: 'real account' })).toBeVisible();
      await shot(page, `trial-warning-${size.name}`);
    });
  }
});
