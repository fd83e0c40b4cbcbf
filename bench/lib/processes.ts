import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

/** Whether processes can be pinned to cores here (Linux with util-linux). */
export const canPin = spawnSync('taskset', ['-c', '0', 'true']).status === 0;

/** `node <args>` pinned to one core when the machine allows it. */
export function pinnedNode(
  core: number | null,
  args: string[],
  env: Record<string, string | undefined> = {},
): ChildProcess {
  const cmd = core !== null && canPin ? 'taskset' : process.execPath;
  const argv = core !== null && canPin ? ['-c', String(core), process.execPath, ...args] : args;
  return spawn(cmd, argv, { cwd: repoRoot, env: { ...process.env, ...env } });
}

export interface RunningProcess {
  url: string;
  port: number;
  /** The server's own process id (`taskset` execs node in place, so it is the child's pid). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * CPU time (user + system) a process has used so far, in seconds, from /proc; null where there is
 * no /proc. Unlike throughput it hardly moves when other work shares the core, so it tells what a
 * request costs even on a busy machine.
 */
export function cpuSecondsOf(pid: number): number | null {
  try {
    // Fields after the parenthesised command name: utime and stime are the 12th and 13th, in clock ticks (100 a second on Linux).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * Time a process's main thread has spent runnable but waiting for a core, in seconds
 * (/proc/<pid>/schedstat); null where there is no such file. For a process pinned to a core of its
 * own it is the time other work held that core: a run that waited much was disturbed.
 */
export function waitSecondsOf(pid: number | 'self'): number | null {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e9;
  } catch {
    return null;
  }
}

/**
 * Waits until a freshly started server is idle: the platform keeps working for a few seconds after
 * it listens (drawing the first visit's images on the same core), and a load measured meanwhile
 * would charge that work to the route. Idle means under 5% of a core over half a second.
 */
export async function settled(server: RunningProcess, maxMs = 30_000): Promise<void> {
  const started = Date.now();
  let last = cpuSecondsOf(server.pid);
  if (last === null) return;
  while (Date.now() - started < maxMs) {
    await new Promise((r) => setTimeout(r, 500));
    const now = cpuSecondsOf(server.pid);
    if (now === null || now - last < 0.025) return;
    last = now;
  }
}

/**
 * Starts a server process and waits for the line `running at http(s)://localhost:<port>` that both
 * the platform server and the bare reference app print.
 */
export function startListening(
  child: ChildProcess,
  what: string,
  timeoutMs = 120_000,
  cleanup?: () => void,
): Promise<RunningProcess> {
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    cleanup?.();
  };
  return new Promise((done, fail) => {
    const timer = setTimeout(() => {
      void stop();
      fail(new Error(`${what} did not start in ${timeoutMs / 1000} s:\n${output}`));
    }, timeoutMs);
    child.stdout!.on('data', () => {
      const m = /running at (https?):\/\/localhost:(\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        const port = Number(m[2]);
        done({ url: `${m[1]}://127.0.0.1:${port}`, port, pid: child.pid!, stop });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      cleanup?.();
      fail(new Error(`${what} exited with ${code}:\n${output}`));
    });
  });
}

/**
 * The real platform server (apps/server/src/main.ts, as `npm start` runs it) on a free port, with
 * its own embedded database in a temporary DATA_DIR unless DATABASE_URL is given.
 */
export function startPlatformServer(
  options: { core?: number | null; env?: Record<string, string> } = {},
): Promise<RunningProcess> {
  const work = mkdtempSync(join(tmpdir(), 'bench-server-'));
  const child = pinnedNode(options.core ?? null, ['apps/server/src/main.ts'], {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: join(work, 'data'),
    DATABASE_URL: '',
    // Request logs at info level are a per-request cost a benchmark would measure instead of the route.
    LOG_LEVEL: 'warn',
    // The demo accounts and games the benchmarks log in with and play (as `npm start` seeds them).
    SEED_DEMO: '1',
    ...options.env,
  });
  return startListening(child, 'the platform server', 120_000, () =>
    rmSync(work, { recursive: true, force: true }),
  );
}

/** The headers the web client sends on every call. */
export function clientHeaders(): Record<string, string> {
  const brand = JSON.parse(readFileSync(join(repoRoot, 'config/brand.json'), 'utf8')) as { merchant: string };
  return { merchant: brand.merchant, device: 'web', language: 'en' };
}

/** What a worker process prints as its last word: the line `RESULT <json>` that `runWorker` reads. */
export function printResult(result: unknown): void {
  console.log(`RESULT ${JSON.stringify(result)}`);
}

/**
 * Runs `node <args>` (pinned to `core` when the machine allows) and answers the value of its
 * `RESULT` line (see printResult); fails with the end of its output when it exits otherwise.
 */
export function runWorker<T>(what: string, core: number | null, args: string[]): Promise<T> {
  return new Promise((resolvePromise, reject) => {
    const child = pinnedNode(core, args);
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('RESULT '));
      if (code === 0 && line) resolvePromise(JSON.parse(line.slice(7)) as T);
      else reject(new Error(`${what} exited with ${code}:\n${out.slice(-2000)}`));
    });
  });
}
