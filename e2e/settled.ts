import type { Page } from '@playwright/test';

/**
 * Waits until the page is at rest, for a photograph: the layout of the current viewport drawn
 * (two animation frames, after a resize too) and no finite animation or transition still running
 * (an entrance animation; a spinner's endless one does not count). A wait on the page's state,
 * where a fixed pause would be too short on a loaded machine and too long on an idle one.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}
