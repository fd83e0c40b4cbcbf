import { sql, type Kysely } from 'kysely';

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

  // The lottery games we run, as this migration first inserted them: reference data every
  // database has (operators add more with `npm run ops -- lottery game add`). Frozen here, as
  // history: a later change to a game is a migration of its own, never an edit of these rows.
  // Schedules: fast games draw every interval_s seconds around their zone's clock; daily games at
  // draw_time (zone time) on draw_days (0 Sunday ... 6 Saturday). Vietnamese provincial results are
  // entered by the operator (OFFICIAL), the sandbox flag lets our own draw stand in for demos.
  for (const [
    code,
    remark,
    family,
    region,
    intervalS,
    drawTime,
    drawDays,
    lockS,
    utcOffsetMin,
    resultSource,
    sandbox,
    defaultPlayType,
    calendar,
    popularity,
    sort,
  ] of lotteryGames)
    await sql`
      insert into lottery_game (code, remark, family, region, interval_s, draw_time, draw_days, lock_s,
        utc_offset_min, result_source, sandbox, default_play_type, calendar, popularity, sort)
      values (${code}, ${remark}, ${family}, ${region}, ${intervalS}, ${drawTime},
        ${sql.raw(`'{${drawDays.join(',')}}'::integer[]`)}, ${lockS}, ${utcOffsetMin}, ${resultSource},
        ${sandbox}, ${defaultPlayType}, ${JSON.stringify(calendar)}::jsonb, ${popularity}, ${sort})
      on conflict (code) do nothing`.execute(db);
}

type GameRow = [
  code: string,
  remark: string,
  family: string,
  region: string,
  intervalS: number,
  drawTime: string,
  drawDays: number[],
  lockS: number,
  utcOffsetMin: number,
  resultSource: 'RNG' | 'OFFICIAL',
  sandbox: boolean,
  defaultPlayType: number,
  calendar: Record<string, string>,
  popularity: number,
  sort: number,
];

