/**
 * House originals' rounds per second on PostgreSQL (issue 34: Dice and Mines at least 2,000/s with
 * a p99 under 50 ms). Through the real service, as the routes call it:
 *
 * - **Dice**: `HouseGamesService.original` — the nonce claimed, the outcome from the seed this
 *   instance knows, then the one statement a slot spin uses (the stake and the win through the
 *   ledger, the betting record, the house round kept; no vendor-protocol rows, and the
 *   responsible-gambling check inside it: migration 073), sent together with the rounds of
 *   other players that arrive while a call is at the database (`seamless_spin_batch`, 080).
 * - **Mines**: a whole round of three calls — `minesStart` (the nonce, the layout kept, the stake
 *   debited), one `minesReveal`, and `minesCashOut` when the tile was safe (with 3 mines of 25,
 *   22/25 of rounds), each sent with other players' Mines calls (`house_mines_batch`, 083).
 *   A round is the unit counted and timed; a player has one open round at a
 *   time, so each loop takes a player of its own from a free list.
 *
 * 24 concurrent players for BENCH_DURATION_S seconds (10 by default) after a warm-up, 200 funded
 * members; the ledger check runs after each game. The CPU per round of this process and of its
 * PostgreSQL backends is printed too: it depends less on what else loads the machine than the
 * rate and the p99 do.
 *
 * `BENCH_ORIGINALS_GAMES=dice` (or `mines`) runs one game; `BENCH_ORIGINALS_PIN=0` pins the worker
 * to core 0 (below); `SPIN_BATCH=0` sends every Dice round and every Mines start and step alone
 * instead of combined with other players' (decision 062, `seamless_spin_batch` and
 * `house_mines_batch`), the before of a pair.
 */
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
const durationS = Number(process.env.BENCH_DURATION_S ?? 10);
const CONCURRENCY = 24;
const MEMBERS = 200;
const MIN_RATE = 2_000;
const MAX_P99_MS = 50;
const GAMES = ['dice', 'mines'] as const;
type Game = (typeof GAMES)[number];
/**
 * The worker is not pinned to a core. It is the service and the load in one process, and the system
 * under test is PostgreSQL: pinning it to core 0, as the HTTP benches pin a server apart from its
 * load generator, separates nothing here and only keeps the scheduler from moving the app's thread
 * to the other core while a backend holds core 0 (measured session 47, pairs by turns: the pinned
 * run read 0.77-1.06 of the unpinned one's rate, Mines 0.76-0.81 with its p99 above 50 ms). A
 * server in production is not pinned either. `BENCH_ORIGINALS_PIN=0` pins it to core 0 as before
 * session 47, to compare with the figures measured that way.
 */
const PIN_CORE = process.env.BENCH_ORIGINALS_PIN ? Number(process.env.BENCH_ORIGINALS_PIN) : null;
/** BENCH_ORIGINALS_GAMES=dice (or mines) runs one game only. */
const RUN_GAMES = GAMES.filter((g) =>
  (process.env.BENCH_ORIGINALS_GAMES ?? 'dice,mines').split(',').includes(g),
);

interface RoundsResult {
  burst: BurstFigures;
  ledgerOk: boolean;
}

// ---------------------------------------------------------------- the worker

async function roundsWorker(url: string, game: Game): Promise<void> {
  const { withMigratedPostgres, fundMember } = await import('./lib/postgres-worker.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { createServices } = await import('../apps/server/src/composition.ts');

  await withMigratedPostgres(url, CONCURRENCY, async (database) => {
    const config = loadConfig({ ...process.env, DATABASE_URL: url });
    const { houseGames, wallet, members } = createServices({ config, database });
    const free: { memberId: number; vendor: string }[] = [];
    const dice = (p: { memberId: number; vendor: string }) =>
      houseGames.original(p, 'dice', { bet: 1, target: 4950, over: false });
    const minesRound = async (p: { memberId: number; vendor: string }) => {
      await houseGames.minesStart(p, 'mines', 1, 3);
      const step = await houseGames.minesReveal(p, 'mines', 12);
      if (step.open) await houseGames.minesCashOut(p, 'mines');
    };
    const play = game === 'dice' ? dice : minesRound;
    for (let i = 0; i < MEMBERS; i++) {
      const memberId = await members.create({ username: `obench${i}`, agentType: 0, password: null });
      await fundMember(wallet, memberId, 100_000_000, `obench:open:${memberId}`);
      const player = { memberId, vendor: 'SBX' };
      // The seed row and the house accounts exist before the measured rounds.
      await play(player);
      free.push(player);
    }

    const burst = await measureBurst({
      op: async () => {
        const player = free.shift()!;
        try {
          await play(player);
        } finally {
          free.push(player);
        }
      },
      concurrency: CONCURRENCY,
      durationS,
      db: database.db,
      isRefusal: (err) => (err as { errorCode?: string }).errorCode === 'wallet.balance.insufficient',
    });
    const report = await wallet.check();
    printResult({ burst: burstFigures(burst), ledgerOk: report.ok } satisfies RoundsResult);
  });
}

// ---------------------------------------------------------------- the bench module

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const game of RUN_GAMES) {
    const db = await throwawayPostgres(`bench_orig_${game}`);
    if (!db) {
      rows.push({
        figure: `${game} rounds/s, PostgreSQL`,
        value: 'PostgreSQL does not answer',
        budget: `>= ${MIN_RATE}/s`,
        pass: false,
      });
      continue;
    }
    try {
      console.error(
        `  originals: ${game} rounds through HouseGamesService, ${CONCURRENCY} players, ${durationS} s…`,
      );
      const r = await runWorker<RoundsResult>('originals rounds worker', PIN_CORE, [thisFile, game, db.url]);
      console.error(
        `    ${describeBurstCpu(r.burst, 'round')}\n    ${describeBurst(r.burst, 'rounds')}, ledger check ${r.ledgerOk ? 'exact' : 'FAILED'}`,
      );
      const what =
        game === 'dice'
          ? 'HouseGamesService.original: nonce, outcome, ledger, betting record, house round'
          : 'start, one tile, cash-out when safe: 3 mines of 25';
      rows.push(
        ...burstRows(r.burst, {
          rateFigure: `${game} rounds/s, PostgreSQL (${what})`,
          p99Figure: `${game} round p99, PostgreSQL`,
          cpuFigure: `${game} round CPU: app / PostgreSQL backends (capacity on 2 cores, one each)`,
          minRate: MIN_RATE,
          maxP99Ms: MAX_P99_MS,
        }),
        {
          figure: `ledger check after the ${game} rounds`,
          value: r.ledgerOk ? 'exact' : 'MISMATCH',
          budget: 'exact',
          pass: r.ledgerOk,
        },
      );
    } finally {
      await db.drop();
    }
  }
  return rows;
}

if (process.argv[1] && resolve(process.argv[1]) === thisFile) {
  const game = process.argv[2] as Game;
  if (GAMES.includes(game)) await roundsWorker(process.argv[3]!, game);
}
