/**
 * `npm test`: every check and every test, in the order that fails fastest. Typecheck, lint, the
 * Vitest projects (contract, server on PGlite and, with TEST_DATABASE_URL, on PostgreSQL, web,
 * the web build's plugins, admin),
 * then the Playwright suite against the built app and the real server in Debian's Chromium.
 * Ends with the line `N passed, N failed`; the runners' JSON reports feed `npm run spec:coverage`.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild } from './web-build.ts';
import { ensureChromium } from './chromium.ts';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const reports = resolve(root, 'reports');
mkdirSync(reports, { recursive: true });

function run(label: string, cmd: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `  ${label}: ${res.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return res.status === 0;
}

/**
 * Runs checks side by side (each is one single-threaded process, and these machines have two
 * cores), printing each one's output whole when it ends rather than interleaved.
 */
async function runSideBySide(steps: { label: string; cmd: string; args: string[] }[]): Promise<boolean[]> {
  return Promise.all(
    steps.map(
      ({ label, cmd, args }) =>
        new Promise<boolean>((done) => {
          const started = Date.now();
          const child = spawn(cmd, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          child.stdout.on('data', (d) => (output += d));
          child.stderr.on('data', (d) => (output += d));
          child.on('close', (code) => {
            console.log(`\n▶ ${label}`);
            if (output) process.stdout.write(output);
            console.log(
              `  ${label}: ${code === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
            );
            done(code === 0);
          });
        }),
    ),
  );
}

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

/** Tests named at the end, just above the totals, so that the tail of a long log says what broke. */
const failedTests: string[] = [];
const flakyTests: string[] = [];

/**
 * A runner that exits non-zero with no failed test in its report still failed: an unhandled error
 * between tests, a suite that could not load, a global setup that threw. It counts as one failure,
 * named, so that the last line never says "0 failed" over a red run.
 */
function countExit(runner: string, ok: boolean, c: Counts): Counts {
  if (ok || c.failed > 0) return c;
  failedTests.push(
    `${runner} exited non-zero with no failed test (an unhandled error or a suite that did not load: see its output above)`,
  );
  return { ...c, failed: 1 };
}

function vitestCounts(): Counts {
  const file = resolve(reports, 'vitest.json');
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  const r = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    testResults: {
      name: string;
      status: string;
      message?: string;
      assertionResults: { fullName: string; status: string }[];
    }[];
  };
  for (const module of r.testResults) {
    for (const test of module.assertionResults)
      if (test.status === 'failed')
        failedTests.push(`vitest ${relative(root, module.name)} › ${test.fullName}`);
    // A file that failed with no failed test (it did not load, or a beforeAll or afterAll hook
    // threw, which leaves its tests skipped) is named with its error's first line, so that the
    // tail of a long log says which file it was.
    if (module.status === 'failed' && !module.assertionResults.some((t) => t.status === 'failed'))
      failedTests.push(
        `vitest ${relative(root, module.name)} failed outside its tests: ${(module.message ?? '').split('\n')[0]}`,
      );
  }
  const retried = resolve(reports, 'vitest-retried.json');
  if (existsSync(retried))
    for (const t of JSON.parse(readFileSync(retried, 'utf8')) as { test: string; passed: boolean }[])
      if (t.passed) flakyTests.push(`vitest ${t.test}`);
  return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; file: string; line: number; tests: { status: string }[] }[];
}

function playwrightCounts(): Counts {
  const file = resolve(reports, 'playwright.json');
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  const r = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    suites: PlaywrightSuite[];
  };
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    const path = suite.file === suite.title ? titles : [...titles, suite.title];
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests) {
        const name = `e2e ${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')}`;
        if (test.status === 'unexpected') failedTests.push(name);
        else if (test.status === 'flaky') flakyTests.push(name);
      }
    for (const child of suite.suites ?? []) walk(child, path);
  };
  for (const suite of r.suites ?? []) walk(suite, []);
  return { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected, skipped: r.stats.skipped };
}

const only = process.argv.slice(2);
const want = (step: string) => only.length === 0 || only.includes(step);
let checksFailed = 0;
const total: Counts = { passed: 0, failed: 0, skipped: 0 };

const checks = [
  { label: 'typecheck', cmd: 'npm', args: ['run', '--silent', 'typecheck'] },
  { label: 'lint', cmd: 'npm', args: ['run', '--silent', 'lint'] },
].filter((c) => want(c.label));
// The builds the end-to-end run needs go beside the checks: the lint ends well before the
// typecheck and leaves a core idle. A failed build here is not counted: ensureWebBuild builds
// what is still stale before the e2e run and stops the run as it always did.
const builds = want('e2e')
  ? [{ label: 'web app and console build', cmd: process.execPath, args: ['scripts/web-build.ts'] }]
  : [];
const results = await runSideBySide([...checks, ...builds]);
for (const ok of results.slice(0, checks.length)) if (!ok) checksFailed++;

if (want('unit')) {
  rmSync(resolve(reports, 'vitest.json'), { force: true });
  rmSync(resolve(reports, 'vitest-retried.json'), { force: true });
  const ok = run(
    'unit and integration tests (vitest)',
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${resolve(reports, 'vitest.json')}`,
      '--reporter=./scripts/vitest-retried-reporter.ts',
    ],
    { VITEST_RETRIED_OUTPUT: resolve(reports, 'vitest-retried.json') },
  );
  const c = countExit('vitest', ok, vitestCounts());
  total.passed += c.passed;
  total.failed += c.failed;
  total.skipped += c.skipped;
}

if (want('e2e')) {
  ensureWebBuild();
  ensureChromium();
  rmSync(resolve(reports, 'playwright.json'), { force: true });
  const ok = run(
    'end-to-end tests (playwright, chromium)',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: resolve(reports, 'playwright.json'),
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    },
  );
  const c = countExit('playwright', ok, playwrightCounts());
  total.passed += c.passed;
  total.failed += c.failed;
  total.skipped += c.skipped;
}

total.failed += checksFailed;
if (flakyTests.length)
  console.log(`\nPassed only on a retry (flaky):\n${flakyTests.map((t) => `  ${t}`).join('\n')}`);
if (failedTests.length) console.log(`\nFailed:\n${failedTests.map((t) => `  ${t}`).join('\n')}`);
if (checksFailed) console.log(`\n${checksFailed} check(s) failed (typecheck or lint), counted as failures.`);
console.log(
  `\n${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
);
process.exit(total.failed > 0 ? 1 : 0);
