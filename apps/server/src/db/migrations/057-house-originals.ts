import { sql, type Kysely } from 'kysely';

/**
 * Issue 34, the house originals (decision 046).
 *
 * - house_round takes the originals' kinds (dice, limbo, mines, plinko) beside the slot and the
 *   table of migration 014: a settled original is a house round like any other.
 * - house_open_round: a Mines round between its stake and its end, one per (member, game). The
 *   stake is debited (game_round OPEN) in the transaction that writes the row; the mines
 *   (`layout`) stay here, never on the wire, until the round ends: a mine, a cash-out or every safe
 *   tile. The end credits the round, writes its house_round and deletes this row in one
 *   transaction, so a round is paid exactly once. The seed of an open round cannot be rotated
 *   (its reveal would show the mines).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table house_round drop constraint if exists house_round_kind_check`.execute(db);
  await sql`
    alter table house_round add constraint house_round_kind_check
      check (kind in ('slot', 'table', 'dice', 'limbo', 'mines', 'plinko'))`.execute(db);
  await sql`
    create table house_open_round (
      round_id text primary key,
      member_id bigint not null references member(id) on delete cascade,
      vendor text not null,
      game_code text not null,
      seed_id bigint not null references house_seed(id),
      server_seed_hash text not null,
      client_seed text not null,
      nonce bigint not null,
      bet bigint not null check (bet > 0),
      mines int not null check (mines between 1 and 24),
      layout int[] not null,
      picks int[] not null default '{}',
      free_play boolean not null,
      opened_at timestamptz not null default now(),
      unique (seed_id, nonce)
    )`.execute(db);
  await sql`create unique index house_open_round_player on house_open_round (member_id, game_code)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists house_open_round`.execute(db);
  await sql`alter table house_round drop constraint if exists house_round_kind_check`.execute(db);
  await sql`alter table house_round add constraint house_round_kind_check check (kind in ('slot', 'table'))`.execute(
    db,
  );
}
