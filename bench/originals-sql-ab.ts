/**
 * Two versions of the database's SQL side by side under Dice or Mines rounds (issue 34): the
 * before and after of a change to a function or a trigger, where `originals-rounds` run by turns
 * reads the machine's drift more than the change (on these shared 2-core machines one run's rate
 * moves by a third from one minute to the next).
 *
 * Two throwaway databases, both migrated to the latest; `AB_A_SQL` and `AB_B_SQL` name SQL files
 * run on database A and B after the migration (the older definition of a function, say; `npm run
 * db:functions` keeps each function's current text in apps/server/src/db/functions). Then the same
 * rounds as `originals-rounds` (the real service, 24 players at once) in short bursts, A and B by
 * turns in pairs, the first of a pair alternating: each pair's rates were measured a few seconds
 * apart, and the median of the pairs' B/A ratios is the figure. The ledger check runs on both at
 * the end.
 *
 *   npx node bench/originals-sql-ab.ts            # AB_GAME=dice|mines, AB_PAIRS=16, AB_BURST_MS=2000
 *
 * Not a bench module (`npm run bench` does not run it): a tool for deciding a change.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { sql } from 'kysely';
import { openPostgres } from '../apps/server/src/db/connection.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { isEmpty, seedNewDatabase } from '../apps/server/src/seed/seed.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createServices } from '../apps/server/src/composition.ts';
import { fundMember } from './lib/postgres-worker.ts';

const GAME = process.env.AB_GAME === 'mines' ? 'mines' : 'dice';
const PAIRS = Number(process.env.AB_PAIRS ?? 16);
const BURST_MS = Number(process.env.AB_BURST_MS ?? 2000);
const CONCURRENCY = 24;
const MEMBERS = 100;
const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Player = { memberId: number; vendor: string };

async function side(name: string, sqlFile: string | undefined) {
  const url = Object.assign(new URL(base), { pathname: `/${name}` }).toString();
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const database = await openPostgres({ url, poolSize: CONCURRENCY });
  await migrateToLatest(database);
  if (await isEmpty(database)) await seedNewDatabase(database, { demo: false });
  if (sqlFile) await sql.raw(readFileSync(sqlFile, 'utf8')).execute(database.db);
  const config = loadConfig({ ...process.env, DATABASE_URL: url });
  const { houseGames, wallet, members } = createServices({ config, database });
  const play =
    GAME === 'dice'
      ? async (p: Player) =>
          void (await houseGames.original(p, 'dice', { bet: 1, target: 4950, over: false }))
      : async (p: Player) => {
          await houseGames.minesStart(p, 'mines', 1, 3);
          if ((await houseGames.minesReveal(p, 'mines', 12)).open) await houseGames.minesCashOut(p, 'mines');
        };
  // A player has one round at a time (Mines keeps one open): each loop takes a free one.
  const free: Player[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const memberId = await members.create({ username: `ab${i}`, agentType: 0, password: null });
    await fundMember(wallet, memberId, 100_000_000, `ab:open:${memberId}`);
    const player = { memberId, vendor: 'SBX' };
    await play(player);
    free.push(player);
  }
  /** Rounds a second over `ms`. */
  const burst = async (ms: number) => {
    const end = Date.now() + ms;
    let rounds = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (Date.now() < end) {
          const p = free.shift()!;
          try {
            await play(p);
            rounds++;
          } finally {
            free.push(p);
          }
        }
      }),
    );
    return rounds / (ms / 1000);
  };
  const close = async () => {
    await database.close();
    const a = new pg.Client({ connectionString: base });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  };
  return { burst, check: () => wallet.check(), close };
}

const a = await side('originals_ab_a', process.env.AB_A_SQL);
const b = await side('originals_ab_b', process.env.AB_B_SQL);
try {
  await a.burst(BURST_MS);
  await b.burst(BURST_MS);
  const ratios: number[] = [];
  let sumA = 0;
  let sumB = 0;
  for (let i = 0; i < PAIRS; i++) {
    const [first, second] = i % 2 ? [b, a] : [a, b];
    const r1 = await first.burst(BURST_MS);
    const r2 = await second.burst(BURST_MS);
    const [ra, rb] = i % 2 ? [r2, r1] : [r1, r2];
    sumA += ra;
    sumB += rb;
    ratios.push(rb / ra);
    console.log(`pair ${i + 1}: A ${ra.toFixed(0)}/s, B ${rb.toFixed(0)}/s, B/A ${(rb / ra).toFixed(3)}`);
  }
  ratios.sort((x, y) => x - y);
  const median =
    ratios.length % 2
      ? ratios[(ratios.length - 1) / 2]!
      : (ratios[ratios.length / 2 - 1]! + ratios[ratios.length / 2]!) / 2;
  console.log(
    `${GAME}: A ${(sumA / PAIRS).toFixed(0)}/s, B ${(sumB / PAIRS).toFixed(0)}/s on average; B/A median of ${PAIRS} pairs ${median.toFixed(3)}`,
  );
  console.log(
    `ledger check: A ${(await a.check()).ok ? 'exact' : 'FAILED'}, B ${(await b.check()).ok ? 'exact' : 'FAILED'}`,
  );
} finally {
  await a.close();
  await b.close();
}
