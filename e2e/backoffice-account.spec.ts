import { test, expect } from './fixtures.ts';
import { uniqueName } from './accounts-helpers.ts';
import { consoleEnrol, consolePassword, consoleSignIn, look } from './backoffice-kit.ts';

/**
 * Staff self-service in Chromium (issue 31): an admin resets a colleague's password on the Staff
 * page and reads the one-time password once; the colleague signs in with it, enrols, and must
 * choose a new password before the console opens; My account changes it again. With LOOK_DIR set
 * the screens are photographed at 1440×900.
 */
test('an admin resets a password; its owner chooses a new one at sign-in and again on My account', async ({
  browser,
  server,
}) => {
  // Two people, two sign-ins each with an enrolment: longer than one page's budget on a busy machine.
  test.setTimeout(120_000);
  const admin = uniqueName('acadm');
  const made = await server.cli('staff', 'create-admin', admin, '--name', 'Account Admin');
  expect(made, made.stderr).toMatchObject({ code: 0 });
  const colleague = uniqueName('acpat').slice(0, 30);
  const made2 = await server.cli('staff', 'create-admin', colleague, '--name', 'Pat Colleague');
  expect(made2, made2.stderr).toMatchObject({ code: 0 });

  const adminPage = await (await browser.newContext({ baseURL: server.url })).newPage();
  await consoleSignIn(adminPage, {
    username: admin,
    password: /One-time password: (\S+)/.exec(made.stdout)![1]!,
  });
  await adminPage.goto('/bo/staff');
  const row = adminPage.getByRole('row').filter({ hasText: colleague });
  await row.getByRole('button', { name: 'Reset password' }).click();
  await adminPage.getByRole('dialog', { name: 'Reset password' }).getByLabel('Reason').fill('forgot it');
  await look(adminPage, 'staff-reset-password');
  await adminPage
    .getByRole('dialog', { name: 'Reset password' })
    .getByRole('button', { name: 'Reset password' })
    .click();
  const oneTime = (await adminPage.getByTestId('one-time-password').innerText()).trim();
  await look(adminPage, 'staff-reset-done');
  await adminPage.getByRole('button', { name: 'Done' }).click();
  await expect(row).toContainText('New password at next sign-in');
  await look(adminPage, 'staff-list');

  const page = await (await browser.newContext({ baseURL: server.url })).newPage();
  await consolePassword(page, { username: colleague, password: oneTime });
  await consoleEnrol(page);
  await expect(page.getByTestId('change-password-step')).toBeVisible();
  await look(page, 'signin-change-password');
  await page.getByLabel('One-time password (the one you just used)').fill(oneTime);
  await page.locator('input[name="next"]').fill('Lanterns-at-9-pm');
  await page.getByLabel('New password again').fill('Lanterns-at-9-pm');
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(page.getByTestId('who')).toContainText(colleague);

  await page.getByTestId('who').click();
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
  await page.getByLabel('Current password').fill('Lanterns-at-9-pm');
  await page.locator('input[name="next"]').fill('Harbour-lights-42');
  await page.getByLabel('New password again').fill('Harbour-lights-42');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password is changed')).toBeVisible();
  await look(page, 'my-account');
});
