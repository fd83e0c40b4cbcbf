/**
 * House games benchmark (issue 8, decision 020).
 *
 * 1. The slot's stated return to player against a simulation: BENCH_SLOT_SPINS paid spins
 *    (10,000,000 by default) of the real engine on real provably fair bytes (HMAC-SHA256 with
 *    node:crypto, a fresh server seed every million spins), split over two worker processes. The
 *    simulated return must land inside the 99.9% confidence interval around the exact RTP
 *    (z = 3.29 times the sample standard deviation of one spin's return over √N).
 * 2. Spins per second through the real service on PostgreSQL: `HouseGamesService.spin` (the
 *    outcome from the seed this instance knows, then one statement, seamless_spin of migration
 *    017: the nonce taken, the seamless wallet's debit and credit, the betting record and the
 *    round kept) with 24 concurrent players for BENCH_DURATION_S seconds (10 by default) after a
 *    2-second warm-up, and the p99 of one spin. The ledger check runs after. The CPU per spin of
 *    this process and of the PostgreSQL backends is printed too: it hardly depends on the load
 *    others put on the machine, where the rate and the p99 do.
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchRow } from './lib/types.ts';
import { throwawayPostgres } from './lib/throwaway-postgres.ts';
import { pinnedNode } from './lib/processes.ts';
import { measureBurst } from './lib/burst.ts';

const thisFile = fileURLToPath(import.meta.url);
const SPINS = Number(process.env.BENCH_SLOT_SPINS ?? 10_000_000);
const durationS = Number(process.env.BENCH_DURATION_S ?? 10);
const CONCURRENCY = 24;
const MEMBERS = 200;
const MIN_RATE = 1_000;
const MAX_P99_MS = 50;
const Z_999 = 3.29;

interface SimResult {
  spins: number;
  /** Sum of returns and of squared returns, in total bets. */
  sum: number;
  sumSq: number;
  seconds: number;
}

interface SpinResult {
  spins: number;
  refused: number;
  seconds: number;
  p50Ms: number;
  p99Ms: number;
  ledgerOk: boolean;
  /** CPU time per spin of this process and of the PostgreSQL backends serving it (µs). */
  appCpuUs: number;
  dbCpuUs: number | null;
}

// ---------------------------------------------------------------- simulation worker

async function simulate(spins: number): Promise<void> {
  const { LUCKY_LOTUS, playSlot } = await import('../packages/contract/src/house-games/index.ts');
  const { hmacSource } = await import('../apps/server/src/modules/house-games/house-games.service.ts');
  const bet = 20; // one minor unit per line: returns are whole multiples of the bet's 1/20
  let sum = 0;
  let sumSq = 0;
  let serverSeed = '';
  const clientSeed = randomBytes(8).toString('hex');
  const t0 = performance.now();
  for (let i = 0; i < spins; i++) {
    if (i % 1_000_000 === 0) serverSeed = randomBytes(32).toString('hex');
    const r = playSlot(LUCKY_LOTUS, hmacSource(serverSeed, clientSeed, i), bet).totalWin / bet;
    sum += r;
    sumSq += r * r;
  }
  const result: SimResult = { spins, sum, sumSq, seconds: (performance.now() - t0) / 1000 };
  console.log(`RESULT ${JSON.stringify(result)}`);
}

// ---------------------------------------------------------------- spins-per-second worker

