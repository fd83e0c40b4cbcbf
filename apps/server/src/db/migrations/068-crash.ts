import { sql, type Kysely } from 'kysely';

/**
 * Issue 34, Crash (decision 055): one shared round at a time, its crash point from a published
 * hash chain, bets settled through the ledger exactly once.
 *
 * - crash_chain: a chain's secret top hash (h_N), its length, its published end (h_0, the
 *   commitment) and salt (every round's client seed), and the next round number to play.
 * - crash_round: round i of a chain plays h_i. `hash` and `crash_point` never leave the server
 *   until the round has crashed. Times are epoch milliseconds of the servers' clock: bets are
 *   taken until betting_ends_at, the curve climbs from then and crashes at crashes_at. `beat_at`
 *   is the last time a running server looked after the round (a round none watched through its
 *   flight refunds the bets it did not pay). At most one round is open (a unique partial index),
 *   so two servers never run two rounds.
 * - crash_bet: one per player and round; its state goes open -> won | lost | refunded once,
 *   under a row lock, in the transaction that moves its money.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table crash_chain (
      id bigserial primary key,
      top_hash text not null,
      length int not null check (length > 0),
      commitment text not null,
      salt text not null,
      next_round int not null default 1,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table crash_round (
      id bigserial primary key,
      chain_id bigint not null references crash_chain(id),
      round_no int not null,
      hash text not null,
      crash_point int not null,
      betting_ends_at bigint not null,
      crashes_at bigint not null,
      beat_at bigint not null,
      state text not null default 'open' check (state in ('open', 'settled')),
      refunded boolean not null default false,
      settled_at timestamptz,
      unique (chain_id, round_no)
    )`.execute(db);
  await sql`create unique index crash_round_one_open on crash_round (state) where state = 'open'`.execute(db);
  await sql`create index crash_round_settled on crash_round (id desc) where state = 'settled'`.execute(db);
  await sql`
    create table crash_bet (
      id bigserial primary key,
      round_id bigint not null references crash_round(id),
      member_id bigint not null references member(id) on delete cascade,
      player text not null,
      vendor text not null,
      bet bigint not null check (bet > 0),
      auto_target int,
      auto boolean not null default false,
      state text not null default 'open' check (state in ('open', 'won', 'lost', 'refunded')),
      cashed_at int,
      win bigint,
      free_play boolean not null,
      placed_at timestamptz not null default now(),
      settled_at timestamptz,
      unique (round_id, member_id)
    )`.execute(db);
  await sql`create index crash_bet_member on crash_bet (member_id, round_id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists crash_bet`.execute(db);
  await sql`drop table if exists crash_round`.execute(db);
  await sql`drop table if exists crash_chain`.execute(db);
}
