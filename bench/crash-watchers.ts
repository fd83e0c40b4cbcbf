/**
 * Crash watchers (issue 34, decision 055), run by bench/originals.bench.ts: a real server (its
 * app, its Crash loop, PostgreSQL when one answers, else PGlite) in a worker process, and in this
 * one BENCH_CRASH_WATCHERS (1,000) watchers on its public feed (server-sent events) while
 * BENCH_CRASH_BETTORS (200) players bet on each round (a third with an auto cash-out, the rest
 * cashing out by hand during the flight), for BENCH_CRASH_ROUNDS rounds (2). Each tick carries the
 * server's time of emission; a watcher's delay is its arrival minus that (one machine, one clock).
 * Budget (issue 34): every watcher gets every tick, within 100 ms p99 of its emission.
 */
import { spawn } from 'node:child_process';
import { request, Agent } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchRow } from './lib/types.ts';
import { clientHeaders, repoRoot } from './lib/processes.ts';
import { throwawayPostgres } from './lib/throwaway-postgres.ts';

const thisFile = fileURLToPath(import.meta.url);
const WATCHERS = Number(process.env.BENCH_CRASH_WATCHERS ?? 1_000);
const BETTORS = Number(process.env.BENCH_CRASH_BETTORS ?? 200);
const ROUNDS = Number(process.env.BENCH_CRASH_ROUNDS ?? 2);
const MAX_P99_MS = 100;

// ---------------------------------------------------------------- the server worker

async function serverWorker(dbUrl: string): Promise<void> {
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { openDatabase } = await import('../apps/server/src/db/connection.ts');
  const { migrateToLatest } = await import('../apps/server/src/db/migrate.ts');
  const { createSession } = await import('../apps/server/src/platform/auth/session.ts');
  const { fundMember } = await import('./lib/postgres-worker.ts');
  const work = dbUrl ? null : mkdtempSync(join(tmpdir(), 'bench-crash-'));
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: dbUrl,
    DATA_DIR: work ? join(work, 'data') : '/nonexistent',
    WEB_DIST: '/nonexistent-web-dist',
    LOG_LEVEL: 'warn',
  });
  console.error(`  crash server: opening ${dbUrl ? 'PostgreSQL' : 'PGlite'}`);
  const database = await openDatabase(config);
  await migrateToLatest(database);
  const { seedNewDatabase } = await import('../apps/server/src/seed/seed.ts');
  await seedNewDatabase(database, { demo: false });
  const app = await buildApp({
    config,
    database,
    services: { crash: { autostart: true, bettingMs: 4_000, pauseMs: 1_500 } },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { members } = app.ctx;
  const tokens: string[] = [];
  const tag = Date.now().toString(36);
  console.error('  crash server: listening, making the bettors');
  for (let i = 0; i < BETTORS; i += 20)
    tokens.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(20, BETTORS - i) }, async (_, k) => {
          const memberId = await members.create({
            username: `cb${tag}${i + k}`,
            agentType: 0,
            password: null,
          });
          await fundMember(app.ctx.wallet, memberId, 10_000_000, `bench:crash:${tag}:${i + k}`);
          return createSession(database, memberId, '127.0.0.1');
        }),
      )),
    );
  const port = (app.server.address() as { port: number }).port;
  console.log(`READY ${JSON.stringify({ port, tokens })}`);
  const stop = async () => {
    await app.close();
    await database.close();
    if (work) rmSync(work, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.stdin.on('end', () => void stop());
  process.stdin.resume();
}

// ---------------------------------------------------------------- the watchers and bettors

interface Started {
  port: number;
  tokens: string[];
  stop(): void;
}

function startServer(dbUrl: string): Promise<Started> {
  const child = spawn(process.execPath, [thisFile, '--crash-server', dbUrl], {
    cwd: repoRoot,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, EXIT_WITH_PARENT: '1' },
  });
  let out = '';
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`the Crash server did not start:\n${out}`)), 600_000);
    child.stderr.on('data', (d: Buffer) => {
      out += d.toString();
      process.stderr.write(d);
    });
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /READY (.*)\n/.exec(out);
      if (m) {
        clearTimeout(timer);
        const { port, tokens } = JSON.parse(m[1]!) as { port: number; tokens: string[] };
        done({ port, tokens, stop: () => child.kill('SIGTERM') });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`the Crash server exited with ${code}:\n${out.slice(-3000)}`));
    });
  });
}

function call(
  port: number,
  method: string,
  path: string,
  token?: string,
  body?: object,
): Promise<{ status: number; json: Answer | null }> {
  return new Promise((done, fail) => {
    const data = body ? JSON.stringify(body) : undefined;
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          ...clientHeaders(),
          ...(token ? { authorization: token } : {}),
          ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () =>
          done({ status: res.statusCode ?? 0, json: text ? (JSON.parse(text) as Answer) : null }),
        );
      },
    );
    req.on('error', fail);
    req.end(data);
  });
}

/** The envelope of a call's answer, as far as the bench reads it. */
interface Answer {
  success?: boolean;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bench reads a few fields of several calls
  value?: any;
}

interface Watcher {
  ticks: Map<number, number[]>;
  delays: number[];
  close(): void;
}

