import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, type SpawnedServer } from '../test/server-processes.ts';
import { testDbKind } from '../test/test-app.ts';
import {
  acquireDataDirLock,
  DataDirBusyError,
  lockPath,
  readLockOwner,
  type DataDirLockInfo,
} from './data-dir-lock.ts';

const work = mkdtempSync(join(tmpdir(), 'data-dir-lock-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

/** A pid that surely belongs to no process: one that has just exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid!;
}

describe('data directory lock (in process)', () => {
  it('a live owner blocks the directory and is named in the error', () => {
    const dir = join(work, 'owned');
    mkdirSync(dir);
    // Another live process (our parent) holds the lock.
    const owner: DataDirLockInfo = {
      pid: process.ppid,
      port: 8123,
      opsToken: 'tok',
      startedAt: new Date().toISOString(),
    };
    writeFileSync(lockPath(dir), JSON.stringify(owner));
    expect(readLockOwner(dir)).toEqual(owner);
    let err: unknown;
    try {
      acquireDataDirLock(dir, { port: 0, opsToken: 'mine' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DataDirBusyError);
    expect((err as DataDirBusyError).owner).toEqual(owner);
    expect((err as Error).message).toContain(`process ${process.ppid}`);
    expect((err as Error).message).toContain('port 8123');
    expect((err as Error).message).toContain('another DATA_DIR');
    // The owner's lock file is left exactly as it was.
    expect(JSON.parse(readFileSync(lockPath(dir), 'utf8'))).toEqual(owner);
  });

  it('a stale lock (its process is gone) or a broken lock file is taken over', () => {
    const dir = join(work, 'stale');
    mkdirSync(dir);
    writeFileSync(lockPath(dir), JSON.stringify({ pid: deadPid(), port: 9, opsToken: 'old', startedAt: '' }));
    expect(readLockOwner(dir)).toBeNull();
    const lock = acquireDataDirLock(dir, { port: 0, opsToken: 'new' });
    expect(readLockOwner(dir)).toMatchObject({ pid: process.pid, opsToken: 'new' });
    lock.update({ port: 4321 });
    expect(readLockOwner(dir)).toMatchObject({ pid: process.pid, port: 4321, opsToken: 'new' });
    lock.release();
    expect(existsSync(lockPath(dir))).toBe(false);

    writeFileSync(lockPath(dir), 'not json');
    expect(readLockOwner(dir)).toBeNull();
    acquireDataDirLock(dir, { port: 0, opsToken: 'x' }).release();
  });
});

function startServer(dataDir: string): Promise<SpawnedServer> {
  const started = spawnServer({ DATA_DIR: dataDir, DATABASE_URL: '' }, 90_000);
  children.push(started.child);
  return started.listening;
}

function stop(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((done) => {
    child.once('exit', (code) => done(code));
    child.kill('SIGTERM');
  });
}

async function ops(dataDir: string, port: number, argv: string[]): Promise<string> {
  const { opsToken } = JSON.parse(readFileSync(lockPath(dataDir), 'utf8')) as DataDirLockInfo;
  const res = await fetch(`http://127.0.0.1:${port}/ops/command`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-ops-token': opsToken },
    body: JSON.stringify({ argv }),
  });
  const body = (await res.json()) as { success: boolean; value: string; message?: string };
  if (!body.success) throw new Error(body.message);
  return body.value;
}

async function playerNoticeTitles(port: number): Promise<string[]> {
  const res = await fetch(`http://127.0.0.1:${port}/wps/relay/MCSFE_getListAnnouncements`);
  const body = (await res.json()) as { value: { player: { title: string }[] } };
  return body.value.player.map((n) => n.title);
}

// Real servers on PGlite; the PostgreSQL pass of the server tests has nothing to add here.
describe.runIf(testDbKind === 'pglite')('data directory lock (real processes)', () => {
  it(
    'a second server on the same DATA_DIR exits with a clear message naming the owner, and harms nothing',
    { timeout: 240_000 },
    async () => {
      const dataDir = join(work, 'shared-data');
      const first = await startServer(dataDir);
      const lockBefore = readFileSync(lockPath(dataDir), 'utf8');
      expect(JSON.parse(lockBefore)).toMatchObject({ pid: first.child.pid, port: first.port });
      await ops(dataDir, first.port, [
        'notice',
        'add',
        '--title',
        'Written before the intruder',
        '--html',
        '<p>kept</p>',
      ]);

      const second = await startServer(dataDir).then(
        () => null,
        (err: { code: number | null; output: string }) => err,
      );
      expect(second, 'the second server must not start').not.toBeNull();
      expect(second!.code).not.toBe(0);
      expect(second!.output).toContain(`already in use by process ${first.child.pid}`);
      expect(second!.output).toContain(`a server on port ${first.port}`);
      expect(second!.output).toContain('Only one process may open it');
      expect(second!.output).not.toMatch(/\n\s+at /);

      // The first server still serves, its data and its lock are untouched.
      expect(readFileSync(lockPath(dataDir), 'utf8')).toBe(lockBefore);
      expect((await fetch(`http://127.0.0.1:${first.port}/healthz`)).status).toBe(200);
      expect(await playerNoticeTitles(first.port)).toContain('Written before the intruder');
      await ops(dataDir, first.port, [
        'notice',
        'add',
        '--title',
        'Written after the intruder',
        '--html',
        '<p>kept</p>',
      ]);

      // A clean stop releases the lock; the next server opens the same data whole.
      expect(await stop(first.child)).toBe(0);
      expect(existsSync(lockPath(dataDir))).toBe(false);
      const third = await startServer(dataDir);
      const titles = await playerNoticeTitles(third.port);
      expect(titles).toEqual(
        expect.arrayContaining(['Written before the intruder', 'Written after the intruder']),
      );
      expect(await stop(third.child)).toBe(0);
    },
  );
});
