import { sql, type Kysely } from 'kysely';

/**
 * The winning bets the winners board reads (NC-33), kept in a table of their own instead of a
 * partial index on bet_record (decision 022).
 *
 * A settlement updates each betting record once: status, payout, valid bet and settled time. An
 * update is heap-only (writes no index entry) only when no indexed column changes and the new row
 * version fits in the page. The partial index `bet_record_settled_wins` covered settled_at and,
 * through its predicate, status, payout and bet_amount, so no settlement update could be
 * heap-only: each wrote into all four indexes. Measured in isolation, 100,000 record updates took
 * 3.7 s with that index and 0.89 s without it at fillfactor 50.
 *
 * - bet_win: one row per winning settled record (status SETTLED and payout above the stake),
 *   kept by triggers on bet_record so every writer (the records service, the spin function of
 *   migration 017, a correction) feeds it: a row-level trigger on insert (a spin's record is
 *   written settled, one row per statement) and a statement-level trigger on update, which reads
 *   the statement's changed rows at once, so a 100,000-record settlement is two set statements,
 *   not 100,000 function calls. A correction that takes a win away deletes its row.
 * - bet_record at fillfactor 50: a lottery record is written pending and updated once at
 *   settlement; with half of each page free every settlement update of the page fits in it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table bet_win (
      bet_record_id bigint primary key references bet_record(id) on delete cascade,
      member_id bigint not null,
      vendor text not null,
      product text not null,
      game_name text not null,
      currency text not null,
      bet_amount bigint not null,
      payout bigint not null,
      settled_at timestamptz not null
    )`.execute(db);
  await sql`create index bet_win_settled on bet_win (settled_at)`.execute(db);

  await sql`
    create function bet_win_on_insert() returns trigger language plpgsql as $$
    begin
      insert into bet_win (bet_record_id, member_id, vendor, product, game_name, currency, bet_amount,
                           payout, settled_at)
        values (new.id, new.member_id, new.vendor, new.product, new.game_name, new.currency,
                new.bet_amount, new.payout, coalesce(new.settled_at, new.bet_at))
        on conflict (bet_record_id) do nothing;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger bet_record_win_insert after insert on bet_record
      for each row when (new.status = 'SETTLED' and new.payout > new.bet_amount)
      execute function bet_win_on_insert()`.execute(db);

  await sql`
    create function bet_win_on_update() returns trigger language plpgsql as $$
    begin
      insert into bet_win (bet_record_id, member_id, vendor, product, game_name, currency, bet_amount,
                           payout, settled_at)
        select n.id, n.member_id, n.vendor, n.product, n.game_name, n.currency, n.bet_amount, n.payout,
               coalesce(n.settled_at, n.bet_at)
        from changed_rows n
        where n.status = 'SETTLED' and n.payout > n.bet_amount
        on conflict (bet_record_id) do update
          set bet_amount = excluded.bet_amount, payout = excluded.payout, settled_at = excluded.settled_at;
      -- Only a record that was a winner can have a row to take away.
      delete from bet_win w
        using previous_rows o
        where w.bet_record_id = o.id and o.status = 'SETTLED' and o.payout > o.bet_amount
          and not exists (
            select 1 from changed_rows n
            where n.id = o.id and n.status = 'SETTLED' and n.payout > n.bet_amount);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger bet_record_win_update after update on bet_record
      referencing old table as previous_rows new table as changed_rows
      for each statement execute function bet_win_on_update()`.execute(db);

  await sql`
    insert into bet_win (bet_record_id, member_id, vendor, product, game_name, currency, bet_amount, payout,
                         settled_at)
      select id, member_id, vendor, product, game_name, currency, bet_amount, payout,
             coalesce(settled_at, bet_at)
      from bet_record where status = 'SETTLED' and payout > bet_amount`.execute(db);
  await sql`drop index if exists bet_record_settled_wins`.execute(db);
  await sql`alter table bet_record set (fillfactor = 50)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bet_record reset (fillfactor)`.execute(db);
  await sql`
    create index bet_record_settled_wins on bet_record (settled_at)
    where status = 'SETTLED' and payout > bet_amount`.execute(db);
  await sql`drop trigger if exists bet_record_win_update on bet_record`.execute(db);
  await sql`drop trigger if exists bet_record_win_insert on bet_record`.execute(db);
  await sql`drop function if exists bet_win_on_update()`.execute(db);
  await sql`drop function if exists bet_win_on_insert()`.execute(db);
  await sql`drop table if exists bet_win`.execute(db);
}
