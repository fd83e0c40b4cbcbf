import { sql, type Kysely } from 'kysely';

/**
 * The back office's feedback inbox (issue 31, decision 051): a feedback is handled once, by a
 * member of staff, with a reply or remark. `handled_at` null: still open. The open ones are read
 * oldest first, from a partial index that holds only them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table feedback add column handled_at timestamptz`.execute(db);
  await sql`alter table feedback add column handled_by text`.execute(db);
  await sql`alter table feedback add column reply text not null default '' check (char_length(reply) <= 500)`.execute(
    db,
  );
  await sql`create index feedback_open on feedback (id) where handled_at is null`.execute(db);
  await sql`create index feedback_handled on feedback (handled_at desc, id desc) where handled_at is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists feedback_handled`.execute(db);
  await sql`drop index if exists feedback_open`.execute(db);
  await sql`alter table feedback drop column if exists reply`.execute(db);
  await sql`alter table feedback drop column if exists handled_by`.execute(db);
  await sql`alter table feedback drop column if exists handled_at`.execute(db);
}
