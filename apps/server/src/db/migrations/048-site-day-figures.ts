import { sql, type Kysely } from 'kysely';

/**
 * Issue 31, the back office's Dashboard and Reports (decision 038): the site's settled bets per
 * report day, product, vendor and registration channel, and each day's active players, kept by a
 * fold, so that neither reads a raw bet at request time (a day of a million bets took the dashboard
 * 1.2 s to group; the day table holds a few hundred rows a day).
 *
 * - site_stat_queue: a settled bet in (its figures) or out (its old figures with the opposite sign),
 *   appended by statement-level triggers on bet_record in the settling transaction, as migration
 *   029's agent_stat_queue is, with the vendor that queue lacks. A queue of its own: the agent fold
 *   deletes what it folds, and one delete cannot serve two consumers exactly once (as 042's points).
 * - site_day: per report day, product, vendor and channel (the member's register_method, and for a
 *   member who came through an agent's link that link's channel kind: 'AFFILIATE_URL:QQ_GROUP'),
 *   the settled bets' count, stake, valid bet and payout. Keyed by day first: every read is a range
 *   of days.
 * - site_member_day: the days each member had a settled bet (events netted), so a correction that
 *   takes a member's only bet of a day away takes the member off that day.
 * - site_active: per day and gap (days since the member's previous active day, capped at 93), the
 *   members active that day. A member is counted once in a range [s, e] of up to 93 days on its
 *   first active day in it: the day d with gap > d − s (decision 028's way, site-wide, with a cap
 *   one past the dashboard's longest range of 92 days).
 * - site_member_channel: each member's channel, fixed at registration, looked up by the fold.
 * - site_stat_state: the folds' count and the last fold's time (the figures' "as of").
 *
 * The queue starts with the settled history, so the first fold builds the figures of the past.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table site_stat_queue (
      id bigserial primary key,
      member_id bigint not null,
      at timestamptz not null,
      product text not null,
      vendor text not null,
      bets integer not null,
      bet_amount bigint not null,
      valid_bet bigint not null,
      payout bigint not null
    )`.execute(db);

  await sql`
    create function site_stat_bet_insert() returns trigger language plpgsql as $$
    begin
      insert into site_stat_queue (member_id, at, product, vendor, bets, bet_amount, valid_bet, payout)
        select n.member_id, coalesce(n.settled_at, n.bet_at), n.product, n.vendor, 1, n.bet_amount,
               n.valid_bet, n.payout
        from changed_rows n
        where n.status = 'SETTLED';
      return null;
    end $$`.execute(db);
  await sql`
    create trigger bet_record_site_insert after insert on bet_record
      referencing new table as changed_rows
      for each statement execute function site_stat_bet_insert()`.execute(db);
  // No join of the old rows with the new (migration 029's reason): a row settled before and after
  // goes out and comes back in, and the fold nets it.
  await sql`
    create function site_stat_bet_update() returns trigger language plpgsql as $$
    begin
      insert into site_stat_queue (member_id, at, product, vendor, bets, bet_amount, valid_bet, payout)
        select o.member_id, coalesce(o.settled_at, o.bet_at), o.product, o.vendor, -1, -o.bet_amount,
               -o.valid_bet, -o.payout
        from previous_rows o
        where o.status = 'SETTLED'
        union all
        select n.member_id, coalesce(n.settled_at, n.bet_at), n.product, n.vendor, 1, n.bet_amount,
               n.valid_bet, n.payout
        from changed_rows n
        where n.status = 'SETTLED';
      return null;
    end $$`.execute(db);
  await sql`
    create trigger bet_record_site_update after update on bet_record
      referencing old table as previous_rows new table as changed_rows
      for each statement execute function site_stat_bet_update()`.execute(db);

  await sql`
    create table site_day (
      day date not null,
      product text not null,
      vendor text not null,
      channel text not null,
      bets bigint not null default 0,
      bet_amount bigint not null default 0,
      valid_bet bigint not null default 0,
      payout bigint not null default 0,
      primary key (day, product, vendor, channel)
    ) with (fillfactor = 70)`.execute(db);
  await sql`
    create table site_member_day (
      member_id bigint not null,
      day date not null,
      events integer not null,
      primary key (member_id, day)
    ) with (fillfactor = 70)`.execute(db);
  await sql`
    create table site_active (
      day date not null,
      gap smallint not null,
      members integer not null,
      primary key (day, gap)
    )`.execute(db);
  await sql`
    create table site_member_channel (
      member_id bigint primary key,
      channel text not null
    )`.execute(db);
  await sql`
    create table site_stat_state (
      singleton boolean primary key default true check (singleton),
      folds bigint not null default 0,
      last_fold_at timestamptz
    )`.execute(db);
  await sql`insert into site_stat_state (singleton) values (true)`.execute(db);

  await sql`
    insert into site_stat_queue (member_id, at, product, vendor, bets, bet_amount, valid_bet, payout)
      select member_id, coalesce(settled_at, bet_at), product, vendor, 1, bet_amount, valid_bet, payout
      from bet_record where status = 'SETTLED' order by id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists bet_record_site_update on bet_record`.execute(db);
  await sql`drop trigger if exists bet_record_site_insert on bet_record`.execute(db);
  await sql`drop function if exists site_stat_bet_update`.execute(db);
  await sql`drop function if exists site_stat_bet_insert`.execute(db);
  for (const table of [
    'site_stat_state',
    'site_member_channel',
    'site_active',
    'site_member_day',
    'site_day',
    'site_stat_queue',
  ])
    await sql`drop table if exists ${sql.id(table)}`.execute(db);
}
