import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');

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

/** The apps `npm start` and the e2e suite need built: the players' site and the staff's console (decision 032). */
const APPS = [
  { workspace: '@app/web', dir: 'apps/web', label: 'Web app' },
  { workspace: '@app/admin', dir: 'apps/admin', label: 'Back-office console' },
] as const;
type App = (typeof APPS)[number];

/** True when an app's build is missing or older than anything it is built from (the web app by default). */
export function webBuildIsStale(app: App = APPS[0]): boolean {
  const index = join(root, app.dir, 'dist/index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  const sources = [
    `${app.dir}/src`,
    `${app.dir}/public`,
    `${app.dir}/index.html`,
    `${app.dir}/vite.config.ts`,
    'packages/contract/src',
  ];
  return sources.some((s) => newestMtime(join(root, s)) > built);
}

/**
 * One line for a build that worked, from Vite's output: how long it took and how many files it
 * wrote. Vite lists every file it writes (about 900 lines), which pushed the start's URL and demo
 * accounts out of sight (issue 28); `npm run build` still shows them all.
 */
export function buildSummary(output: string, ms: number, app: App = APPS[0]): string {
  const files = output.split('\n').filter((line) => /^\s*dist\//.test(line)).length;
  return `${app.label} built in ${Math.round(ms / 1000)} s (${files} files in ${app.dir}/dist).`;
}

export function ensureWebBuild(force = false): void {
  for (const app of APPS) {
    if (!force && !webBuildIsStale(app)) continue;
    console.log(`Building the ${app.label.toLowerCase()} (a minute or so)…`);
    const started = Date.now();
    const res = spawnSync('npm', ['run', 'build', '-w', app.workspace], {
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
        res.error
          ? `The ${app.label.toLowerCase()} failed to build: ${res.error.message}`
          : `The ${app.label.toLowerCase()} failed to build.`,
      );
      process.exit(res.status ?? 1);
    }
    console.log(buildSummary(res.stdout ?? '', Date.now() - started, app));
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  ensureWebBuild(process.argv.includes('--force'));
