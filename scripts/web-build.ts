import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const distIndex = join(root, 'apps/web/dist/index.html');

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** True when the web build is missing or older than anything it is built from. */
export function webBuildIsStale(): boolean {
  if (!existsSync(distIndex)) return true;
  const built = statSync(distIndex).mtimeMs;
  const sources = [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'packages/contract/src',
  ];
  return sources.some((s) => newestMtime(join(root, s)) > built);
}

/**
 * One line for a build that worked, from Vite's output: how long it took and how many files it
 * wrote. Vite lists every file it writes (about 900 lines), which pushed the start's URL and demo
 * accounts out of sight (issue 28); `npm run build` still shows them all.
 */
export function buildSummary(output: string, ms: number): string {
  const files = output.split('\n').filter((line) => /^\s*dist\//.test(line)).length;
  return `Web app built in ${Math.round(ms / 1000)} s (${files} files in apps/web/dist).`;
}

export function ensureWebBuild(force = false): void {
  if (!force && !webBuildIsStale()) return;
  console.log('Building the web app (a minute or so)…');
  const started = Date.now();
  const res = spawnSync('npm', ['run', 'build', '-w', '@app/web'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (res.status !== 0) {
    // A failed build shows everything it said: that is where the reason is.
    process.stdout.write(res.stdout ?? '');
    process.stderr.write(res.stderr ?? '');
    console.error(
      res.error ? `The web app failed to build: ${res.error.message}` : 'The web app failed to build.',
    );
    process.exit(res.status ?? 1);
  }
  console.log(buildSummary(res.stdout ?? '', Date.now() - started));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  ensureWebBuild(process.argv.includes('--force'));
