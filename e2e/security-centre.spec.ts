import { test, expect } from './fixtures.ts';
import { createMember, loginThroughPopup, preparePage, secureApi, uniqueName } from './accounts-helpers.ts';

test.describe('security centre', () => {
  test('transaction password: set the first time with the login password, then change it with the old one', async ({
    page,
    server,
  }, testInfo) => {
    await preparePage(page);
    const username = uniqueName('pp');
    await createMember(server, username, 'Login12345');
    await loginThroughPopup(page, username, 'Login12345');
    await page.getByTestId('member-menu-button').click();
    await page.getByTestId('member-menu').getByRole('menuitem', { name: 'My account' }).click();
    const centre = page.getByTestId('member-centre');
    await expect(centre.getByTestId('security-centre')).toBeVisible();
    const action = centre.getByTestId('payment-password-action');
    await expect(action).toHaveText('Set');
    await page.screenshot({ path: testInfo.outputPath(`security-centre-desktop.png`) });
    await action.click();

    const dialog = page.getByRole('dialog', { name: 'Set transaction password' });
    const form = dialog.getByTestId('payment-password-form');
    await form.getByLabel('Login password').fill('Login12345');
    await form.getByLabel('New transaction password (6 digits)').fill('12ab');
    await form.getByLabel('Confirm transaction password').fill('12ab');
    await form.getByTestId('payment-password-submit').click();
    await expect(form.getByText('The transaction password is exactly 6 digits')).toBeVisible();
    await form.getByLabel('Login password').fill('Wrong12345');
    await form.getByLabel('New transaction password (6 digits)').fill('482913');
    await form.getByLabel('Confirm transaction password').fill('482913');
    await form.getByTestId('payment-password-submit').click();
    await expect(form.getByRole('alert').filter({ hasText: 'login password is not correct' })).toBeVisible();
    await page.screenshot({
      path: testInfo.outputPath('payment-password-desktop.png'),
    });
    await form.getByLabel('Login password').fill('Login12345');
    await form.getByTestId('payment-password-submit').click();
    await expect(dialog.getByTestId('payment-password-done')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(action).toHaveText('Change');

    await action.click();
    const changeDialog = page.getByRole('dialog', { name: 'Change transaction password' });
    await changeDialog.getByLabel('Current transaction password').fill('482913');
    await changeDialog.getByLabel('New transaction password (6 digits)').fill('602417');
    await changeDialog.getByLabel('Confirm transaction password').fill('602417');
    await changeDialog.getByTestId('payment-password-submit').click();
    await expect(changeDialog.getByTestId('payment-password-done')).toBeVisible();
  });
});

test.describe('active sessions', () => {
  test('lists this device and the others, and "log out other devices" ends the others', async ({
    page,
    server,
  }, testInfo) => {
    await preparePage(page);
    const username = uniqueName('ses');
    await createMember(server, username, 'Login12345');
    const other = await secureApi(server, '/wps/session/login', {
      username,
      password: 'Login12345',
      type: 'username',
      captcha: '',
    });
    expect(other.success).toBe(true);
    await loginThroughPopup(page, username, 'Login12345');
    await page.getByTestId('member-menu-button').click();
    await page.getByTestId('member-menu').getByRole('menuitem', { name: 'My account' }).click();
    const centre = page.getByTestId('member-centre');
    await centre.getByTestId('sessions-action').click();
    const dialog = page.getByRole('dialog', { name: 'Active sessions' });
    // Registering logged in too: that session, the API login and this browser.
    await expect(dialog.getByRole('listitem')).toHaveCount(3);
    await expect(dialog.getByText('This device')).toHaveCount(1);
    await page.screenshot({ path: testInfo.outputPath('sessions-desktop.png') });
    await dialog.getByTestId('sessions-logout-others').click();
    await expect(dialog.getByText('2 other sessions were ended.')).toBeVisible();
    await expect(dialog.getByRole('listitem')).toHaveCount(1);
  });
});

test.describe('nickname', () => {
  test('a bad nickname is refused in the form; a good one shows in the security centre', async ({
    page,
    server,
  }, testInfo) => {
    await preparePage(page);
    const username = uniqueName('nick');
    await createMember(server, username, 'Login12345');
    await loginThroughPopup(page, username, 'Login12345');
    await page.getByTestId('member-menu-button').click();
    await page.getByTestId('member-menu').getByRole('menuitem', { name: 'My account' }).click();
    const centre = page.getByTestId('security-centre');
    await centre.getByTestId('nickname-action').click();
    const form = page.getByTestId('nickname-form');
    await form.getByLabel('Nickname').fill('<b>');
    await form.getByTestId('nickname-submit').click();
    await expect(form.getByText('2 to 20 letters, digits, spaces, _ - or .').first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('nickname-desktop.png') });
    await form.getByLabel('Nickname').fill('Lucky Tiger');
    await form.getByTestId('nickname-submit').click();
    await expect(form).toHaveCount(0);
    await expect(centre.getByText('Lucky Tiger')).toBeVisible();
  });
});

test.describe('security centre on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the transaction password form fits a 390 px screen', async ({ page, server }, testInfo) => {
    await preparePage(page);
    const username = uniqueName('ppm');
    await createMember(server, username, 'Login12345');
    await loginThroughPopup(page, username, 'Login12345');
    await page.getByTestId('member-menu-button').click();
    await page.getByTestId('member-menu').getByRole('menuitem', { name: 'My account' }).click();
    const centre = page.getByTestId('member-centre');
    await expect(centre.getByTestId('security-centre')).toBeVisible();
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
