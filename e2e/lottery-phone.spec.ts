import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { playerSession, preparePage } from './accounts-helpers.ts';

/**
 * The lottery client on a 390×844 phone (issue #28, "What a new user met"): during every draw and
 * between draws nothing is wider than the screen, and the floating support button stays clear of
 * "Bet now"; the 1440×900 layout keeps its side column. With LOOK_DIR set it also photographs both
 * sizes during a draw.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const lookDir = process.env.LOOK_DIR;

/**
 * The moment of every draw, held still: the numero on sale has closed ("Drawing…" in the timer's
 * place, the place button says betting is closed) and the last one has no result yet.
 */
async function holdTheDraw(page: Page) {
  await page.route(
    (url) => url.pathname.endsWith('/lgw/numeros/near'),
    async (route) => {
      const res = await route.fetch();
      const near = (await res.json()) as {
        currentNumero?: { isSale: boolean };
        previousNumero?: { winNo: string };
      };
      if (near.currentNumero) near.currentNumero.isSale = false;
      if (near.previousNumero) near.previousNumero.winNo = '';
      await route.fulfill({ response: res, json: near });
    },
  );
}

/** The page's width as the phone scrolls it: wider than the screen means content off-screen. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Every digit and every quick-pick button (Clear among them) of the picker lies on the screen. */
async function expectPickerOnScreen(page: Page, width: number) {
  const boxes = await page
    .locator('[data-testid^="row-"] button')
    .evaluateAll((els) =>
      els.map(
        (e) => [e.textContent, e.getBoundingClientRect().left, e.getBoundingClientRect().right] as const,
      ),
    );
  expect(boxes.length).toBeGreaterThan(50);
  const off = boxes.filter(([, left, right]) => left < 0 || right > width);
  expect(off, 'buttons of the picker off the screen').toEqual([]);
  await expect(
    page.getByTestId('row-P1').getByRole('button', { name: 'Clear', exact: true }),
  ).toBeInViewport();
}

async function photograph(page: Page, name: string) {
  if (!lookDir) return;
  mkdirSync(lookDir, { recursive: true });
  await page.screenshot({ path: join(lookDir, `${name}.png`) });
}

test.describe('lottery on a phone', () => {
  test.setTimeout(120_000);

  test('the betting client fits a 390 px phone during a draw and between draws, and the support button leaves Bet now free', async ({
    page,
    server,
  }) => {
    await preparePage(page);
    await playerSession(page, server, 'demo', 'Demo1234');
    await page.setViewportSize(PHONE);

    // During the draw: the timer says "Drawing…", the place button that betting is closed.
    await holdTheDraw(page);
    await page.goto('/lottery?gameCode=SSC1');
    await expect(page.getByTestId('bet-summary')).toBeVisible();
    const head = page.locator('header').filter({ has: page.getByRole('heading', { name: '5D 1 minute' }) });
    await expect(head.getByRole('timer')).toHaveText('Drawing…');
    await expect(page.getByTestId('last-result')).toContainText('Drawing…');
    await expect(page.getByRole('button', { name: 'Betting closed: wait for the next draw' })).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await expectPickerOnScreen(page, PHONE.width);
    await photograph(page, 'lottery-drawing-390');
    await page.setViewportSize(DESKTOP);
    await expect(head.getByRole('timer')).toHaveText('Drawing…');
    expect(await pageWidth(page)).toBeLessThanOrEqual(DESKTOP.width);
    // The desktop keeps the slip beside the picker, with a gap between them, once the wider
    // layout has taken over from the phone's.
    await expect
      .poll(async () => {
        const main = await page.getByTestId('bet-summary').boundingBox();
        const slip = await page.locator('#lottery-slip').boundingBox();
        return main && slip ? slip.x - (main.x + main.width) : -Infinity;
      })
      .toBeGreaterThan(0);
    await photograph(page, 'lottery-drawing-1440');

    // Between draws: on sale, with a countdown.
    await page.unrouteAll({ behavior: 'wait' });
    await page.setViewportSize(PHONE);
    await page.reload();
    // (A real draw may be under way: its next numero opens within seconds.)
    await expect(head.getByRole('timer')).toHaveText(/^\d\d:\d\d$/, { timeout: 30_000 });
    await expect(page.getByTestId('bet-summary')).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await expectPickerOnScreen(page, PHONE.width);

    // The sticky summary's buttons stay clear of the floating support button.
    await page.getByRole('tab', { name: '1-star' }).click();
    await page.getByTestId('row-P1').getByRole('button', { name: '7', exact: true }).click();
    await page.getByTestId('row-P1').scrollIntoViewIfNeeded();
    const betNow = page.getByRole('button', { name: 'Bet now' });
    await expect(betNow).toBeEnabled();
    const bet = (await betNow.boundingBox())!;
    const support = (await page.getByRole('button', { name: 'Quick links' }).boundingBox())!;
    // Side by side at the bottom of the screen: the summary is stuck there, where the button floats.
    expect(bet.y + bet.height).toBeGreaterThan(support.y);
    expect(support.y + support.height).toBeGreaterThan(bet.y);
    const overlaps =
      bet.x < support.x + support.width &&
      support.x < bet.x + bet.width &&
      bet.y < support.y + support.height &&
      support.y < bet.y + bet.height;
    expect(
      overlaps,
      `Bet now ${JSON.stringify(bet)} under the support button ${JSON.stringify(support)}`,
    ).toBe(false);
    expect(bet.x + bet.width).toBeLessThanOrEqual(PHONE.width);
    await photograph(page, 'lottery-on-sale-390');
  });
});
