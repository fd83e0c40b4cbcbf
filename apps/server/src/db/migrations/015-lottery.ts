import { sql, type Kysely } from 'kysely';
import { lotteryCatalogue } from '../../modules/lottery/lottery-catalogue.ts';

/**
 * The lottery vendor of our own (issue 9, decision 022).
 *
 * - lottery_game: each game with its schedule as data (interval or daily time and weekdays, zone
 *   offset, lock seconds), its result source (our commit-reveal draw, or the official draw entered
 *   by the operator, with a sandbox switch that draws it ourselves) and its limits in minor units.
 * - lottery_numero: one row per draw, unique per game and numero and per game and draw time, so
 *   however many schedulers create them none is doubled. The seed is drawn when the row is made;
 *   its SHA-256 is public from then on, the seed only once drawn.
 * - lottery_result_revision: every result entered or corrected, so a re-settlement knows what it
 *   moves from and to.
 * - lottery_order (master) / lottery_ticket (one detail per numero; a chase has several).
 * - lottery_liability: what one number can cost the house on one numero ("sold out").
 * - lottery_recent: the member's recently played games.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table lottery_game (
      id serial primary key,
      code text not null unique,
      remark text not null,
      family text not null,
      region text not null default '',
      interval_s integer not null check (interval_s = 0 or interval_s between 30 and 86400),
      draw_time text not null default '00:00' check (draw_time ~ '^[0-2][0-9]:[0-5][0-9]$'),
      draw_days integer[] not null default '{0,1,2,3,4,5,6}',
      lock_s integer not null check (lock_s >= 1),
      utc_offset_min integer not null default 420,
      result_source text not null check (result_source in ('RNG','OFFICIAL')),
      sandbox boolean not null default false,
      default_play_type integer not null default 1,
      calendar jsonb not null default '{}'::jsonb,
      popularity integer not null default 0,
      enabled boolean not null default true,
      allow_drawback boolean not null default true,
      bet_min bigint not null default 2 check (bet_min > 0),
      bet_max bigint not null default 5000000 check (bet_max > 0),
      multiple_max integer not null default 10000 check (multiple_max > 0),
      win_max bigint not null default 100000000 check (win_max > 0),
      number_liability_max bigint not null default 0 check (number_liability_max >= 0),
      draw_payout_max bigint not null default 0 check (draw_payout_max >= 0),
      chase_max integer not null default 120 check (chase_max between 1 and 120),
      sort integer not null default 0,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table lottery_numero (
      id bigserial primary key,
      game_id integer not null references lottery_game(id),
      numero text not null,
      label text not null default '',
      sale_start timestamptz not null,
      sale_end timestamptz not null,
      draw_at timestamptz not null,
      status text not null default 'open' check (status in ('open','locked','drawn','settled','void')),
      seed bytea not null,
      seed_hash text not null,
      win_no text not null default '',
      slots jsonb not null default '[]'::jsonb,
      revision integer not null default 0,
      settled_revision integer not null default -1,
      drawn_at timestamptz,
      settled_at timestamptz,
      void_reason text not null default '',
      unique (game_id, numero),
      unique (game_id, draw_at),
      check (sale_start <= sale_end and sale_end <= draw_at)
    )`.execute(db);
  // The draw job's work list: numeros whose time has come and that are not final.
  await sql`
    create index lottery_numero_due on lottery_numero (draw_at)
    where status in ('open','locked','drawn')`.execute(db);
  await sql`
    create table lottery_result_revision (
      numero_id bigint not null references lottery_numero(id),
      revision integer not null,
      win_no text not null,
      slots jsonb not null,
      source text not null,
      created_at timestamptz not null default now(),
      primary key (numero_id, revision)
    )`.execute(db);
  await sql`
    create table lottery_order (
      id bigserial primary key,
      order_no text not null unique,
      member_id bigint not null references member(id) on delete cascade,
      game_id integer not null references lottery_game(id),
      play_id integer not null,
      content text not null,
      betting_mode_id integer not null,
      series integer not null,
      multiple integer not null,
      notes integer not null,
      prize_mode_id integer not null,
      chase boolean not null default false,
      win_stop boolean not null default false,
      total_chase integer not null default 1,
      amount bigint not null check (amount > 0),
      request_key text,
      line integer not null default 0,
      device text not null default 'WEB',
      created_at timestamptz not null default now(),
      unique (member_id, request_key, line)
    )`.execute(db);
  await sql`create index lottery_order_member on lottery_order (member_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index lottery_order_game_time on lottery_order (game_id, created_at)`.execute(db);
  await sql`
    create table lottery_ticket (
      id bigserial primary key,
      order_id bigint not null references lottery_order(id) on delete cascade,
      numero_id bigint not null references lottery_numero(id),
      member_id bigint not null,
      seq integer not null,
      multiple integer not null check (multiple > 0),
      amount bigint not null check (amount > 0),
      status smallint not null default 2,
      win_amount bigint not null default 0 check (win_amount >= 0),
      settled_revision integer not null default -1,
      settled_at timestamptz,
      unique (order_id, seq),
      unique (order_id, numero_id)
    ) with (fillfactor = 80)`.execute(db);
  // No updated column in this index, and room left in each page: settling a numero's tickets
  // (status, win, settled_at) can then be heap-only updates that touch no index.
  await sql`create index lottery_ticket_numero on lottery_ticket (numero_id)`.execute(db);
  await sql`
    create table lottery_liability (
      numero_id bigint not null references lottery_numero(id),
      number_key text not null,
      amount bigint not null check (amount >= 0),
      primary key (numero_id, number_key)
    )`.execute(db);
  await sql`
    create table lottery_recent (
      member_id bigint not null references member(id) on delete cascade,
      game_id integer not null references lottery_game(id),
      played_at timestamptz not null default now(),
      primary key (member_id, game_id)
    )`.execute(db);

  let sort = 0;
  for (const g of lotteryCatalogue) {
    sort += 10;
    await sql`
      insert into lottery_game (code, remark, family, region, interval_s, draw_time, draw_days, lock_s,
        utc_offset_min, result_source, sandbox, default_play_type, calendar, popularity, sort)
      values (${g.code}, ${g.remark}, ${g.family}, ${g.region}, ${g.intervalS}, ${g.drawTime},
        ${sql.raw(`'{${g.drawDays.join(',')}}'::integer[]`)}, ${g.lockS}, ${g.utcOffsetMin}, ${g.resultSource},
        ${g.sandbox}, ${g.defaultPlayType}, ${JSON.stringify(g.calendar)}::jsonb, ${g.popularity}, ${sort})
      on conflict (code) do nothing`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'lottery_recent',
    'lottery_liability',
    'lottery_ticket',
    'lottery_order',
    'lottery_result_revision',
    'lottery_numero',
    'lottery_game',
  ])
    await sql`drop table if exists ${sql.raw(t)}`.execute(db);
}
