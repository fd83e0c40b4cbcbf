import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { createMember, playerSession, preparePage, uniqueName } from './accounts-helpers.ts';
import { settled } from './settled.ts';

/**
 * The 31 languages' right-to-left side in the real app (decision 044): a brand that offers Arabic,
 * Persian, Urdu and Burmese in its picker (moreLanguages), switched to from the header. With
 * LOOK_DIR set, home, the lottery and the member centre are photographed in Arabic and Burmese at
 * 1440×900 and 390×844.
 */
const lookDir = process.env.LOOK_DIR;

async function offerMoreLanguages(page: Page) {
  await page.route('**/config/brand.json', async (route) => {
    const response = await route.fetch();
    const brand = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...brand, moreLanguages: ['AR', 'FA', 'UR', 'MY'] } });
  });
}

/** Opens the header picker, whose name reads the current language (`now`), and picks `label`. */
async function pick(page: Page, now: RegExp, label: string) {
  await page.getByRole('button', { name: now }).first().click();
  await page.getByRole('menuitemradio').filter({ hasText: label }).click();
}

async function look(page: Page, language: string) {
  if (!lookDir) return;
  mkdirSync(lookDir, { recursive: true });
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const [name, path] of [
      ['home', '/'],
      ['lottery', '/lottery'],
      ['member-centre', '/'],
    ] as const) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      if (name === 'member-centre') {
        // The member centre opens over the page from the member menu (its first entry, my account).
        await page.getByTestId('member-menu-button').click();
        await page.getByTestId('member-menu').getByRole('menuitem').first().click();
      }
      await page.waitForLoadState('networkidle');
      await settled(page);
      await page.screenshot({ path: join(lookDir, `languages-${language}-${name}-${width}.png`) });
    }
  }
}

test('Arabic lays the page out right to left with its own font; numbers stay left to right; Burmese reads left to right', async ({
  page,
  server,
}) => {
  // Its checks take a few seconds; the sign-in and, with LOOK_DIR, twelve photographs take longer.
  test.setTimeout(lookDir ? 240_000 : 90_000);
  const username = uniqueName('rtl');
  await createMember(server, username, 'Play1234');
  await offerMoreLanguages(page);
  await preparePage(page);
  await playerSession(page, server, username, 'Play1234');

  await pick(page, /^Language: EN/, 'AR');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('dir', 'rtl');
  await expect(html).toHaveAttribute('lang', 'ar');
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('ar');

  // The navigation mirrors: Home, its first entry, stands right of the second.
  const nav = page.getByRole('navigation', { name: 'التنقل الرئيسي' });
  const home = nav.getByRole('link', { name: 'الرئيسية' });
  await expect(home).toBeVisible();
  const second = nav.getByRole('link').nth(1);
  const [homeBox, secondBox] = [await home.boundingBox(), await second.boundingBox()];
  expect(homeBox!.x).toBeGreaterThan(secondBox!.x);

  // The clock and the balance read left to right inside the right-to-left page.
  for (const id of ['header-clock', 'balance-amount'])
    expect(await page.getByTestId(id).evaluate((el) => getComputedStyle(el).direction), id).toBe('ltr');
  // The Arabic face ships with the page (a machine without an Arabic font still reads it): its
  // rules came with the language, and the face itself loads from the site.
  // The stylesheet arrives just after the switch: ask until its face is there.
  await expect
    .poll(() =>
      page.evaluate(() =>
        document.fonts.load('700 16px "Noto Sans Arabic"', 'ب').then((found) => found.length),
      ),
    )
    .toBeGreaterThan(0);

  // It survives a reload (the language is the player's).
  await page.reload();
  await expect(html).toHaveAttribute('dir', 'rtl');
  await look(page, 'ar');

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await pick(page, /^اللغة: AR/, 'MY');
  await expect(html).toHaveAttribute('lang', 'my');
  await expect(html).toHaveAttribute('dir', 'ltr');
  const myNav = page.getByRole('navigation').first();
  await expect(myNav.getByRole('link').first()).toBeVisible();
  const [myHome, mySecond] = [
    await myNav.getByRole('link').first().boundingBox(),
    await myNav.getByRole('link').nth(1).boundingBox(),
  ];
  expect(myHome!.x).toBeLessThan(mySecond!.x);
  await look(page, 'my');
});
