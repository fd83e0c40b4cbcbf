import { test, expect } from './fixtures.ts';
import { chrome, englishPage, escapeDialog, scrollToBottom } from './shell-helpers.ts';

test.describe('layout', () => {
  test.beforeEach(async ({ page }) => englishPage(page));

  test('SH-26 the header clock shows MM / DD YYYY HH:mm:ss GMT±hh:mm and ticks', async ({ page }) => {
    await page.goto('/promotions');
    const clock = page.getByTestId('header-clock');
    await expect(clock).toHaveText(/^\d{2} \/ \d{2} \d{4} \d{2}:\d{2}:\d{2} GMT[+-]\d{2}:\d{2}$/);
    const first = await clock.textContent();
    await expect(clock).not.toHaveText(first!, { timeout: 2500 });
  });

  test('SH-27 SH-28 logged out: login and register buttons (DIRECTREG3 on); off: no register', async ({
    page,
    server,
  }) => {
    await page.goto('/promotions');
    const top = page.locator('header');
    await expect(top.getByRole('button', { name: 'Log in' })).toBeVisible();
    await expect(top.getByRole('button', { name: 'Register' })).toBeVisible();
    await server.ops('switch', 'DIRECTREG3', 'off');
    try {
      await page.evaluate(() => sessionStorage.removeItem('settings'));
      await page.reload();
      await expect(top.getByRole('button', { name: 'Log in' })).toBeVisible();
      await expect(top.getByRole('button', { name: 'Register' })).toHaveCount(0);
    } finally {
      await server.ops('switch', 'DIRECTREG3', 'on');
    }
  });

  test('LN-03 the language picker offers CN, EN, JA, TH, VI, TY, PT and switches the page', async ({
    page,
  }) => {
    await page.goto('/promotions');
    await page.getByRole('button', { name: /^Language: EN/ }).click();
    const items = page.getByRole('menuitemradio');
    await expect(items).toHaveCount(7);
    expect(await items.locator('span:first-child').allTextContents()).toEqual([
      'CN',
      'EN',
      'JA',
      'TH',
      'VI',
      'TY',
      'PT',
    ]);
    await items.filter({ hasText: 'TH' }).click();
    await expect(
      page.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'สล็อต' }),
    ).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('th');
  });

  test('LN-01 a first visit reads the brand default language (Burmese)', async ({ browser, server }) => {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await page.goto('/promotions');
    await expect(page.locator('html')).toHaveAttribute('lang', 'my');
    await expect(page.getByRole('navigation', { name: 'ပင်မလမ်းညွှန်' })).toBeVisible();
    await context.close();
  });

  test('SH-29 SH-30 the footer shows partners, browsers and payments; its logo goes home', async ({
    page,
  }) => {
    await page.goto('/promotions');
    await scrollToBottom(page);
    const footer = chrome(page).footer;
    await expect(footer.getByTestId('footer-partners').getByRole('img')).toHaveCount(10);
    await expect(footer.getByTestId('footer-payments').getByRole('img')).toHaveCount(8);
    await expect(footer.getByTestId('footer-browsers').getByRole('img')).toHaveCount(3);
    for (const img of await footer.getByRole('img').all()) {
      // Every image really loads from our own CDN paths (natural size known).
      await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    }
    await footer.getByTestId('footer-logo').click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('SH-31 SH-32 SH-33 SH-34 SH-35 SH-36 the side bar', async ({ page }) => {
    await page.goto('/promotions');
    const side = page.getByRole('complementary', { name: 'Quick links' });
    await expect(side.getByTestId('side-socials').getByRole('link')).toHaveCount(4);
    const popup = page.waitForEvent('popup');
    await side.getByTestId('side-service').click();
    const service = await popup;
    await service.close();
    await side.getByTestId('side-messages').click();
    await expect(page.getByTestId('login-popup')).toBeVisible();
    await escapeDialog(page);
    await expect(page.getByTestId('login-popup')).toHaveCount(0);
    await expect(side.getByTestId('side-invite')).toBeVisible();
    await side.getByTestId('side-invite').click();
    await expect(page.getByTestId('login-popup')).toBeVisible();
    await escapeDialog(page);
    await expect(page.getByTestId('login-popup')).toHaveCount(0);
    await side.getByTestId('side-download').click();
    await expect(page).toHaveURL(/\/download$/);
  });

  test('SY-22 images come from one of the server image hosts', async ({ page }) => {
    await page.goto('/');
    const status = await (await page.request.get('/wps/system/status')).json();
    const hosts: string[] = status.value.info.imageCDNs;
    const logo = page.locator('header img').first();
    await expect(logo).toBeVisible();
    const src = (await logo.getAttribute('src'))!;
    expect(hosts.some((h) => src.startsWith(`${h}/TCG_PROD_IMAGES/`))).toBe(true);
  });
});
