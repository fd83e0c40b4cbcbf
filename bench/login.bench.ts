/**
 * Accounts benchmarks (DESIGN.md §6, issue #3):
 * - login throughput and p99: encrypted POST /wps/session/login of the demo member, every request
 *   with its own precomputed payload (fresh nonce, as a client makes it) and its own client
 *   address (X-Forwarded-For, TRUST_PROXY=1), so per-IP limits and replay checks stay on;
 * - an authenticated call (GET /wps/v2/wallets/balance, token check included) against a minimal
 *   Fastify route running the same SQL (the session lookup and the balance read) on the same
 *   database, in the same run, on PGlite and on PostgreSQL. Budget: at least 70% of it.
 * The server runs pinned to core 0, the load generator to core 1.
 *
 * The file has three roles: the bench module (`run()`), the load worker (`node bench/login.bench.ts
 * load <json>`) and the minimal reference app (`node bench/login.bench.ts minimal`).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchRow } from './lib/types.ts';
import { throwawayPostgres } from './lib/throwaway-postgres.ts';
import {
  clientHeaders,
  pinnedNode,
  startListening,
  startPlatformServer,
  type RunningProcess,
} from './lib/processes.ts';
import { formatRate, mean, measureServerLoad, median, type LoadResult } from './lib/load.ts';

const MIN_RATIO = 0.7;
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const thisFile = fileURLToPath(import.meta.url);
const durationS = Number(process.env.BENCH_DURATION_S ?? 10);

// ---------------------------------------------------------------- load worker (core 1)

interface LoginLoadOptions {
  url: string;
  bodiesFile: string;
  headers: Record<string, string>;
  connections: number;
  durationS: number;
  warmupS: number;
}

async function loadWorker(options: LoginLoadOptions): Promise<void> {
  const { default: autocannon } = await import('autocannon');
  const bodies = JSON.parse(readFileSync(options.bodiesFile, 'utf8')) as {
    body: string;
    headers: Record<string, string>;
  }[];
  let next = 0;
  const run = (duration: number) =>
    autocannon({
      url: options.url,
      connections: options.connections,
      duration,
      requests: [
        {
          method: 'POST',
          path: '/wps/session/login',
          // Each request takes the next precomputed payload (a nonce is good once) and a caller address of its own.
          setupRequest: (req: Record<string, unknown>) => {
            const i = next++;
            if (i >= bodies.length) throw new Error('ran out of precomputed login payloads');
            const item = bodies[i]!;
            return {
              ...req,
              body: item.body,
              headers: {
                ...options.headers,
                ...item.headers,
                'content-type': 'application/json',
                'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
              },
            };
          },
        },
      ],
    } as never) as unknown as Promise<{
      requests: { average: number; total: number };
      latency: { p99: number };
      non2xx: number;
      errors: number;
      timeouts: number;
    }>;
  if (options.warmupS > 0) await run(options.warmupS);
  const result = await run(options.durationS);
  process.stdout.write(
    `${JSON.stringify({ reqPerSec: result.requests.average, total: result.requests.total, p99Ms: result.latency.p99, non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts })}\n`,
  );
}

function measureLogins(
  options: Omit<LoginLoadOptions, 'connections' | 'durationS' | 'warmupS'>,
): Promise<LoadResult> {
  const args: LoginLoadOptions = { ...options, connections: 10, durationS, warmupS: 2 };
  const child = pinnedNode(1, [thisFile, 'load', JSON.stringify(args)]);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((done, fail) => {
    child.once('close', (code) => {
      if (code !== 0) return fail(new Error(`the login load generator failed (${code}): ${stderr}`));
      const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as LoadResult;
      if (result.non2xx || result.errors || result.timeouts) {
        return fail(
          new Error(
            `login: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} time-outs under load`,
          ),
        );
      }
      done(result);
    });
  });
}

// ---------------------------------------------------------------- minimal reference app (core 0)

/**
 * The reference of the authenticated-call figure: a bare Fastify route running exactly the SQL of
 * the balance call, through the same functions (the token check, with its idle extension when one
 * is due, and the ledger read), with none of the platform's plugins, hooks or schemas.
 */
