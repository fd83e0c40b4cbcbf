import { sql, type Kysely } from 'kysely';

/**
 * The game catalogue (issue 8).
 *
 * - game_vendor: one row per vendor and category (a vassalage such as JILI offers RNG, FISH, PVP
 *   and BINGO); the operator switches a vendor off or gives it a maintenance window by its code.
 * - game: every game under its vendor and category; nodeId is the id the original's client sends.
 *   search_text holds every name lowercased so a search matches any language.
 * - game_favourite / game_recent: per member; a member's rows are read only by that member.
 *
 * The tables only: the demo catalogue of about 10,000 titles is demo data, inserted by the seed
 * (seed/games-catalogue.ts) into an empty database, never by a migration. (Until issue 28 this
 * migration inserted it, so databases made before then hold it already.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table game_vendor (
      id serial primary key,
      vassalage text not null,
      game_type text not null,
      display_name text not null,
      account_type_id integer not null default 1,
      enabled boolean not null default true,
      maintenance_from timestamptz,
      maintenance_until timestamptz,
      is_hot boolean not null default false,
      sort integer not null default 0,
      updated_at timestamptz not null default now(),
      unique (vassalage, game_type)
    )`.execute(db);
  await sql`
    create table game (
      id bigserial primary key,
      node_id text not null unique,
      game_id text not null,
      vassalage text not null,
      game_type text not null,
      names jsonb not null,
      search_text text not null,
      is_new boolean not null default false,
      is_hot boolean not null default false,
      rtp_bp integer check (rtp_bp between 0 and 10000),
      volatility text,
      enabled boolean not null default true,
      sort integer not null default 0,
      unique (vassalage, game_id)
    )`.execute(db);
  // The game list's page order within a vendor and category, and the hot list.
  await sql`create index game_vendor_page on game (vassalage, game_type, sort, id)`.execute(db);
  await sql`create index game_type_page on game (game_type, sort, id)`.execute(db);
  await sql`create index game_hot on game (sort, id) where is_hot`.execute(db);
  await sql`
    create table game_favourite (
      member_id bigint not null references member(id) on delete cascade,
      game_id bigint not null references game(id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (member_id, game_id)
    )`.execute(db);
  await sql`create index game_favourite_member on game_favourite (member_id, created_at desc)`.execute(db);
  await sql`
    create table game_recent (
      member_id bigint not null references member(id) on delete cascade,
      game_id bigint not null references game(id) on delete cascade,
      played_at timestamptz not null default now(),
      primary key (member_id, game_id)
    )`.execute(db);
  await sql`create index game_recent_member on game_recent (member_id, played_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['game_recent', 'game_favourite', 'game', 'game_vendor']) {
    await sql`drop table if exists ${sql.id(t)}`.execute(db);
  }
}
