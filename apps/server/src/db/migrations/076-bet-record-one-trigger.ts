import { sql, type Kysely } from 'kysely';

/**
 * One insert trigger and one update trigger on bet_record in place of four pairs (issue 34,
 * docs/benchmarks.md sessions 30 and 32).
 *
 * Four domains each added a pair: the winners board's bet_win (migration 021), the agent figures'
 * queue (029), the points' queue (042) and the site day figures' queue (048). A settled record
 * written by a spin (a Dice round) ran the winners' row trigger and three statement triggers, each
 * a function call of its own reading the statement's transition table. Now:
 *
 * - Insert: one row-level trigger, only for a record written settled (`when new.status =
 *   'SETTLED'`; every one of the four wrote nothing for another), whose function writes, from the
 *   new row, what the four wrote in the order they fired (the winners' row trigger first, then the
 *   statement triggers by name): the bet_win row of a win (payout above the stake; on conflict
 *   nothing), the points queue's row (a non-zero valid bet, not free play), the site figures' row
 *   and the agent figures' row. No insert transition table is kept any more, and a pending record
 *   (a lottery ticket, a vendor's bet) calls no function at all: the three statement triggers were
 *   called for every insert statement, pending or not.
 * - Update: one statement-level trigger with the old and new rows' transition tables, whose function
 *   runs the four statements of the four update functions in the order they fired (by name:
 *   points, site, agent figures, winners), each as it was: a settled row's figures go out with the
 *   old row and come back with the new (the folds net them), a win's bet_win row is written or
 *   updated, a win taken away deletes its row.
 *
 * The eight old functions are dropped: nothing else calls them. `down` puts them back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function bet_record_on_insert() returns trigger language plpgsql as $$
    begin
      if new.payout > new.bet_amount then
        insert into bet_win (bet_record_id, member_id, vendor, product, game_name, currency, bet_amount,
                             payout, settled_at)
          values (new.id, new.member_id, new.vendor, new.product, new.game_name, new.currency,
                  new.bet_amount, new.payout, coalesce(new.settled_at, new.bet_at))
          on conflict (bet_record_id) do nothing;
      end if;
      -- Free play risks nothing and earns nothing; a zero valid bet earns nothing either.
      if new.valid_bet <> 0 and coalesce(new.detail->>'freePlay', '') <> 'true' then
        insert into points_queue (member_id, product, valid_bet)
          values (new.member_id, new.product, new.valid_bet);
      end if;
      insert into site_stat_queue (member_id, at, product, vendor, bets, bet_amount, valid_bet, payout)
        values (new.member_id, coalesce(new.settled_at, new.bet_at), new.product, new.vendor, 1,
                new.bet_amount, new.valid_bet, new.payout);
      insert into agent_stat_queue (member_id, at, event, product, bets, bet_amount, valid_bet, payout)
        values (new.member_id, coalesce(new.settled_at, new.bet_at), 'BET', new.product, 1,
                new.bet_amount, new.valid_bet, new.payout);
      return null;
    end $$`.execute(db);

  // As before: no join of the old rows with the new (transition tables have no statistics, and a
  // bulk settlement's rows joined by a nested loop cost seconds); a settled row updated without a
  // change of its figures goes out and comes back in, and the folds net it.
  await sql`
    create function bet_record_on_update() returns trigger language plpgsql as $$
    begin
      insert into points_queue (member_id, product, valid_bet)
        select o.member_id, o.product, -o.valid_bet
        from previous_rows o
        where o.status = 'SETTLED' and o.valid_bet <> 0
          and coalesce(o.detail->>'freePlay', '') <> 'true'
        union all
        select n.member_id, n.product, n.valid_bet
        from changed_rows n
        where n.status = 'SETTLED' and n.valid_bet <> 0
          and coalesce(n.detail->>'freePlay', '') <> 'true';
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
      insert into agent_stat_queue (member_id, at, event, product, bets, bet_amount, valid_bet, payout)
        select o.member_id, coalesce(o.settled_at, o.bet_at), 'BET', o.product, -1, -o.bet_amount,
               -o.valid_bet, -o.payout
        from previous_rows o
        where o.status = 'SETTLED'
        union all
        select n.member_id, coalesce(n.settled_at, n.bet_at), 'BET', n.product, 1, n.bet_amount,
               n.valid_bet, n.payout
        from changed_rows n
        where n.status = 'SETTLED';
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

  for (const [trigger, fn] of oldTriggers) {
    await sql`drop trigger ${sql.id(trigger)} on bet_record`.execute(db);
    await sql`drop function ${sql.id(fn)}()`.execute(db);
  }
  await sql`
    create trigger bet_record_insert after insert on bet_record
      for each row when (new.status = 'SETTLED')
      execute function bet_record_on_insert()`.execute(db);
  await sql`
    create trigger bet_record_update after update on bet_record
      referencing old table as previous_rows new table as changed_rows
      for each statement execute function bet_record_on_update()`.execute(db);
}

/** The triggers this migration replaces, each with its function. */
const oldTriggers = [
  ['bet_record_win_insert', 'bet_win_on_insert'],
  ['bet_record_win_update', 'bet_win_on_update'],
  ['bet_record_stat_insert', 'agent_stat_bet_insert'],
  ['bet_record_stat_update', 'agent_stat_bet_update'],
  ['bet_record_points_insert', 'points_bet_insert'],
  ['bet_record_points_update', 'points_bet_update'],
  ['bet_record_site_insert', 'site_stat_bet_insert'],
  ['bet_record_site_update', 'site_stat_bet_update'],
] as const;

