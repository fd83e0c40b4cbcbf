import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Request } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { createMember, playerSession, preparePage, uniqueName, withSwitch } from './accounts-helpers.ts';
import { repoRoot, type RunningServer } from './server.ts';

/**
 * Games in the browser (issue 8, web): the navigation and its dropdowns from the server's vendor
 * data, each game list, search, favourites, launching, and a visitor stopped at the login popup.
 */

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

/** A string of the web app's main translation file of a language. */
const label = (language: string, key: string): string =>
  (
    JSON.parse(readFileSync(join(repoRoot, `apps/web/src/locales/${language}.json`), 'utf8')) as Record<
      string,
      string
    >
  )[key]!;

interface WireCard {
  vassalage: string;
  gameType: string;
  displayName: string;
  isGame: number;
  nodeId: string;
  gameId: string;
}

/** The vendor groups the server answers, as the header reads them. */
async function serverLanes(page: Page): Promise<{ gameClassify: string; cards: WireCard[] }[]> {
  const res = await page.request.get('/wps/relay/GCSGAME_newGameVendor?platform=html5-desktop&language=en', {
    headers: { Merchant: 'SEA888' },
  });
  return ((await res.json()) as { value: { data: { lanes: { gameClassify: string; cards: WireCard[] }[] } } })
    .value.data.lanes;
}

async function member(page: Page, server: RunningServer): Promise<string> {
  const username = uniqueName('gw');
  await createMember(server, username, 'Passw0rd9');
  await playerSession(page, server, username, 'Passw0rd9');
  return username;
}

