import { sql, type Kysely } from 'kysely';

/**
 * Issue 34, more house originals (decision 046): house_round takes Keno, Wheel, European Roulette
 * and Sic Bo beside the kinds of migration 057. They settle in one statement like Dice (no open
 * round), so nothing else changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table house_round drop constraint if exists house_round_kind_check`.execute(db);
  await sql`
    alter table house_round add constraint house_round_kind_check
      check (kind in ('slot', 'table', 'dice', 'limbo', 'mines', 'plinko', 'keno', 'wheel', 'roulette', 'sicbo'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table house_round drop constraint if exists house_round_kind_check`.execute(db);
  await sql`
    alter table house_round add constraint house_round_kind_check
      check (kind in ('slot', 'table', 'dice', 'limbo', 'mines', 'plinko'))`.execute(db);
}
