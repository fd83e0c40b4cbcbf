import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite lets exactly one process open a data directory: a second one opening it loses rows and
 * can leave the directory unopenable (TOOLCHAIN.md). The owner writes this lock file; it also tells
 * the operator CLI which port the owning server listens on and the token its ops endpoint accepts.
 */
export interface DataDirLockInfo {
  pid: number;
  port: number;
  opsToken: string;
  startedAt: string;
}

export interface DataDirLock {
  readonly path: string;
  update(info: Partial<DataDirLockInfo>): void;
  release(): void;
}

export class DataDirBusyError extends Error {
  readonly owner: DataDirLockInfo;
  constructor(dataDir: string, owner: DataDirLockInfo) {
    super(
      `The data directory ${dataDir} is already in use by process ${owner.pid}` +
        (owner.port ? ` (a server on port ${owner.port})` : '') +
        '. Only one process may open it: stop that process first, or start this one with another DATA_DIR.',
    );
    this.name = 'DataDirBusyError';
    this.owner = owner;
  }
}

export function lockPath(dataDir: string): string {
  return join(dataDir, '.owner.lock');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live owner of the directory, or null when none holds it (a stale lock counts as none). */
export function readLockOwner(dataDir: string): DataDirLockInfo | null {
  try {
    const info = JSON.parse(readFileSync(lockPath(dataDir), 'utf8')) as DataDirLockInfo;
    return typeof info.pid === 'number' && isAlive(info.pid) ? info : null;
  } catch {
    return null;
  }
}

export function acquireDataDirLock(
  dataDir: string,
  initial: { port: number; opsToken: string },
): DataDirLock {
  const path = lockPath(dataDir);
  let info: DataDirLockInfo = {
    pid: process.pid,
    port: initial.port,
    opsToken: initial.opsToken,
    startedAt: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, JSON.stringify(info));
      closeSync(fd);
      let held = true;
      return {
        path,
        update(patch) {
          if (!held) return;
          info = { ...info, ...patch };
          const f = openSync(path, 'w', 0o600);
          writeSync(f, JSON.stringify(info));
          closeSync(f);
        },
        release() {
          if (!held) return;
          held = false;
          rmSync(path, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = readLockOwner(dataDir);
      if (owner && owner.pid !== process.pid) throw new DataDirBusyError(dataDir, owner);
      // The previous owner died without cleaning up: the lock is stale.
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}`);
}