async function minimalApp(): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const { openPglite, openPostgres } = await import('../apps/server/src/db/connection.ts');
  const { findSession } = await import('../apps/server/src/platform/auth/session.ts');
  const { memberBalances } = await import('../apps/server/src/modules/wallet/ledger.repo.ts');
  const database = process.env.DATABASE_URL
    ? await openPostgres({ url: process.env.DATABASE_URL })
    : await openPglite({ dataDir: process.env.DATA_DIR!, lock: { port: 0, opsToken: '' } });
  const app = Fastify({ logger: false });
  app.get('/min', async (req, reply) => {
    const session = await findSession(database, String(req.headers.authorization ?? ''));
    if (!session) return reply.code(401).send({ success: false });
    const rows = await memberBalances(database, session.memberId, 'USD');
    const sum = rows.reduce((s, r) => s + r.balance, 0);
    return { success: true, value: { sumBalance: sum / 100 } };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  console.log(
    `minimal balance route running at http://localhost:${typeof address === 'object' && address ? address.port : 0}`,
  );
  const close = () =>
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  process.on('SIGTERM', close);
  process.on('SIGINT', close);
}

// ---------------------------------------------------------------- the bench module

async function prepareLogins(server: RunningProcess, count: number, file: string): Promise<void> {
  const { encryptPayload } = await import('../packages/contract/src/payload-crypto.ts');
  const key = (
    await (await fetch(`${server.url}/wps/session/publicKey`, { headers: clientHeaders() })).json()
  ).value;
  const bodies = [];
  for (let i = 0; i < count; i++) {
    const { body, headers } = await encryptPayload(key, {
      username: 'demo',
      password: 'Demo1234',
      captcha: '',
      type: 'username',
    });
    bodies.push({ body: JSON.stringify(body), headers });
  }
  writeFileSync(file, JSON.stringify(bodies));
}

async function tokenOf(server: RunningProcess): Promise<string> {
  const { encryptPayload } = await import('../packages/contract/src/payload-crypto.ts');
  const key = (
    await (await fetch(`${server.url}/wps/session/publicKey`, { headers: clientHeaders() })).json()
  ).value;
  const { body, headers } = await encryptPayload(key, {
    username: 'demo',
    password: 'Demo1234',
    captcha: '',
    type: 'username',
  });
  const res = await fetch(`${server.url}/wps/session/login`, {
    method: 'POST',
    headers: { ...clientHeaders(), ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { success: boolean; value: { token: string }; message?: string };
  if (!json.success) throw new Error(`login failed: ${json.message}`);
  return json.value.token;
}

/** One database kind: login throughput, then balance read vs the minimal route on the same data. */
async function measureKind(
  kind: 'PGlite' | 'PostgreSQL',
  env: Record<string, string>,
  work: string,
): Promise<BenchRow[]> {
  const serverEnv = { TRUST_PROXY: '1', ...env };
  const server = await startPlatformServer({ core: 0, env: serverEnv });
  let login: LoadResult;
  let token: string;
  try {
    const bodiesFile = join(work, 'login-bodies.json');
    console.error(`  ${kind}: precomputing encrypted login payloads…`);
    await prepareLogins(server, 2500, bodiesFile);
    console.error(`  ${kind}: POST /wps/session/login…`);
    login = await measureLogins({ url: server.url, bodiesFile, headers: clientHeaders() });
    console.error(`    ${formatRate(login)}`);
    token = await tokenOf(server);
  } catch (err) {
    await server.stop();
    throw err;
  }
  await server.stop();
  // PGlite has one owner: the minimal app opens the directory only while the platform server is
  // down. The runs alternate (minimal, platform, minimal, ...: BENCH_ROUNDS rounds, 3 by default),
  // each platform run is compared with the minimal runs on either side of it and the figure is the
  // median of the rounds, so drift of the shared machine does not land on one side of the ratio. Both get the same
  // request headers (the web client's), so the ratio is the platform's own work per call.
  const headers = { ...clientHeaders(), authorization: token };
  // autocannon, as before the lean client existed: these answers are short ASCII JSON, which it
  // decodes cheaply (the lean client gains little here), and the figures stay comparable with
  // the earlier ones.
  const measure = (what: string, start: () => Promise<RunningProcess>, path: string) =>
    measureServerLoad(`${kind}: ${what}`, start, path, headers, 'autocannon');
  const minimal = () =>
    measure(
      'minimal Fastify route, same SQL',
      () => startListening(pinnedNode(0, [thisFile, 'minimal'], env), 'the minimal balance route'),
      '/min',
    );
  const references = [await minimal()];
  const platforms: LoadResult[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    platforms.push(
      await measure(
        `round ${round}: GET /wps/v2/wallets/balance`,
        () => startPlatformServer({ core: 0, env: serverEnv }),
        '/wps/v2/wallets/balance',
      ),
    );
    references.push(await minimal());
  }
  const ratios = platforms.map(
    (p, i) => p.reqPerSec / ((references[i]!.reqPerSec + references[i + 1]!.reqPerSec) / 2),
  );
  const ratio = median(ratios);
  const summary = (runs: LoadResult[]): LoadResult => ({
    ...runs[0]!,
    reqPerSec: mean(runs.map((r) => r.reqPerSec)),
    p99Ms: Math.max(...runs.map((r) => r.p99Ms)),
  });
  const cpu = (runs: LoadResult[]) => mean(runs.map((r) => r.serverCpuUsPerReq ?? NaN));
  const [platformCpu, referenceCpu] = [cpu(platforms), cpu(references)];
  const detail = [
    ROUNDS > 1 ? `median of rounds ${ratios.map((r) => r.toFixed(2)).join(', ')}` : null,
    Number.isFinite(platformCpu) && Number.isFinite(referenceCpu)
      ? `server CPU ${platformCpu.toFixed(0)} vs ${referenceCpu.toFixed(0)} µs/req`
      : null,
  ].filter(Boolean);
  const { argon2Description } = await import('../apps/server/src/platform/crypto/password-hash.ts');
  return [
    {
      figure: `login (encrypted, ${argon2Description}), ${kind}`,
      value: `${formatRate(login)}`,
      budget: '-',
      pass: true,
    },
    {
      figure: `balance read (token check included) vs same SQL on bare Fastify, ${kind}`,
      value: `${formatRate(summary(platforms))} vs ${formatRate(summary(references))} = ${ratio.toFixed(2)}${detail.length ? ` (${detail.join('; ')})` : ''}`,
      budget: `>= ${MIN_RATIO}`,
      pass: ratio >= MIN_RATIO,
    },
  ];
}

export async function run(): Promise<BenchRow[]> {
  const work = mkdtempSync(join(tmpdir(), 'bench-login-'));
  try {
    const rows = await measureKind('PGlite', { DATA_DIR: join(work, 'data'), DATABASE_URL: '' }, work);
    const database = await throwawayPostgres('bench_login');
    if (database) {
      try {
        rows.push(...(await measureKind('PostgreSQL', { DATABASE_URL: database.url }, work)));
      } finally {
        await database.drop();
      }
    } else console.error('  PostgreSQL does not answer: its rows are left out');
    return rows;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === thisFile) {
  const role = process.argv[2];
  if (role === 'load') await loadWorker(JSON.parse(process.argv[3] ?? '{}') as LoginLoadOptions);
  else if (role === 'minimal') await minimalApp();
  else {
    const { formatTable } = await import('./run.ts');
    console.log(formatTable(await run()));
  }
}
