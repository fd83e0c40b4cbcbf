import { sql, type Kysely } from 'kysely';

/**
 * The sandbox vendor's house games, provably fair (issue 8, GL-16, decision 020).
 *
 * - house_seed: a member's server seeds per game code. One active row per (member, game): its
 *   SHA-256 is what the player sees before playing, next_nonce the nonce of the next round
 *   (claimed by an atomic increment, so concurrent rounds never share one). Rotating closes the
 *   active row (revealed_at: the seed is shown from then on) and opens a new one.
 * - house_round: every played round with what reproduces it (seed row, its hash, client seed,
 *   nonce, the wager) and what it gave (the outcome, win, balance after). The money moved through
 *   the seamless wallet (game_round, ledger, bet_record) under the same round id.
 * - house_ticket: play tickets a launched game page holds after redeeming its single-use launch
 *   token (only the hash is kept), valid for a few hours, with the vendor
 *   code the launch named (rounds are booked under it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table house_seed (
      id bigserial primary key,
      member_id bigint not null references member(id) on delete cascade,
      game_code text not null,
      server_seed text not null,
      server_seed_hash text not null,
      client_seed text not null,
      next_nonce bigint not null default 0,
      active boolean not null default true,
      created_at timestamptz not null default now(),
      revealed_at timestamptz
    )`.execute(db);
  await sql`create unique index house_seed_active on house_seed (member_id, game_code) where active`.execute(
    db,
  );
  await sql`
    create table house_round (
      round_id text primary key,
      member_id bigint not null references member(id) on delete cascade,
      vendor text not null,
      game_code text not null,
      kind text not null check (kind in ('slot', 'table')),
      seed_id bigint not null references house_seed(id),
      server_seed_hash text not null,
      client_seed text not null,
      nonce bigint not null,
      bet bigint not null check (bet > 0),
      win bigint not null check (win >= 0),
      free_play boolean not null,
      balance_after bigint not null,
      wager jsonb not null,
      outcome jsonb not null,
      played_at timestamptz not null default now(),
      unique (seed_id, nonce)
    )`.execute(db);
  await sql`create index house_round_member on house_round (member_id, game_code, played_at desc)`.execute(
    db,
  );
  await sql`
    create table house_ticket (
      ticket_hash bytea primary key,
      member_id bigint not null references member(id) on delete cascade,
      vendor text not null,
      game_code text not null,
      free_play boolean not null,
      expires_at timestamptz not null
    )`.execute(db);
  await sql`create index house_ticket_expiry on house_ticket (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['house_ticket', 'house_round', 'house_seed'])
    await sql`drop table if exists ${sql.id(t)}`.execute(db);
}
