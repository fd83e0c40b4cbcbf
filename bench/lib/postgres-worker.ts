/**
 * What the PostgreSQL workers of the money, house-games and lottery benches share. It loads the
 * server's modules: a bench imports it inside its worker (`await import(...)`), not where the
 * runner imports the bench.
 */
import { openPostgres } from '../../apps/server/src/db/connection.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { isEmpty, seedNewDatabase } from '../../apps/server/src/seed/seed.ts';
import { HouseAccount, type WalletService } from '../../apps/server/src/modules/wallet/wallet.service.ts';

type BenchDatabase = Awaited<ReturnType<typeof openPostgres>>;

/**
 * Opens the bench's database with a pool of `poolSize`, migrates it, gives an empty one the
 * reference data every site has (production included: switches, register rules, settings), and
 * the demo content too when `seed.demo` asks (the benches that read the demo brand), runs `work`
 * and closes it. A kept database (not empty) is measured as it is. Without the reference data the system snapshot never loads: its cache keeps
 * no failed load, so every call that read it reloaded twelve tables (a Dice round paid 1.4 such
 * reloads, most of its database time), a cost no real site has.
 */
export async function withMigratedPostgres<T>(
  url: string,
  poolSize: number,
  work: (database: BenchDatabase) => Promise<T>,
  seed: { demo: boolean } = { demo: false },
): Promise<T> {
  const database = await openPostgres({ url, poolSize });
  try {
    await migrateToLatest(database);
    if (await isEmpty(database)) await seedNewDatabase(database, seed);
    return await work(database);
  } finally {
    await database.close();
  }
}

/** withMigratedPostgres with the demo content as well (the benches that read the demo brand). */
export function withDemoPostgres<T>(
  url: string,
  poolSize: number,
  work: (database: BenchDatabase) => Promise<T>,
): Promise<T> {
  return withMigratedPostgres(url, poolSize, work, { demo: true });
}

/** A bench member's opening deposit of `amount` minor units from the house's cash. */
export function fundMember(
  wallet: Pick<WalletService, 'transfer'>,
  memberId: number,
  amount: number,
  idempotencyKey: string,
): ReturnType<WalletService['transfer']> {
  return wallet.transfer({
    from: { house: HouseAccount.cash },
    to: { memberId },
    amount,
    kind: 'ADJUSTMENT',
    reference: 'bench-open',
    idempotencyKey,
  });
}
