/**
 * Drawing the images a first visit shows ahead of that visit: right after a restart the art cache
 * is empty, and each banner would otherwise keep the home page waiting a second or two.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { encodeArt, variantKey, type ArtFormat } from './art-formats.ts';
import { resolveArt, type ArtResources } from './art-registry.ts';
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

/** The home carousel's first banner: the LCP image of a first visit (decision 015); null when none. */
export async function homeLcpBanner(ctx: Pick<AppContext, 'notices'>): Promise<string | null> {
  const notices = await ctx.notices.list(['B'], 'B');
  return notices.banners.find((b) => b.groupName === 'index')?.url ?? null;
}

/**
 * The forms of the LCP banner a browser picks from its srcset: AVIF, else WebP, at the widths a
 * phone (360-430 px at 2-3x) or a desktop content column (1240 px) asks for. Encoded on demand,
 * the first visitor after a restart waited about a second for the AVIF on this hardware.
 */
export const LCP_FORMATS: readonly ArtFormat[] = ['avif', 'webp'];
export const LCP_WIDTHS: readonly number[] = [720, 960, 1440];

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

/** One entry to put in the art cache: its key and how to make it; null when it is not ours to draw. */
type CacheJob = { key: string; render: () => Promise<Buffer> } | null;

/** The drawing job of the image at `url`; null for a URL that is not our art, and for QR codes (drawn per caller). */
function drawingJob(url: string, resources: ArtResources | undefined) {
  const path = artPathOf(url);
  // The origin only matters to QR codes, which are skipped.
  const job =
    path === null
      ? null
      : resolveArt(path, { origin: 'http://localhost', ...(resources ? { resources } : {}) });
  return job && job.family !== 'QR' ? job : null;
}

/**
 * Puts each job into the cache the app's CDN routes answer from. One at a time, yielding to pending
 * I/O before each, so requests arriving meanwhile are not held up by a burst of renders. A failure
 * is logged and counted, never thrown.
 */
async function fillCache(
  app: FastifyInstance,
  caller: string,
  jobs: (resources: ArtResources | undefined) => Iterable<CacheJob>,
  opts: PrerenderOptions,
): Promise<PrerenderReport> {
  const cache = artCacheOf(app);
  if (!cache) throw new Error(`${caller}: the CDN routes are not registered on this app`);
  const report: PrerenderReport = { rendered: 0, cached: 0, skipped: 0, failed: 0, ms: 0 };
  const started = performance.now();
  for (const job of jobs(await siteArtResources(app))) {
    await nextTurn();
    if (opts.stop?.()) break;
    if (!job) {
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
      app.ctx.log.warn({ err, image: job.key }, 'prerendering an image failed');
    }
  }
  report.ms = Math.round(performance.now() - started);
  return report;
}

/** Renders the images at these URLs into the cache (fillCache). */
export function prerenderArt(
  app: FastifyInstance,
  urls: Iterable<string>,
  opts: PrerenderOptions = {},
): Promise<PrerenderReport> {
  return fillCache(
    app,
    'prerenderArt',
    function* (resources) {
      for (const url of urls) yield drawingJob(url, resources);
    },
    opts,
  );
}

/**
 * Encodes the forms and widths of the image at `url` that browsers ask for into the cache
 * (fillCache); the image itself is drawn first when it is not cached.
 */
export function prerenderArtForms(
  app: FastifyInstance,
  url: string,
  forms: { formats: readonly ArtFormat[]; widths: readonly number[] },
  opts: PrerenderOptions = {},
): Promise<PrerenderReport> {
  return fillCache(
    app,
    'prerenderArtForms',
    function* (resources) {
      const job = drawingJob(url, resources);
      const cache = artCacheOf(app)!;
      for (const format of forms.formats)
        for (const width of forms.widths)
          yield (
            job && {
              key: variantKey(job.key, format, width),
              render: async () => encodeArt((await cache.get(job.key, job.render)).body, format, width),
            }
          );
    },
    opts,
  );
}

/**
 * For main.ts, once the server listens: warms the cache with firstVisitArt() in the background,
 * then the LCP banner's AVIF and WebP forms. Never throws.
 */
export async function prerenderFirstVisitArt(app: FastifyInstance): Promise<void> {
  try {
    const stop = () => !app.server.listening;
    const urls = await firstVisitArt(app.ctx);
    const report = await prerenderArt(app, urls, { stop });
    app.ctx.log.info(report, 'first-visit images prerendered');
    const lcp = await homeLcpBanner(app.ctx);
    if (lcp) {
      const forms = await prerenderArtForms(app, lcp, { formats: LCP_FORMATS, widths: LCP_WIDTHS }, { stop });
      app.ctx.log.info(forms, "the LCP banner's forms prerendered");
    }
  } catch (err) {
    app.ctx.log.warn({ err }, 'prerendering the first-visit images failed');
  }
}
