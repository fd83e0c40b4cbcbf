import { sql, type Kysely } from 'kysely';

/**
 * The winners board (`biggestWins`, decision 024) orders a week of wins by win amount, biggest
 * first, ties by record id, and answers the first 100 at most. With only the `settled_at` index
 * PostgreSQL read every win of the week and sorted it (1.7 s for 2.1 million wins); this index has
 * the board's order, so the planner walks it from the top and stops after `limit` rows that pass
 * the week, category and trial filters (4–9 ms). The expression is the query's, word for word.
 *
 * `if not exists`: building it locks bet_win against writes (every winning spin waits) for the
 * build's duration, 1.7 s for 2.1 million rows measured; a large live database can get it first by
 * hand with `create index concurrently` under this name, and the migration then finds it there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index if not exists bet_win_board
      on bet_win ((payout - bet_amount) desc, bet_record_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists bet_win_board`.execute(db);
}
