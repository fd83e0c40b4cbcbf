/**
 * What the PostgreSQL workers of the money, house-games and lottery benches share. It loads the
 * server's modules: a bench imports it inside its worker (`await import(...)`), not where the
 * runner imports the bench.
 */
import { openPostgres } from '../../apps/server/src/db/connection.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { HouseAccount, type WalletService } from '../../apps/server/src/modules/wallet/wallet.service.ts';

type BenchDatabase = Awaited<ReturnType<typeof openPostgres>>;

/** Opens the bench's database with a pool of `poolSize`, migrates it, runs `work` and closes it. */
export async function withMigratedPostgres<T>(
  url: string,
  poolSize: number,
  work: (database: BenchDatabase) => Promise<T>,
): Promise<T> {
  const database = await openPostgres({ url, poolSize });
  try {
    await migrateToLatest(database);
    return await work(database);
  } finally {
    await database.close();
  }
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
