import { sql, type Kysely } from 'kysely';

/**
 * The games' seamless wallet, launch tokens and PvP rooms (issue 8, decision 019).
 *
 * - game_round: one row per vendor round, bound to the member of its first debit. OPEN while it
 *   has stakes, CREDITED once its win was paid (closed: no more debits, no rollback), ROLLED_BACK
 *   when every stake was refunded. free_play marks a trial account's round (DESIGN.md D5).
 * - game_wallet_tx: every seamless-wallet call a vendor made, under its own transaction id. The
 *   claim of (vendor, tx_id) is what makes a callback idempotent: a replay finds the row and
 *   answers its first result (balance_after); a different request under a used id is refused by
 *   its fingerprint (request_hash). A debit that was rolled back names its rollback.
 * - game_launch_token: the single-use, short-lived tokens a launch URL of the sandbox vendor
 *   carries (only their hash is kept); the house game page redeems one for the player's round.
 * - pvp_room: the PvP games' rooms (GLS2_roomList): three stake levels per PvP game, with seats.
 * - bet_record_settled_wins: the winners ranking's read (NC-33).
 * - ledger kinds: the games move money with BET_STAKE, BET_PAYOUT and BET_REFUND (migration 008).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table game_round (
      vendor text not null,
      round_id text not null,
      member_id bigint not null references member(id) on delete cascade,
      free_play boolean not null,
      status text not null default 'OPEN' check (status in ('OPEN', 'CREDITED', 'ROLLED_BACK')),
      stake bigint not null default 0 check (stake >= 0),
      payout bigint not null default 0 check (payout >= 0),
      product text not null,
      game_code text not null default '',
      game_name text not null default '',
      opened_at timestamptz not null default now(),
      settled_at timestamptz,
      primary key (vendor, round_id)
    )`.execute(db);
  await sql`create index game_round_member on game_round (member_id, opened_at desc)`.execute(db);
  await sql`
    create table game_wallet_tx (
      vendor text not null,
      tx_id text not null,
      kind text not null check (kind in ('DEBIT', 'CREDIT', 'ROLLBACK')),
      member_id bigint not null references member(id) on delete cascade,
      round_id text not null,
      amount bigint not null check (amount >= 0),
      request_hash bytea not null,
      ledger_transaction_id bigint references ledger_transaction(id),
      balance_after bigint,
      rolled_back_by text,
      created_at timestamptz not null default now(),
      primary key (vendor, tx_id)
    )`.execute(db);
  await sql`create index game_wallet_tx_round on game_wallet_tx (vendor, round_id)`.execute(db);
  // The winners ranking (NC-33) reads the winning settled bets of the last days.
  await sql`
    create index bet_record_settled_wins on bet_record (settled_at)
    where status = 'SETTLED' and payout > bet_amount`.execute(db);
  await sql`
    create table game_launch_token (
      token_hash bytea primary key,
      member_id bigint not null references member(id) on delete cascade,
      vendor text not null,
      game_code text not null,
      node_id text not null,
      room_id text,
      language text not null,
      free_play boolean not null,
      expires_at timestamptz not null,
      redeemed_at timestamptz
    )`.execute(db);
  await sql`create index game_launch_token_expiry on game_launch_token (expires_at)`.execute(db);
  // Three tables (stake levels) for each PvP game of the catalogue; the players seated are read
  // from the open rounds, so the room list shows real play. History: on a database made since
  // issue 28 the catalogue is still empty here, and the seed makes the demo rooms with its games.
  await sql`
    create table pvp_room (
      room_id text primary key,
      node_id text not null references game(node_id) on delete cascade,
      level text not null check (level in ('BEGINNER', 'STANDARD', 'VIP')),
      min_bet bigint not null check (min_bet > 0),
      max_bet bigint not null,
      seats integer not null check (seats > 0),
      enabled boolean not null default true,
      sort integer not null default 0,
      constraint pvp_room_bets check (max_bet >= min_bet)
    )`.execute(db);
  await sql`create index pvp_room_node on pvp_room (node_id, sort)`.execute(db);
  await sql`
    insert into pvp_room (room_id, node_id, level, min_bet, max_bet, seats, sort)
    select g.game_id || '-' || l.suffix, g.node_id, l.level, l.min_bet, l.max_bet, l.seats, g.sort * 10 + l.n
    from game g
    cross join (values
      (1, 'R1', 'BEGINNER', 100, 10000, 6),
      (2, 'R2', 'STANDARD', 1000, 100000, 6),
      (3, 'R3', 'VIP', 10000, 1000000, 4)
    ) as l(n, suffix, level, min_bet, max_bet, seats)
    where g.game_type = 'PVP'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists bet_record_settled_wins`.execute(db);
  for (const t of ['pvp_room', 'game_launch_token', 'game_wallet_tx', 'game_round']) {
    await sql`drop table if exists ${sql.id(t)}`.execute(db);
  }
}
