import sharp from 'sharp';
import { test, expect } from './fixtures.ts';
import { freshVnMobile, outboxCode } from './accounts-helpers.ts';
import { openSecurityCentre } from './profile-helpers.ts';

/** A photo as a phone would take it: a JPEG with its own size and colours. */
function photo(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 140, b: 200 } } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="640" height="480"><circle cx="320" cy="220" r="150" fill="#f2c14e"/></svg>',
        ),
      },
    ])
    .jpeg()
    .toBuffer();
}

for (const viewport of [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test.describe(`profile (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('MC-09 MC-10 fill the profile, upload an avatar, bind a mobile with the texted code, add a bank account shown masked', async ({
      page,
      server,
    }, testInfo) => {
      // Four flows in one story on a shared 2-core machine.
      test.setTimeout(150_000);
      const shot = (name: string) =>
        page.screenshot({ path: testInfo.outputPath(`${name}-${viewport.name}.png`) });
      const { centre } = await openSecurityCentre(page, server, 'pf');
      await expect(centre.getByTestId('sc-mobile')).toContainText('Not set');
      await shot('security-centre-empty');

      // The member page `profile` with the MC-10 labels.
      await centre.getByTestId('profile-open').click();
      const form = centre.getByTestId('profile-form');
      await expect(form).toBeVisible();
      for (const label of [
        'Nickname',
        'Full name',
        'Telegram',
        'Zalo',
        'Birthday',
        'Address',
        'Nationality',
        'Occupation',
        'Source of income',
        'Place of birth',
      ])
        await expect(form.getByLabel(label, { exact: true })).toBeVisible();
      await expect(form.getByRole('group', { name: 'Bank account' })).toBeVisible();
      await shot('profile-empty');

      // Bad values are refused in the form before anything is sent.
      await form.getByLabel('Telegram').fill('ab');
      await form.getByLabel('Zalo').fill('12ab');
      await form.getByTestId('profile-save').click();
      await expect(form.getByRole('alert').filter({ hasText: 'Telegram username: 5 to 32' })).toBeVisible();
      await expect(form.getByRole('alert').filter({ hasText: 'Zalo account: 8 to 15 digits' })).toBeVisible();

      await form.getByLabel('Nickname').fill('Lucky Lotus');
      await form.getByLabel('Full name').fill('Tran Thi Mai');
      await form.getByLabel('Telegram').fill('@lucky_lotus88');
      await form.getByLabel('Zalo').fill('0912345678');
      await form.getByLabel('Birthday').fill('1990-04-17');
      await form.getByLabel('Address').fill('12 Nguyen Hue, District 1, Ho Chi Minh City');
      await form.getByLabel('Nationality').selectOption('VN');
      await form.getByLabel('Occupation').fill('Teacher');
      await form.getByLabel('Source of income').selectOption('SALARY');
      await form.getByLabel('Place of birth').fill('Hanoi');
      await expect(form.getByLabel('Full name')).toHaveValue('Tran Thi Mai');
      const saved = page.waitForResponse(
        (r) => r.url().endsWith('/wps/member/profile') && r.request().method() === 'POST',
      );
      await form.getByTestId('profile-save').click();
      expect((await saved).request().postDataJSON()).toMatchObject({
        fullName: 'Tran Thi Mai',
        nationality: 'VN',
      });
      await expect(centre.getByText('Your profile is saved.')).toBeVisible();
      // Identity fields are locked now; the rest stay editable.
      await expect(form.getByTestId('profile-fullName-locked')).toContainText('Tran Thi Mai');
      await expect(form.getByTestId('profile-nationality-locked')).toContainText('Vietnam');
      await expect(form.getByLabel('Telegram')).toHaveValue('lucky_lotus88');

      // Avatar: an uploaded photo replaces the built-in one, here and in the member bar.
      await form.getByTestId('avatar-action').click();
      const avatarModal = page.getByTestId('avatar-modal');
      await expect(avatarModal.getByTestId('avatar-choice-1')).toBeVisible();
      // A renamed text file is refused before it is sent.
      await avatarModal.getByTestId('avatar-file').setInputFiles({
        name: 'me.png',
        mimeType: 'image/png',
        buffer: Buffer.from('not really a picture'),
      });
      await expect(avatarModal.getByRole('alert')).toHaveText('Choose a PNG, JPG or WebP image');
      await avatarModal.getByTestId('avatar-file').setInputFiles({
        name: 'me.jpg',
        mimeType: 'image/jpeg',
        buffer: await photo(),
      });
      await expect(avatarModal.getByText('Your avatar is changed.')).toBeVisible();
      await expect(avatarModal.getByTestId('profile-avatar').locator('img')).toHaveAttribute(
        'src',
        /^data:image\/webp;base64,/,
      );
      await shot('avatar-chooser');
      await page
        .getByRole('dialog', { name: 'Choose an avatar' })
        .getByRole('button', { name: 'Close' })
        .click();
      await expect(page.getByTestId('member-bar-content').locator('img[src^="data:image/webp"]')).toHaveCount(
        1,
      );

      // Bank account: added from the seeded list, masked everywhere.
      await form.getByTestId('bank-accounts-action').click();
      const banks = page.getByTestId('bank-accounts-modal');
      await expect(banks.getByText('No bank account yet')).toBeVisible();
      await expect(banks.getByTestId('bank-payee')).toHaveValue('Tran Thi Mai');
      await banks.getByTestId('bank-select').selectOption({ label: 'Vietcombank' });
      await banks.getByTestId('bank-number').fill('12');
      await banks.getByTestId('bank-save').click();
      await expect(banks.getByRole('alert')).toContainText('account numbers have');
      // An account number of this test's own (a number can be bound once on the whole site).
      const account = `0071 ${String(Date.now()).slice(-9)}`;
      const last4 = account.slice(-4);
      await banks.getByTestId('bank-number').fill(account);
      await banks.getByTestId('bank-save').click();
      const number = banks.getByTestId('bank-account-number');
      await expect(number).toHaveText(new RegExp(`^\\*+ ?${last4}$`));
      await expect(banks).not.toContainText(account.replace(' ', '').slice(0, 8));
      await expect(banks.getByText('Default')).toBeVisible();
      await shot('bank-accounts');
      await page
        .getByRole('dialog', { name: 'Bank accounts' })
        .getByRole('button', { name: 'Close' })
        .click();
      await expect(form.getByTestId('profile-bank')).toContainText(last4);
      await expect(form.getByTestId('profile-bank')).not.toContainText(account.replace(' ', '').slice(0, 8));
      await shot('profile-filled');

      // Bind a mobile number with the code the outbox holds for it.
      await centre.getByRole('button', { name: 'Back to security centre' }).click();
      await centre.getByTestId('bind-mobile-action').click();
      const bind = page.getByTestId('bind-mobile-form');
      await bind.getByTestId('country-picker').click();
      await page.getByRole('option', { name: /Vietnam/ }).click();
      const mobile = freshVnMobile();
      await bind.getByLabel('Mobile number').fill(mobile);
      await bind.getByTestId('bind-send-code').click();
      await expect(bind.getByTestId('bind-send-code')).toBeDisabled();
      await bind.getByLabel('Verification code').fill('000000');
      await bind.getByTestId('bind-submit').click();
      await expect(bind.getByRole('alert')).toBeVisible();
      await bind.getByLabel('Verification code').fill(await outboxCode(server, `+84${mobile}`));
      await bind.getByTestId('bind-submit').click();
      const masked = `+84 ${mobile.slice(0, 2)}****${mobile.slice(-3)}`;
      await expect(page.getByTestId('bind-mobile-done')).toContainText(masked);
      await page.getByTestId('bind-mobile-done').getByRole('button', { name: 'Close' }).click();
      await expect(centre.getByTestId('sc-mobile')).toContainText(masked);
      await expect(centre.getByTestId('sc-bank')).toContainText(last4);
      await expect(centre.getByTestId('sc-profile')).toContainText('11 of 11');
      await shot('security-centre-filled');
    });
  });
}
