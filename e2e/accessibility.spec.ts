import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { playerSession, preparePage } from './accounts-helpers.ts';
import { repoRoot } from './server.ts';
import { escapeDialog } from './shell-helpers.ts';

/**
 * Accessibility of the player site (issue 33, decision 050): axe-core finds no violation of WCAG
 * 2.0, 2.1 and 2.2 A and AA on any page or main dialog, and the keyboard alone walks the navigation,
 * the dialogs (focus kept inside, Escape closes), the game grid, the lottery picker and the agent
 * centre. Logins go through the API where the login form is not the point.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** Every page route of apps/web/src/app/routes.tsx (the aliases of one page once). */
const PUBLIC_PAGES = [
  '/',
  '/noticePage',
  '/vip',
  '/pointMall',
  '/sports',
  '/esports',
  '/lottery',
  '/vnlottery',
  '/seaLottery',
  '/elott',
  '/rng',
  '/bgs',
  '/bingo',
  '/live',
  '/fish',
  '/pvp',
  '/hot',
  '/promotions',
  '/seamless',
  '/help',
  '/helpmc',
  '/download',
  '/feedback',
  '/miniGames',
  '/join',
  '/login',
  '/sandbox/verify',
  '/no-such-page',
];
/** Pages that need a logged-in player. */
const MEMBER_PAGES = ['/responsible', '/lottery?gameCode=SSC1', '/sandbox/games/LUCKYLOTUS'];

/** What axe found, page by page: written to test-results/axe.json for the report. */
const found: Record<string, string[]> = {};

