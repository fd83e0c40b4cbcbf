import { sql, type Kysely } from 'kysely';

/**
 * Issue 31, the back office's brand settings and lottery schedules (decision 040).
 *
 * - The operator-editable part of the brand config (site name, languages, currency symbol, home
 *   after login, chat colour) lives in `system_setting` under the key `brand`: only the fields an
 *   operator changed, over the file's (BRAND_CONFIG) values, so the file stays the default. The
 *   row is read with the status and switches (one snapshot, reloaded on the change feed).
 * - `lottery_game.suspended_dates`: zone-local calendar dates (YYYYMMDD) on which a game holds no
 *   draw (a holiday, a province's day off); the numero job creates no numero on them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table lottery_game add column suspended_dates text[] not null default '{}'`.execute(db);
  await sql`
    alter table lottery_game add constraint lottery_game_suspended_dates_format
    check (array_to_string(suspended_dates, ',') ~ '^([0-9]{8}(,[0-9]{8})*)?$')`.execute(db);
  await sql`
    insert into system_setting (key, value) values ('brand', '{}'::jsonb)
    on conflict (key) do nothing`.execute(db);
}
