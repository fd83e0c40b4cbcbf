import { sql, type Kysely } from 'kysely';

/**
 * One queue row a settled bet instead of three (issues 29 and 34; decision 066).
 *
 * `bet_record`'s triggers queued each settled bet three times, one single-row insert into each of
 * the points' queue, the site figures' queue and the agent figures' queue, so every Dice round and
 * every settlement paid three statements, three routings to a half and three heap inserts for what
 * one row says. Now the triggers write that row once, into `bet_queue` (the union of what the three
 * took, with `free_play`, which only the points' queue leaves out), kept in two halves like the
 * three (decision 028, "The queue in two halves"); a fold of any of the three, once it has taken its
 * own queue's half, hands the rows on in one set-based statement each (`db/queue-halves.ts`,
 * `handOnSettledBets`): its own rows into its batch, the other two folds' into their queues. The winners board's `bet_win` row is
 * written by the trigger as before (the board reads it at once).
 *
 * The queues keep their other writers: `ledger_post` queues the agent figures' money movements and
 * the deposits' trigger the points of a deposit, as before. `down` puts the three inserts back and
 * hands the queued rows on.
 */
/** The winners board's statements, unchanged by this migration (both directions write them). */
const WIN_ON_INSERT = sql.raw(`      if new.payout > new.bet_amount then
        insert into bet_win (bet_record_id, member_id, vendor, product, game_name, currency, bet_amount,
                             payout, settled_at)
          values (new.id, new.member_id, new.vendor, new.product, new.game_name, new.currency,
                  new.bet_amount, new.payout, coalesce(new.settled_at, new.bet_at))
          on conflict (bet_record_id) do nothing;
      end if;`);
const WINS_ON_UPDATE =
  sql.raw(`      insert into bet_win (bet_record_id, member_id, vendor, product, game_name, currency, bet_amount,
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
            where n.id = o.id and n.status = 'SETTLED' and n.payout > n.bet_amount);`);

const TRIGGERS_UP = {
  insert: sql`
    create or replace function bet_record_on_insert() returns trigger language plpgsql as $$
    begin
${WIN_ON_INSERT}
      insert into bet_queue (member_id, at, product, vendor, bets, bet_amount, valid_bet, payout, free_play)
        values (new.member_id, coalesce(new.settled_at, new.bet_at), new.product, new.vendor, 1,
                new.bet_amount, new.valid_bet, new.payout, coalesce(new.detail->>'freePlay', '') = 'true');
      return null;
    end $$`,
  // A settled row's figures go out with the old row and come back with the new (the folds net
  // them); no join of the old rows with the new (transition tables have no statistics).
  update: sql`
    create or replace function bet_record_on_update() returns trigger language plpgsql as $$
    begin
      insert into bet_queue (member_id, at, product, vendor, bets, bet_amount, valid_bet, payout, free_play)
        select o.member_id, coalesce(o.settled_at, o.bet_at), o.product, o.vendor, -1, -o.bet_amount,
               -o.valid_bet, -o.payout, coalesce(o.detail->>'freePlay', '') = 'true'
        from previous_rows o
        where o.status = 'SETTLED'
        union all
        select n.member_id, coalesce(n.settled_at, n.bet_at), n.product, n.vendor, 1, n.bet_amount,
               n.valid_bet, n.payout, coalesce(n.detail->>'freePlay', '') = 'true'
        from changed_rows n
        where n.status = 'SETTLED';
${WINS_ON_UPDATE}
      return null;
    end $$`,
};

/** Migration 076's definitions, as `down` restores them. */
const TRIGGERS_DOWN = {
  insert: sql`
    create or replace function bet_record_on_insert() returns trigger language plpgsql as $$
    begin
${WIN_ON_INSERT}
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
    end $$`,
  update: sql`
    create or replace function bet_record_on_update() returns trigger language plpgsql as $$
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
${WINS_ON_UPDATE}
      return null;
    end $$`,
};

/** The three queues' rows of the settled bets queued in bet_queue (as `handOnSettledBets` writes them). */
const HAND_ON = {
  points: sql`
    insert into points_queue (member_id, product, valid_bet)
    select member_id, product, valid_bet from bet_queue where valid_bet <> 0 and not free_play`,
  site: sql`
    insert into site_stat_queue (member_id, at, product, vendor, bets, bet_amount, valid_bet, payout)
    select member_id, at, product, vendor, bets, bet_amount, valid_bet, payout from bet_queue`,
  agent: sql`
    insert into agent_stat_queue (member_id, at, event, product, bets, bet_amount, valid_bet, payout)
    select member_id, at, 'BET', product, bets, bet_amount, valid_bet, payout from bet_queue`,
};

export async function up(db: Kysely<unknown>): Promise<void> {
  const sequence = 'bet_queue_slot';
  await sql`create sequence ${sql.id(sequence)} minvalue 0 start with 0`.execute(db);
  await sql`select setval(${sequence}::regclass, 0, true)`.execute(db);
  await sql`
    create table bet_queue (
      slot smallint not null
        default (coalesce(pg_sequence_last_value(${sql.lit(sequence)}::regclass), 0) % 2)::smallint,
      member_id bigint not null,
      at timestamptz not null,
      product text not null,
      vendor text not null,
      bets integer not null,
      bet_amount bigint not null,
      valid_bet bigint not null,
      payout bigint not null,
      free_play boolean not null
    ) partition by list (slot)`.execute(db);
  for (const half of [0, 1])
    await sql`create table ${sql.id(`bet_queue_${half}`)} partition of bet_queue for values in (${sql.lit(half)})`.execute(
      db,
    );
  await TRIGGERS_UP.insert.execute(db);
  await TRIGGERS_UP.update.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await TRIGGERS_DOWN.insert.execute(db);
  await TRIGGERS_DOWN.update.execute(db);
  // What was queued and not yet handed on goes to the three queues.
  for (const handOn of Object.values(HAND_ON)) await handOn.execute(db);
  await sql`drop table bet_queue`.execute(db);
  await sql`drop sequence bet_queue_slot`.execute(db);
}
