import type { Browser, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { uniqueName } from './accounts-helpers.ts';
import { consoleSession, look, lookDir, staffAccounts } from './backoffice-kit.ts';
import type { RunningServer } from './server.ts';
import { englishPage } from './shell-helpers.ts';

/**
 * The back office's Content section (issue 31, decision 036) in Chromium against the real server:
 * a member of the content desk signs in with TOTP, writes a notice whose HTML carries a script and
 * a handler and sees the preview drawn as the player will see it (the unsafe parts gone), publishes
 * it, uploads a banner image for the home carousel and publishes the banner; a player's fresh visit
 * shows both; unpublishing takes both away again. With LOOK_DIR set, the screens are photographed
 * at 1440×900.
 */
/** A 96×28 PNG (a gold band), made by hand: a real image whose signature and header agree. */
async function bannerPng(page: Page): Promise<Buffer> {
  const b64 = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(960, 280);
    const ctx = canvas.getContext('2d')!;
    const g = ctx.createLinearGradient(0, 0, 960, 280);
    g.addColorStop(0, '#ffd978');
    g.addColorStop(1, '#8a5a12');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, 960, 280);
    ctx.fillStyle = '#1b1405';
    ctx.font = 'bold 72px sans-serif';
    ctx.fillText('E2E BANNER', 60, 170);
    const blob = await canvas.convertToBlob({ type: 'image/png' });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let s = '';
    for (const b of bytes) s += String.fromCharCode(b);
    return btoa(s);
  });
  return Buffer.from(b64, 'base64');
}

/** A player's fresh visit (its own context: the site keeps the index notices in session storage). */
async function playerHome(browser: Browser, server: RunningServer) {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await englishPage(page);
  await page.goto('/');
  // The shell and its notice bar first (a loaded machine takes its time over a first visit).
  await expect(page.getByRole('region', { name: 'Announcements', exact: true })).toBeVisible({
    timeout: 60_000,
  });
  return { page, close: () => context.close() };
}

test.describe('back-office content', () => {
  test.setTimeout(180_000);

  test('a content member publishes a notice and a banner after previewing them as the player will see them; the player’s site shows them, and unpublishing removes them', async ({
    page,
    server,
    browser,
  }) => {
    // The first admin from the CLI (enrolled over the wire) makes the member of the content desk.
    const { cted: editor } = await staffAccounts(server, {
      cted: { role: 'content', displayName: 'Content desk' },
    });
    await consoleSession(page, server, editor);

    // A notice: the preview is the server's sanitised HTML in the notice window's look.
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Content' })
      .click();
    await expect(page).toHaveURL(/\/bo\/content\/notices$/);
    await look(page, 'content-notices');
    await page.getByRole('link', { name: 'New notice' }).click();
    const title = `Maintenance ${uniqueName('n').slice(-6)}`;
    const form = page.getByRole('form', { name: 'Notice' });
    await form.getByLabel('Title').fill(title);
    await form
      .getByLabel('Text (HTML)')
      .fill(
        '<p onclick="alert(1)">Deposits pause from <b>02:00</b> to 03:00.</p><script>alert(2)</script><ul><li>Bets stay open</li><li>Withdrawals queue</li></ul>',
      );
    const preview = page.getByTestId('content-preview');
    await expect(preview.getByRole('heading', { name: title })).toBeVisible();
    // The server's first sanitising loads its DOM (jsdom): slow on a loaded machine, once.
    await expect(preview.locator('.cb-rich b')).toHaveText('02:00', { timeout: 45_000 });
    await expect(preview.locator('.cb-rich li')).toHaveCount(2);
    await expect(page.getByText('Unsafe parts removed')).toBeVisible();
    expect(await preview.innerHTML()).not.toMatch(/onclick|<script/);
    await look(page, 'content-notice-editor');
    await form.getByRole('button', { name: 'Publish' }).click();
    await expect(page).toHaveURL(/\/bo\/content\/notices$/);
    const row = page.getByRole('table', { name: 'Notices' }).getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('live');

    // A banner for the home carousel, its image uploaded (checked by its signature on the server).
    await page.getByRole('link', { name: 'Banners' }).click();
    await page.getByRole('link', { name: 'New banner' }).click();
    const bannerForm = page.getByRole('form', { name: 'Banner' });
    const bannerTitle = `Welcome ${uniqueName('b').slice(-6)}`;
    await bannerForm.getByLabel('Title').fill(bannerTitle);
    await bannerForm
      .getByLabel('Upload an image')
      .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: await bannerPng(page) });
    await expect(bannerForm.getByLabel('Image address')).toHaveValue(/^\/cdn\/content\/[0-9a-f]{64}\.webp$/, {
      // The upload is decoded and re-encoded on the server: slower than a click on a loaded machine.
      timeout: 30_000,
    });
    await bannerForm.getByLabel('Link').fill('/promotions');
    await expect(page.getByTestId('content-preview').getByRole('img', { name: bannerTitle })).toBeVisible();
    await look(page, 'content-banner-editor');
    await bannerForm.getByRole('button', { name: 'Publish' }).click();
    await expect(page).toHaveURL(/\/bo\/content\/banners$/);
    const bannerRow = page
      .getByRole('table', { name: 'Home carousel banners' })
      .getByRole('row')
      .filter({ hasText: bannerTitle });
    await expect(bannerRow).toContainText('shown');
    await look(page, 'content-banners');

    // The player's site: the notice in the notice bar (its text sanitised), the banner in the carousel.
    const visit = await playerHome(browser, server);
    const bar = visit.page.getByRole('region', { name: 'Announcements', exact: true });
    await expect(
      bar.getByTestId('notice-marquee').getByRole('button', { name: title }).first(),
    ).toBeAttached();
    // The new banner is the carousel's last slide: one step back from the first shows it.
    const carousel = visit.page.getByRole('region', { name: 'Featured' });
    await carousel.getByRole('button', { name: 'Previous banner' }).click();
    await expect(carousel.locator(`img[alt="${bannerTitle}"]`)).toBeVisible();
    await look(visit.page, 'content-player-home');
    await visit.close();

    // Unpublished: gone from a fresh visit.
    await bannerRow.getByRole('button', { name: 'Unpublish' }).click();
    await expect(bannerRow).toContainText('hidden');
    await page.getByRole('link', { name: 'Notices' }).click();
    await row.getByRole('button', { name: 'Unpublish' }).click();
    await expect(row).toContainText('draft');
    const again = await playerHome(browser, server);
    await expect(again.page.getByRole('region', { name: 'Announcements', exact: true })).toBeVisible();
    await expect(again.page.getByTestId('notice-marquee').getByRole('button', { name: title })).toHaveCount(
      0,
    );
    await expect(again.page.getByRole('region', { name: 'Featured' })).toBeVisible();
    await expect(again.page.locator(`img[alt="${bannerTitle}"]`)).toHaveCount(0);
    await again.close();

    // Tidy: the notice and the banner deleted (the notices' count is other specs' fixture).
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete' }).getByRole('button', { name: 'Delete' }).click();
    await expect(row).toHaveCount(0);

    if (lookDir) {
      await page.getByRole('link', { name: 'Promotions' }).click();
      await look(page, 'content-promotions');
      await page.getByRole('table', { name: 'Promotions' }).getByRole('row').nth(1).click();
      await look(page, 'content-promotion-editor');
      await page.goto('/bo/content/help');
      await look(page, 'content-help');
      await page.getByRole('table', { name: 'Help articles' }).getByRole('row').nth(1).click();
      await look(page, 'content-help-editor');
    }
  });
});
