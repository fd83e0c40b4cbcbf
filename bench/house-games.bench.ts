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
import { printResult, runWorker } from './lib/processes.ts';
import {
  burstFigures,
  burstRows,
  describeBurst,
  describeBurstCpu,
  measureBurst,
  type BurstFigures,
} from './lib/burst.ts';

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
  /** The spins: their count, p50, p99 and CPU per spin of the app and its PostgreSQL backends. */
  burst: BurstFigures;
  ledgerOk: boolean;
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
  printResult({ spins, sum, sumSq, seconds: (performance.now() - t0) / 1000 } satisfies SimResult);
}

// ---------------------------------------------------------------- spins-per-second worker

async function spinWorker(url: string): Promise<void> {
  const { withMigratedPostgres, fundMember } = await import('./lib/postgres-worker.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { createServices } = await import('../apps/server/src/composition.ts');

  await withMigratedPostgres(url, CONCURRENCY, async (database) => {
    const config = loadConfig({ ...process.env, DATABASE_URL: url });
    const services = createServices({ config, database });
    const { houseGames, wallet, members } = services;
    const ids: number[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const id = await members.create({ username: `hbench${i}`, agentType: 0, password: null });
      ids.push(id);
      await fundMember(wallet, id, 100_000_000, `hbench:open:${id}`);
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
    printResult({ burst: burstFigures(burst), ledgerOk: report.ok } satisfies SpinResult);
  });
}

// ---------------------------------------------------------------- the bench module

const runChild = <T>(core: number | null, args: string[]) =>
  runWorker<T>('house-games worker', core, [thisFile, ...args]);

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
    console.error(
      `    ${describeBurstCpu(r.burst, 'spin')}\n    ${describeBurst(r.burst, 'spins')}, ledger check ${r.ledgerOk ? 'exact' : 'FAILED'}`,
    );
    rows.push(
      ...burstRows(r.burst, {
        rateFigure:
          'slot spins/s, PostgreSQL (HouseGamesService.spin: seed, outcome, seamless wallet, betting record, round)',
        p99Figure: 'slot spin p99, PostgreSQL',
        cpuFigure: 'slot spin CPU: app / PostgreSQL backends (capacity on 2 cores, one each)',
        minRate: MIN_RATE,
        maxP99Ms: MAX_P99_MS,
      }),
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
