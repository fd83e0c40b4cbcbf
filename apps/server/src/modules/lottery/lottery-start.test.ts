import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { openPglite } from '../../db/connection.ts';
import { buildApp } from '../../app.ts';
import { createTestApp, testDatabaseUrl, testDbKind, type TestApp } from '../../test/test-app.ts';
import { spawnServer } from '../../test/server-processes.ts';
import { TEMPLATE_PATH } from '../../test/template-path.ts';
import type { LotteryEngine } from './lottery-engine.ts';

/**
 * Issue 28, defect 9: a server answers its first `near` with a numero on sale, on a database whose
 * server was down for days (a fresh one is the same case: no numero of today), instead of
 * `currentNumero: null` until the numero job's first tick. A real server process (`main.ts`),
 * asked the moment it listens.
 */
const DAY = 86_400_000;
let child: ChildProcess | null = null;
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child!.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  child = null;
});
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/**
 * A database holding the migrated, seeded demo data, `before` run on its lottery engine, and the
 * environment that points a server process at it: a PGlite data directory, or the PostgreSQL
 * schema of a test app.
 */
async function database(
  before: (engine: LotteryEngine) => Promise<unknown>,
): Promise<Record<string, string>> {
  if (testDbKind === 'postgres') {
    const t: TestApp = await createTestApp({ services: { jobs: { tickMs: 0 } } });
    cleanups.push(() => t.close());
    await before(t.app.ctx.lottery.engine);
    const url = new URL(testDatabaseUrl(t));
    return { DATABASE_URL: url.toString() };
  }
  const dir = mkdtempSync(join(tmpdir(), 'lottery-start-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const db = await openPglite({
    dataDir: dir,
    loadDataDir: new Blob([readFileSync(TEMPLATE_PATH)]),
    lock: false,
  });
  const config = loadConfig({ ...process.env, DATA_DIR: dir, DATABASE_URL: '' });
  const app = await buildApp({ config, database: db, services: { jobs: { tickMs: 0 } } });
  await app.ready();
  await before(app.ctx.lottery.engine);
  await app.close();
  await db.close();
  return { DATA_DIR: dir, DATABASE_URL: '' };
}

/** Starts `main.ts` on the database and asks `near` for each game the moment it listens. */
async function firstAnswers(env: Record<string, string>, games: string[]) {
  const started = spawnServer({ ...env, EXIT_WITH_PARENT: '1' });
  child = started.child;
  const { port } = await started.listening;
  return Promise.all(
    games.map(async (code) => {
      const res = await fetch(`http://127.0.0.1:${port}/lgw/numeros/near?gameCode=${code}`);
      expect(res.status).toBe(200);
      return (await res.json()) as {
        serverTime: number;
        previousNumero: { drawTime: number } | null;
        currentNumero: { numero: string; drawTime: number; isSale: boolean } | null;
      };
    }),
  );
}

describe(`a server's first lottery answer (issue 28, defect 9; ${testDbKind})`, () => {
  it('after three days down (the last numeros made three days ago) the first near has the numero on sale, of a fast game and of a daily one, and the day caught up', async () => {
    const env = await database((engine) => engine.ensureNumeros(new Date(Date.now() - 3 * DAY)));
    const [ssc1, xsmb] = await firstAnswers(env, ['SSC1', 'XSMB']);
    for (const a of [ssc1!, xsmb!]) {
      expect(a.currentNumero).not.toBeNull();
      expect(a.currentNumero!.drawTime).toBeGreaterThan(a.serverTime);
    }
    // One draw a minute: the current one within the minute, the one before it within the last.
    expect(ssc1!.currentNumero!.drawTime - ssc1!.serverTime).toBeLessThanOrEqual(60_000);
    expect(ssc1!.serverTime - ssc1!.previousNumero!.drawTime).toBeLessThanOrEqual(60_000);
    // The North draws once a day: its next draw is within the week the job makes ahead.
    expect(xsmb!.currentNumero!.drawTime - xsmb!.serverTime).toBeLessThanOrEqual(8 * DAY);
  }, 180_000);
});
