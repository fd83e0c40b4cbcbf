import { test, expect } from './fixtures.ts';
import { createMember, freshIp, openLogin, preparePage, uniqueName, withSwitch } from './accounts-helpers.ts';

test.describe('remember me and the second factor', () => {
  test('a remembered login from a new IP asks for the second factor (LOGINIPVERF3), then keeps the next token', async ({
    page,
    server,
  }) => {
    const username = uniqueName('rtf');
    await createMember(server, username, 'Remember2FA1', { payeeName: 'Rita Tester' });
    await preparePage(page, freshIp());
    await openLogin(page);
    const form = page.getByTestId('login-form');
    await form.getByLabel('Username').fill(username);
    await form.getByLabel('Password', { exact: true }).fill('Remember2FA1');
    await form.getByLabel('Remember me for 1 day').check();
    await form.getByTestId('login-submit').click();
    await expect(page.getByTestId('member-bar-content')).toBeVisible();
    const first = await page.evaluate(() => JSON.parse(localStorage.getItem('rememberedLogin') ?? 'null'));
    expect(typeof first.rememberToken).toBe('string');

    await withSwitch(server, 'LOGINIPVERF3', true, async () => {
      // Another day, another network: the same browser comes back from an address never seen.
      await page.evaluate(() => sessionStorage.clear());
      await page.setExtraHTTPHeaders({ 'X-Forwarded-For': freshIp() });
      await page.goto('/');
      await page.getByRole('button', { name: 'Log in', exact: true }).first().click();
      const remembered = page.getByTestId('remembered-login');
      await expect(remembered).toContainText(username);
      const answer = page.waitForResponse((r) => r.url().endsWith('/wps/session/login/remember'));
      await remembered.getByRole('button', { name: 'Continue' }).click();
      expect(await (await answer).json()).toMatchObject({
        success: false,
        errorCode: 'login_verify_required',
      });
      // The bank account name is this member's only second factor: no tabs to choose from.
      const step = page.getByTestId('second-factor');
      await step.getByLabel('Bank account name').fill('Rita Tester');
      await step.getByRole('button', { name: 'Verify and log in' }).click();
      await expect(page.getByTestId('member-bar-content')).toBeVisible();
    });
    // The step handed out the next remember token, and the browser kept it.
    const next = await page.evaluate(() => JSON.parse(localStorage.getItem('rememberedLogin') ?? 'null'));
    expect(next.username).toBe(username);
    expect(typeof next.rememberToken).toBe('string');
    expect(next.rememberToken).not.toBe(first.rememberToken);
  });
});
