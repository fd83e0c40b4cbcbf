import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { playerSession, preparePage } from './accounts-helpers.ts';
import type { RunningServer } from './server.ts';

/**
 * The house originals' specs' shared steps (issue 34; decisions 046, 056, 057): the photographs
 * LOOK_DIR asks for, a call from the page with the player's session, the seed's rotation, the
 * round a page just settled, and the verifier page recomputing the rounds.
 */

/**
 * Photographs the page into LOOK_DIR/<folder>/<name>.png when LOOK_DIR is set; else nothing, not
 * even the pause before it (`pauseMs`: a deal or a draw still moving, for the photograph only).
 */
export function looker(folder: string): (page: Page, name: string, pauseMs?: number) => Promise<void> {
  const dir = process.env.LOOK_DIR
    ? join(resolve(import.meta.dirname, '..', process.env.LOOK_DIR), folder)
    : null;
  return async (page, name, pauseMs = 0) => {
    if (!dir) return;
    if (pauseMs) await page.waitForTimeout(pauseMs);
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: join(dir, `${name}.png`), fullPage: false });
  };
}

/**
 * The demo player signed in at 1440×900 on the lobby, its originals row scrolled into view: where
 * each original's spec starts. Returns the row.
 */
export async function lobbyOriginalsRow(page: Page, server: RunningServer): Promise<Locator> {
  await page.setViewportSize({ width: 1440, height: 900 });
  await preparePage(page);
  await playerSession(page, server, 'demo', 'Demo1234');
  const row = page.getByTestId('originals-row');
  await row.scrollIntoViewIfNeeded();
  return row;
}

/** A call made by the page with the player's session (GET without a body, POST with one). */
export async function pageCall<T>(page: Page, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ p, b }) => {
      const res = await fetch(p, {
        method: b === undefined ? 'GET' : 'POST',
        headers: {
          Authorization: sessionStorage.getItem('token') ?? '',
          Device: 'web',
          Merchant: 'SEA888',
          ...(b === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(b === undefined ? {} : { body: JSON.stringify(b) }),
      });
      return (await res.json()) as T;
    },
    { p: path, b: body },
  );
}

/** Rotates the player's seed of a game, revealing the old one; whether the server took it. */
export async function rotateSeed(page: Page, gameCode: string): Promise<boolean> {
  const answer = await pageCall<{ success: boolean }>(page, '/wps/sandbox/house/seed/rotate', { gameCode });
  return answer.success;
}

/** The round the page has just settled: the id in its verify link, once the link shows. */
export async function roundIdOf(page: Page): Promise<string> {
  const link = page.getByTestId('verify-link');
  await expect(link).toBeVisible({ timeout: 15_000 });
  return new URL((await link.getAttribute('href'))!, 'http://x').searchParams.get('roundId')!;
}

/**
 * After the seed's rotation: the verifier page recomputes each round from the revealed seed and
 * finds it matches, and its outcome shows `detail` (the game's own words, e.g. the dealer's hand).
 */
export async function expectVerified(page: Page, roundIds: readonly string[], detail: string) {
  for (const roundId of roundIds) {
    await page.goto(`/sandbox/verify?roundId=${roundId}`);
    await expect(page.getByTestId('verify-verdict')).toHaveText(/^Match/, { timeout: 20_000 });
    await expect(page.getByTestId('outcome-detail').first()).toContainText(detail);
  }
}
