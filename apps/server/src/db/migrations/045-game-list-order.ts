import { sql, type Kysely } from 'kysely';

/**
 * Issue 31, the back office's Games section (decision 035): the hot and new lists are ordered by
 * hand. A game's place in each list is its rank (1 first); a game of the list without a rank (the
 * seeded ones, and any marked before the list was first ordered) follows the ranked ones in the
 * catalogue's order (sort, then id). is_hot and is_new still say which games are in the lists.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table game add column hot_rank integer, add column new_rank integer`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table game drop column hot_rank, drop column new_rank`.execute(db);
}
