import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { createMember, secureApi, uniqueName } from './accounts-helpers.ts';
import { boCall, boPost, consoleSignIn, look, staffAccounts } from './backoffice-kit.ts';
import type { RunningServer } from './server.ts';

/**
 * Decisions 041 and 052 in Chromium against the real server: an admin opens a player's Bonuses &
 * wagering tab (the bonus being wagered with its requirement and contributions, the VIP level, the
 * points) and forfeits the bonus with a reason (the player's bonus wallet is empty at once); then
 * on the Site page requires a registration field, reviewed with a reason, and a new visit of the
 * player's register form asks for it, without a restart. The player and the bonus are made through
 * the API and the operator commands. With LOOK_DIR set, the screens are photographed.
 */

async function playerApi(server: RunningServer, token: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: token, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { success: boolean; value: Record<string, unknown>; message?: string };
  if (!json.success) throw new Error(`${path}: ${json.message}`);
  return json.value;
}

/** The register form of a new tab (its own session storage: the rules are fetched afresh). */
async function registerForm(page: Page) {
  await page.goto('/register');
  const dialog = page.getByTestId('register-dialog');
  await dialog.getByTestId('register-form').waitFor({ timeout: 60_000 });
  return dialog;
}

test.describe('back-office player bonuses and registration fields', () => {
  test.setTimeout(150_000);

  test('an admin forfeits a player’s bonus with a reason, and requires the QQ field: the player’s register form asks for it at once', async ({
    page,
    context,
    server,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    // A fixed bonus of 80 at 5x the bonus, slots counting fully and live casino a tenth.
    const title = `Staff bonus ${Date.now() % 100000}`;
    const added = await server.ops(
      'notice',
      'add',
      '--type',
      'PR',
      '--title',
      title,
      '--html',
      '<p>80 free</p>',
    );
    const promotionId = Number(/Notice (\d+)/.exec(added)![1]);
    await server.ops(
      'promo',
      'rule',
      String(promotionId),
      '--kind',
      'FIXED',
      '--fixed',
      '80',
      '--wagering',
      '5',
      '--base',
      'BONUS',
      '--contrib',
      'SLOT=100,LIVE=10',
      '--expiry-hours',
      '48',
    );
    const username = uniqueName('bnp');
    await createMember(server, username, 'Bonus1234');
    const login = await secureApi(server, '/wps/session/login', { username, password: 'Bonus1234' });
    const token = (login.value as { token: string }).token;
    for (const call of ['MCSFE_signUpPromotionJoin', 'MCSFE_claimRafflePromotion'])
      await playerApi(server, token, `/wps/relay/${call}`, { promotionId, raffleScheduleId: 0 });

    const { bbo: admin, adminToken: setup } = await staffAccounts(server, {
      bbo: { role: 'admin', displayName: 'Bonus desk' },
    });
    const found = (await boCall(server, `/players?key=username&q=${username}`, { token: setup })) as {
      list: { id: number }[];
    };
    const playerId = found.list[0]!.id;

    try {
      await consoleSignIn(page, admin);
      await page.goto(`/bo/players/${playerId}`);
      await page.getByRole('tab', { name: 'Bonuses & wagering' }).click();
      const bonuses = page.getByTestId('player-bonuses');
      const active = bonuses.getByTestId('bonus-active');
      await expect(active).toContainText(title);
      await expect(active.getByTestId('bonus-wagering')).toContainText('of');
      await expect(active.getByTestId('bonus-wagering')).toContainText('400.00');
      await expect(active.getByRole('list', { name: 'Contributions per product' })).toContainText(
        'SLOT 100%',
      );
      await expect(bonuses.getByTestId('bonus-balance')).toContainText('80.00');
      await expect(bonuses.getByTestId('vip-level')).toContainText('rank 1');
      await look(page, 'bo-player-bonuses', { phone: true });

      await active.getByRole('button', { name: 'Forfeit bonus…' }).click();
      const dialog = page.getByRole('dialog', { name: `Forfeit bonus: ${username}` });
      await dialog.getByLabel('Reason').fill('Bonus abuse: e2e');
      await look(page, 'bo-player-bonus-forfeit');
      await dialog.getByRole('button', { name: /^Confirm: forfeit/ }).click();
      await expect(bonuses.getByTestId('bonus-none')).toBeVisible();
      await expect(bonuses.getByRole('table', { name: 'Past bonuses' })).toContainText('Forfeited');
      await expect(bonuses.getByRole('table', { name: 'Past bonuses' })).toContainText('(staff)');
      await expect(bonuses.getByTestId('bonus-balance')).toContainText('0.00');
      await look(page, 'bo-player-bonuses-forfeited');
      const wallet = await playerApi(server, token, '/wps/bonus');
      expect(wallet).toMatchObject({ balance: 0, active: null });

      // The register form before: QQ is not asked.
      const before = await context.newPage();
      await expect((await registerForm(before)).getByLabel('QQ', { exact: true })).toHaveCount(0);
      await before.close();

      await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Site' }).click();
      const fields = page.getByRole('region', { name: 'Registration fields' });
      await expect(fields.getByTestId('register-field-qqNum')).toContainText('Hidden');
      await fields.getByRole('button', { name: 'Edit registration fields' }).click();
      const edit = page.getByRole('dialog', { name: 'Registration fields' });
      await edit.getByLabel('Require QQ').check();
      await expect(edit.getByLabel('Show QQ')).toBeChecked();
      await edit.getByLabel('Reason').fill('Support reaches new players on QQ');
      await look(page, 'bo-register-fields-edit');
      await edit.getByRole('button', { name: 'Review 1 change' }).click();
      await expect(edit.getByTestId('fields-review')).toContainText('Shown, required');
      await edit.getByRole('button', { name: 'Confirm: save' }).click();
      await expect(fields.getByTestId('register-field-qqNum')).toContainText('Shown, required');
      await look(page, 'bo-site-settings', { phone: true });
      const links = page.getByRole('region', { name: 'Customer service' });
      await links.getByRole('button', { name: 'Edit customer-service links' }).click();
      await expect(
        page.getByRole('dialog', { name: 'Customer-service links' }).getByTestId('link-0'),
      ).toBeVisible();
      await look(page, 'bo-service-links-edit');
      await page.keyboard.press('Escape');

      // A new visit: the form asks for QQ, required (no "optional" after its label).
      const after = await context.newPage();
      const form = await registerForm(after);
      await expect(form.getByLabel('QQ', { exact: true })).toBeVisible();
      await after.close();

      const audit = (await boCall(server, '/audit?action=site.register-fields', { token: setup })) as {
        list: { after: Record<string, unknown> }[];
      };
      expect(audit.list[0]?.after).toMatchObject({
        qqNum: { enabled: true, required: true },
        reason: 'Support reaches new players on QQ',
      });
    } finally {
      // The worker's server is shared: the field goes back as it was.
      await boPost(
        server,
        '/site/register-fields/set',
        { fields: [{ field: 'qqNum', enabled: false, required: false }], reason: 'e2e reset' },
        setup,
      );
    }
  });
});