// One game a line, as inserted: prettier would spread each over 17 lines.
// prettier-ignore
const lotteryGames: GameRow[] = [
  ['SSC1', '5D 1 minute', 'SSC', '', 60, '00:00', [0, 1, 2, 3, 4, 5, 6], 5, 420, 'RNG', false, 1, {}, 90, 10],
  ['SSC3', '5D 3 minutes', 'SSC', '', 180, '00:00', [0, 1, 2, 3, 4, 5, 6], 15, 420, 'RNG', false, 1, {}, 70, 20],
  ['SSC5', '5D 5 minutes', 'SSC', '', 300, '00:00', [0, 1, 2, 3, 4, 5, 6], 30, 420, 'RNG', false, 1, {}, 80, 30],
  ['11X53', '11x5 3 minutes', '11X5', '', 180, '00:00', [0, 1, 2, 3, 4, 5, 6], 15, 420, 'RNG', false, 1, {}, 60, 40],
  ['K31', 'Fast 3 1 minute', 'K3', '', 60, '00:00', [0, 1, 2, 3, 4, 5, 6], 5, 420, 'RNG', false, 1, {}, 75, 50],
  ['PK105', 'PK10 5 minutes', 'PK10', '', 300, '00:00', [0, 1, 2, 3, 4, 5, 6], 30, 420, 'RNG', false, 1, {}, 65, 60],
  ['VNF1', 'Vietnam fast 1 minute', 'VNFAST', '', 60, '00:00', [0, 1, 2, 3, 4, 5, 6], 5, 420, 'RNG', false, 1, {}, 95, 70],
  ['VNF5', 'Vietnam fast 5 minutes', 'VNFAST', '', 300, '00:00', [0, 1, 2, 3, 4, 5, 6], 30, 420, 'RNG', false, 1, {}, 100, 80],
  ['XSMB', 'Miền Bắc', 'VNNORTH', 'Miền Bắc', 0, '18:15', [0, 1, 2, 3, 4, 5, 6], 900, 420, 'OFFICIAL', true, 1, {0: 'Thái Bình', 1: 'Hà Nội', 2: 'Quảng Ninh', 3: 'Bắc Ninh', 4: 'Hà Nội', 5: 'Hải Phòng', 6: 'Nam Định'}, 85, 90],
  ['XSHCM', 'TP. Hồ Chí Minh', 'VNSOUTH', 'Miền Nam', 0, '16:15', [1, 6], 900, 420, 'OFFICIAL', true, 1, {}, 10, 100],
  ['XSDT', 'Đồng Tháp', 'VNSOUTH', 'Miền Nam', 0, '16:15', [1], 900, 420, 'OFFICIAL', true, 1, {}, 10, 110],
  ['XSCM', 'Cà Mau', 'VNSOUTH', 'Miền Nam', 0, '16:15', [1], 900, 420, 'OFFICIAL', true, 1, {}, 10, 120],
  ['XSBTR', 'Bến Tre', 'VNSOUTH', 'Miền Nam', 0, '16:15', [2], 900, 420, 'OFFICIAL', true, 1, {}, 10, 130],
  ['XSVT', 'Vũng Tàu', 'VNSOUTH', 'Miền Nam', 0, '16:15', [2], 900, 420, 'OFFICIAL', true, 1, {}, 10, 140],
  ['XSBL', 'Bạc Liêu', 'VNSOUTH', 'Miền Nam', 0, '16:15', [2], 900, 420, 'OFFICIAL', true, 1, {}, 10, 150],
  ['XSDN', 'Đồng Nai', 'VNSOUTH', 'Miền Nam', 0, '16:15', [3], 900, 420, 'OFFICIAL', true, 1, {}, 10, 160],
  ['XSCT', 'Cần Thơ', 'VNSOUTH', 'Miền Nam', 0, '16:15', [3], 900, 420, 'OFFICIAL', true, 1, {}, 10, 170],
  ['XSST', 'Sóc Trăng', 'VNSOUTH', 'Miền Nam', 0, '16:15', [3], 900, 420, 'OFFICIAL', true, 1, {}, 10, 180],
  ['XSTN', 'Tây Ninh', 'VNSOUTH', 'Miền Nam', 0, '16:15', [4], 900, 420, 'OFFICIAL', true, 1, {}, 10, 190],
  ['XSAG', 'An Giang', 'VNSOUTH', 'Miền Nam', 0, '16:15', [4], 900, 420, 'OFFICIAL', true, 1, {}, 10, 200],
  ['XSBTH', 'Bình Thuận', 'VNSOUTH', 'Miền Nam', 0, '16:15', [4], 900, 420, 'OFFICIAL', true, 1, {}, 10, 210],
  ['XSVL', 'Vĩnh Long', 'VNSOUTH', 'Miền Nam', 0, '16:15', [5], 900, 420, 'OFFICIAL', true, 1, {}, 10, 220],
  ['XSBD', 'Bình Dương', 'VNSOUTH', 'Miền Nam', 0, '16:15', [5], 900, 420, 'OFFICIAL', true, 1, {}, 10, 230],
  ['XSTV', 'Trà Vinh', 'VNSOUTH', 'Miền Nam', 0, '16:15', [5], 900, 420, 'OFFICIAL', true, 1, {}, 10, 240],
  ['XSLA', 'Long An', 'VNSOUTH', 'Miền Nam', 0, '16:15', [6], 900, 420, 'OFFICIAL', true, 1, {}, 10, 250],
  ['XSBP', 'Bình Phước', 'VNSOUTH', 'Miền Nam', 0, '16:15', [6], 900, 420, 'OFFICIAL', true, 1, {}, 10, 260],
  ['XSHG', 'Hậu Giang', 'VNSOUTH', 'Miền Nam', 0, '16:15', [6], 900, 420, 'OFFICIAL', true, 1, {}, 10, 270],
  ['XSTG', 'Tiền Giang', 'VNSOUTH', 'Miền Nam', 0, '16:15', [0], 900, 420, 'OFFICIAL', true, 1, {}, 10, 280],
  ['XSKG', 'Kiên Giang', 'VNSOUTH', 'Miền Nam', 0, '16:15', [0], 900, 420, 'OFFICIAL', true, 1, {}, 10, 290],
  ['XSDL', 'Đà Lạt', 'VNSOUTH', 'Miền Nam', 0, '16:15', [0], 900, 420, 'OFFICIAL', true, 1, {}, 10, 300],
  ['XSTTH', 'Thừa Thiên Huế', 'VNCENTRAL', 'Miền Trung', 0, '17:15', [1], 900, 420, 'OFFICIAL', true, 1, {}, 10, 310],
  ['XSPY', 'Phú Yên', 'VNCENTRAL', 'Miền Trung', 0, '17:15', [1], 900, 420, 'OFFICIAL', true, 1, {}, 10, 320],
  ['XSDLK', 'Đắk Lắk', 'VNCENTRAL', 'Miền Trung', 0, '17:15', [2], 900, 420, 'OFFICIAL', true, 1, {}, 10, 330],
  ['XSQNM', 'Quảng Nam', 'VNCENTRAL', 'Miền Trung', 0, '17:15', [2], 900, 420, 'OFFICIAL', true, 1, {}, 10, 340],
  ['XSDNG', 'Đà Nẵng', 'VNCENTRAL', 'Miền Trung', 0, '17:15', [3, 6], 900, 420, 'OFFICIAL', true, 1, {}, 10, 350],
  ['XSKH', 'Khánh Hòa', 'VNCENTRAL', 'Miền Trung', 0, '17:15', [3, 0], 900, 420, 'OFFICIAL', true, 1, {}, 10, 360],
  ['XSBDI', 'Bình Định', 'VNCENTRAL', 'Miền Trung', 0, '17:15', [4], 900, 420, 'OFFICIAL', true, 1, {}, 10, 370],
  ['XSQT', 'Quảng Trị', 'VNCENTRAL', 'Miền Trung', 0, '17:15', [4], 900, 420, 'OFFICIAL', true, 1, {}, 10, 380],
  ['XSQB', 'Quảng Bình', 'VNCENTRAL', 'Miền Trung', 0, '17:15', [4], 900, 420, 'OFFICIAL', true, 1, {}, 10, 390],
  ['XSGL', 'Gia Lai', 'VNCENTRAL', 'Miền Trung', 0, '17:15', [5], 900, 420, 'OFFICIAL', true, 1, {}, 10, 400],
  ['XSNT', 'Ninh Thuận', 'VNCENTRAL', 'Miền Trung', 0, '17:15', [5], 900, 420, 'OFFICIAL', true, 1, {}, 10, 410],
  ['XSQNG', 'Quảng Ngãi', 'VNCENTRAL', 'Miền Trung', 0, '17:15', [6], 900, 420, 'OFFICIAL', true, 1, {}, 10, 420],
  ['XSDNO', 'Đắk Nông', 'VNCENTRAL', 'Miền Trung', 0, '17:15', [6], 900, 420, 'OFFICIAL', true, 1, {}, 10, 430],
  ['XSKT', 'Kon Tum', 'VNCENTRAL', 'Miền Trung', 0, '17:15', [0], 900, 420, 'OFFICIAL', true, 1, {}, 10, 440],
  ['4D', '4D', '4D', '', 0, '18:30', [0, 3, 6], 1800, 480, 'RNG', false, 1, {}, 50, 450],
];
