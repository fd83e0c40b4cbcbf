/**
 * Drawing the images a first visit shows ahead of that visit: right after a restart the art cache
 * is empty, and each banner would otherwise keep the home page waiting a second or two.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { resolveArt } from './art-registry.ts';
import { artCacheOf, siteArtResources } from './cdn.routes.ts';
import { browserNames } from './draw/browser.ts';

const MARK = 'TCG_PROD_IMAGES/';

/** The path after TCG_PROD_IMAGES/ of an image URL (any host, query and fragment dropped); null when it has none. */
export function artPathOf(url: string): string | null {
  const at = url.indexOf(MARK);
  if (at < 0 || (at > 0 && url[at - 1] !== '/')) return null;
  return url.slice(at + MARK.length).split(/[?#]/, 1)[0] ?? null;
}

/**
 * The images the home page and its dialogs show first, most visible first: every active banner
 * (home carousel, login and register dialogs), the images of the system status resources (logo,
 * social, app, payment and partner logos) and the footer's suggested-browser icons.
 */
export async function firstVisitArt(ctx: Pick<AppContext, 'system' | 'notices'>): Promise<string[]> {
  const [info, notices] = await Promise.all([ctx.system.info(), ctx.notices.list(['B'], 'B')]);
  const host = info.imageCDNs[0] ?? '/cdn/img1';
  const urls = [
    ...notices.banners.map((b) => b.url),
    ...info.resources.map((r) => r.imageUrl),
    ...browserNames.map((name) => `${host}/${MARK}BROWSER/${name}.png`),
  ];
  return [...new Set(urls.filter((u) => u !== ''))];
}

export interface PrerenderReport {
  /** Drawn now. */
  rendered: number;
  /** Already in the cache. */
  cached: number;
  /** Not our art, no such image, or drawn per caller (QR codes encode the caller's host). */
  skipped: number;
  failed: number;
  ms: number;
}

export interface PrerenderOptions {
  /** Checked before each image: true ends the run (the server is closing). */
  stop?: () => boolean;
}

/**
 * Renders the images at these URLs into the cache the app's CDN routes answer from. One image at a
 * time, yielding to pending I/O before each, so requests arriving meanwhile are not held up by a
 * burst of renders. A failure is logged and counted, never thrown.
 */
export async function prerenderArt(
  app: FastifyInstance,
  urls: Iterable<string>,
  opts: PrerenderOptions = {},
): Promise<PrerenderReport> {
  const cache = artCacheOf(app);
  if (!cache) throw new Error('prerenderArt: the CDN routes are not registered on this app');
  const report: PrerenderReport = { rendered: 0, cached: 0, skipped: 0, failed: 0, ms: 0 };
  const started = performance.now();
  const resources = await siteArtResources(app);
  for (const url of urls) {
    await nextTurn();
    if (opts.stop?.()) break;
    const path = artPathOf(url);
    // The origin only matters to QR codes, which are skipped.
    const job =
      path === null
        ? null
        : resolveArt(path, { origin: 'http://localhost', ...(resources ? { resources } : {}) });
    if (!job || job.family === 'QR') {
      report.skipped++;
      continue;
    }
    if (cache.has(job.key)) {
      report.cached++;
      continue;
    }
    try {
      await cache.get(job.key, job.render);
      report.rendered++;
    } catch (err) {
      report.failed++;
      app.log.warn({ err, image: job.key }, 'prerendering an image failed');
    }
  }
  report.ms = Math.round(performance.now() - started);
  return report;
}

/** For main.ts, once the server listens: warms the cache with firstVisitArt() in the background. Never throws. */
export async function prerenderFirstVisitArt(app: FastifyInstance): Promise<void> {
  try {
    const urls = await firstVisitArt(app.ctx);
    const report = await prerenderArt(app, urls, { stop: () => !app.server.listening });
    app.log.info(report, 'first-visit images prerendered');
  } catch (err) {
    app.log.warn({ err }, 'prerendering the first-visit images failed');
  }
}
