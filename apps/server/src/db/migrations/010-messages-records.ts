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
}

export async function down(db: Kysely<unknown>): Promise<void> {
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
