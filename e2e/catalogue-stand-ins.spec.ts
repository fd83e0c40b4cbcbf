import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { playerSession, preparePage } from './accounts-helpers.ts';
import { settled } from './settled.ts';

/**
 * A catalogue that never pretends (issue 34, decision 058), in Chromium: the slots list shows each
 * title with art of its own and the house slot's proven return, at 1440×900 and 390×844; a live
 * Roulette title opens European Roulette in the /game frame, labelled as that title's sandbox
 * stand-in.
 *
 * With LOOK_DIR set, the pages are also photographed (LOOK.md).
 */
const lookDir = process.env.LOOK_DIR;

async function look(page: Page, name: string) {
  if (!lookDir) return;
  mkdirSync(lookDir, { recursive: true });
  await settled(page);
  await page.screenshot({ path: join(lookDir, `${name}-${page.viewportSize()!.width}.png`) });
}

/** The first tiles of the list once their art has loaded: each one's image address and text. */
async function tiles(page: Page, count: number) {
  const list = page.getByTestId('game-tile');
  await expect(list.nth(count - 1)).toBeVisible({ timeout: 20_000 });
  const out: { src: string; vendor: string }[] = [];
  for (let i = 0; i < count; i++) {
    const img = list.nth(i).locator('img');
    await expect(img).toHaveJSProperty('complete', true, { timeout: 20_000 });
    expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    out.push({
      src: (await img.getAttribute('src')) ?? '',
      vendor: (await list.nth(i).innerText()).trim(),
    });
  }
  return out;
}

test.describe('a catalogue that never pretends', () => {
  test('the slots list shows each title with art of its own and the house slot’s proven return, on desktop and phone', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await preparePage(page);
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/rng');
      const shown = await tiles(page, viewport.width > 1000 ? 12 : 4);
      // Each title its own picture, drawn from its title (GAME_IMG/<type>/<id>/<title>.png).
      expect(new Set(shown.map((t) => t.src)).size).toBe(shown.length);
      for (const t of shown) expect(t.src).toMatch(/\/TCG_PROD_IMAGES\/GAME_IMG\/RNG\/[\w-]+\/[\w-]+\.png/);
      // The return shown is the house slot's proven one (every slot title plays it), not a made-up figure.
      for (const t of shown) expect(t.vendor).toContain('RTP 95.92%');
      await look(page, 'catalogue-slots');
    }
  });

  test('a live Roulette title opens European Roulette in the game frame, labelled as its sandbox stand-in', async ({
    page,
    server,
  }) => {
    test.setTimeout(120_000);
    await preparePage(page);
    await playerSession(page, server, 'demo', 'Demo1234');
    const token = (await page.evaluate(() => sessionStorage.getItem('token')))!;
    const headers = { Merchant: 'SEA888', Device: 'web', Language: 'en', Authorization: token };
    const list = await page.request.get(
      '/wps/relay/GCSGAME_gameList?gameType=LIVE&vassalage=EVO&pageSize=20',
      {
        headers,
      },
    );
    const games = (
      (await list.json()) as {
        value: { games: { nodeId: string; gameId: string; gameName: string; rtp: number | null }[] };
      }
    ).value.games;
    const roulette = games.find((g) => g.gameName === 'Roulette')!;
    // Its return is European Roulette's, 36/37 rounded down; Baccarat's depends on the bet: none.
    expect(roulette.rtp).toBe(97.29);
    expect(games.find((g) => g.gameName === 'Baccarat')!.rtp).toBeNull();
    const q = new URLSearchParams({
      gameId: roulette.gameId,
      nodeId: roulette.nodeId,
      accountType: '1',
      confirmTrans: '0',
      vassalage: 'EVO',
      launchMode: 'GLS',
      platform: 'html5-desktop',
      clientType: '3',
      username: 'demo',
      token,
      merchantCode: 'SEA888',
      language: 'EN',
    });
    const res = await page.request.get(`/wps/game/launchGame?${q}`, { headers });
    const gameUrl = ((await res.json()) as { value: { content: { game_url: string } } }).value.content
      .game_url;
    expect(gameUrl).toMatch(new RegExp(`^/sandbox/games/roulette--${roulette.gameId}\\?`));

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/game?url=${encodeURIComponent(gameUrl)}&title=Roulette`);
    const frame = page.frameLocator('iframe');
    const note = frame.getByTestId('stand-in-note');
    await expect(note).toContainText('Sandbox stand-in for Evolution Roulette', { timeout: 20_000 });
    await expect(note).toContainText('you are playing European Roulette, our own provably fair game');
    await expect(frame.getByTestId('original-roulette')).toBeVisible({ timeout: 20_000 });
    await look(page, 'catalogue-roulette-stand-in');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(note).toBeVisible();
    await look(page, 'catalogue-roulette-stand-in');
  });
});