function watch(port: number, agent: Agent): Promise<Watcher> {
  return new Promise((done, fail) => {
    const w: Watcher = { ticks: new Map(), delays: [], close: () => undefined };
    const req = request({ host: '127.0.0.1', port, path: '/wps/sandbox/house/crash/feed', agent }, (res) => {
      let buf = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const at = Date.now();
        buf += chunk;
        let cut;
        while ((cut = buf.indexOf('\n\n')) >= 0) {
          const frame = buf.slice(0, cut);
          buf = buf.slice(cut + 2);
          if (!frame.includes('event: tick')) continue;
          const data = JSON.parse(frame.slice(frame.indexOf('data: ') + 6)) as {
            r: number;
            e: number;
            t: number;
          };
          let list = w.ticks.get(data.r);
          if (!list) w.ticks.set(data.r, (list = []));
          list.push(data.e);
          w.delays.push(at - data.t);
        }
      });
      w.close = () => req.destroy();
      done(w);
    });
    req.on('error', (err) => fail(err));
    req.end();
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

export async function crashWatchers(): Promise<BenchRow[]> {
  const pg = await throwawayPostgres('bench_crash');
  const server = await startServer(pg?.url ?? '');
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  const watchers: Watcher[] = [];
  try {
    for (let i = 0; i < WATCHERS; i += 100)
      watchers.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(100, WATCHERS - i) }, () => watch(server.port, agent)),
        )),
      );
    const rounds: number[] = [];
    let bets = 0;
    let cashouts = 0;
    const t0 = Date.now();
    while (rounds.length < ROUNDS && Date.now() - t0 < 180_000) {
      const answer = await call(server.port, 'GET', '/wps/sandbox/house/crash/state');
      const state = answer.json?.value;
      if (!state) {
        console.error(`  crash state: ${answer.status} ${JSON.stringify(answer.json).slice(0, 300)}`);
        await sleep(1_000);
        continue;
      }
      const r = state.round;
      if (
        !r ||
        r.phase !== 'betting' ||
        r.bettingEndsAt - state.serverNow < 1_500 ||
        rounds.includes(r.roundId)
      ) {
        await sleep(200);
        continue;
      }
      rounds.push(r.roundId);
      const placed = await Promise.all(
        server.tokens.map((tok, i) =>
          call(server.port, 'POST', '/wps/sandbox/house/crash/bet', tok, {
            bet: 1,
            ...(i % 3 === 0 ? { autoCashOut: 150 + i } : {}),
          }),
        ),
      );
      bets += placed.filter((p) => p.status === 200 && p.json?.success).length;
      await sleep(Math.max(0, r.bettingEndsAt - Date.now()) + 600);
      const outs = await Promise.all(
        server.tokens.map((tok, i) =>
          i % 3 === 0 ? null : call(server.port, 'POST', '/wps/sandbox/house/crash/cashout', tok, {}),
        ),
      );
      cashouts += outs.filter((o) => o && o.status === 200 && o.json?.success).length;
      // Wait for the crash.
      for (;;) {
        const s = (await call(server.port, 'GET', '/wps/sandbox/house/crash/state')).json?.value;
        if (!s || !s.round || s.round.roundId !== r.roundId || s.round.phase === 'crashed') break;
        await sleep(300);
      }
    }
    await sleep(300);
    // Every watcher, every tick of the rounds measured: the same ticks as the one who got most.
    let missing = 0;
    let ticks = 0;
    for (const id of rounds) {
      const most = Math.max(...watchers.map((w) => w.ticks.get(id)?.length ?? 0));
      ticks += most;
      for (const w of watchers) missing += most - (w.ticks.get(id)?.length ?? 0);
    }
    const delays = watchers.flatMap((w) => w.delays).sort((a, b) => a - b);
    const seconds = (Date.now() - t0) / 1000;
    const p50 = pct(delays, 0.5);
    const p99 = pct(delays, 0.99);
    console.error(
      `  crash: ${watchers.length} watchers, ${rounds.length} rounds, ${ticks} ticks each, ${delays.length} tick deliveries ` +
        `(${Math.round(delays.length / seconds)}/s), ${bets} bets and ${cashouts} cash-outs by hand, missing ${missing}; ` +
        `delay p50 ${p50} ms, p99 ${p99} ms, max ${delays.at(-1)} ms (${pg ? 'PostgreSQL' : 'PGlite'})`,
    );
    return [
      {
        figure: `Crash: ${watchers.length} watchers, ${BETTORS} bets a round, tick delay p99 (p50 ${p50} ms, ${ticks} ticks, ${missing} missed)`,
        value: `${p99} ms`,
        budget: `<= ${MAX_P99_MS} ms, none missed`,
        pass: p99 <= MAX_P99_MS && missing === 0 && ticks > 0,
      },
      {
        figure: 'Crash: tick deliveries per second to the watchers',
        value: `${Math.round(delays.length / seconds).toLocaleString('en')}/s`,
        budget: '-',
        pass: true,
      },
    ];
  } finally {
    for (const w of watchers) w.close();
    agent.destroy();
    server.stop();
    await sleep(1_000);
    await pg?.drop().catch(() => undefined);
  }
}

if (process.argv[2] === '--crash-server') void serverWorker(process.argv[3] ?? '');
else if (process.argv[1] === thisFile) void crashWatchers().then((rows) => console.log(rows));
