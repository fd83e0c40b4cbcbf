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
import type { BenchRow } from './lib/types.ts';
import { throwawayPostgres } from './lib/throwaway-postgres.ts';
import { pinnedNode } from './lib/processes.ts';
import { measureBurst } from './lib/burst.ts';

const thisFile = fileURLToPath(import.meta.url);
const durationS = Number(process.env.BENCH_DURATION_S ?? 10);
const CONCURRENCY = 24;
const MEMBERS = 400;
const MIN_RATE = 1_000;
const MAX_P99_MS = 50;

interface WorkerResult {
  movements: number;
  refused: number;
  seconds: number;
  p50Ms: number;
  p99Ms: number;
  check: { ok: boolean; total: number; drifted: number; unbalanced: number };
  conserved: boolean;
  /** CPU time per movement of this process and of the PostgreSQL backends serving it (µs). */
  appCpuUs: number;
  dbCpuUs: number | null;
}

// ---------------------------------------------------------------- worker (core 0)

async function worker(url: string): Promise<void> {
  const { openPostgres } = await import('../apps/server/src/db/connection.ts');
  const { migrateToLatest } = await import('../apps/server/src/db/migrate.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { BrandConfigStore } = await import('../apps/server/src/modules/system/brand-config.ts');
  const { WalletService, HouseAccount } = await import('../apps/server/src/modules/wallet/wallet.service.ts');
  const { createMember } = await import('../apps/server/src/modules/member/member.service.ts');

  const database = await openPostgres({ url, poolSize: CONCURRENCY });
  try {
    await migrateToLatest(database);
    const wallet = new WalletService(database, new BrandConfigStore(loadConfig().brandConfigPath));
    const ids: number[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const id = await createMember(database.db, { username: `bench${i}`, agentType: 0, password: null });
      ids.push(id);
      await wallet.transfer({
        from: { house: HouseAccount.cash },
        to: { memberId: id },
        amount: 10_000_000,
        kind: 'ADJUSTMENT',
        reference: 'bench-open',
        idempotencyKey: `bench:open:${id}`,
      });
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
      if (r < 0.25)
        return wallet.transfer({
          from: { memberId: member },
          to: { memberId: member, wallet: 'VENDOR_PG' },
          amount,
          kind: 'WALLET_TRANSFER',
          reference: key,
          idempotencyKey: key,
        });
      if (r < 0.5)
        return wallet.transfer({
          from: { memberId: member, wallet: 'VENDOR_PG' },
          to: { memberId: member },
          amount,
          kind: 'WALLET_TRANSFER',
          reference: key,
          idempotencyKey: key,
        });
      if (r < 0.75)
        return wallet.transfer({
          from: { memberId: member },
          to: { house: HouseAccount.cash },
          amount,
          kind: 'BET_STAKE',
          reference: key,
          idempotencyKey: key,
        });
      return wallet.transfer({
        from: { house: HouseAccount.cash },
        to: { memberId: member },
        amount,
        kind: 'BET_PAYOUT',
        reference: key,
        idempotencyKey: key,
      });
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
    const result: WorkerResult = {
      movements: burst.count,
      refused: burst.refused,
      seconds: burst.seconds,
      p50Ms: burst.p50Ms,
      p99Ms: burst.p99Ms,
      check: {
        ok: report.ok,
        total: report.total,
        drifted: report.drifted.length,
        unbalanced: report.unbalanced.length,
      },
      // Member and house balances together sum to zero: nothing was created or lost.
      conserved: after === 0 && before! > 0,
      appCpuUs: burst.appCpuUs,
      dbCpuUs: burst.dbCpuUs,
    };
    console.log(`RESULT ${JSON.stringify(result)}`);
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------- the bench module

function runWorker(url: string): Promise<WorkerResult> {
  return new Promise((resolvePromise, reject) => {
    const child = pinnedNode(0, [thisFile, 'worker', url]);
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('RESULT '));
      if (code === 0 && line) resolvePromise(JSON.parse(line.slice(7)) as WorkerResult);
      else reject(new Error(`money worker exited with ${code}:\n${out.slice(-2000)}`));
    });
  });
}

export async function run(): Promise<BenchRow[]> {
  const db = await throwawayPostgres('bench_money');
  if (!db)
    throw new Error(
      'PostgreSQL does not answer (BENCH_DATABASE_URL / TEST_DATABASE_URL): the money bench needs it',
    );
  try {
    console.error(`  money: ${MEMBERS} members, ${CONCURRENCY} concurrent callers, ${durationS} s…`);
    const r = await runWorker(db.url);
    const rate = r.movements / r.seconds;
    console.error(
      `    CPU per movement: app ${r.appCpuUs.toFixed(0)} µs, PostgreSQL backends ${r.dbCpuUs?.toFixed(0) ?? '?'} µs\n    ${rate.toFixed(0)} movements/s, p50 ${r.p50Ms.toFixed(1)} ms, p99 ${r.p99Ms.toFixed(1)} ms, ${r.refused} refused (insufficient), ledger check ${r.check.ok ? 'exact' : 'FAILED'}`,
    );
    return [
      {
        figure:
          'money movements/s, PostgreSQL (WalletService.transfer, 24 callers, half touching the house account)',
        value: `${rate.toFixed(0)}/s (${r.movements} in ${r.seconds.toFixed(1)} s)`,
        budget: `>= ${MIN_RATE}/s`,
        pass: rate >= MIN_RATE,
      },
      {
        figure: 'money movement p99, PostgreSQL',
        value: `${r.p99Ms.toFixed(1)} ms (p50 ${r.p50Ms.toFixed(1)} ms)`,
        budget: `< ${MAX_P99_MS} ms`,
        pass: r.p99Ms < MAX_P99_MS,
      },
      {
        figure: 'money movement CPU: app / PostgreSQL backends (capacity on 2 cores, one each)',
        value:
          r.dbCpuUs === null
            ? `${r.appCpuUs.toFixed(0)} µs app`
            : `${r.appCpuUs.toFixed(0)} µs / ${r.dbCpuUs.toFixed(0)} µs (≈ ${Math.floor(1e6 / Math.max(r.appCpuUs, r.dbCpuUs))}/s)`,
        budget: '-',
        pass: true,
      },
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