test.describe('games web', () => {
  // Several pages and a login per test, on a machine shared by many runs.
  test.describe.configure({ timeout: 120_000 });
  test.beforeEach(async ({ page }) => {
    await preparePage(page);
  });

  test('browse each category: vendor tabs and a grid of games on every list page, vendors on sports, hot games and winners', async ({
    page,
  }) => {
    for (const [path, heading] of [
      ['/rng', 'Slots'],
      ['/bgs', 'Slots'],
      ['/bingo', 'Bingo'],
      ['/live', 'Live casino'],
      ['/fish', 'Fishing'],
      ['/pvp', 'Cards'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
      await expect(page.getByTestId('vendor-tabs'), path).toBeVisible();
      await expect(page.getByTestId('game-tile').first(), path).toBeVisible();
      expect(Number(await page.getByTestId('game-grid').getAttribute('data-total')), path).toBeGreaterThan(0);
    }
    // NC-18: /bgs is the BGS vendor group.
    await page.goto('/bgs');
    await expect(page.getByTestId('provider-spotlight')).toContainText('BGaming');
    const vendorsShown = await page
      .getByTestId('game-tile')
      .evaluateAll((tiles) => tiles.map((t) => t.textContent ?? ''));
    expect(vendorsShown.every((text) => text.includes('BGaming'))).toBe(true);

    for (const path of ['/sports', '/esports']) {
      await page.goto(path);
      await expect(
        page
          .getByTestId('vendor-lobby')
          .getByRole('button', { name: /^Play / })
          .first(),
        path,
      ).toBeVisible();
    }
    await page.goto('/esports');
    await expect(page.getByTestId('lobby-IMES')).toBeVisible();
    await page.goto('/hot');
    await expect(page.getByTestId('hot-games').getByTestId('game-tile').first()).toBeVisible();
    await expect(page.getByTestId('winners-board')).toBeVisible();
  });

  test('NC-05 NC-06 NC-07 NC-44 hovering a type opens its vendors: image at the spec path, name, play button, hot badge only where isHot is 1', async ({
    page,
  }) => {
    await page.goto('/');
    await nav(page).getByTestId('nav-item-RNG').hover();
    const dropdown = page.getByTestId('nav-dropdown-RNG');
    await expect(dropdown).toBeVisible();
    const pg = dropdown.getByTestId('vendor-card-RNG-PG');
    await expect(pg.locator('img')).toHaveAttribute(
      'src',
      /\/TCG_PROD_IMAGES\/SUBMENU_IMG\/STYLE2\/RNG-PG\.png$/,
    );
    await expect(pg).toContainText('PG Soft');
    await expect(pg.getByRole('button', { name: 'Play PG Soft' })).toBeVisible();
    // PG is hot (isHot 1), JILI is not (isHot 0).
    await expect(pg.getByTestId('hot-badge')).toBeVisible();
    await expect(dropdown.getByTestId('vendor-card-RNG-JILI').getByTestId('hot-badge')).toHaveCount(0);
    // NC-13: YBG, an RNG vendor of the catalogue, is not in the navigation.
    await expect(dropdown.getByTestId('vendor-card-RNG-YBG')).toHaveCount(0);
    // NC-14: an RNG vendor goes to its list page.
    await pg.getByRole('button', { name: 'Play PG Soft' }).click();
    await expect(page).toHaveURL(/\/rng\?vassalage=PG$/);
    await expect(page.getByTestId('nav-dropdown-RNG')).toHaveCount(0);
  });

  test('NC-08 NC-09 NC-15 a dropdown shows at most 9 vendors, a more-games tile when it shows 9, centred when more than 5 entries', async ({
    page,
  }) => {
    // The operator's catalogue decides how many vendors a type has: give slots 12 and fishing 9.
    await page.route('**/wps/relay/GCSGAME_newGameVendor*', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as {
        value: { data: { lanes: { gameClassify: string; cards: Record<string, unknown>[] }[] } };
      };
      for (const lane of body.value.data.lanes) {
        const base = lane.cards[0]!;
        const want = lane.gameClassify === 'RNG' ? 12 : lane.gameClassify === 'FISH' ? 9 : lane.cards.length;
        for (let i = lane.cards.length; i < want; i++)
          lane.cards.push({
            ...base,
            vassalage: `X${lane.gameClassify}${i}`,
            displayName: `Extra ${i}`,
            isHot: 0,
          });
      }
      await route.fulfill({ response: res, json: body });
    });
    await page.goto('/');
    await nav(page).getByTestId('nav-item-RNG').hover();
    const rng = page.getByTestId('nav-dropdown-RNG');
    await expect(rng.locator('[data-testid^="vendor-card-"]')).toHaveCount(9);
    await expect(rng.getByTestId('more-games-tile')).toBeVisible();
    await expect(rng.locator('ul')).toHaveCSS('justify-content', 'center');

    await nav(page).getByTestId('nav-item-FISH').hover();
    const fish = page.getByTestId('nav-dropdown-FISH');
    await expect(fish.locator('[data-testid^="vendor-card-"]')).toHaveCount(9);
    await expect(fish.getByTestId('more-games-tile')).toBeVisible();

    // Live has 3 vendors: no tile, not centred (3 entries).
    await nav(page).getByTestId('nav-item-LIVE').hover();
    const live = page.getByTestId('nav-dropdown-LIVE');
    await expect(live.locator('[data-testid^="vendor-card-"]')).toHaveCount(3);
    await expect(live.getByTestId('more-games-tile')).toHaveCount(0);
    await expect(live.locator('ul')).toHaveCSS('justify-content', 'flex-start');

    await nav(page).getByTestId('nav-item-RNG').hover();
    await page.getByTestId('nav-dropdown-RNG').getByTestId('more-games-tile').getByRole('button').click();
    await expect(page).toHaveURL(/\/rng$/);
  });

  test('NC-04 NC-10 NC-11 NC-12 header items in order with their point rates; bingo and BGS after the lottery items, DS88 after live', async ({
    page,
    server,
  }) => {
    // The rates show while the points system is on (the demo has it off: new-user.spec.ts).
    await withSwitch(server, 'PTSYS3', true, async () => {
      // The server drops its cached status a moment after the operator's command.
      await expect(async () => {
        await page.goto('/');
        await expect(nav(page).getByTestId('nav-point-LIVE')).toHaveText('0.70', { timeout: 2_000 });
      }).toPass({ timeout: 20_000 });
      await expect(nav(page).getByTestId('nav-item-RNG')).toBeVisible();
      const keys = await nav(page)
        .locator('[data-testid^="nav-item-"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.replace('nav-item-', '')));
      expect(keys.slice(0, 4)).toEqual(['LOTT', 'ELOTT', 'BINGO', 'BGS']);
      expect(keys[keys.indexOf('LIVE') + 1]).toBe('DS88');
      // The bingo item, right after the lottery items, links to /bingo (NC-10).
      await expect(nav(page).getByTestId('nav-item-BINGO').getByRole('link')).toHaveAttribute(
        'href',
        '/bingo',
      );
      const rates: [string, string][] = [
        ['LIVE', '0.70'],
        ['SPORTS', '1.00'],
        ['ESPORTS', '1.00'],
        ['FISH', '1.20'],
        ['RNG', '1.20'],
        ['PVP', '1.00'],
      ];
      for (const [key, rate] of rates)
        await expect(nav(page).getByTestId(`nav-point-${key}`), key).toHaveText(rate);
      await nav(page).getByTestId('nav-item-BGS').getByRole('link').click();
      await expect(page).toHaveURL(/\/bgs$/);
      await nav(page).getByTestId('nav-item-BINGO').getByRole('link').click();
      await expect(page).toHaveURL(/\/bingo$/);
    });
  });

  test('BC-01 NC-24 the vendor list is kept in session storage and fetched again after a language change', async ({
    page,
  }) => {
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('GCSGAME_newGameVendor'))
        calls.push(new URL(r.url()).searchParams.get('language') ?? '');
    });
    await page.goto('/');
    await expect(nav(page).getByTestId('nav-item-RNG')).toBeVisible();
    expect(calls).toEqual(['en']);
    const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('gameVendor') ?? 'null'));
    expect(stored.language).toBe('en');
    expect(stored.lanes.length).toBeGreaterThan(3);
    // A reload of the tab starts from the stored copy: no new call.
    await page.reload();
    await expect(nav(page).getByTestId('nav-item-RNG')).toBeVisible();
    // Every call the reloaded page makes has been made and answered.
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual(['en']);
    // Language change: fetched again in the new language.
    await page.getByRole('button', { name: /Language: EN/ }).click();
    await page.getByRole('menuitemradio', { name: /CN/ }).click();
    await expect.poll(() => calls).toEqual(['en', 'zh-CN']);
    await expect
      .poll(() => page.evaluate(() => JSON.parse(sessionStorage.getItem('gameVendor') ?? '{}').language))
      .toBe('zh-CN');
  });

  test('NC-25 a launch refused for a maintenance the cached list does not show is a flush request: the list is fetched again and shows it', async ({
    page,
    server,
  }) => {
    await playerSession(page, server, 'demo', 'Demo1234');
    await page.goto('/rng?vassalage=PG');
    const spotlight = page.getByTestId('provider-spotlight');
    await expect(spotlight).toBeVisible();
    await expect(page.getByTestId('game-tile').first()).toBeVisible();
    await expect(spotlight).not.toContainText('under maintenance');
    const stored = () =>
      page.evaluate(
        () =>
          (
            JSON.parse(sessionStorage.getItem('gameVendor') ?? '{"lanes":[]}') as {
              lanes: { cards: { vassalage: string; status: string }[] }[];
            }
          ).lanes
            .flatMap((l) => l.cards)
            .find((c) => c.vassalage === 'PG')?.status,
      );
    expect(await stored()).toBe('ACTIVE');
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('GCSGAME_newGameVendor')) calls.push(r.url());
    });
    // The operator's change reaches the page only through the launch that it refuses.
    const from = new Date(Date.now() - 60_000).toISOString();
    const until = new Date(Date.now() + 3_600_000).toISOString();
    await server.ops('games', 'vendor', 'PG', 'maintenance', '--from', from, '--until', until);
    try {
      await page.getByTestId('game-tile').first().getByRole('button').first().click();
      await expect(page.getByTestId('launch-problem-maintenance')).toContainText('is under maintenance');
      await expect.poll(() => calls.length).toBe(1);
      await expect(spotlight).toContainText('under maintenance');
      await expect.poll(stored).toBe('MAINTENANCE');
      // The list now knows: a second refused launch asks for nothing more.
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('launch-problem-maintenance')).toHaveCount(0);
      await page.getByTestId('game-tile').first().getByRole('button').first().click();
      await expect(page.getByTestId('launch-problem-maintenance')).toBeVisible();
      expect(calls).toHaveLength(1);
    } finally {
      await server.ops('games', 'vendor', 'PG', 'maintenance', 'clear');
    }
  });

  test('NC-02 main navigation: Home, one item per game type, promotions labelled by hd_event, app download', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(nav(page).getByTestId('nav-item-RNG')).toBeVisible();
    const entries = nav(page).locator(':scope > ul > li');
    const count = await entries.count();
    // Home first.
    await expect(entries.nth(0).getByRole('link')).toHaveAttribute('href', '/');
    await expect(entries.nth(0)).toHaveText(label('en', 'nav_home'));
    // Then the game types: one item per type the server's vendor groups hold, each once; the
    // spec's extra vendor items (BGS, DS88) besides.
    const keys: string[] = [];
    for (let i = 1; i < count - 2; i++)
      keys.push((await entries.nth(i).getAttribute('data-testid'))!.replace('nav-item-', ''));
    const types = (await serverLanes(page)).filter((l) => l.cards.length > 0).map((l) => l.gameClassify);
    expect(types.length).toBeGreaterThan(5);
    const typeItems = keys.filter((k) => k !== 'BGS' && k !== 'DS88');
    expect([...typeItems].sort()).toEqual([...types].sort());
    expect(new Set(typeItems).size).toBe(typeItems.length);
    expect(keys.filter((k) => k === 'BGS' || k === 'DS88').sort()).toEqual(['BGS', 'DS88']);
    // Then promotions, labelled by the key hd_event, and app download.
    const promotions = entries.nth(count - 2).getByRole('link');
    await expect(promotions).toHaveAttribute('href', '/promotions');
    await expect(promotions).toHaveText(label('en', 'hd_event'));
    const download = entries.nth(count - 1).getByRole('link');
    await expect(download).toHaveAttribute('href', '/download');
    await expect(download).toHaveText(label('en', 'nav_download'));
    // The promotions label follows the language: hd_event's Chinese text.
    await page.getByRole('button', { name: /Language: EN/ }).click();
    await page.getByRole('menuitemradio', { name: /CN/ }).click();
    const cn = page.getByRole('navigation', { name: label('zh-CN', 'nav_main') });
    await expect(cn.getByRole('link', { name: label('zh-CN', 'hd_event') })).toHaveAttribute(
      'href',
      '/promotions',
    );
  });

  test('NC-18 opening /bgs first sets the vendor group to BGS: the group record, the first list request and every tile are BGS', async ({
    page,
  }) => {
    const lists: URLSearchParams[] = [];
    page.on('request', (r) => {
      if (r.url().includes('GCSGAME_gameList')) lists.push(new URL(r.url()).searchParams);
    });
    await page.goto('/bgs');
    await expect(page.getByTestId('game-tile').first()).toBeVisible();
    // The vendor group record: gameCategory, vendors[] (each with vassalage) and the chosen vassalage.
    const group = await page.evaluate(() => JSON.parse(sessionStorage.getItem('vendorGroup') ?? 'null'));
    expect(Object.keys(group).sort()).toEqual(['gameCategory', 'vassalage', 'vendors']);
    expect(group.gameCategory).toBe('RNG');
    expect(group.vassalage).toBe('BGS');
    expect(group.vendors.map((v: { vassalage: string }) => v.vassalage)).toContain('BGS');
    // The very first list asked for is BGS's, and every one after it.
    expect(lists.length).toBeGreaterThan(0);
    expect(lists[0]!.get('vassalage')).toBe('BGS');
    expect(lists[0]!.get('gameType')).toBe('RNG');
    for (const q of lists) expect(q.get('vassalage')).toBe('BGS');
    await expect(page.getByTestId('vendor-tab-BGS')).toHaveAttribute('aria-current', 'page');
    const names = await page
      .getByTestId('game-tile')
      .evaluateAll((tiles) => tiles.map((t) => t.textContent ?? ''));
    expect(names.length).toBeGreaterThan(0);
    for (const n of names) expect(n).toContain('BGaming');
    // /rng is the whole slots group: no vendor chosen.
    lists.length = 0;
    await page.goto('/rng');
    await expect(page.getByTestId('game-tile').first()).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => JSON.parse(sessionStorage.getItem('vendorGroup') ?? '{}').vassalage))
      .toBe('');
    expect(lists[0]!.has('vassalage')).toBe(false);
  });

  test('NC-29 the vendors come from GCSGAME_newGameVendor with platform html5-desktop, read at value.data.lanes', async ({
    page,
  }) => {
    const asked: URLSearchParams[] = [];
    // The server's answer with one more slots vendor in its RNG group: the header must show it.
    await page.route('**/wps/relay/GCSGAME_newGameVendor*', async (route) => {
      asked.push(new URL(route.request().url()).searchParams);
      const res = await route.fetch();
      const body = (await res.json()) as {
        value: { data: { lanes: { gameClassify: string; cards: object[] }[] } };
      };
      const rng = body.value.data.lanes.find((l) => l.gameClassify === 'RNG')!;
      rng.cards.push({
        ...rng.cards[0],
        vassalage: 'LANEVENDOR',
        displayName: 'Lane Vendor',
        name: 'Lane Vendor',
        isHot: 1,
      });
      await route.fulfill({ response: res, json: body });
    });
    await page.goto('/');
    await nav(page).getByTestId('nav-item-RNG').hover();
    const card = page.getByTestId('nav-dropdown-RNG').getByTestId('vendor-card-RNG-LANEVENDOR');
    await expect(card).toContainText('Lane Vendor');
    await expect(card.getByTestId('hot-badge')).toBeVisible();
    await expect(card.locator('img')).toHaveAttribute('src', /SUBMENU_IMG\/STYLE2\/RNG-LANEVENDOR\.png$/);
    expect(asked.length).toBe(1);
    expect(asked[0]!.get('platform')).toBe('html5-desktop');
    // An RNG card goes to its page by its vassalage.
    await card.getByRole('button', { name: 'Play Lane Vendor' }).click();
    await expect(page).toHaveURL(/\/rng\?vassalage=LANEVENDOR$/);
  });

  test('NC-32 the hot page asks GCSGAME_hotGamesV2 with merchantCode, isPlatform 2, vassalage "", platform "flash,html5-desktop" and language, and shows value.list', async ({
    page,
  }) => {
    const hot = page.waitForResponse((r) => r.url().includes('GCSGAME_hotGamesV2'));
    await page.goto('/hot');
    const res = await hot;
    const q = new URL(res.url()).searchParams;
    expect([...q.keys()].sort()).toEqual(['isPlatform', 'language', 'merchantCode', 'platform', 'vassalage']);
    expect(Object.fromEntries(q)).toEqual({
      merchantCode: 'SEA888',
      isPlatform: '2',
      vassalage: '',
      platform: 'flash,html5-desktop',
      language: 'en',
    });
    const list = ((await res.json()) as { value: { list: { nodeId: string }[] } }).value.list;
    expect(list.length).toBeGreaterThan(0);
    const tiles = page.getByTestId('hot-games').getByTestId('game-tile');
    await expect(tiles.first()).toBeVisible();
    const shown = await tiles.evaluateAll((els) => els.map((e) => e.getAttribute('data-node')));
    expect(shown).toEqual(list.slice(0, shown.length).map((g) => g.nodeId));
  });

  test('GL-03 an entry marked as a game starts that game directly: the DS88 entry and the sports and e-sports lobbies launch their one game', async ({
    page,
    server,
  }) => {
    const lanes = await serverLanes(page);
    const ds88 = lanes.flatMap((l) => l.cards).find((c) => c.vassalage === 'DS88')!;
    expect(ds88.isGame).toBe(1);
    await playerSession(page, server, 'demo', 'Demo1234');
    const lookups: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('GCSGAME_gameList')) lookups.push(r.url());
    });
    const launch = page.waitForRequest((r) => r.url().includes('/wps/game/launchGame'));
    await nav(page).getByTestId('nav-item-DS88').getByRole('button').click();
    const q = new URL((await launch).url()).searchParams;
    expect([q.get('vassalage'), q.get('nodeId'), q.get('gameId')]).toEqual([
      'DS88',
      ds88.nodeId,
      ds88.gameId,
    ]);
    await expect(page).toHaveURL(/\/game\?url=/);
    await expect(page.getByTestId('game-frame')).toBeVisible();
    // Started directly: no game of the vendor was looked up first.
    expect(lookups).toEqual([]);
    // The sports and e-sports vendors are launchable: each lobby card starts its one game.
    for (const [path, vassalage] of [
      ['/sports', 'SABA'],
      ['/esports', 'IMES'],
    ] as const) {
      const card = lanes.flatMap((l) => l.cards).find((c) => c.vassalage === vassalage)!;
      await page.goto(path);
      const started = page.waitForRequest((r) => r.url().includes('/wps/game/launchGame'));
      await page
        .getByTestId(`lobby-${vassalage}`)
        .getByRole('button', { name: /^Play / })
        .click();
      expect(new URL((await started).url()).searchParams.get('nodeId')).toBe(card.nodeId);
      await expect(page).toHaveURL(/\/game\?url=/);
    }
  });

  test('NC-01 the navigation offers lottery, electronic lottery, live casino, slots, fish, cards, sports, e-sports, PvP rooms, bingo and the Vietnamese lottery', async ({
    page,
    server,
  }) => {
    await page.goto('/');
    for (const type of ['LOTT', 'ELOTT', 'LIVE', 'RNG', 'FISH', 'CARDS', 'SPORTS', 'ESPORTS', 'PVP', 'BINGO'])
      await expect(nav(page).getByTestId(`nav-item-${type}`), type).toBeVisible();
    await nav(page).getByTestId('nav-item-LOTT').hover();
    const lottery = page.getByTestId('nav-dropdown-LOTT');
    await expect(lottery.getByTestId('vendor-card-LOTT-TCG_SEA')).toBeVisible();
    await expect(lottery.getByTestId('vendor-card-LOTT-TCG_LOTTO_VN')).toContainText('Vietnam Lottery');
    await playerSession(page, server, 'demo', 'Demo1234');
    await nav(page).getByTestId('nav-item-LOTT').hover();
    await page.getByTestId('nav-dropdown-LOTT').getByRole('button', { name: 'Play Vietnam Lottery' }).click();
    await expect(page).toHaveURL(/\/vnlottery$/);
    // PvP is rooms: the PvP item's page lists them.
    await page.goto('/pvp');
    await expect(page.getByTestId('pvp-room').first()).toBeVisible();
  });

  test('search the slots: a name narrows the 10,000 to its matches and an unknown name says so', async ({
    page,
  }) => {
    await page.goto('/rng');
    const grid = page.getByTestId('game-grid');
    await expect(grid).toHaveAttribute('data-total', /^\d{4,}$/);
    const all = Number(await grid.getAttribute('data-total'));
    const first = (await page
      .getByTestId('game-tile')
      .first()
      .getByTestId('game-name')
      .textContent())!.trim();
    await page.getByTestId('game-search').fill(first);
    await expect.poll(async () => Number(await grid.getAttribute('data-total'))).toBeLessThan(all);
    await expect(page.getByTestId('game-tile').first()).toBeVisible();
    const names = await page
      .getByTestId('game-name')
      .evaluateAll((els) => els.map((t) => t.textContent ?? ''));
    expect(names.length).toBeGreaterThan(0);
    for (const n of names) expect(n.toLowerCase()).toContain(first.toLowerCase());
    await page.getByTestId('game-search').fill('zzqx no such game');
    await expect(page.getByText('No games match “zzqx no such game”')).toBeVisible();
  });

  test('NC-27 NC-39 favourite and unfavourite: the five selection tabs, the FAV tab lists it, removing it there takes it off at once', async ({
    page,
    server,
  }) => {
    await member(page, server);
    await page.goto('/rng');
    const tabs = page.getByRole('tablist');
    await expect(tabs.getByRole('tab')).toHaveText(['New', 'Favourites', 'All', 'Hot', 'Recent']);
    const tile = page.getByTestId('game-tile').first();
    const node = await tile.getAttribute('data-node');
    const adds: Request[] = [];
    page.on('request', (r) => {
      if (r.url().includes('MCSFE_addFavoriteGameV2')) adds.push(r);
    });
    await tile.getByTestId('favourite-star').click();
    await expect(tile.getByTestId('favourite-star')).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => adds.length).toBe(1);
    expect(adds[0]!.postDataJSON()).toEqual({ nodeId: node });
    await page.getByTestId('select-FAV').click();
    const favTile = page.locator(`[data-testid="game-tile"][data-node="${node}"]`);
    await expect(page.getByRole('tabpanel', { name: 'Favourites' })).toContainText(/./);
    await expect(favTile).toBeVisible();
    await expect(page.getByTestId('game-tile')).toHaveCount(1);
    const removes: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('MCSFE_removeFavoriteGameV2')) removes.push(r.method());
    });
    await favTile.getByTestId('favourite-star').click();
    await expect(page.getByTestId('game-tile')).toHaveCount(0);
    await expect(page.getByText('No favourites yet')).toBeVisible();
    await expect.poll(() => removes).toEqual(['DELETE']);
    // The tabs follow the arrow keys as a tab list does: from Favourites one to the right is All.
    await page.getByTestId('select-FAV').press('ArrowRight');
    await expect(page.getByTestId('select-ALL')).toBeFocused();
    await expect(page.getByTestId('select-ALL')).toHaveAttribute('aria-selected', 'true');
    await expect(
      page.locator(`[data-testid="game-tile"][data-node="${node}"] [data-testid="favourite-star"]`),
    ).toHaveAttribute('aria-pressed', 'false');
    expect(adds).toHaveLength(1);
  });

  test('GL-01 a visitor who tries to launch gets the login popup and nothing is launched', async ({
    page,
  }) => {
    const launches: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/wps/game/launchGame')) launches.push(r.url());
    });
    await page.goto('/rng');
    await page.getByTestId('game-tile').first().getByRole('button').first().click();
    await expect(page.getByTestId('login-form')).toBeVisible();
    await expect(page).toHaveURL(/\/rng$/);
    // A direct-launch vendor (sports) and the lottery entry: the same.
    await page.keyboard.press('Escape');
    await page.goto('/sports');
    await page
      .getByTestId('vendor-lobby')
      .getByRole('button', { name: /^Play / })
      .first()
      .click();
    await expect(page.getByTestId('login-form')).toBeVisible();
    await page.keyboard.press('Escape');
    await nav(page).getByTestId('nav-item-LOTT').getByRole('link').click();
    await expect(page.getByTestId('login-form')).toBeVisible();
    await expect(page).toHaveURL(/\/sports$/);
    expect(launches).toEqual([]);
  });

  test('a launch the balance cannot cover says so and offers a deposit', async ({ page, server }) => {
    await member(page, server); // a new member: 0.00
    await page.goto('/rng?vassalage=PG');
    await page.getByTestId('game-tile').first().getByRole('button').first().click();
    const dialog = page.getByTestId('launch-problem-balance');
    await expect(dialog).toContainText('Balance too low');
    await dialog.getByRole('button', { name: 'Deposit now' }).click();
    await expect(page.getByTestId('member-centre')).toBeVisible();
    await expect(page).toHaveURL(/\/rng\?vassalage=PG$/);
  });

  test('GL-11 GL-12 GL-14 launch a slot: the GL-12 payload with a Language header, then the game opens in the /game frame', async ({
    page,
    server,
  }) => {
    const username = 'demo'; // the seeded member with money
    await playerSession(page, server, username, 'Demo1234');
    await page.goto('/rng?vassalage=PG');
    const tile = page.getByTestId('game-tile').first();
    const node = (await tile.getAttribute('data-node'))!;
    const launch = page.waitForRequest((r) => r.url().includes('/wps/game/launchGame'));
    await tile.getByRole('button').first().click();
    const req = await launch;
    const q = Object.fromEntries(new URL(req.url()).searchParams);
    expect(q).toMatchObject({
      nodeId: node,
      accountType: '1',
      confirmTrans: '0',
      vassalage: 'PG',
      launchMode: 'GLS',
      platform: 'html5-desktop',
      clientType: '3',
      username,
      merchantCode: 'SEA888',
      language: 'en',
    });
    expect(q.gameId).toMatch(/^PG-/);
    expect(q.token).toBeTruthy();
    expect(req.headers()['language']).toBe('en');
    await expect(page).toHaveURL(/\/game\?url=/);
    await expect(page.getByTestId('game-frame')).toBeVisible();
  });

  test('GL-02 GL-04 the lottery entry starts the TCG_SEA game; a dropdown vendor of a type other than FISH, LIVE, RNG and PVP launches directly', async ({
    page,
    server,
  }) => {
    await playerSession(page, server, 'demo', 'Demo1234');
    // Lottery: the TCG_SEA vendor, brand lottery type SEA: /seaLottery (GL-08's route).
    await nav(page).getByTestId('nav-item-LOTT').getByRole('link').click();
    await expect(page).toHaveURL(/\/seaLottery$/);
    // A CARDS vendor card launches its game (no list page); an RNG card goes to its list (NC-14).
    await page.goto('/');
    await nav(page).getByTestId('nav-item-CARDS').hover();
    const launch = page.waitForRequest((r) => r.url().includes('/wps/game/launchGame'));
    await page
      .getByTestId('nav-dropdown-CARDS')
      .getByRole('button', { name: 'Play Kingmaker Cards' })
      .click();
    expect(new URL((await launch).url()).searchParams.get('vassalage')).toBe('KM');
    await expect(page).toHaveURL(/\/game\?url=/);
  });

  test('SH-11 NC-46 /rng opens at its page query; at 10,000 games at most 100 tiles and 1,400 DOM elements wherever it is scrolled', async ({
    page,
  }) => {
    const res = await page.request.get(
      '/wps/relay/GCSGAME_gameList?gameType=RNG&gameSelectType=ALL&pageNo=3&pageSize=100&language=en',
      { headers: { Merchant: 'SEA888' } },
    );
    const third = ((await res.json()) as { value: { games: { nodeId: string }[] } }).value.games[0]!.nodeId;
    await page.goto('/rng?page=3');
    await expect(page.locator(`[data-testid="game-tile"][data-node="${third}"]`)).toBeInViewport();
    await page.goto('/rng');
    await expect(page.getByTestId('game-grid')).toHaveAttribute('data-total', '10000');
    for (const at of [0, 0.3, 0.6, 1]) {
      await page.evaluate((f) => window.scrollTo(0, f * (document.body.scrollHeight - innerHeight)), at);
      // Wait until the games of this part of the list are on screen (their page may still be loading).
      await expect
        .poll(() =>
          page.evaluate(
            () =>
              [...document.querySelectorAll('[data-testid="game-tile"]')].filter((t) => {
                const r = t.getBoundingClientRect();
                return r.bottom > 0 && r.top < innerHeight;
              }).length,
          ),
        )
        .toBeGreaterThan(0);
      const { tiles, dom } = await page.evaluate(() => ({
        tiles: document.querySelectorAll('[data-testid="game-tile"]').length,
        dom: document.querySelectorAll('*').length,
      }));
      expect(tiles, `tiles at ${at}`).toBeLessThanOrEqual(100);
      expect(tiles, `tiles at ${at}`).toBeGreaterThan(0);
      expect(dom, `DOM at ${at}`).toBeLessThanOrEqual(1400);
    }
  });

  test('ER-30 a vendor under maintenance: launching shows its window and other games to play instead', async ({
    page,
    server,
  }) => {
    const from = new Date(Date.now() - 60_000);
    const until = new Date(Date.now() + 3_600_000);
    await server.ops(
      'games',
      'vendor',
      'PG',
      'maintenance',
      '--from',
      from.toISOString(),
      '--until',
      until.toISOString(),
    );
    try {
      await playerSession(page, server, 'demo', 'Demo1234');
      await page.goto('/rng?vassalage=PG');
      await expect(page.getByTestId('provider-spotlight')).toContainText('under maintenance');
      await page.getByTestId('game-tile').first().getByRole('button').first().click();
      const dialog = page.getByTestId('launch-problem-maintenance');
      await expect(dialog).toContainText('is under maintenance');
      await expect(dialog).toContainText('Maintenance window:');
      const suggestions = dialog.getByTestId('maintenance-suggestions').getByRole('button');
      await expect(suggestions.first()).toBeVisible();
      expect(await suggestions.count()).toBeGreaterThan(0);
      // A suggestion is a game of another vendor, and it launches.
      const launch = page.waitForRequest((r) => r.url().includes('/wps/game/launchGame'));
      await suggestions.first().click();
      expect(new URL((await launch).url()).searchParams.get('vassalage')).not.toBe('PG');
    } finally {
      await server.ops('games', 'vendor', 'PG', 'maintenance', 'clear');
    }
  });

  test('PvP room list: a visitor is asked to log in; a member sees the rooms with stakes and seats and enters one with its roomId', async ({
    page,
    server,
  }) => {
    await page.goto('/pvp');
    await expect(page.getByTestId('pvp-rooms')).toContainText('Log in to see the rooms');
    await playerSession(page, server, 'demo', 'Demo1234');
    await page.goto('/pvp');
    const room = page
      .getByTestId('pvp-room')
      .filter({ has: page.getByRole('button', { name: 'Enter' }) })
      .first();
    await expect(room).toContainText(/Players \d+\/\d+/);
    const launch = page.waitForRequest((r) => r.url().includes('/wps/game/launchGame'));
    await room.getByRole('button', { name: 'Enter' }).click();
    const q = new URL((await launch).url()).searchParams;
    expect(q.get('roomId')).toBeTruthy();
    expect(q.has('gameId')).toBe(false);
    await expect(page).toHaveURL(/\/game\?url=/);
  });
});
