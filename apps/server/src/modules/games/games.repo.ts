import { sql, type Kysely } from 'kysely';
import { AgentType } from '@app/contract';
import type { DB } from '../../db/schema.ts';

type Db = Kysely<DB>;

export const gameColumns = [
  'game.id',
  'game.node_id',
  'game.game_id',
  'game.vassalage',
  'game.game_type',
  'game.names',
  'game.is_new',
  'game.is_hot',
  'game.hot_rank',
  'game.new_rank',
  'game.rtp_bp',
  'game.volatility',
] as const;

export async function listVendors(db: Db) {
  const rows = await db.selectFrom('game_vendor').selectAll().orderBy('sort').orderBy('id').execute();
  const counts = await db
    .selectFrom('game')
    .select([
      'vassalage',
      'game_type',
      (eb) => eb.fn.countAll<number>().as('n'),
      // With one game these are that game's: a single-game vendor's entry is the game (GL-03).
      (eb) => eb.fn.min('node_id').as('node_id'),
      (eb) => eb.fn.min('game_id').as('game_id'),
    ])
    .where('enabled', '=', true)
    .groupBy(['vassalage', 'game_type'])
    .execute();
  const countOf = new Map(counts.map((c) => [`${c.vassalage}/${c.game_type}`, c]));
  return rows.map((r) => {
    const c = countOf.get(`${r.vassalage}/${r.game_type}`);
    const single = Number(c?.n ?? 0) === 1;
    return {
      ...r,
      game_count: Number(c?.n ?? 0),
      single_node_id: single ? String(c!.node_id) : null,
      single_game_id: single ? String(c!.game_id) : null,
    };
  });
}
export type VendorRow = Awaited<ReturnType<typeof listVendors>>[number];

export interface GameFilter {
  /** Vendors switched off by the operator: their games are not listed. */
  hiddenVendors: readonly string[];
  vassalage?: string | undefined;
  gameType?: string | undefined;
  search?: string | undefined;
  selection: 'NEW' | 'FAV' | 'ALL' | 'HOT' | 'RECENT';
  memberId: number | null;
}

/** Escapes LIKE's wildcards so a search for "100%" means the text. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filtered(db: Db, f: GameFilter) {
  let q = db.selectFrom('game').where('game.enabled', '=', true);
  if (f.hiddenVendors.length > 0) q = q.where('game.vassalage', 'not in', [...f.hiddenVendors]);
  if (f.vassalage) q = q.where('game.vassalage', '=', f.vassalage);
  if (f.gameType) q = q.where('game.game_type', '=', f.gameType);
  if (f.search) q = q.where(sql<boolean>`game.search_text like ${likePattern(f.search)} escape '\\'`);
  if (f.selection === 'NEW') q = q.where('game.is_new', '=', true);
  if (f.selection === 'HOT') q = q.where('game.is_hot', '=', true);
  if (f.selection === 'FAV')
    q = q.innerJoin('game_favourite as fav', (j) =>
      j.onRef('fav.game_id', '=', 'game.id').on('fav.member_id', '=', f.memberId ?? -1),
    );
  if (f.selection === 'RECENT')
    q = q.innerJoin('game_recent as rec', (j) =>
      j.onRef('rec.game_id', '=', 'game.id').on('rec.member_id', '=', f.memberId ?? -1),
    );
  return q;
}

export async function pageGames(db: Db, f: GameFilter, page: { offset: number; limit: number }) {
  const base = filtered(db, f);
  // The hot and new lists are in the operator's order (migration 045): ranked games first.
  const listed =
    f.selection === 'HOT'
      ? base.orderBy(sql`game.hot_rank asc nulls last`)
      : f.selection === 'NEW'
        ? base.orderBy(sql`game.new_rank asc nulls last`)
        : base;
  const [rows, total] = await Promise.all([
    listed
      .select(gameColumns)
      .orderBy('game.sort')
      .orderBy('game.id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
export type GameRow = Awaited<ReturnType<typeof pageGames>>['rows'][number];

/** Every enabled game with its search text, in list order: what the in-memory index is built from. */
export async function listedGames(db: Db) {
  return db
    .selectFrom('game')
    .select([...gameColumns, 'game.search_text'])
    .where('game.enabled', '=', true)
    .orderBy('game.sort')
    .orderBy('game.id')
    .execute();
}

