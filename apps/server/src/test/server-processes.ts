import { spawn, type ChildProcess } from 'node:child_process';
import type { Selectable } from 'kysely';
import { expect } from 'vitest';
import { repoRoot } from '../config.ts';
import type { JobRunTable } from '../db/schema.ts';
import { testDatabaseUrl, type TestApp } from './test-app.ts';

/**
 * Real server processes (`main.ts`) on the PostgreSQL schema of a test app, as instances behind a
 * load balancer: each ticks the job mechanism on its own timer, so a test can show that work meant
 * to run once runs once. PostgreSQL only: PGlite is one process's database.
 *
 * Make one per test file (or describe) and call `stop()` in its afterAll, before the test app is
 * closed: a process that failed to start, or a test that failed half-way, leaves them running.
 */
export class ServerProcesses {
  private readonly children: ChildProcess[] = [];

  /** Starts `count` processes on `t`'s database at once; resolves when every one of them listens. */
  async start(t: TestApp, count = 2): Promise<ChildProcess[]> {
    const url = testDatabaseUrl(t);
    return Promise.all(Array.from({ length: count }, () => this.startOne(url)));
  }

  /** SIGTERM to every process still running; resolves when all have exited. */
  async stop(): Promise<void> {
    for (const child of this.children) if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.all(
      this.children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : undefined)),
    );
  }

  private async startOne(databaseUrl: string): Promise<ChildProcess> {
    const started = spawnServer({
      DATABASE_URL: databaseUrl,
      // A test run that dies does not leave servers ticking on its database.
      EXIT_WITH_PARENT: '1',
    });
    this.children.push(started.child);
    return (await started.listening).child;
  }
}

export interface SpawnedServer {
  child: ChildProcess;
  port: number;
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string;
}

/**
 * Starts `main.ts` as a child process on an ephemeral port with `env` on top of this one's.
 * `listening` resolves once it prints where it runs; it rejects, carrying the exit `code` and the
 * `output`, when the process exits first, or after `timeoutMs`.
 */
export function spawnServer(
  env: Record<string, string>,
  timeoutMs = 120_000,
): { child: ChildProcess; listening: Promise<SpawnedServer> } {
  const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
  });
  let output = '';
  const listening = new Promise<SpawnedServer>((done, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`server did not start in ${timeoutMs / 1000} s:\n${output}`)),
      timeoutMs,
    );
    const collect = (d: Buffer) => {
      output += d.toString();
      const m = /running at http:\/\/localhost:(\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        done({ child, port: Number(m[1]), output: () => output });
      }
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      fail(Object.assign(new Error(`server exited with ${code}:\n${output}`), { code, output }));
    });
  });
  return { child, listening };
}

/**
 * The job runs the processes ticked: at least one, one row per window (the key), each done at the
 * first attempt, by one of these processes (the instance is `host:pid`).
 */
export function expectEachWindowRanOnce(runs: Selectable<JobRunTable>[], processes: ChildProcess[]): void {
  expect(runs.length).toBeGreaterThan(0);
  expect(new Set(runs.map((r) => new Date(r.window_start).getTime())).size).toBe(runs.length);
  expect(runs.every((r) => r.status === 'done' && r.attempts === 1)).toBe(true);
  const pids = new Set(processes.map((p) => String(p.pid)));
  expect(runs.every((r) => pids.has(r.instance.split(':')[1]!))).toBe(true);
}