/** The four pairs of migrations 021, 029, 042 and 048 again, as they were. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger bet_record_update on bet_record`.execute(db);
  await sql`drop trigger bet_record_insert on bet_record`.execute(db);
  await sql`drop function bet_record_on_update()`.execute(db);
  await sql`drop function bet_record_on_insert()`.execute(db);

  // 021: the winners board.
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

  // 029: the agent figures.
  await sql`
    create function agent_stat_bet_insert() returns trigger language plpgsql as $$
    begin
      insert into agent_stat_queue (member_id, at, event, product, bets, bet_amount, valid_bet, payout)
        select n.member_id, coalesce(n.settled_at, n.bet_at), 'BET', n.product, 1, n.bet_amount,
               n.valid_bet, n.payout
        from changed_rows n
        where n.status = 'SETTLED';
      return null;
    end $$`.execute(db);
  await sql`
    create trigger bet_record_stat_insert after insert on bet_record
      referencing new table as changed_rows
      for each statement execute function agent_stat_bet_insert()`.execute(db);
  await sql`
    create function agent_stat_bet_update() returns trigger language plpgsql as $$
    begin
      insert into agent_stat_queue (member_id, at, event, product, bets, bet_amount, valid_bet, payout)
        select o.member_id, coalesce(o.settled_at, o.bet_at), 'BET', o.product, -1, -o.bet_amount,
               -o.valid_bet, -o.payout
        from previous_rows o
        where o.status = 'SETTLED'
        union all
        select n.member_id, coalesce(n.settled_at, n.bet_at), 'BET', n.product, 1, n.bet_amount,
               n.valid_bet, n.payout
        from changed_rows n
        where n.status = 'SETTLED';
      return null;
    end $$`.execute(db);
  await sql`
    create trigger bet_record_stat_update after update on bet_record
      referencing old table as previous_rows new table as changed_rows
      for each statement execute function agent_stat_bet_update()`.execute(db);

  // 042: the points.
  await sql`
    create function points_bet_insert() returns trigger language plpgsql as $$
    begin
      insert into points_queue (member_id, product, valid_bet)
        select n.member_id, n.product, n.valid_bet
        from changed_rows n
        where n.status = 'SETTLED' and n.valid_bet <> 0
          and coalesce(n.detail->>'freePlay', '') <> 'true';
      return null;
    end $$`.execute(db);
  await sql`
    create trigger bet_record_points_insert after insert on bet_record
      referencing new table as changed_rows
      for each statement execute function points_bet_insert()`.execute(db);
  await sql`
    create function points_bet_update() returns trigger language plpgsql as $$
    begin
      insert into points_queue (member_id, product, valid_bet)
        select o.member_id, o.product, -o.valid_bet
        from previous_rows o
        where o.status = 'SETTLED' and o.valid_bet <> 0
          and coalesce(o.detail->>'freePlay', '') <> 'true'
        union all
        select n.member_id, n.product, n.valid_bet
        from changed_rows n
        where n.status = 'SETTLED' and n.valid_bet <> 0
          and coalesce(n.detail->>'freePlay', '') <> 'true';
      return null;
    end $$`.execute(db);
  await sql`
    create trigger bet_record_points_update after update on bet_record
      referencing old table as previous_rows new table as changed_rows
      for each statement execute function points_bet_update()`.execute(db);

  // 048: the site day figures.
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
}
