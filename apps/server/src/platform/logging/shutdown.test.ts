import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer } from '../../test/server-processes.ts';

/**
 * Issue 28, defect 8: a server whose output nobody reads any more (a test harness that ended,
 * `npm start | tee` stopped) never ended after SIGTERM: pino's exit-time flush retried its write
 * into the dead pipe for ever. Real server processes (main.ts) on a pipe, with debug logging so a
 * request writes a line.
 */
const STOP_BOUND_MS = 15_000;
/** A start on a fresh data directory migrates and seeds it: slow on a loaded machine. */
const TEST_TIMEOUT_MS = 180_000;

let dataDir: string;
let child: ChildProcess | undefined;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'shutdown-'));
});
afterEach(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  child = undefined;
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function startLogging() {
  const { listening } = spawnServer({ DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'debug' });
  const server = await listening;
  child = server.child;
  return server;
}

/** Milliseconds from now until the process exits (or the bound passes: then it is still running). */
function exitWithin(proc: ChildProcess, boundMs: number): Promise<number | 'still running'> {
  const started = Date.now();
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('still running'), boundMs);
    proc.once('exit', () => {
      clearTimeout(timer);
      resolve(Date.now() - started);
    });
  });
}

/** `count` requests with a long query string, so that each completion line is about 4 kB. */
async function logLines(port: number, count: number): Promise<void> {
  const padding = 'x'.repeat(4000);
  for (let i = 0; i < count; i += 10)
    await Promise.all(
      Array.from({ length: 10 }, (_, k) =>
        fetch(`http://127.0.0.1:${port}/healthz?n=${i + k}&p=${padding}`).then((r) => r.arrayBuffer()),
      ),
    );
}

describe('issue 28 defect 8: stopping whatever becomes of stdout', () => {
  it(
    'a server whose stdout reader stopped reading, then went away as it was stopping, exits within 15 s of SIGTERM with status 0',
    async () => {
      const { child: proc, port } = await startLogging();
      // Not read any more: the pipe and the reader's buffer fill up (about 600 kB of lines, more
      // than they hold) and the server's last lines wait. pino's exit-time flush retried those on
      // EAGAIN, then on EPIPE once the reader had gone, for ever.
      proc.stdout!.pause();
      await logLines(port, 150);
      const exit = exitWithin(proc, STOP_BOUND_MS);
      proc.kill('SIGTERM');
      proc.stdout!.destroy();
      const stopped = await exit;
      expect(stopped, 'still running 15 s after SIGTERM').not.toBe('still running');
      expect(stopped).toBeLessThan(STOP_BOUND_MS);
      expect(proc.exitCode).toBe(0);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'a server whose stdout reader has gone exits within 15 s of SIGTERM, with requests logging as it stops',
    async () => {
      const { child: proc, port } = await startLogging();
      proc.stdout!.destroy();
      await logLines(port, 20);
      const exit = exitWithin(proc, STOP_BOUND_MS);
      const late = logLines(port, 50).catch(() => undefined);
      proc.kill('SIGTERM');
      const stopped = await exit;
      expect(stopped, 'still running 15 s after SIGTERM').not.toBe('still running');
      expect(stopped).toBeLessThan(STOP_BOUND_MS);
      await late;
    },
    TEST_TIMEOUT_MS,
  );
});
