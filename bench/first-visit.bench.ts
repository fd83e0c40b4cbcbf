/**
 * A first visit on a phone (issue #7 of the product tracker, DESIGN.md §6): Lighthouse's mobile
 * preset (its default: Moto G Power screen, simulated slow 4G and 4× CPU slowdown) against the
 * built app served by the real server, on the five pages a player opens first; and what a first
 * visit to / transfers in Chromium at 390×844 with an empty cache, counted on the wire (encoded
 * bytes, headers included), with the number of status calls it made.
 *
 * Each page is audited BENCH_LH_RUNS times (3 by default) in a fresh Chromium; the row shows the
 * median run (by score), so one disturbed run on the shared machine does not decide the figure.
 *
 * The server runs as a site reaches a phone: over HTTPS with HTTP/2 (TLS_CERT_FILE, with the
 * tests' self-signed certificate, which this Chromium is told to accept). Lighthouse's simulation
 * follows the protocol it sees: over HTTP/1.1 it queues a first visit's forty requests on six
 * connections, each in its own slow start (decision 015, fourth pass). BENCH_PLAIN_HTTP=1 measures
 * plain HTTP/1.1 instead, as `npm start` serves by default.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import type { BenchRow } from './lib/types.ts';
import { repoRoot, settled, startPlatformServer } from './lib/processes.ts';
import { CHROMIUM } from './lib/browser.ts';

const RUNS = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 3));
const ALL_PAGES = ['/', '/rng', '/promotions', '/lottery', '/noticePage'];
/** BENCH_LH_PAGES=/,/rng audits only those (a diagnosis); every row is the five otherwise. */
const PAGES = process.env.BENCH_LH_PAGES ? process.env.BENCH_LH_PAGES.split(',') : ALL_PAGES;
/** BENCH_LH_SAVE=<dir> keeps every run's whole Lighthouse report there, to read what cost a score. */
const SAVE_DIR = process.env.BENCH_LH_SAVE;
const MIN_SCORE = 95;
const MAX_LCP_MS = 2500;
const MAX_CLS = 0.05;
const MAX_FIRST_VISIT_KB = 600;
const PLAIN_HTTP = process.env.BENCH_PLAIN_HTTP === '1';
const TLS_DIR = join(repoRoot, 'apps/server/src/test/tls');

interface Audit {
  score: number;
  lcpMs: number;
  cls: number;
  bytes: number;
  /**
   * Lighthouse's own measure of the host's speed (higher is faster). Its simulation multiplies
   * each main-thread task it observes by four, so a slower host reads a lower score for the same
   * page: the figure says which kind of machine a row was read on.
   */
  benchmarkIndex: number;
  /** The other metrics the score weighs (first contentful paint, speed index, total blocking time), ms. */
  fcpMs: number;
  speedIndexMs: number;
  tbtMs: number;
}

/**
 * Lighthouse's own failures to record a run (NO_NAVSTART, NO_FCP on a disturbed machine, …): the
 * audit is tried again, in a fresh Chromium, up to this many times in all, so one lost trace does
 * not lose the whole table. A page that really fails fails every try.
 */
const AUDIT_TRIES = 3;

class LighthouseRunError extends Error {}

async function audit(url: string): Promise<Audit> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url);
    } catch (e) {
      if (!(e instanceof LighthouseRunError) || attempt >= AUDIT_TRIES) throw e;
      console.error(`    ${e.message}: again (${attempt + 1} of ${AUDIT_TRIES})`);
    }
  }
}

