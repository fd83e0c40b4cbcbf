import { sql, type Kysely } from 'kysely';

/**
 * A chat group's name is unique whatever its case (issue 32, decision 054's amendment): the
 * console checked it in code under a lock; the index makes the database the judge, so two
 * creates of "Darts" and "DARTS" at once give one group and one clear 409. Names that already
 * clash (none in the reference data; the console refused them) keep the oldest group's name and
 * the others take their id after it, so the index can be built and nothing is lost.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update chat_group g
    set name = left(g.name, 60 - char_length(' #' || g.id)) || ' #' || g.id
    where exists (
      select 1 from chat_group o where lower(o.name) = lower(g.name) and o.id < g.id
    )`.execute(db);
  await sql`create unique index chat_group_name_lower on chat_group (lower(name))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists chat_group_name_lower`.execute(db);
}
