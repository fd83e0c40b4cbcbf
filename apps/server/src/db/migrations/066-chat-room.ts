import { sql, type Kysely } from 'kysely';

/**
 * The chat room (issue 32, HD-05, decision 054): groups a member enters by VIP rank, their
 * messages (plain text; removed by staff, never deleted, so the audit's "before" stays readable),
 * each member's read mark per group, and staff's mutes (a muted member reads, but does not send,
 * until the mute ends). Two groups come with the reference data: the lobby (every rank) and the
 * VIP lounge (rank 5 and up, where customer service also turns VIP, HD-04).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table chat_group (
      id serial primary key,
      name text not null check (char_length(name) between 1 and 60),
      description text not null default '' check (char_length(description) <= 200),
      min_rank integer not null default 0 check (min_rank >= 0),
      enabled boolean not null default true,
      sort integer not null default 0,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table chat_message (
      id bigserial primary key,
      group_id integer not null references chat_group(id),
      member_id bigint not null references member(id),
      content text not null check (char_length(content) between 1 and 300),
      created_at timestamptz not null default now(),
      removed_at timestamptz,
      removed_by text,
      remove_reason text not null default '' check (char_length(remove_reason) <= 200)
    )`.execute(db);
  // A group's page of messages, newest first, from the messages still shown.
  await sql`create index chat_message_group on chat_message (group_id, id desc) where removed_at is null`.execute(
    db,
  );
  // The console's list of one member's messages.
  await sql`create index chat_message_member on chat_message (member_id, id desc)`.execute(db);
  await sql`
    create table chat_read (
      member_id bigint not null references member(id) on delete cascade,
      group_id integer not null references chat_group(id) on delete cascade,
      last_read_id bigint not null default 0,
      primary key (member_id, group_id)
    )`.execute(db);
  await sql`
    create table chat_mute (
      member_id bigint primary key references member(id) on delete cascade,
      until timestamptz not null,
      reason text not null default '' check (char_length(reason) <= 200),
      muted_by text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    insert into chat_group (name, description, min_rank, sort) values
      ('Lobby', 'Talk with the other players', 0, 1),
      ('VIP lounge', 'For VIP rank 5 and above', 5, 2)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists chat_mute`.execute(db);
  await sql`drop table if exists chat_read`.execute(db);
  await sql`drop table if exists chat_message`.execute(db);
  await sql`drop table if exists chat_group`.execute(db);
}
