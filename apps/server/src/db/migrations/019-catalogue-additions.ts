import type { Kysely } from 'kysely';
import { topUpGamesCatalogue } from '../../seed/games-catalogue.ts';

/**
 * The catalogue rows added after migration 012 first seeded it (issue 8: the Vietnamese lottery
 * vendor of NC-01, the sports and e-sports lobby games of GL-03): 012 seeds only an empty table,
 * so a database created before them would never list them. Existing rows are left as they are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await topUpGamesCatalogue(db);
}

export async function down(): Promise<void> {
  // The rows may be played on by now (rounds, favourites): nothing is taken back.
}
