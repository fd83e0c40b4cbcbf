import { sql, type Kysely } from 'kysely';

/**
 * The points' queue and the site figures' queue in two halves used in turn, each emptied whole by
 * TRUNCATE, as the agent figures' queue has been since migration 082 (issue 34; decision 028, "The
 * queue in two halves"; docs/benchmarks.md session 42).
 *
 * Every settled bet queues a row in each (`bet_record`'s trigger): each row took a sequence's next
 * value and an entry in its primary key, and the folds took their rows by `delete … where id in
 * (select id … order by id limit …)`, a delete with its WAL and a dead row each, which nothing
 * reclaims without autovacuum. (In the originals' bench the rounds' rate does not move: routing a
 * row to its half costs about what its id and key did; docs/benchmarks.md session 42.)
 *
 * Each table is now partitioned by `slot`, 0 or 1, with no index and no id: a row's slot is its
 * column default, the sequence `<table>_slot`'s last value modulo 2; a fold moves the sequence on,
 * locks the half it takes, reads it whole and truncates it (`db/queue-halves.ts`). The writers
 * (the trigger, the deposits' points) insert as before. The rows queued are moved over.
 */
const queues = {
  points_queue: sql`
      member_id bigint not null,
      product text not null,
      valid_bet bigint not null`,
  site_stat_queue: sql`
      member_id bigint not null,
      at timestamptz not null,
      product text not null,
      vendor text not null,
      bets integer not null,
      bet_amount bigint not null,
      valid_bet bigint not null,
      payout bigint not null`,
};
const columns = {
  points_queue: 'member_id, product, valid_bet',
  site_stat_queue: 'member_id, at, product, vendor, bets, bet_amount, valid_bet, payout',
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [queue, definition] of Object.entries(queues) as [
    keyof typeof queues,
    typeof queues.points_queue,
  ][]) {
    const old = `${queue}_old`;
    const sequence = `${queue}_slot`;
    const cols = sql.raw(columns[queue]);
    await sql`alter table ${sql.id(queue)} rename to ${sql.id(old)}`.execute(db);
    await sql`create sequence ${sql.id(sequence)} minvalue 0 start with 0`.execute(db);
    await sql`select setval(${sequence}::regclass, 0, true)`.execute(db);
    await sql`
      create table ${sql.id(queue)} (
        slot smallint not null
          default (coalesce(pg_sequence_last_value(${sql.lit(sequence)}::regclass), 0) % 2)::smallint,
        ${definition}
      ) partition by list (slot)`.execute(db);
    for (const half of [0, 1])
      await sql`create table ${sql.id(`${queue}_${half}`)} partition of ${sql.id(queue)} for values in (${sql.lit(half)})`.execute(
        db,
      );
    await sql`insert into ${sql.id(queue)} (${cols}) select ${cols} from ${sql.id(old)} order by id`.execute(
      db,
    );
    await sql`drop table ${sql.id(old)}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [queue, definition] of Object.entries(queues) as [
    keyof typeof queues,
    typeof queues.points_queue,
  ][]) {
    const halves = `${queue}_halves`;
    const cols = sql.raw(columns[queue]);
    await sql`alter table ${sql.id(queue)} rename to ${sql.id(halves)}`.execute(db);
    await sql`create table ${sql.id(queue)} (id bigserial primary key, ${definition})`.execute(db);
    await sql`insert into ${sql.id(queue)} (${cols}) select ${cols} from ${sql.id(halves)}`.execute(db);
    await sql`drop table ${sql.id(halves)}`.execute(db);
    await sql`drop sequence ${sql.id(`${queue}_slot`)}`.execute(db);
  }
}
