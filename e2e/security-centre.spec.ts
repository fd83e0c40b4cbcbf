import { test, expect } from './fixtures.ts';
import { outboxCode, secureApi } from './accounts-helpers.ts';
import { LOGIN_PASSWORD, openSecurityCentre } from './profile-helpers.ts';
import { totpCode } from './totp.ts';

test.describe('security centre', () => {
  test('lists the profile, login password, transaction password, mobile, e-mail, authenticator, bank accounts and sessions', async ({
    page,
    server,
  }) => {
    const { centre } = await openSecurityCentre(page, server, 'scl');
    const rows: [string, RegExp][] = [
      ['sc-profile', /Profile.*1 of 11 details filled.*Edit/],
      ['sc-login-password', /Login password.*Change/],
      ['sc-payment-password', /Transaction password.*Not set.*Set/],
      ['sc-mobile', /Mobile number.*Not set.*Bind/],
      ['sc-email', /E-mail.*Not set.*Bind/],
      ['sc-totp', /Authenticator app.*Not set.*Bind/],
      ['sc-bank', /Bank accounts.*None bound.*Add/],
      ['sc-sessions', /Active sessions.*Manage/],
    ];
    for (const [testId, text] of rows) await expect(centre.getByTestId(testId)).toHaveText(text);
    await expect(centre.getByTestId('security-level')).toContainText('Security level: Low');
    // The login password row opens the change-password dialog.
    await centre.getByTestId('login-password-action').click();
    await expect(page.getByRole('dialog', { name: /change password/i })).toBeVisible();
  });

  test('transaction password: set the first time with the login password, then change it with the old one', async ({
    page,
    server,
  }, testInfo) => {
    const { centre } = await openSecurityCentre(page, server, 'pp');
    const action = centre.getByTestId('payment-password-action');
    await expect(action).toHaveText('Set');
    await page.screenshot({ path: testInfo.outputPath(`security-centre-desktop.png`) });
    await action.click();

    const dialog = page.getByRole('dialog', { name: 'Set transaction password' });
    const form = dialog.getByTestId('payment-password-form');
    await form.getByLabel('Login password').fill(LOGIN_PASSWORD);
    await form.getByLabel('New transaction password (6 digits)').fill('12ab');
    await form.getByLabel('Confirm transaction password').fill('12ab');
    await form.getByTestId('payment-password-submit').click();
    await expect(form.getByText('The transaction password is exactly 6 digits')).toBeVisible();
    await form.getByLabel('Login password').fill('Wrong12345');
    await form.getByLabel('New transaction password (6 digits)').fill('482913');
    await form.getByLabel('Confirm transaction password').fill('482913');
    await form.getByTestId('payment-password-submit').click();
    await expect(form.getByRole('alert').filter({ hasText: 'login password is not correct' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('payment-password-desktop.png') });
    await form.getByLabel('Login password').fill(LOGIN_PASSWORD);
    await form.getByTestId('payment-password-submit').click();
    await expect(dialog.getByTestId('payment-password-done')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(action).toHaveText('Change');
    await expect(centre.getByTestId('sc-payment-password')).toContainText('Set');

    await action.click();
    const changeDialog = page.getByRole('dialog', { name: 'Change transaction password' });
    await changeDialog.getByLabel('Current transaction password').fill('482913');
    await changeDialog.getByLabel('New transaction password (6 digits)').fill('602417');
    await changeDialog.getByLabel('Confirm transaction password').fill('602417');
    await changeDialog.getByTestId('payment-password-submit').click();
    await expect(changeDialog.getByTestId('payment-password-done')).toBeVisible();
  });

  test('binds an e-mail with the code sent to it; a wrong code is refused', async ({ page, server }) => {
    const { centre, username } = await openSecurityCentre(page, server, 'em');
    await centre.getByTestId('bind-email-action').click();
    const form = page.getByTestId('bind-email-form');
    await form.getByTestId('bind-send-code').click();
    await expect(form.getByText('Please enter a valid e-mail address')).toBeVisible();
    const email = `${username}@example.com`;
    await form.getByLabel('E-mail address').fill(email);
    await form.getByTestId('bind-send-code').click();
    await expect(form.getByText('The code is on its way by e-mail.')).toBeVisible();
    await form.getByLabel('Verification code').fill('000000');
    await form.getByTestId('bind-submit').click();
    await expect(form.getByRole('alert')).toBeVisible();
    await form.getByLabel('Verification code').fill(await outboxCode(server, email));
    await form.getByTestId('bind-submit').click();
    const masked = `${username.slice(0, 2)}***@example.com`;
    await expect(page.getByTestId('bind-email-done')).toContainText(masked);
    await page.getByTestId('bind-email-done').getByRole('button', { name: 'Close' }).click();
    await expect(centre.getByTestId('sc-email')).toContainText(masked);
    await expect(centre.getByTestId('bind-email-action')).toHaveText('Change');
  });

  test('binds an authenticator with its code; replacing it asks for the login password first', async ({
    page,
    server,
  }) => {
    const { centre } = await openSecurityCentre(page, server, 'tp');
    await centre.getByTestId('totp-action').click();
    // The first binding shows the key at once.
    const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
    await page.getByTestId('totp-form').getByLabel('Code from the app').fill(totpCode(secret));
    await page.getByTestId('totp-submit').click();
    const modal = page.getByTestId('totp-modal');
    await expect(modal).toContainText('The authenticator app is bound');
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(centre.getByTestId('totp-action')).toHaveText('Change');

    // Replacing it: no new key before the login password, a wrong one is refused.
    await centre.getByTestId('totp-action').click();
    const password = page.getByTestId('totp-password-form');
    await expect(password).toBeVisible();
    await expect(page.getByTestId('totp-secret')).toHaveCount(0);
    await password.getByLabel('Login password').fill('Wrong12345');
    await page.getByTestId('totp-password-submit').click();
    await expect(password.getByRole('alert')).toHaveText('The login password is not correct');
    await expect(page.getByTestId('totp-secret')).toHaveCount(0);
    await password.getByLabel('Login password').fill(LOGIN_PASSWORD);
    await page.getByTestId('totp-password-submit').click();
    const fresh = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
    expect(fresh).not.toBe(secret);
    await page.getByTestId('totp-form').getByLabel('Code from the app').fill(totpCode(fresh));
    await page.getByTestId('totp-submit').click();
    await expect(modal).toContainText('The authenticator app is bound');
  });
});

test.describe('active sessions', () => {
  test('lists this device and the others, and "log out other devices" ends the others', async ({
    page,
    server,
  }, testInfo) => {
    // One more session through the API before the browser logs in (registering logged in too).
    const { centre, username } = await openSecurityCentre(page, server, 'ses');
    const other = await secureApi(server, '/wps/session/login', {
      username,
      password: LOGIN_PASSWORD,
      type: 'username',
      captcha: '',
    });
    expect(other.success).toBe(true);
    await centre.getByTestId('sessions-action').click();
    const dialog = page.getByRole('dialog', { name: 'Active sessions' });
    // Registering logged in too: that session, this browser and the API login.
    await expect(dialog.getByRole('listitem')).toHaveCount(3);
    await expect(dialog.getByText('This device')).toHaveCount(1);
    await page.screenshot({ path: testInfo.outputPath('sessions-desktop.png') });
    await dialog.getByTestId('sessions-logout-others').click();
    await expect(dialog.getByText('2 other sessions were ended.')).toBeVisible();
    await expect(dialog.getByRole('listitem')).toHaveCount(1);
  });
});

test.describe('nickname', () => {
  test('a bad nickname is refused in the profile form; a good one shows in the security centre', async ({
    page,
    server,
  }) => {
    const { centre } = await openSecurityCentre(page, server, 'nick');
    await centre.getByTestId('profile-edit').click();
    const form = centre.getByTestId('profile-form');
    await form.getByLabel('Nickname').fill('<b>');
    await form.getByTestId('profile-save').click();
    await expect(
      form.getByRole('alert').filter({ hasText: '2 to 20 letters, digits, spaces, _ - or .' }),
    ).toBeVisible();
    await form.getByLabel('Nickname').fill('Lucky Tiger');
    await form.getByTestId('profile-save').click();
    await expect(centre.getByText('Your profile is saved.')).toBeVisible();
    await centre.getByRole('button', { name: 'Back to security centre' }).click();
    await expect(centre.getByTestId('security-centre').getByText('Lucky Tiger')).toBeVisible();
    await expect(page.getByTestId('member-bar-content')).toContainText('Lucky Tiger');
  });
});

test.describe('security centre on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the transaction password form fits a 390 px screen', async ({ page, server }, testInfo) => {
    const { centre } = await openSecurityCentre(page, server, 'ppm');
    await page.screenshot({ path: testInfo.outputPath('security-centre-phone.png') });
    await centre.getByTestId('payment-password-action').click();
    const dialog = page.getByRole('dialog', { name: 'Set transaction password' });
    await expect(dialog.getByTestId('payment-password-submit')).toBeVisible();
    const box = await dialog.getByTestId('payment-password-form').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: testInfo.outputPath('payment-password-phone.png') });
  });
});
