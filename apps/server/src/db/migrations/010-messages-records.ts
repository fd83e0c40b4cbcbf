import { sql, type Kysely } from 'kysely';

/**
 * Platform messages, betting records and the live stream (issue 7).
 *
 * - member_message gains a soft delete (a deleted message leaves the inbox and the unread count
 *   but stays for support), the send it came from, and an index in inbox order.
 * - message_send records each operator send (to one member or to all), so "message list" can
 *   say what went out and to how many.
 * - bet_record is the one table games and lotteries write their bets to (through the records
 *   service's BetRecordWriter); the betting record and the profit and loss read it. One row per
 *   vendor bet reference, so a vendor retrying a bet or a settlement changes nothing twice.
 * - stream_ticket holds the single-use tickets that open a session's event stream; in the
 *   database so a ticket issued by one instance opens the stream on another.
 * - A statement trigger on ledger_posting announces a balance change to the members whose
 *   accounts a movement touched (MB-14), whoever moved the money (a service, the operator CLI,
 *   a job). NOTIFY inside the movement's transaction goes out at commit and not at all on a
 *   rollback. The channel is per schema, as MemberEvents.channel() names it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table message_send (
      id bigserial primary key,
      audience text not null,
      subject text not null,
      content text not null,
      recipients integer not null default 0,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`alter table member_message add column deleted_at timestamptz`.execute(db);
  await sql`alter table member_message add column send_id bigint references message_send(id)`.execute(db);
  await sql`drop index member_message_unread`.execute(db);
  await sql`
    create index member_message_unread on member_message (member_id)
    where read_at is null and deleted_at is null`.execute(db);
  await sql`
    create index member_message_inbox on member_message (member_id, created_at desc, id desc)
    where deleted_at is null`.execute(db);

  await sql`
    create table bet_record (
      id bigserial primary key,
      member_id bigint not null references member(id) on delete cascade,
      vendor text not null,
      bet_no text not null,
      product text not null,
      game_code text not null default '',
      game_name text not null default '',
      currency text not null,
      bet_amount bigint not null check (bet_amount >= 0),
      valid_bet bigint not null default 0 check (valid_bet >= 0),
      payout bigint not null default 0 check (payout >= 0),
      status text not null check (status in ('PENDING','SETTLED','CANCELLED')),
      bet_at timestamptz not null default now(),
      settled_at timestamptz,
      detail jsonb not null default '{}'::jsonb,
      unique (vendor, bet_no)
    )`.execute(db);
  await sql`create index bet_record_member_time on bet_record (member_id, bet_at desc, id desc)`.execute(db);

  await sql`
    create table stream_ticket (
      ticket_hash bytea primary key,
      session_id bigint not null references session(id) on delete cascade,
      member_id bigint not null,
      expires_at timestamptz not null,
      used_at timestamptz
    )`.execute(db);
  await sql`create index stream_ticket_expiry on stream_ticket (expires_at)`.execute(db);

  await sql`
    create function ledger_posting_notify_balance() returns trigger language plpgsql as $$
    declare
      members text;
    begin
      select string_agg(distinct a.member_id::text, ',') into members
      from new_postings p join ledger_account a on a.id = p.account_id
      where a.member_id is not null;
      if members is not null then
        perform pg_notify(
          case when current_schema() = 'public' then 'member_events' else 'member_events_' || current_schema() end,
          'balance:' || members);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger ledger_posting_notify_balance after insert on ledger_posting
    referencing new table as new_postings
    for each statement execute function ledger_posting_notify_balance()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger ledger_posting_notify_balance on ledger_posting`.execute(db);
  await sql`drop function ledger_posting_notify_balance()`.execute(db);
  await sql`drop table stream_ticket`.execute(db);
  await sql`drop table bet_record`.execute(db);
  await sql`drop index member_message_inbox`.execute(db);
  await sql`drop index member_message_unread`.execute(db);
  await sql`create index member_message_unread on member_message (member_id) where read_at is null`.execute(
    db,
  );
  await sql`alter table member_message drop column send_id`.execute(db);
  await sql`alter table member_message drop column deleted_at`.execute(db);
  await sql`drop table message_send`.execute(db);
}
