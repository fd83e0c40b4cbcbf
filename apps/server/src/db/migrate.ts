import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Database } from './connection.ts';
import * as m001 from './migrations/001-system.ts';
import * as m002 from './migrations/002-sessions.ts';

/** Migrations are listed in code so a bundle or a test needs no file-system scan. */
const migrations: Record<string, Migration> = {
  '001-system': m001,
  '002-sessions': m002,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(database: Database): Promise<void> {
  const migrator = new Migrator({ db: database.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
