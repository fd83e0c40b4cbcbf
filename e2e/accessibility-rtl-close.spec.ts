import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { preparePage } from './accounts-helpers.ts';
import { settled } from './settled.ts';

/**
 * The account dialogs' close button over their banner (decision 050): an opaque disc with a light
 * ring, clear over the art; the banner's art is drawn left to right (its words at the start, its
 * picture at the end), so in Arabic the button stays over the picture's side, on the right, and
 * covers none of the banner's words. In English it stands on the right, as it always did.
 */
const SIZES = [
  [1440, 900],
  [390, 844],
] as const;

async function inLanguage(page: Page, language: 'ar' | 'en') {
  // A brand that offers Arabic in its picker (moreLanguages), as rtl-look.spec.ts serves it.
  await page.route('**/config/brand.json', async (route) => {
    const response = await route.fetch();
    const brand = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...brand, moreLanguages: ['AR', 'FA', 'UR'] } });
  });
  await page.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
  await preparePage(page);
}

for (const language of ['ar', 'en'] as const) {
  test(`the register and login dialogs' close button is clear over the banner, on its picture's side (${language})`, async ({
    page,
  }) => {
    await inLanguage(page, language);
    for (const [path, banner] of [
      ['register', 'banner-w_register'],
      ['login', 'banner-w_login'],
    ] as const) {
      for (const [width, height] of SIZES) {
        await page.setViewportSize({ width, height });
        await page.goto('/register');
        // The login dialog: from the register dialog's "Log in" link.
        if (path === 'login') await page.getByTestId('register-to-login').click();
        const dialog = page.getByRole('dialog');
        const art = dialog.getByTestId(banner);
        // The first test of a run: the dialog's chunk and catalogues may still be on their way.
        await expect(art.locator('img')).toBeVisible({ timeout: 30_000 });
        await expect
          .poll(() => art.locator('img').evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0))
          .toBe(true);
        await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
        const close = dialog.locator('[data-modal-close]');
        await expect(close).toBeVisible();
        await settled(page);
        const a = (await art.boundingBox())!;
        const c = (await close.boundingBox())!;
        // On the banner, in its last quarter on the right (the picture), clear of the words.
        expect(c.y).toBeGreaterThanOrEqual(a.y);
        expect(c.y + c.height).toBeLessThanOrEqual(a.y + a.height);
        expect(c.x, `${path} ${width}`).toBeGreaterThan(a.x + a.width * 0.75);
        // An opaque disc with a light ring: it reads over any art.
        const look = await close.evaluate((el) => {
          const s = getComputedStyle(el);
          return { background: s.backgroundColor, border: s.borderTopColor, color: s.color };
        });
        const alpha = (rgba: string) => Number(/rgba?\([^)]*?,\s*([\d.]+)\)$/.exec(rgba)?.[1] ?? 1);
        expect(alpha(look.background)).toBeGreaterThanOrEqual(0.85);
        expect(alpha(look.border)).toBeGreaterThanOrEqual(0.5);
        expect(look.color).toBe('rgb(255, 255, 255)');
        await page.screenshot({
          path: test.info().outputPath(`close-${language}-${path}-${width}.png`),
        });
      }
    }
  });
}
