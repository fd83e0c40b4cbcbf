import { sql, type Kysely } from 'kysely';

/**
 * Issue 32, points (decision 033). Points are a second asset in the one double-entry ledger
 * (decision 027): each member's points sit on a ledger_account of wallet type POINTS and currency
 * PTS, in hundredths of a point, issued from the house account HOUSE_POINTS; every movement goes
 * through ledger_post, append-only and balanced like money.
 *
 * - points_rate: the points one unit of valid bet earns per product, and the points type (the
 *   details screen's live, lottery, PvP, slots, sports) it is filed under. The header's rates
 *   (spec NC-04: live 0.70, sports and e-sports 1.00, fishing and slots 1.20, PvP 1.00) and the
 *   lottery's 1.00, written here as literal rows (migrations never import domain code); an
 *   operator changes a rate by updating its row, which applies to bets settled after.
 * - points_queue: the settled bets' valid amounts in and out, appended by statement-level triggers
 *   on bet_record in the settling transaction, as migration 029's agent_stat_queue is (decision
 *   028): a record reaching SETTLED adds its valid bet, one leaving it (cancelled, voided) or
 *   changed (corrected) takes the old amount out and the new one in. Free play (detail.freePlay)
 *   is never queued. A queue of its own rather than 029's: that queue is deleted by the agent
 *   fold as it folds, and one delete cannot serve two consumers exactly once.
 * - points_accrual: per member and points type, the points owed exactly (numeric, in hundredths
 *   of a point) and the whole hundredths posted, so no rounding is lost or made however the bets
 *   fall into folds. The fold (modules/points/points.service.ts) deletes what it takes from the
 *   queue, adds it to `owed` and posts `floor(owed) - posted` in the same transaction.
 * - points_state: the folds' sequence number, which names each fold's ledger keys.
 *
 * The queue starts with the settled history, so the first fold credits the points it earned.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into ledger_kind (code, description) values
      ('POINTS_EARN', 'Points earned on valid bets'),
      ('POINTS_REDEEM', 'Points redeemed'),
      ('POINTS_DEPOSIT', 'Points earned on a deposit')
    on conflict do nothing`.execute(db);
  await sql`
    insert into ledger_account (code, wallet_type, currency, allow_negative)
      values ('HOUSE_POINTS', 'POINTS', 'PTS', true)
    on conflict (code) do nothing`.execute(db);

  await sql`
    create table points_rate (
      product text primary key,
      points_type text not null check (points_type in ('LIVE','LOTTERY','PVP','SLOTS','SPORTS')),
      rate numeric(8,4) not null check (rate >= 0)
    )`.execute(db);
  await sql`
    insert into points_rate (product, points_type, rate) values
      ('LIVE', 'LIVE', 0.70),
      ('SPORTS', 'SPORTS', 1.00),
      ('ESPORTS', 'SPORTS', 1.00),
      ('FISH', 'SLOTS', 1.20),
      ('RNG', 'SLOTS', 1.20),
      ('PVP', 'PVP', 1.00),
      ('LOTT', 'LOTTERY', 1.00),
      ('ELOTT', 'LOTTERY', 1.00),
      ('BINGO', 'LOTTERY', 1.00)`.execute(db);

  await sql`
    create table points_queue (
      id bigserial primary key,
      member_id bigint not null,
      product text not null,
      valid_bet bigint not null
    )`.execute(db);

  // Free play risks nothing and earns nothing; a zero valid bet earns nothing either.
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
  // As 029's: no join of old and new rows (transition tables have no statistics); a settled row
  // updated without a change of its valid bet goes out and back in, and the fold nets it.
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

  await sql`
    create table points_accrual (
      member_id bigint not null,
      points_type text not null,
      owed numeric not null default 0,
      posted bigint not null default 0,
      primary key (member_id, points_type)
    )`.execute(db);
  await sql`
    create table points_state (
      singleton boolean primary key default true check (singleton),
      folds bigint not null default 0,
      last_fold_at timestamptz
    )`.execute(db);
  await sql`insert into points_state (singleton) values (true)`.execute(db);

  await sql`
    insert into points_queue (member_id, product, valid_bet)
      select member_id, product, valid_bet from bet_record
      where status = 'SETTLED' and valid_bet <> 0 and coalesce(detail->>'freePlay', '') <> 'true'
      order by id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists bet_record_points_update on bet_record`.execute(db);
  await sql`drop trigger if exists bet_record_points_insert on bet_record`.execute(db);
  await sql`drop function if exists points_bet_update`.execute(db);
  await sql`drop function if exists points_bet_insert`.execute(db);
  for (const t of ['points_state', 'points_accrual', 'points_queue', 'points_rate'])
    await sql`drop table if exists ${sql.table(t)}`.execute(db);
}
