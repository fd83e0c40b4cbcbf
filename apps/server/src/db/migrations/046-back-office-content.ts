import { sql, type Kysely } from 'kysely';

/**
 * Issue 31, the back office's Content section (decision 036):
 * - announcement: an end to a notice's schedule (`ends_at`; `published_at` is its start), a
 *   deletion that keeps the row (`deleted_at`, never listed again) and `updated_at`. The rows the
 *   CLI's `notice remove` deactivated before are the deleted ones (decision 004 kept them).
 * - banner: `deleted_at` and `updated_at`.
 * - help_article: `active` (an article can be hidden without being deleted) and `updated_at`.
 * - content_image: the banner images staff upload, re-encoded (WebP), addressed by their hash.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table announcement
      add column ends_at timestamptz,
      add column deleted_at timestamptz,
      add column updated_at timestamptz not null default now()`.execute(db);
  await sql`update announcement set deleted_at = now() where not active`.execute(db);
  await sql`
    alter table banner
      add column deleted_at timestamptz,
      add column updated_at timestamptz not null default now()`.execute(db);
  await sql`
    alter table help_article
      add column active boolean not null default true,
      add column updated_at timestamptz not null default now()`.execute(db);
  await sql`
    create table content_image (
      id serial primary key,
      sha256 text not null unique,
      mime text not null,
      bytes bytea not null,
      width integer not null,
      height integer not null,
      created_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table content_image`.execute(db);
  await sql`alter table help_article drop column active, drop column updated_at`.execute(db);
  await sql`alter table banner drop column deleted_at, drop column updated_at`.execute(db);
  await sql`alter table announcement drop column ends_at, drop column deleted_at, drop column updated_at`.execute(
    db,
  );
}