async function spinWorker(url: string): Promise<void> {
  const { openPostgres } = await import('../apps/server/src/db/connection.ts');
  const { migrateToLatest } = await import('../apps/server/src/db/migrate.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { createServices } = await import('../apps/server/src/composition.ts');
  const { HouseAccount } = await import('../apps/server/src/modules/wallet/wallet.service.ts');

  const database = await openPostgres({ url, poolSize: CONCURRENCY });
  try {
    await migrateToLatest(database);
    const config = loadConfig({ ...process.env, DATABASE_URL: url });
    const services = createServices({ config, database });
    const { houseGames, wallet, members } = services;
    const ids: number[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const id = await members.create({ username: `hbench${i}`, agentType: 0, password: null });
      ids.push(id);
      await wallet.transfer({
        from: { house: HouseAccount.cash },
        to: { memberId: id },
        amount: 100_000_000,
        kind: 'ADJUSTMENT',
        reference: 'bench-open',
        idempotencyKey: `hbench:open:${id}`,
      });
      // The seed row and the house accounts exist before the measured spins.
      await houseGames.spin({ memberId: id, vendor: 'SBX' }, 'lucky-lotus', 1);
    }

    let next = 0;
    const burst = await measureBurst({
      op: () => houseGames.spin({ memberId: ids[next++ % ids.length]!, vendor: 'SBX' }, 'lucky-lotus', 1),
      concurrency: CONCURRENCY,
      durationS,
      db: database.db,
      isRefusal: (err) => (err as { errorCode?: string }).errorCode === 'wallet.balance.insufficient',
    });
    const report = await wallet.check();
    const result: SpinResult = {
      spins: burst.count,
      refused: burst.refused,
      seconds: burst.seconds,
      p50Ms: burst.p50Ms,
      p99Ms: burst.p99Ms,
      ledgerOk: report.ok,
      appCpuUs: burst.appCpuUs,
      dbCpuUs: burst.dbCpuUs,
    };
    console.log(`RESULT ${JSON.stringify(result)}`);
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------- the bench module

function runChild<T>(core: number | null, args: string[]): Promise<T> {
  return new Promise((resolvePromise, reject) => {
    const child = pinnedNode(core, [thisFile, ...args]);
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('RESULT '));
      if (code === 0 && line) resolvePromise(JSON.parse(line.slice(7)) as T);
      else reject(new Error(`house-games worker exited with ${code}:\n${out.slice(-2000)}`));
    });
  });
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const { LUCKY_LOTUS, exactSlotRtp } = await import('../packages/contract/src/house-games/index.ts');
  const exact = exactSlotRtp(LUCKY_LOTUS);
  const exactRtp = Number((exact.numerator * 10n ** 12n) / exact.denominator) / 1e12;

  console.error(`  house games: ${SPINS.toLocaleString('en')} simulated spins on two workers…`);
  const halves = await Promise.all([
    runChild<SimResult>(0, ['simulate', String(Math.ceil(SPINS / 2))]),
    runChild<SimResult>(1, ['simulate', String(Math.floor(SPINS / 2))]),
  ]);
  const n = halves.reduce((a, h) => a + h.spins, 0);
  const sum = halves.reduce((a, h) => a + h.sum, 0);
  const sumSq = halves.reduce((a, h) => a + h.sumSq, 0);
  const mean = sum / n;
  const sd = Math.sqrt(Math.max(0, sumSq / n - mean * mean) * (n / (n - 1)));
  const half = (Z_999 * sd) / Math.sqrt(n);
  const inside = Math.abs(mean - exactRtp) <= half;
  const simSeconds = Math.max(...halves.map((h) => h.seconds));
  console.error(
    `    simulated RTP ${(mean * 100).toFixed(4)}% vs exact ${(exactRtp * 100).toFixed(4)}% ± ${(half * 100).toFixed(4)}% (σ per spin ${sd.toFixed(3)}), ${Math.round(n / simSeconds).toLocaleString('en')} spins/s of the engine`,
  );
  rows.push({
    figure: `slot RTP, ${n.toLocaleString('en')}-spin simulation (provably fair bytes) vs exact ${(exactRtp * 100).toFixed(4)}% (stated ${LUCKY_LOTUS.statedRtpPercent}%)`,
    value: `${(mean * 100).toFixed(4)}% (99.9% CI ± ${(half * 100).toFixed(4)}%)`,
    budget: 'exact RTP inside the 99.9% CI',
    pass: inside,
  });

  const db = await throwawayPostgres('bench_house');
  if (!db) {
    rows.push({
      figure: 'slot spins/s, PostgreSQL',
      value: 'PostgreSQL does not answer',
      budget: `>= ${MIN_RATE}/s`,
      pass: false,
    });
    return rows;
  }
  try {
    console.error(
      `  house games: spins through HouseGamesService on PostgreSQL, ${CONCURRENCY} players, ${durationS} s…`,
    );
    const r = await runChild<SpinResult>(0, ['spins', db.url]);
    const rate = r.spins / r.seconds;
    console.error(
      `    CPU per spin: app ${r.appCpuUs.toFixed(0)} µs, PostgreSQL backends ${r.dbCpuUs?.toFixed(0) ?? '?'} µs\n    ${rate.toFixed(0)} spins/s, p50 ${r.p50Ms.toFixed(1)} ms, p99 ${r.p99Ms.toFixed(1)} ms, ${r.refused} refused, ledger check ${r.ledgerOk ? 'exact' : 'FAILED'}`,
    );
    rows.push(
      {
        figure:
          'slot spins/s, PostgreSQL (HouseGamesService.spin: seed, outcome, seamless wallet, betting record, round)',
        value: `${rate.toFixed(0)}/s (${r.spins} in ${r.seconds.toFixed(1)} s)`,
        budget: `>= ${MIN_RATE}/s`,
        pass: rate >= MIN_RATE,
      },
      {
        figure: 'slot spin p99, PostgreSQL',
        value: `${r.p99Ms.toFixed(1)} ms (p50 ${r.p50Ms.toFixed(1)} ms)`,
        budget: `< ${MAX_P99_MS} ms`,
        pass: r.p99Ms < MAX_P99_MS,
      },
      {
        figure: 'slot spin CPU: app / PostgreSQL backends (capacity on 2 cores, one each)',
        value:
          r.dbCpuUs === null
            ? `${r.appCpuUs.toFixed(0)} µs app`
            : `${r.appCpuUs.toFixed(0)} µs / ${r.dbCpuUs.toFixed(0)} µs (≈ ${Math.floor(1e6 / Math.max(r.appCpuUs, r.dbCpuUs))}/s)`,
        budget: '-',
        pass: true,
      },
      {
        figure: 'ledger check after the spins',
        value: r.ledgerOk ? 'exact' : 'MISMATCH',
        budget: 'exact',
        pass: r.ledgerOk,
      },
    );
  } finally {
    await db.drop();
  }
  return rows;
}

if (process.argv[1] && resolve(process.argv[1]) === thisFile) {
  if (process.argv[2] === 'simulate') await simulate(Number(process.argv[3]));
  if (process.argv[2] === 'spins') await spinWorker(process.argv[3]!);
}