async function auditOnce(url: string): Promise<Audit> {
  const profile = mkdtempSync(join(tmpdir(), 'bench-lh-'));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    userDataDir: profile,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      // The tests' self-signed certificate (the server's TLS is what is measured, not its issuer).
      ...(PLAIN_HTTP ? [] : ['--ignore-certificate-errors']),
    ],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError)
      throw new LighthouseRunError(
        `Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
      );
    if (SAVE_DIR) {
      mkdirSync(SAVE_DIR, { recursive: true });
      const name = new URL(url).pathname.replace(/\W+/g, '_') || '_';
      writeFileSync(join(SAVE_DIR, `${name}-${Date.now()}.json`), JSON.stringify(lhr));
    }
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: numeric('largest-contentful-paint'),
      cls: numeric('cumulative-layout-shift'),
      bytes: numeric('total-byte-weight'),
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      fcpMs: numeric('first-contentful-paint'),
      speedIndexMs: numeric('speed-index'),
      tbtMs: numeric('total-blocking-time'),
    };
  } finally {
    chrome.kill();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** The median run by score (then by LCP), so the row's figures all come from one real run. */
function medianRun(runs: Audit[]): Audit {
  const sorted = [...runs].sort((a, b) => a.score - b.score || b.lcpMs - a.lcpMs);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** Bytes on the wire of a first visit to / at 390×844, and how often each API path was called. */
async function firstVisit(base: string): Promise<{ kb: number; requests: number; repeated: string[] }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--headless'] });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
      ignoreHTTPSErrors: !PLAIN_HTTP,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    let bytes = 0;
    let requests = 0;
    cdp.on('Network.loadingFinished', (e) => {
      bytes += e.encodedDataLength;
      requests++;
    });
    const calls = new Map<string, number>();
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (/^\/(wps|lgw|lotto|config)\//.test(url.pathname))
        calls.set(url.pathname, (calls.get(url.pathname) ?? 0) + 1);
    });
    // A generous time-out: other work may load the shared machine.
    await page.goto(`${base}/`, { waitUntil: 'networkidle', timeout: 120_000 });
    // Until the page has settled: its images in and nothing more on the way for a while. A lazy
    // image with no box (the side rail's icons, folded on a phone) is not fetched until it shows.
    await page.waitForFunction(
      () =>
        [...document.images].every(
          (img) => img.complete || (img.loading === 'lazy' && img.getClientRects().length === 0),
        ),
      undefined,
      { timeout: 30_000 },
    );
    await page.waitForTimeout(2000);
    await page.waitForLoadState('networkidle');
    const repeated = [...calls].filter(([, n]) => n > 1).map(([path, n]) => `${path} ×${n}`);
    return { kb: bytes / 1000, requests, repeated };
  } finally {
    await browser.close();
  }
}

export async function run(): Promise<BenchRow[]> {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}`);
  console.error('  building apps/web…');
  // WEB_DIST (as the server reads it) builds and serves a private copy, not the shared apps/web/dist.
  const dist = process.env.WEB_DIST ? resolve(process.env.WEB_DIST) : join(repoRoot, 'apps/web/dist');
  const build = spawnSync('npm', ['run', 'build', '-w', '@app/web', '--', '--outDir', dist], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`the web build failed:\n${build.stdout}\n${build.stderr}`);

  const server = await startPlatformServer({
    env: PLAIN_HTTP
      ? {}
      : { TLS_CERT_FILE: join(TLS_DIR, 'localhost.crt'), TLS_KEY_FILE: join(TLS_DIR, 'localhost.key') },
  });
  try {
    await settled(server);
    // Every page once before measuring: the server draws and caches its art on first request, which
    // a real server has long done when a player arrives.
    for (const path of PAGES) await audit(`${server.url}${path}`);

    const rows: BenchRow[] = [];
    for (const path of PAGES) {
      const runs: Audit[] = [];
      for (let i = 0; i < RUNS; i++) {
        const a = await audit(`${server.url}${path}`);
        console.error(
          `    ${path} run ${i + 1}: score ${a.score}, LCP ${(a.lcpMs / 1000).toFixed(2)} s, CLS ${a.cls.toFixed(3)}, FCP ${(a.fcpMs / 1000).toFixed(2)} s, SI ${(a.speedIndexMs / 1000).toFixed(2)} s, TBT ${a.tbtMs.toFixed(0)} ms, ${(a.bytes / 1000).toFixed(0)} kB, host benchmark index ${a.benchmarkIndex}`,
        );
        runs.push(a);
      }
      const m = medianRun(runs);
      const scores = runs.map((r) => r.score).join(', ');
      rows.push({
        figure: `Lighthouse mobile ${path}${PLAIN_HTTP ? ' (plain HTTP/1.1)' : ''}: performance / LCP / CLS`,
        value: `${m.score} / ${(m.lcpMs / 1000).toFixed(2)} s / ${m.cls.toFixed(3)}${RUNS > 1 ? ` (scores ${scores})` : ''}; host index ${m.benchmarkIndex}`,
        budget: `>= ${MIN_SCORE} / <= ${MAX_LCP_MS / 1000} s / <= ${MAX_CLS}`,
        pass: m.score >= MIN_SCORE && m.lcpMs <= MAX_LCP_MS && m.cls <= MAX_CLS,
      });
    }

    const visit = await firstVisit(server.url);
    console.error(`    first visit: ${visit.kb.toFixed(0)} kB in ${visit.requests} requests`);
    rows.push({
      figure: 'bytes a first visit to / transfers at 390×844',
      value: `${visit.kb.toFixed(0)} kB (${visit.requests} requests${visit.repeated.length ? `; repeated calls: ${visit.repeated.join(', ')}` : ''})`,
      budget: `<= ${MAX_FIRST_VISIT_KB} kB`,
      pass: visit.kb <= MAX_FIRST_VISIT_KB,
    });
    return rows;
  } finally {
    await server.stop();
  }
}
