import { sql, type Kysely } from 'kysely';

/**
 * Issue 31, the back office's Players and Dashboard figures (decision 031).
 *
 * player_note: notes by staff on a player, append-only (a correction is a new note); the author's
 * name is copied so a note reads the same after the account is disabled.
 *
 * Player search is by a key's prefix at a million members: each key gets a btree in
 * text_pattern_ops (the operator class `like 'abc%'` can use whatever the database's collation),
 * on lower() where the search ignores case. The search reads at most a page and counts at most a
 * thousand matches, in the index's order, so a short prefix costs a short index range too.
 *
 * The dashboard reads its figures for a range of days from time indexes: registrations by
 * created_at, credited deposits by completed_at and payouts by paid_at. The last two cover their
 * amounts (index-only scans); bets use bet_record_settled (migration 038).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table player_note (
      id bigserial primary key,
      member_id bigint not null references member (id),
      staff_id bigint references staff (id),
      staff_name text not null,
      body text not null check (length(body) between 1 and 2000),
      at timestamptz not null default now()
    )`.execute(db);
  await sql`create index player_note_member on player_note (member_id, id desc)`.execute(db);

  await sql`create index member_username_prefix on member (lower(username) text_pattern_ops, id)`.execute(db);
  // Not partial: the planner keeps statistics of an index expression only for a whole-table index,
  // and without them it guesses a one-letter prefix matches a few rows and sorts them all.
  await sql`create index member_email_prefix on member (lower(email) text_pattern_ops, id)`.execute(db);
  await sql`create index member_mobile_prefix on member (mobile_number text_pattern_ops, id) where mobile_number is not null`.execute(
    db,
  );
  await sql`create index member_register_ip_prefix on member (register_ip text_pattern_ops, id)`.execute(db);
  await sql`create index member_last_login_ip_prefix on member (last_login_ip text_pattern_ops, id) where last_login_ip is not null`.execute(
    db,
  );
  await sql`create index member_known_ip_prefix on member_known_ip (ip text_pattern_ops, member_id)`.execute(
    db,
  );
  await sql`create index bank_account_number_prefix on bank_account (account_number text_pattern_ops, member_id)`.execute(
    db,
  );

  await sql`create index member_created on member (created_at)`.execute(db);
  await sql`
    create index deposit_order_completed on deposit_order (completed_at) include (member_id, amount)
      where status = 'SUCCESS'`.execute(db);
  await sql`
    create index withdrawal_paid_at on withdrawal (paid_at) include (amount, refund_amount)
      where paid_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'withdrawal_paid_at',
    'deposit_order_completed',
    'member_created',
    'bank_account_number_prefix',
    'member_known_ip_prefix',
    'member_last_login_ip_prefix',
    'member_register_ip_prefix',
    'member_mobile_prefix',
    'member_email_prefix',
    'member_username_prefix',
  ])
    await sql`drop index ${sql.id(index)}`.execute(db);
  await sql`drop table player_note`.execute(db);
}
