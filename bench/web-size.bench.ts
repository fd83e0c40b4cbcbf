/**
 * What the web app costs the player's connection: the JavaScript the home route really loads in
 * Chromium, and all JavaScript the build emits, each file gzip -9 (kB = 1000 bytes). Vite's own
 * printed gzip sizes read about 1.2% high (TOOLCHAIN.md); budgets are measured this one way.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BenchRow } from './lib/types.ts';
import { repoRoot } from './lib/processes.ts';
import { gzipKb, watchScripts, withServerAndChromium } from './lib/browser.ts';

/** DESIGN.md §6 (issue #7 of the tracker lowered it from 150). */
const HOME_BUDGET_KB = 135;
/** DESIGN.md §6: all the JavaScript a player's browser can load (decision 029). */
const ALL_BUDGET_KB = 350;
/** The agent centre's own chunks, which only agents load (decision 029). */
const AGENT_BUDGET_KB = 75;
/** WEB_DIST (as the server reads it) builds and serves a private copy, not the shared apps/web/dist. */
const dist = process.env.WEB_DIST ? resolve(process.env.WEB_DIST) : join(repoRoot, 'apps/web/dist');

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return jsFiles(path);
    return /\.m?js$/.test(e.name) ? [path] : [];
  });
}

async function homeRouteJs(): Promise<{ kb: number; files: number }> {
  return withServerAndChromium(
    async (server, browser) => {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      const scripts = watchScripts(page, server.url);
      // A generous time-out: other work may load the shared machine.
      await page.goto(`${server.url}/`, { waitUntil: 'networkidle', timeout: 120_000 });
      // Let lazy route modules that start after the first idle finish too.
      await page.waitForLoadState('networkidle');
      let kb = 0;
      for (const path of scripts) {
        const res = await fetch(`${server.url}${path}`);
        if (!res.ok) throw new Error(`${path} answered ${res.status}`);
        const fileKb = gzipKb(Buffer.from(await res.arrayBuffer()));
        console.error(`    ${path}: ${fileKb.toFixed(1)} kB`);
        kb += fileKb;
      }
      return { kb, files: scripts.size };
    },
    ['--disable-component-update', '--disable-sync'],
  );
}

export async function run(): Promise<BenchRow[]> {
  console.error('  building apps/web…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@app/web', '--', '--outDir', dist], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`the web build failed:\n${build.stdout}\n${build.stderr}`);

  console.error('  loading / in Chromium…');
  const home = await homeRouteJs();
  const all = jsFiles(dist);
  // The chunks only an agent loads, as the build lists them (vite.config.ts, chunkAudiences).
  const audiences = JSON.parse(readFileSync(join(dist, 'chunk-audiences.json'), 'utf8')) as {
    agent: string[];
  };
  const agentOnly = new Set(audiences.agent.map((f) => join(dist, f)));
  const sum = (files: string[]) => files.reduce((kb, f) => kb + gzipKb(readFileSync(f)), 0);
  const allKb = sum(all);
  const agentKb = sum(all.filter((f) => agentOnly.has(f)));
  const playerKb = allKb - agentKb;
  return [
    {
      figure: 'JS loaded by the home route, gzip -9',
      value: `${home.kb.toFixed(1)} kB (${home.files} files)`,
      budget: `<= ${HOME_BUDGET_KB} kB`,
      pass: home.kb <= HOME_BUDGET_KB,
    },
    {
      figure: 'all JS a player can load (apps/web/dist but the agent centre), gzip -9',
      value: `${playerKb.toFixed(1)} kB (${all.length - agentOnly.size} files)`,
      budget: `<= ${ALL_BUDGET_KB} kB`,
      pass: playerKb <= ALL_BUDGET_KB,
    },
    {
      figure: "the agent centre's own JS (only agents load it), gzip -9",
      value: `${agentKb.toFixed(1)} kB (${agentOnly.size} files)`,
      budget: `<= ${AGENT_BUDGET_KB} kB`,
      pass: agentKb <= AGENT_BUDGET_KB,
    },
    {
      figure: 'all JS of apps/web/dist, gzip -9',
      value: `${allKb.toFixed(1)} kB (${all.length} files)`,
      budget: '-',
      pass: true,
    },
  ];
}
