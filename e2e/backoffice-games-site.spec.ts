import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { preparePage } from './accounts-helpers.ts';
import { boCall, consoleSession, look, staffAccounts } from './backoffice-kit.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The back office's Games and Site sections (issue 31, decision 035) in Chromium against the real
 * server: an admin signs in with TOTP, puts a vendor under maintenance and switches one of its
 * games off, and the player's lobby shows both at once; then closes the site for maintenance with
 * an end time (previewed as the player will see it) and the player meets the maintenance page with
 * that end; then everything back to normal, and the player's site is open again. With LOOK_DIR
 * set, the screens are photographed at 1440×900.
 */
test.describe('back-office games and site', () => {
  test.setTimeout(180_000);

  test('SY-13 an admin puts a vendor under maintenance and a game off, then the site in maintenance: the player sees each at once, then the site is back to normal', async ({
    page,
    context,
    server,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const { gsop: operator, adminToken: setup } = await staffAccounts(server, {
      gsop: { role: 'admin', displayName: 'Site desk' },
    });
    // A PG slot that is on, and its name.
    const picked = await boCall(server, '/games?vassalage=PG&gameType=RNG&enabled=true&size=1', {
      token: setup,
    });
    const game = (picked.list as Array<{ nodeId: string; name: string }>)[0]!;

    // The player's lobby: PG's slots, with the game there. Each look is a new visit in a new tab
    // (the player's site keeps the vendor list for the tab's session, BC-01).
    let player: Page | null = null;
    const visit = async (path: string) => {
      await player?.close();
      player = await context.newPage();
      await player.setViewportSize({ width: 1440, height: 900 });
      await preparePage(player);
      await player.goto(path);
      return player;
    };
    const search = async (name: string) => {
      const p = await visit('/rng?vassalage=PG');
      await p.getByTestId('game-search').fill(name);
      return p.getByTestId('game-grid');
    };
    // Its own tile: other titles may carry its name in theirs ('Golden Treasure' and 'Golden
    // Treasure Jackpot'), so the search's count alone does not say whether it is listed.
    const ownTile = (grid: Locator) =>
      grid.getByRole('button', { name: new RegExp(`^Play ${escapeRegExp(game.name)} PG\\b`) });
    const listed = await search(game.name);
    await expect(listed).toHaveAttribute('aria-busy', 'false');
    await expect(ownTile(listed)).toHaveCount(1);
    await expect(player!.getByTestId('provider-spotlight')).toContainText('1,');
    await expect(player!.getByTestId('provider-spotlight')).not.toContainText('under maintenance');

    // The console: the admin signs in with the password and enrols the authenticator.
    await consoleSession(page, server, operator);

    // Games → Vendors: PG under maintenance for two hours (the dialog's default), previewed first.
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Games' }).click();
    await expect(page.getByRole('table', { name: 'Games' })).toBeVisible();
    await look(page, 'bo-games-catalogue');
    await page
      .getByRole('navigation', { name: 'Games sections' })
      .getByRole('link', { name: 'Hot list' })
      .click();
    await expect(page.getByTestId('hot-list').getByRole('listitem').first()).toBeVisible();
    await look(page, 'bo-games-hot');
    await page
      .getByRole('navigation', { name: 'Games sections' })
      .getByRole('link', { name: 'Vendors' })
      .click();
    const pgRow = page.getByTestId('vendor-PG');
    const filters = page.getByRole('form', { name: 'Filter the games' });
    await pgRow.getByRole('button', { name: 'Maintenance…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Maintenance: PG' });
    await expect(dialog.getByTestId('vendor-preview')).toContainText('is under maintenance');
    await look(page, 'bo-games-vendor-maintenance');
    await dialog.getByRole('button', { name: 'Set the window' }).click();
    await expect(pgRow.getByText('Maintenance', { exact: true })).toBeVisible();
    await look(page, 'bo-games-vendors');

    // Games → the game switched off.
    await page
      .getByRole('navigation', { name: 'Games sections' })
      .getByRole('link', { name: 'Games' })
      .click();
    await filters.getByLabel('Search').fill(game.nodeId);
    await filters.getByRole('button', { name: 'Apply' }).click();
    const gameRow = page
      .getByRole('table', { name: 'Games' })
      .getByRole('row')
      .filter({ hasText: game.nodeId });
    await gameRow.getByRole('button', { name: 'Switch off' }).click();
    await expect(gameRow.getByText('Off', { exact: true })).toBeVisible();

    // The player: PG's spotlight says it is under maintenance, and the game is gone from the list.
    // (A visit on a loaded machine may paint before its vendor list has come: the next is asked then.)
    await expect(async () => {
      const grid = await search(game.name);
      await expect(grid).toHaveAttribute('aria-busy', 'false', { timeout: 5000 });
      await expect(ownTile(grid)).toHaveCount(0);
      await expect(player!.getByTestId('provider-spotlight')).toContainText('PG Soft is under maintenance', {
        timeout: 5000,
      });
    }).toPass({ timeout: 60_000 });
    await look(player!, 'player-vendor-maintenance');

    // Site: maintenance until an hour from now, previewed as the player will see it.
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Site' }).click();
    await expect(page.getByTestId('site-state')).toContainText('Open');
    await look(page, 'bo-site');
    await page.getByRole('button', { name: 'Start maintenance…' }).click();
    const confirm = page.getByRole('dialog', { name: "Start the site's maintenance" });
    const shownEnd = await confirm.getByTestId('preview-end').innerText();
    await look(page, 'bo-site-maintenance-confirm');
    await confirm.getByRole('button', { name: 'Confirm: close the site' }).click();
    await expect(page.getByTestId('site-state')).toContainText('Closed for maintenance');
    await look(page, 'bo-site-maintenance-on');

    // The player meets the maintenance page with the end time the preview showed.
    const closed = await visit('/');
    const screen = closed.getByTestId('maintenance-page');
    await expect(screen).toBeVisible();
    await expect(screen.getByTestId('maintenance-end')).toHaveText(shownEnd);
    await look(closed, 'player-site-maintenance');

    // Back to normal: the site opens, PG's window is cleared, the game is on again.
    await page.getByRole('button', { name: 'End maintenance now' }).click();
    await expect(page.getByTestId('site-state')).toContainText('Open');
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Games' }).click();
    await page
      .getByRole('navigation', { name: 'Games sections' })
      .getByRole('link', { name: 'Vendors' })
      .click();
    await pgRow.getByRole('button', { name: 'Maintenance…' }).click();
    await dialog.getByRole('button', { name: 'Clear the window' }).click();
    await expect(pgRow.getByText('On', { exact: true })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Games sections' })
      .getByRole('link', { name: 'Games' })
      .click();
    await filters.getByLabel('Search').fill(game.nodeId);
    await filters.getByRole('button', { name: 'Apply' }).click();
    await gameRow.getByRole('button', { name: 'Switch on' }).click();
    await expect(gameRow.getByText('On', { exact: true })).toBeVisible();

    // A fresh visit: the site is open, the game listed, PG without its window (a visit on a loaded
    // machine may paint before its vendor list has come: the next visit is asked then).
    await expect(async () => {
      const grid = await search(game.name);
      await expect(grid).toHaveAttribute('aria-busy', 'false', { timeout: 5000 });
      await expect(ownTile(grid)).toHaveCount(1);
      await expect(player!.getByTestId('maintenance-page')).toHaveCount(0);
      await expect(player!.getByTestId('provider-spotlight')).toContainText('PG Soft', { timeout: 5000 });
      await expect(player!.getByTestId('provider-spotlight')).not.toContainText('under maintenance');
    }).toPass({ timeout: 60_000 });

    // Each step is in the audit log under the admin's name.
    const audit = await boCall(server, `/audit?actorName=${operator.username}&size=50`, { token: setup });
    const actions = (audit.list as Array<{ action: string }>).map((e) => e.action);
    for (const action of [
      'game.vendor.maintenance',
      'game.disable',
      'site.maintenance.start',
      'site.maintenance.end',
      'game.vendor.maintenance.clear',
      'game.enable',
    ])
      expect(actions).toContain(action);
  });
});
