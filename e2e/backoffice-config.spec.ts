import { test, expect } from './fixtures.ts';
import { boCall, boPost, consoleSession, look, staffAccounts } from './backoffice-kit.ts';

/**
 * Decision 040 in Chromium against the real server: an admin changes the site's name from the
 * console's Site page (reviewed, with a reason) and a new visit of the player's site carries it at
 * once, without a restart; then enters an official Vietnamese result prize by prize on the
 * console's numero page (the first prizes saved, the last one previewed and confirmed, the draw
 * settled). With LOOK_DIR set, the screens are photographed at 1440×900.
 */
test.describe('back-office brand settings and results by prize', () => {
  // Like the other back-office specs: a staff sign-in, a player visit and a two-step result entry.
  test.setTimeout(150_000);

  test('an admin renames the site and the player site shows the new name at once; a South result is entered prize by prize and settles', async ({
    page,
    context,
    server,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const { bcop: operator, adminToken: setup } = await staffAccounts(server, {
      bcop: { role: 'admin', displayName: 'Config desk' },
    });
    const before = (await boCall(server, '/site/brand', { token: setup })) as {
      defaults: Record<string, unknown>;
      settings: { brandName: string };
    };
    const name = `Lotus ${Math.floor(Math.random() * 1e6)}`;
    // An official South game of our own whose draw (UTC) was two minutes ago: its result is awaited.
    const code = `BC${Math.floor(Math.random() * 1e6)}`;
    const at = new Date(Date.now() - 120_000);
    const hhmm = `${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')}`;
    const numero = at.toISOString().slice(0, 10).replace(/-/g, '');
    expect(
      await server.ops(
        'lottery',
        'game',
        'add',
        '--code',
        code,
        '--name',
        'E2E South',
        '--family',
        'VNSOUTH',
        '--official=yes',
        '--draw-time',
        hhmm,
        '--days',
        '0,1,2,3,4,5,6',
        '--utc-offset',
        '0',
        '--lock',
        '60',
      ),
    ).toContain(`Game ${code} added`);

    try {
      await consoleSession(page, server, operator);
      await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Site' }).click();
      const brand = page.getByRole('region', { name: 'Brand config' });
      await expect(brand.getByTestId('brand-settings')).toContainText(before.settings.brandName);
      await brand.getByRole('button', { name: 'Edit brand settings' }).click();
      const dialog = page.getByRole('dialog', { name: 'Brand settings' });
      await dialog.getByLabel('Site name').fill(name);
      await dialog.getByLabel('Reason').fill('e2e rename');
      await look(page, 'bo-brand-edit');
      await dialog.getByRole('button', { name: 'Review 1 change' }).click();
      await expect(dialog.getByTestId('brand-review')).toContainText(name);
      await dialog.getByRole('button', { name: 'Confirm: save' }).click();
      await expect(brand.getByTestId('brand-settings')).toContainText(name);
      await expect(brand.getByTestId('brand-settings')).toContainText('set here');
      await look(page, 'bo-site-brand');

      // A new visit of the player's site: the document and the app carry the new name.
      const player = await context.newPage();
      await player.goto('/');
      await expect(player).toHaveTitle(name);
      await player.close();

      // The draw awaiting its result: the 8th prize first, as the South calls it.
      await page.goto(`/bo/lottery/${code}/${numero}`);
      await expect(page.getByTestId('numero-status')).toHaveText('Awaiting result', { timeout: 20_000 });
      await page.getByTestId('numero-actions').getByRole('button', { name: 'Enter by prize' }).click();
      const prizes = page.getByRole('dialog', { name: `Result by prize: ${code} ${numero}` });
      await prizes.getByLabel('G8 number 1').fill('27');
      await prizes.getByLabel('G7 number 1').fill('123');
      await prizes.getByRole('button', { name: 'Preview' }).click();
      await expect(prizes.getByTestId('prizes-missing')).toHaveText('DB, G1, G2, G3, G4, G5, G6');
      await prizes.getByRole('button', { name: 'Confirm: save these prizes' }).click();
      await expect(prizes).toBeHidden({ timeout: 30_000 });

      await page.getByTestId('numero-actions').getByRole('button', { name: 'Continue by prize' }).click();
      await expect(prizes.getByTestId('prize-G8')).toHaveText('27');
      const rest: [string, string[]][] = [
        ['G6', ['1111', '2222', '3333']],
        ['G5', ['4444']],
        ['G4', ['10001', '10002', '10003', '10004', '10005', '10006', '10007']],
        ['G3', ['20001', '20002']],
        ['G2', ['30001']],
        ['G1', ['40001']],
        ['DB', ['999999']],
      ];
      for (const [prize, numbers] of rest)
        for (const [i, v] of numbers.entries()) await prizes.getByLabel(`${prize} number ${i + 1}`).fill(v);
      await look(page, 'bo-lottery-prizes');
      await prizes.getByRole('button', { name: 'Preview' }).click();
      const preview = prizes.getByTestId('prizes-preview');
      await expect(preview).toContainText('This completes the result');
      await look(page, 'bo-lottery-prizes-preview');
      await preview.getByRole('button', { name: 'Confirm: draw and settle' }).click();
      await expect(page.getByTestId('numero-status')).toHaveText('Settled', { timeout: 30_000 });
      await expect(page.getByTestId('win-no')).toContainText('999999');
      // The game's schedule form (looked at; not saved).
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: code }).click();
      await page.getByRole('button', { name: 'Edit schedule' }).click();
      await expect(
        page.getByRole('dialog', { name: `Schedule: ${code}` }).getByLabel('Draw time'),
      ).toHaveValue(hhmm);
      await look(page, 'bo-lottery-schedule');
      await page.keyboard.press('Escape');
      const audit = await boCall(server, `/audit?action=lottery.result.prizes&targetId=${code}-${numero}`, {
        token: setup,
      });
      expect(audit.list).toHaveLength(2);
    } finally {
      // The worker's server is shared: its brand goes back to the file's values.
      await boPost(server, '/site/brand/set', { settings: before.defaults, reason: 'e2e reset' }, setup);
    }
  });
});
