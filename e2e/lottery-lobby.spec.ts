import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * The lottery lobbies' own calls, as a visitor's browser sends them to the real server: the
 * popular lotteries (LT-04) and the Vietnamese opened numeros (LT-05).
 */

/** The first request the page sends to `path`, with its query. */
function firstRequest(page: Page, path: string): Promise<Request> {
  return page.waitForRequest((req) => new URL(req.url()).pathname === path);
}

function queryOf(req: Request): Record<string, string> {
  return Object.fromEntries(new URL(req.url()).searchParams);
}

test.describe('lottery lobby calls', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('language', 'en'));
  });

  test('LT-04 /lottery requests /lgw/games/popular with count 20, prizeMode, device and language, and leads with the popular lotteries in that order', async ({
    page,
  }) => {
    const popular = firstRequest(page, '/lgw/games/popular');
    await page.goto('/lottery');
    const req = await popular;
    expect(queryOf(req)).toEqual({ count: '20', prizeMode: 'LOTT', device: 'WEB', language: 'EN' });
    const res = await req.response();
    expect(res?.status()).toBe(200);
    const body = (await res!.json()) as { count: number; list: { gameCode: string; remark: string }[] };
    expect(body.list.length).toBeGreaterThan(0);
    expect(body.list.length).toBeLessThanOrEqual(20);

    // The Popular group lists those games in the server's order.
    await page.getByRole('group', { name: 'Game groups' }).getByRole('button', { name: 'Popular' }).click();
    // A card's link is named by the game's name alone (decision 050).
    const cards = page.locator('main').getByTestId('lottery-card').getByRole('link');
    await expect(cards.first()).toBeVisible();
    const names = await cards.evaluateAll((as) => as.map((a) => a.textContent?.trim()));
    const expected = body.list.map((g) => g.remark).filter((name) => names.includes(name));
    expect(expected.length).toBeGreaterThan(0);
    expect(names).toEqual(expected);
  });

  test('LT-05 /vnlottery requests /lgw/vn/numeros/opened/game with count 100, prizeMode, device and language, and shows each game on sale', async ({
    page,
  }) => {
    const opened = firstRequest(page, '/lgw/vn/numeros/opened/game');
    await page.goto('/vnlottery');
    const req = await opened;
    expect(queryOf(req)).toEqual({ count: '100', prizeMode: 'LOTT', device: 'WEB', language: 'EN' });
    const res = await req.response();
    expect(res?.status()).toBe(200);
    const body = (await res!.json()) as { count: number; numeros: { remark: string; numero: string }[] };
    expect(body.numeros.length).toBeGreaterThan(0);
    expect(body.numeros.length).toBeLessThanOrEqual(100);
    expect(body.count).toBe(body.numeros.length);

    // The card of a game with a numero on sale names that numero.
    const first = body.numeros[0]!;
    const card = page
      .getByTestId('lottery-card')
      .filter({ has: page.getByRole('link', { name: first.remark, exact: true }) });
    await expect(card).toContainText(`No. ${first.numero}`);
  });
});

test.describe('lottery lobby by keyboard', () => {
  test('on a phone the cards below the first screen wait for the reader, and Tab alone reaches the last of them: the first key renders them all', async ({
    page,
  }) => {
    await page.addInitScript(() => window.localStorage.setItem('language', 'en'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/lottery');
    const links = page.locator('main').getByTestId('lottery-card').getByRole('link');
    await expect(links.first()).toBeVisible();
    // The heading counts the group's games ("All games 45").
    const heading = (await page.locator('#lobby-group-title').textContent()) ?? '';
    const total = Number(/(\d+)\s*$/.exec(heading)?.[1]);
    expect(total).toBeGreaterThan(6);
    expect(await links.count()).toBeLessThan(total);

    await page.keyboard.press('Tab');
    await expect(links).toHaveCount(total);
    const lastHref = await links.last().getAttribute('href');
    let reached = false;
    for (let i = 0; i < 4 * total + 60 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(
        (href) => document.activeElement?.getAttribute('href') === href,
        lastHref,
      );
    }
    expect(reached).toBe(true);
    await expect(links.last()).toBeFocused();
    await expect(links.last()).toBeInViewport();
  });
});
