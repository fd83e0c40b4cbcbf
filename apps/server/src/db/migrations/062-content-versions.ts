import { sql, type Kysely } from 'kysely';

/**
 * Issue 33, content in the player's language (decision 047). An item's own row (announcement,
 * banner, help_article, points_goods) stays its English text; `content_version` holds its text in
 * other languages, one row per item and language. `item_id` is text so a help article's key and the
 * other kinds' numbers share one table; the row goes with its item by the service (the items are
 * soft-deleted, so no foreign key can name them all).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table content_version (
      kind text not null check (kind in ('notice', 'banner', 'help', 'goods')),
      item_id text not null,
      language text not null check (language ~ '^[a-z]{2,3}(-[A-Za-z]{2,4})?$' and language <> 'en'),
      title text not null,
      content text not null default '',
      image_url text not null default '',
      category_title text not null default '',
      updated_at timestamptz not null default now(),
      primary key (kind, item_id, language)
    )`.execute(db);
}