async function scan(page: Page, name: string, include?: string): Promise<void> {
  // The page at rest: its chunks in, no skeleton or spinner waiting for an answer.
  const start = Date.now();
  await page.waitForLoadState('load');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('[role="status"] > .visually-hidden')).toHaveCount(0);
  const ready = Date.now();
  // Only the violations' nodes described in full (every result type is still checked): the
  // default describes every node of every rule, passes too (selector, XPath, ancestry). And axe.run
  // in the page itself (legacy mode) where the page has no frame, instead of runPartial and a
  // finish in a new blank tab; a page with a frame keeps the default, which also scans
  // cross-origin frames. Together: each scan in about half the time (home 20.6 s to 7.9 s, loaded).
  let builder = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(TAGS)
    .setLegacyMode(page.frames().length === 1);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const lines = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .slice(0, 4)
        .map((n) => n.target.join(' '))
        .join(' | ')}${v.nodes.length > 4 ? ` …+${v.nodes.length - 4}` : ''}`,
  );
  found[name] = lines;
  if (process.env.E2E_DEBUG)
    console.log(`[axe] ${name}: ready ${ready - start} ms, axe ${Date.now() - ready} ms`);
  for (const v of violations)
    console.log(
      `[axe] ${name} ${v.id}: ${v.nodes[0]?.html.slice(0, 160)}\n  ${v.nodes[0]?.failureSummary?.replace(/\n/g, ' ')}`,
    );
  expect.soft(lines, `axe violations on ${name}`).toEqual([]);
}

/** Presses Tab until the focus is on `target` (a selector the focused element matches, or a locator). */
async function tabUntil(page: Page, target: string | Locator, max = 80): Promise<number> {
  for (let n = 1; n <= max; n++) {
    await page.keyboard.press('Tab');
    const there =
      typeof target === 'string'
        ? await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, target)
        : await target.evaluate((el) => el === document.activeElement).catch(() => false);
    if (there) return n;
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

const focusedInside = (page: Page, selector: string) =>
  page.evaluate((sel) => !!document.activeElement?.closest(sel), selector);

test.describe('accessibility', () => {
  // The tests share nothing: the run's two workers take them side by side.
  test.describe.configure({ mode: 'parallel' });
  test.setTimeout(300_000);

  test.afterAll(() => {
    // Each worker adds what it scanned (the run's output folder starts empty).
    const file = join(repoRoot, 'test-results', 'axe.json');
    mkdirSync(dirname(file), { recursive: true });
    const before = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as typeof found) : {};
    writeFileSync(file, JSON.stringify({ ...before, ...found }, null, 2));
  });

  test('axe finds no WCAG 2.2 AA violation on the first half of the pages a visitor can open, nor in the login and register dialogs', async ({
    page,
  }) => {
    await preparePage(page);
    for (const path of PUBLIC_PAGES.slice(0, 14)) {
      await page.goto(path);
      await scan(page, path);
      if (path !== '/') continue;
      // The header's two dialogs over the home page just scanned, without loading it again: the
      // register dialog is the one /register opens over home (SH-03, the same modal).
      const banner = page.getByRole('banner');
      await banner.getByRole('button', { name: 'Log in', exact: true }).click();
      await page.getByTestId('login-form').waitFor();
      await scan(page, 'login dialog', '[role="dialog"]');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await banner.getByRole('button', { name: 'Register', exact: true }).click();
      await page.getByTestId('register-form').waitFor();
      await scan(page, 'register dialog', '[role="dialog"]');
    }
  });

  test('axe finds no WCAG 2.2 AA violation on the other pages a visitor can open', async ({ page }) => {
    await preparePage(page);
    for (const path of PUBLIC_PAGES.slice(14)) {
      await page.goto(path);
      await scan(page, path);
    }
  });

  test('axe finds no violation on the member pages, every page of the member centre (deposit among them) and the lottery', async ({
    page,
    server,
  }) => {
    await preparePage(page);
    await playerSession(page, server, 'demo', 'Demo1234');
    for (const path of MEMBER_PAGES) {
      await page.goto(path);
      // The house game's page has no header; the others show the member bar once logged in.
      if (!path.startsWith('/sandbox')) await page.getByTestId('member-bar-content').waitFor();
      await scan(page, `${path} (member)`);
    }
    await page.goto('/');
    await expect(page.getByTestId('member-menu-button')).toHaveText(/\S/);
    await page.getByTestId('member-menu-button').click();
    await page.getByTestId('member-menu').getByRole('menuitem').first().click();
    const centre = page.getByTestId('member-centre');
    await expect(centre).toBeVisible();
    const keys = await centre
      .locator('nav [data-page]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-page')!));
    for (const key of keys) {
      await centre.locator(`nav [data-page="${key}"]`).click();
      await expect(centre.locator('[aria-current="page"]')).toHaveAttribute('data-page', key);
      await expect(centre.locator('section[data-page]').getByTestId('loading-state')).toHaveCount(0);
      await scan(page, `member centre: ${key}`, '[role="dialog"]');
    }
  });

  test('axe finds no violation on any page of the agent centre', async ({ page, server }) => {
    await preparePage(page);
    await playerSession(page, server, 'agent1', 'Agent1234');
    await page.goto('/');
    await expect(page.getByTestId('member-menu-button')).toHaveText(/\S/);
    await page.getByTestId('member-menu-button').click();
    await page.getByTestId('member-menu').locator('[data-page="agentCentre"]').click();
    const centre = page.getByTestId('account-centre');
    // The centre's chunk is large: a loaded machine takes its time.
    await expect(centre).toBeVisible({ timeout: 60_000 });
    const keys = await centre
      .getByRole('navigation')
      .locator('[data-page]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-page')!));
    for (const key of keys) {
      await centre.getByRole('navigation').locator(`[data-page="${key}"]`).click();
      const region = centre.locator(`section[data-page="${key}"]`);
      await expect(region.locator('[data-agent-page]')).toBeVisible();
      await expect(region.getByTestId('agent-loading')).toHaveCount(0);
      await scan(page, `agent centre: ${key}`, '[role="dialog"]');
    }
  });

  test('the keyboard alone: the navigation, a dialog (focus kept inside, Escape closes and gives the focus back), the game grid', async ({
    page,
  }) => {
    await preparePage(page);
    await page.goto('/');
    const banner = page.getByRole('banner');
    const promotions = banner
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Promotions', exact: true });
    // The header's navigation is reached with Tab and followed with Enter.
    await tabUntil(page, promotions);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/promotions$/);
    await page.goto('/hot');
    // The login button opens its dialog; Tab and Shift+Tab stay inside it; Escape closes it.
    const login = banner.getByRole('button', { name: 'Log in', exact: true });
    await tabUntil(page, login);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    expect(await focusedInside(page, '[role="dialog"]')).toBe(true);
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press(i % 5 === 4 ? 'Shift+Tab' : 'Tab');
      expect(await focusedInside(page, '[role="dialog"]'), `focus after ${i + 1} presses`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(login).toBeFocused();
    // A game of the grid: Tab reaches its tile, Enter plays it (a visitor is asked to log in first).
    await tabUntil(page, '[data-testid="game-tile"] > button:first-child', 200);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('login-form')).toBeVisible();
    await escapeDialog(page);
    await expect(page.getByTestId('login-form')).toHaveCount(0);
  });

  test('the keyboard alone: the lottery picker and the agent centre', async ({ page, server }) => {
    await preparePage(page);
    await playerSession(page, server, 'agent1', 'Agent1234');
    await page.goto('/lottery?gameCode=SSC1');
    await expect(page.getByRole('heading', { level: 1, name: '5D 1 minute' })).toBeVisible();
    // The play's tab, then the picker's numbers: Space and Enter pick, the notes follow.
    const oneStar = page.getByRole('tab', { name: '1-star' });
    await tabUntil(page, '[role="tab"]', 200);
    await oneStar.focus();
    await page.keyboard.press('Enter');
    await expect(oneStar).toHaveAttribute('aria-selected', 'true');
    const row = page.getByTestId('row-P1');
    await tabUntil(page, '[data-testid="row-P1"] button');
    await page.keyboard.press('Space');
    await tabUntil(page, '[data-testid="row-P1"] button[aria-pressed="false"]');
    await page.keyboard.press('Enter');
    await expect(row.getByRole('button', { pressed: true })).toHaveCount(2);
    await expect(page.getByTestId('notes')).toHaveText('2');

    // The agent centre from the member menu, its pages by Tab and Enter, closed by Escape.
    await page.getByTestId('member-menu-button').focus();
    await page.keyboard.press('Enter');
    const menu = page.getByTestId('member-menu');
    await expect(menu).toBeVisible();
    await page.keyboard.press('End');
    for (let i = 0; i < 5 && !(await focusedInside(page, '[data-page="agentCentre"]')); i++)
      await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    const centre = page.getByTestId('account-centre');
    await expect(centre).toBeVisible();
    await tabUntil(page, '[data-testid="account-centre"] nav [data-page="downlineManagmentView"]');
    await page.keyboard.press('Enter');
    await expect(centre.locator('section[data-page="downlineManagmentView"]')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(centre).toHaveCount(0);
  });
});
