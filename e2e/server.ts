import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  /** Runs an operator command through the server's /ops endpoint (fast; what the CLI does too). */
  ops(...argv: string[]): Promise<string>;
  /** Runs the real operator CLI, `npm run ops -- ...`, as an operator would. */
  cli(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }>;
  stop(): Promise<void>;
}

export interface ServerOptions {
  /** Fields of config/brand.json to override for this server. */
  brand?: Record<string, unknown>;
  env?: Record<string, string>;
  /** How long the start may take before it counts as stuck (120 s; the seeding start takes more). */
  startTimeoutMs?: number;
}

function runNode(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, args, { cwd: repoRoot, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => done({ code: code ?? 1, stdout, stderr }));
  });
}

/**
 * Starts the real server (`apps/server/src/main.ts`, as `npm start` does after building the web
 * app) on a free port with its own embedded database in a temporary DATA_DIR, seeded with the demo
 * data. X-Forwarded-For is trusted so tests can play callers from other countries.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const work = mkdtempSync(join(tmpdir(), 'e2e-server-'));
  const dataDir = join(work, 'data');
  let brandPath = join(repoRoot, 'config/brand.json');
  if (options.brand) {
    const brand = { ...JSON.parse(readFileSync(brandPath, 'utf8')), ...options.brand };
    brandPath = join(work, 'brand.json');
    writeFileSync(brandPath, JSON.stringify(brand, null, 2));
  }
  // The run's seeded database (e2e/global-setup.ts): copied, it starts without seeding again.
  const template = process.env.E2E_DATA_TEMPLATE;
  if (template && !options.env?.DATA_DIR) cpSync(template, dataDir, { recursive: true });
  const env: Record<string, string> = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    BRAND_CONFIG: brandPath,
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
    EXIT_WITH_PARENT: '1',
    // The demo accounts, games and content the specs play with (a plain start seeds reference data only).
    SEED_DEMO: '1',
    // The agent figures folded every 5 s (30 s by default, decision 028): the agent flow reloads its
    // pages until they show what it did, as a user would, within the expectations' timeouts.
    AGENT_STATS_FOLD_S: '5',
    ...options.env,
  };
  const child: ChildProcess = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
  });
  let output = '';
  const port = await new Promise<number>((done, fail) => {
    const limit = options.startTimeoutMs ?? 120_000;
    const timer = setTimeout(
      () => fail(new Error(`server did not start in ${limit / 1000} s:\n${output}`)),
      limit,
    );
    const onData = (d: Buffer) => {
      output += d.toString();
      const m = /running at http:\/\/localhost:(\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        done(Number(m[1]));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  const url = `http://127.0.0.1:${port}`;
  const lock = () => JSON.parse(readFileSync(join(dataDir, '.owner.lock'), 'utf8')) as { opsToken: string };
  return {
    url,
    port,
    dataDir,
    async ops(...argv) {
      const res = await fetch(`${url}/ops/command`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ops-token': lock().opsToken },
        body: JSON.stringify({ argv }),
      });
      const body = (await res.json()) as { success: boolean; value?: string; message?: string };
      if (!body.success) throw new Error(body.message);
      return body.value ?? '';
    },
    cli: (...argv) =>
      runNode(['apps/server/src/cli/ops.ts', ...argv], {
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        PORT: String(port),
      }),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(work, { recursive: true, force: true });
    },
  };
}
