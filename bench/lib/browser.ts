/**
 * What the benches that drive Chromium share: the browser launched one way, the platform server
 * beside it, the scripts a page loads and their gzip -9 size.
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startPlatformServer, type RunningProcess } from './processes.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless Chromium (CHROMIUM_PATH, /usr/bin/chromium by default) with `extraArgs` added to its switches. */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--headless',
      '--disable-gpu',
      '--disable-background-networking',
      ...extraArgs,
      '--no-first-run',
    ],
  });
}

/**
 * Runs `work` with the platform server (which inherits the bench's environment, WEB_DIST
 * included: the build it serves) and a Chromium, then closes both.
 */
export async function withServerAndChromium<T>(
  work: (server: RunningProcess, browser: Browser) => Promise<T>,
  extraArgs: string[] = [],
): Promise<T> {
  const server = await startPlatformServer();
  const browser = await launchChromium(extraArgs);
  try {
    return await work(server, browser);
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** The paths of the JavaScript files `page` requests from `origin` from now on. */
export function watchScripts(page: Page, origin: string): Set<string> {
  const scripts = new Set<string>();
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.origin === origin && /\.m?js$/.test(url.pathname)) scripts.add(url.pathname);
  });
  return scripts;
}

/** Kilobytes (1000 bytes) of `bytes` after gzip -9. */
export const gzipKb = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length / 1000;
