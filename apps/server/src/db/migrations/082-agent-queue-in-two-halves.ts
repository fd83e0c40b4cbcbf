import { sql, type Kysely } from 'kysely';

/**
 * The agent figures' queue in two halves used in turn, each emptied whole by TRUNCATE (issue 29,
 * decision 028, "The queue in two halves"; migration 029 made it).
 *
 * The fold took its rows by `delete … where id in (select id … order by id limit …)`: every row
 * queued was written, indexed by its bigserial id, and later deleted row by row, each delete WAL
 * and a dead row. Without autovacuum (these machines run without it) the dead rows and the id
 * index's dead entries stay: the heap only grows, and each fold's `order by id` walks the index
 * from its oldest, dead, end.
 *
 * Now `agent_stat_queue` is a table partitioned by `slot`, 0 or 1, with no index and no id:
 *
 * - A row's slot is its column default, the sequence `agent_stat_queue_slot`'s last value modulo 2
 *   (`pg_sequence_last_value`, a read of the sequence's one page: no statement, no lock beyond the
 *   relation's own). The writers (bet_record's triggers, ledger_post, registrations and logins)
 *   insert into `agent_stat_queue` as before, unchanged: the row is routed to its half.
 * - A fold (under its advisory lock, one at a time across instances) moves the sequence on
 *   (`nextval`, seen by every session at once, outside any transaction), so new rows go to the
 *   other half; locks the half it takes (`agent_stat_queue_<n>`) ACCESS EXCLUSIVE, which waits out
 *   the writers still in a transaction that wrote to it and holds off any that read the slot just
 *   before the switch; reads it whole and TRUNCATEs it, in its own transaction. The settlements
 *   meanwhile write to the other half and never wait on the fold.
 *
 * Exactly once: the rows a fold reads are all the half holds while it holds the half's lock, and the
 * TRUNCATE that empties it commits with the figures, or neither does (a crash or kill -9 rolls both
 * back; the sequence having moved on only means the next fold takes the other half first and this
 * one after). A row written to a half after its fold (a writer that read the slot before the switch
 * and waited on the lock) stays there for the fold after next. The queue is a few seconds' rows:
 * no index is needed (the fold reads a half whole), and no order (the fold sums).
 *
 * The rows queued are moved over with the slot of the current half.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table agent_stat_queue rename to agent_stat_queue_old`.execute(db);
  await sql`create sequence agent_stat_queue_slot minvalue 0 start with 0`.execute(db);
  await sql`select setval('agent_stat_queue_slot', 0, true)`.execute(db);
  await sql`
    create table agent_stat_queue (
      slot smallint not null
        default (coalesce(pg_sequence_last_value('agent_stat_queue_slot'), 0) % 2)::smallint,
      member_id bigint not null,
      at timestamptz not null,
      event text not null check (event in ('BET','MONEY','REGISTER','LOGIN')),
      product text not null default '',
      kind text not null default '',
      reference text not null default '',
      bets integer not null default 0,
      bet_amount bigint not null default 0,
      valid_bet bigint not null default 0,
      payout bigint not null default 0,
      amount bigint not null default 0
    ) partition by list (slot)`.execute(db);
  await sql`create table agent_stat_queue_0 partition of agent_stat_queue for values in (0)`.execute(db);
  await sql`create table agent_stat_queue_1 partition of agent_stat_queue for values in (1)`.execute(db);
  await sql`
    insert into agent_stat_queue (member_id, at, event, product, kind, reference, bets, bet_amount, valid_bet,
      payout, amount)
    select member_id, at, event, product, kind, reference, bets, bet_amount, valid_bet, payout, amount
    from agent_stat_queue_old order by id`.execute(db);
  await sql`drop table agent_stat_queue_old`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table agent_stat_queue rename to agent_stat_queue_new`.execute(db);
  await sql`
    create table agent_stat_queue (
      id bigserial primary key,
      member_id bigint not null,
      at timestamptz not null,
      event text not null check (event in ('BET','MONEY','REGISTER','LOGIN')),
      product text not null default '',
      kind text not null default '',
      reference text not null default '',
      bets integer not null default 0,
      bet_amount bigint not null default 0,
      valid_bet bigint not null default 0,
      payout bigint not null default 0,
      amount bigint not null default 0
    )`.execute(db);
  await sql`
    insert into agent_stat_queue (member_id, at, event, product, kind, reference, bets, bet_amount, valid_bet,
      payout, amount)
    select member_id, at, event, product, kind, reference, bets, bet_amount, valid_bet, payout, amount
    from agent_stat_queue_new`.execute(db);
  await sql`drop table agent_stat_queue_new`.execute(db);
  await sql`drop sequence agent_stat_queue_slot`.execute(db);
}
