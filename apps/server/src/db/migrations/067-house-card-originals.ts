import { sql, type Kysely } from 'kysely';

/**
 * Issue 34, the house originals played with cards (decision 046): HiLo, Baccarat and Blackjack.
 *
 * - house_round takes their kinds beside those of migrations 057 and 064.
 * - house_open_round (migration 057, Mines' open round) holds any original played in steps: `mines`
 *   becomes optional (a HiLo or Blackjack round has none; its check still holds Mines to 1..24) and
 *   `moves` keeps the player's actions in order (HiLo: higher, lower, same, skip). The cards are not
 *   kept: they are the round's draws from its seed and nonce, recomputed by the server at each
 *   step, so an open round survives a restart with nothing but this row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table house_round drop constraint if exists house_round_kind_check`.execute(db);
  await sql`
    alter table house_round add constraint house_round_kind_check
      check (kind in ('slot', 'table', 'dice', 'limbo', 'mines', 'plinko', 'keno', 'wheel', 'roulette', 'sicbo',
                      'hilo', 'baccarat', 'blackjack'))`.execute(db);
  await sql`alter table house_open_round alter column mines drop not null`.execute(db);
  await sql`alter table house_open_round add column moves jsonb not null default '[]'::jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from house_open_round where mines is null`.execute(db);
  await sql`alter table house_open_round drop column if exists moves`.execute(db);
  await sql`alter table house_open_round alter column mines set not null`.execute(db);
  await sql`alter table house_round drop constraint if exists house_round_kind_check`.execute(db);
  await sql`
    alter table house_round add constraint house_round_kind_check
      check (kind in ('slot', 'table', 'dice', 'limbo', 'mines', 'plinko', 'keno', 'wheel', 'roulette', 'sicbo'))`.execute(
    db,
  );
}
