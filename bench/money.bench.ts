/**
 * Money benchmark (issue #4): ledger movements per second on PostgreSQL, with their p99, and the
 * ledger check after the run (every balance re-derived from the postings, conservation exact).
 *
 * The worker (`node bench/money.bench.ts worker <database url>`, pinned to core 0; PostgreSQL has
 * the other core) drives `WalletService.transfer` itself, the call every route that moves money
 * makes, with 24 concurrent callers over 400 funded members for BENCH_DURATION_S seconds (10 by
 * default) after a 2-second warm-up. The mix is what a casino's ledger sees: half transfers between
 * a member's main and vendor wallets (GCS_walletTransfer), a quarter stakes to the house, a
 * quarter payouts from it; the house account is then a hot row every other movement touches.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AccountRef } from '../apps/server/src/modules/wallet/wallet.service.ts';
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
const MEMBERS = 400;
const MIN_RATE = 1_000;
const MAX_P99_MS = 50;

interface WorkerResult {
  /** The movements: their count, p50, p99 and CPU per movement of the app and its PostgreSQL backends. */
  burst: BurstFigures;
  check: { ok: boolean; total: number; drifted: number; unbalanced: number };
  conserved: boolean;
}

// ---------------------------------------------------------------- worker (core 0)

async function worker(url: string): Promise<void> {
  const { withMigratedPostgres, fundMember } = await import('./lib/postgres-worker.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { BrandConfigStore } = await import('../apps/server/src/modules/system/brand-config.ts');
  const { WalletService, HouseAccount } = await import('../apps/server/src/modules/wallet/wallet.service.ts');
  const { createMember } = await import('../apps/server/src/modules/member/member.service.ts');

  await withMigratedPostgres(url, CONCURRENCY, async (database) => {
    const wallet = new WalletService(database, new BrandConfigStore(loadConfig().brandConfigPath));
    const ids: number[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const id = await createMember(database.db, { username: `bench${i}`, agentType: 0, password: null });
      ids.push(id);
      await fundMember(wallet, id, 10_000_000, `bench:open:${id}`);
      // Open the vendor wallet too, so the measured movements never create accounts.
      await wallet.transfer({
        from: { memberId: id },
        to: { memberId: id, wallet: 'VENDOR_PG' },
        amount: 1_000_000,
        kind: 'WALLET_TRANSFER',
        reference: 'bench-open',
        idempotencyKey: `bench:vendor:${id}`,
      });
    }
    const [before] = (
      await database.db
        .selectFrom('ledger_account')
        .select((eb) => eb.fn.sum<number>('balance').as('s'))
        .where('member_id', 'is not', null)
        .execute()
    ).map((r) => Number(r.s));

    let serial = 0;
    const move = () => {
      const n = serial++;
      const member = ids[Math.floor(Math.random() * ids.length)]!;
      const amount = 1 + Math.floor(Math.random() * 5_000);
      const r = Math.random();
      const key = `bench:${n}`;
      const main: AccountRef = { memberId: member };
      const vendor: AccountRef = { memberId: member, wallet: 'VENDOR_PG' };
      const house: AccountRef = { house: HouseAccount.cash };
      const [from, to, kind] =
        r < 0.25
          ? ([main, vendor, 'WALLET_TRANSFER'] as const)
          : r < 0.5
            ? ([vendor, main, 'WALLET_TRANSFER'] as const)
            : r < 0.75
              ? ([main, house, 'BET_STAKE'] as const)
              : ([house, main, 'BET_PAYOUT'] as const);
      return wallet.transfer({ from, to, amount, kind, reference: key, idempotencyKey: key });
    };

    const burst = await measureBurst({
      op: move,
      concurrency: CONCURRENCY,
      durationS,
      db: database.db,
      isRefusal: (err) => (err as { errorCode?: string }).errorCode === 'wallet.balance.insufficient',
    });
    const report = await wallet.check();
    const [after] = (
      await database.db
        .selectFrom('ledger_account')
        .select((eb) => eb.fn.sum<number>('balance').as('s'))
        .execute()
    ).map((r) => Number(r.s));
    printResult({
      burst: burstFigures(burst),
      check: {
        ok: report.ok,
        total: report.total,
        drifted: report.drifted.length,
        unbalanced: report.unbalanced.length,
      },
      // Member and house balances together sum to zero: nothing was created or lost.
      conserved: after === 0 && before! > 0,
    } satisfies WorkerResult);
  });
}

// ---------------------------------------------------------------- the bench module

export async function run(): Promise<BenchRow[]> {
  const db = await throwawayPostgres('bench_money');
  if (!db)
    throw new Error(
      'PostgreSQL does not answer (BENCH_DATABASE_URL / TEST_DATABASE_URL): the money bench needs it',
    );
  try {
    console.error(`  money: ${MEMBERS} members, ${CONCURRENCY} concurrent callers, ${durationS} s…`);
    const r = await runWorker<WorkerResult>('money worker', 0, [thisFile, 'worker', db.url]);
    console.error(
      `    ${describeBurstCpu(r.burst, 'movement')}\n    ${describeBurst(r.burst, 'movements')} (insufficient), ledger check ${r.check.ok ? 'exact' : 'FAILED'}`,
    );
    return [
      ...burstRows(r.burst, {
        rateFigure:
          'money movements/s, PostgreSQL (WalletService.transfer, 24 callers, half touching the house account)',
        p99Figure: 'money movement p99, PostgreSQL',
        cpuFigure: 'money movement CPU: app / PostgreSQL backends (capacity on 2 cores, one each)',
        minRate: MIN_RATE,
        maxP99Ms: MAX_P99_MS,
      }),
      {
        figure: 'ledger check after the money run',
        value:
          r.check.ok && r.conserved
            ? 'exact (no drift, every transaction sums to 0, total conserved)'
            : `MISMATCH: ${JSON.stringify(r.check)}, conserved ${r.conserved}`,
        budget: 'exact',
        pass: r.check.ok && r.conserved,
      },
    ];
  } finally {
    await db.drop();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === thisFile && process.argv[2] === 'worker') {
  await worker(process.argv[3]!);
}
