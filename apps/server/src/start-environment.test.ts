import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer } from './test/server-processes.ts';
import { startEnvironment } from './start-environment.ts';
import { buildSummary } from '../../../scripts/web-build.ts';

let dataDir: string;
let child: ChildProcess | undefined;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'start-'));
});
afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('what a person sees at npm start (issue 28)', () => {
  it('the web build is one line, not the file list Vite prints', () => {
    const vite = [
      '> @app/web@0.1.0 build',
      'vite v8.3.8 building client environment for production...',
      'transforming...',
      ...Array.from({ length: 880 }, (_, i) => `dist/assets/chunk-${i}.js   1.00 kB │ gzip: 0.50 kB`),
      '✓ built in 13.18s',
    ].join('\n');
    expect(buildSummary(vite, 27_400)).toBe('Web app built in 27 s (880 files in apps/web/dist).');
  });

  it("npm start's environment: the URL and the demo accounts come first, then short readable log lines, and a routine request writes none", async () => {
    const env: NodeJS.ProcessEnv = {};
    startEnvironment(env);
    expect(env).toEqual({ DEMO_LOTTERY_BETS: '1', DEMO_CHAT: '1', SEED_DEMO: '1', LOG_FORMAT: 'pretty' });
    const production: NodeJS.ProcessEnv = { NODE_ENV: 'production' };
    startEnvironment(production);
    expect(production.LOG_FORMAT).toBeUndefined();
    // Production refuses the demo seed (config.ts): `npm start` does not ask for it there.
    expect(production.SEED_DEMO).toBeUndefined();

    const { listening } = spawnServer({
      ...(env as Record<string, string>),
      DEMO_LOTTERY_BETS: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
    });
    const server = await listening;
    child = server.child;
    const lines = () =>
      server
        .output()
        .split('\n')
        .filter((l) => l.trim() !== '');
    expect(lines()[0]).toBe(`  Platform running at http://localhost:${server.port}`);
    await expect.poll(() => lines().some((l) => l.includes('weakpass       123456'))).toBe(true);
    const base = `http://127.0.0.1:${server.port}`;
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/wps/member/info`)).status).toBe(401);
    await expect
      .poll(() => lines().find((l) => l.includes('/wps/member/info')), { timeout: 10_000 })
      .toMatch(/^\d\d:\d\d:\d\d INFO {2}GET \/wps\/member\/info 401 \d+ ms$/);
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    await exited;
    const all = lines();
    expect(all.findIndex((l) => l.includes('Demo accounts'))).toBeLessThan(6);
    expect(all.filter((l) => l.includes('/healthz'))).toEqual([]);
    expect(all.filter((l) => l.trimStart().startsWith('{'))).toEqual([]);
    expect(all.at(-1)).toMatch(/^\d\d:\d\d:\d\d INFO {2}shutting down signal=SIGTERM$/);
  }, 180_000);
});