/** The caller's favourites among `gameIds` (one query per page, not per game). */
export async function favouriteIdsAmong(db: Db, memberId: number, gameIds: readonly number[]) {
  if (gameIds.length === 0) return new Set<number>();
  const rows = await db
    .selectFrom('game_favourite')
    .select('game_id')
    .where('member_id', '=', memberId)
    .where('game_id', 'in', [...gameIds])
    .execute();
  return new Set(rows.map((r) => Number(r.game_id)));
}

export async function favourites(db: Db, memberId: number, page: { offset: number; limit: number }) {
  const base = db
    .selectFrom('game_favourite as fav')
    .innerJoin('game', 'game.id', 'fav.game_id')
    .where('fav.member_id', '=', memberId);
  const [rows, total] = await Promise.all([
    base
      .select(gameColumns)
      .orderBy('fav.created_at', 'desc')
      .orderBy('game.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function recent(db: Db, memberId: number, page: { offset: number; limit: number }) {
  const base = db
    .selectFrom('game_recent as rec')
    .innerJoin('game', 'game.id', 'rec.game_id')
    .where('rec.member_id', '=', memberId);
  const [rows, total] = await Promise.all([
    base
      .select(gameColumns)
      .orderBy('rec.played_at', 'desc')
      .orderBy('game.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function gameIdOfNode(db: Db, nodeId: string): Promise<number | null> {
  const row = await db
    .selectFrom('game')
    .select('id')
    .where('node_id', '=', nodeId)
    .where('enabled', '=', true)
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** Adds a favourite; false when it was one already (NC-38). */
export async function addFavourite(db: Db, memberId: number, gameId: number): Promise<boolean> {
  const res = await db
    .insertInto('game_favourite')
    .values({ member_id: memberId, game_id: gameId })
    .onConflict((oc) => oc.columns(['member_id', 'game_id']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function removeFavourite(db: Db, memberId: number, gameId: number): Promise<boolean> {
  const res = await db
    .deleteFrom('game_favourite')
    .where('member_id', '=', memberId)
    .where('game_id', '=', gameId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export async function favouriteCount(db: Db, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('game_favourite')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The biggest wins of settled bets in the last `days` days, from the winning betting records every
 * game and lottery writes (bet_win, kept from bet_record by its triggers, migration 021). The order
 * is exactly that of the index `bet_win_board` (migration 022): the planner walks it from the
 * biggest win and stops at `limit` rows that pass the filters, instead of sorting the whole week.
 * The window's filter stays: rows older than it live until the next prune (games.jobs.ts).
 */
export async function biggestWins(db: Db, gameCategory: string, days: number, limit: number) {
  let q = db
    .selectFrom('bet_win')
    .innerJoin('member', 'member.id', 'bet_win.member_id')
    .select([
      'member.username',
      'bet_win.vendor',
      'bet_win.product',
      'bet_win.game_name',
      'bet_win.currency',
      'bet_win.bet_amount',
      'bet_win.payout',
      'bet_win.settled_at',
    ])
    .where('member.agent_type', '<>', AgentType.trial)
    .where('bet_win.settled_at', '>=', new Date(Date.now() - days * 86_400_000));
  if (gameCategory !== 'ALL') q = q.where('bet_win.product', '=', gameCategory);
  return q
    .orderBy(sql`bet_win.payout - bet_win.bet_amount`, 'desc')
    .orderBy('bet_win.bet_record_id')
    .limit(limit)
    .execute();
}

/**
 * Deletes at most `batch` bet_win rows settled before `before`, oldest first, and tells how many.
 * Only the board's copy goes: the betting records (bet_record) are the player's history and stay.
 */
export async function pruneBetWins(db: Db, before: Date, batch: number): Promise<number> {
  const res = await db
    .deleteFrom('bet_win')
    .where('bet_record_id', 'in', (eb) =>
      eb
        .selectFrom('bet_win')
        .select('bet_record_id')
        .where('settled_at', '<', before)
        .orderBy('settled_at')
        .limit(batch),
    )
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Switches every category of a vendor on or off; the number of rows changed (0: unknown code). */
export async function setVendorEnabled(db: Db, vassalage: string, enabled: boolean): Promise<number> {
  const res = await db
    .updateTable('game_vendor')
    .set({ enabled, updated_at: new Date() })
    .where('vassalage', '=', vassalage)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Sets (or, with nulls, clears) a vendor's maintenance window in every category. */
export async function setVendorMaintenance(
  db: Db,
  vassalage: string,
  from: Date | null,
  until: Date | null,
): Promise<number> {
  const res = await db
    .updateTable('game_vendor')
    .set({ maintenance_from: from, maintenance_until: until, updated_at: new Date() })
    .where('vassalage', '=', vassalage)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function setGameHot(db: Db, nodeId: string, hot: boolean): Promise<number> {
  const res = await db
    .updateTable('game')
    .set({ is_hot: hot })
    .where('node_id', '=', nodeId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function gameByNode(db: Db, nodeId: string) {
  return db.selectFrom('game').select(gameColumns).where('node_id', '=', nodeId).executeTakeFirst();
}

// ---- launch, ranking, PvP rooms (decision 019) ----------------------------------------------

/** A game as the launch needs it, with its vendor row (null when the vendor row is missing). */
export async function gameForLaunch(db: Db, nodeId: string) {
  return db
    .selectFrom('game')
    .leftJoin('game_vendor as v', (j) =>
      j.onRef('v.vassalage', '=', 'game.vassalage').onRef('v.game_type', '=', 'game.game_type'),
    )
    .select([
      ...gameColumns,
      'game.enabled',
      'v.enabled as vendor_enabled',
      'v.display_name as vendor_name',
      'v.maintenance_from',
      'v.maintenance_until',
    ])
    .where('game.node_id', '=', nodeId)
    .executeTakeFirst();
}

export interface RoomRow {
  room_id: string;
  node_id: string;
  game_id: string;
  vassalage: string;
  names: Record<string, string>;
  level: 'BEGINNER' | 'STANDARD' | 'VIP';
  min_bet: number;
  max_bet: number;
  seats: number;
  players: number;
  maintenance_from: Date | null;
  maintenance_until: Date | null;
}

/** Within this many minutes of a launch into a room, the player counts as seated there. */
export const ROOM_PRESENCE_MINUTES = 15;

/**
 * The PvP rooms of enabled games and vendors, with the players who launched into each in the last
 * ROOM_PRESENCE_MINUTES (from the launch tokens: real entries, not a made-up figure).
 */
export async function rooms(
  db: Db,
  f: { vassalage?: string | undefined; nodeId?: string | undefined; roomId?: string },
) {
  const res = await sql<RoomRow>`
    select r.room_id, r.node_id, g.game_id, g.vassalage, g.names, r.level, r.min_bet, r.max_bet, r.seats,
           v.maintenance_from, v.maintenance_until,
           (select count(distinct t.member_id) from game_launch_token t
             where t.room_id = r.room_id
               and t.expires_at > now() - make_interval(mins => ${ROOM_PRESENCE_MINUTES}))::int as players
    from pvp_room r
    join game g on g.node_id = r.node_id and g.enabled
    join game_vendor v on v.vassalage = g.vassalage and v.game_type = g.game_type and v.enabled
    where r.enabled
      ${f.vassalage ? sql`and g.vassalage = ${f.vassalage}` : sql``}
      ${f.nodeId ? sql`and r.node_id = ${f.nodeId}` : sql``}
      ${f.roomId ? sql`and r.room_id = ${f.roomId}` : sql``}
    order by r.sort, r.room_id`.execute(db);
  return res.rows.map((r) => ({
    ...r,
    min_bet: Number(r.min_bet),
    max_bet: Number(r.max_bet),
    players: Number(r.players),
  }));
}

/** Records a launch in the member's recent games (NC-40). */
export async function touchRecent(db: Db, memberId: number, gameId: number): Promise<void> {
  await db
    .insertInto('game_recent')
    .values({ member_id: memberId, game_id: gameId, played_at: new Date() })
    .onConflict((oc) => oc.columns(['member_id', 'game_id']).doUpdateSet({ played_at: new Date() }))
    .execute();
}

/** Games of a category from vendors other than `vassalage` that are on and open now (ER-30 suggestions). */
export async function openGamesOfType(db: Db, gameType: string, exceptVassalage: string, limit: number) {
  return db
    .selectFrom('game')
    .innerJoin('game_vendor as v', (j) =>
      j.onRef('v.vassalage', '=', 'game.vassalage').onRef('v.game_type', '=', 'game.game_type'),
    )
    .select(gameColumns)
    .where('game.enabled', '=', true)
    .where('v.enabled', '=', true)
    .where('game.game_type', '=', gameType)
    .where('game.vassalage', '<>', exceptVassalage)
    .where((eb) =>
      eb.or([
        eb('v.maintenance_from', 'is', null),
        eb('v.maintenance_from', '>', new Date()),
        eb('v.maintenance_until', '<=', new Date()),
      ]),
    )
    .orderBy('game.is_hot', 'desc')
    .orderBy('game.sort')
    .orderBy('game.id')
    .limit(limit)
    .execute();
}

export interface RankRow {
  username: string;
  vendor: string;
  product: string;
  game_code: string;
  game_name: string;
  node_id: string | null;
  names: Record<string, string> | null;
  currency: string;
  bet_amount: number;
  payout: number;
  settled_at: Date;
}

/**
 * The winners ranking (NC-33): settled bets that won, of real-money accounts (trial accounts'
 * free-play rounds left out), by amount won or by multiplier, with the game's names.
 */
export async function rankList(
  db: Db,
  f: { gameCategory: string; rankType: 'WIN' | 'MULTIPLIER'; since: Date; until: Date; limit: number },
) {
  const order =
    f.rankType === 'WIN'
      ? sql`b.payout - b.bet_amount desc, b.settled_at desc, b.id`
      : sql`b.payout::numeric / b.bet_amount desc, b.payout - b.bet_amount desc, b.id`;
  const res = await sql<RankRow>`
    select m.username, b.vendor, b.product, b.game_code, b.game_name, g.node_id, g.names, b.currency,
           b.bet_amount, b.payout, b.settled_at
    from bet_record b
    join member m on m.id = b.member_id and m.agent_type <> ${AgentType.trial}
    left join game g on g.vassalage = b.vendor and g.game_id = b.game_code
    where b.status = 'SETTLED' and b.payout > b.bet_amount and b.bet_amount > 0
      and b.settled_at >= ${f.since} and b.settled_at < ${f.until}
      ${f.gameCategory === 'ALL' ? sql`` : sql`and b.product = ${f.gameCategory}`}
    order by ${order}
    limit ${f.limit}`.execute(db);
  return res.rows.map((r) => ({ ...r, bet_amount: Number(r.bet_amount), payout: Number(r.payout) }));
}

export async function setRoomEnabled(db: Db, roomId: string, enabled: boolean): Promise<boolean> {
  const res = await sql`update pvp_room set enabled = ${enabled} where room_id = ${roomId}`.execute(db);
  return Number(res.numAffectedRows ?? 0) > 0;
}
