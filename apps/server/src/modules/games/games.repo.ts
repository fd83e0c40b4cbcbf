import { sql, type Kysely } from 'kysely';
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
  'game.rtp_bp',
  'game.volatility',
] as const;

export async function listVendors(db: Db) {
  const rows = await db.selectFrom('game_vendor').selectAll().orderBy('sort').orderBy('id').execute();
  const counts = await db
    .selectFrom('game')
    .select(['vassalage', 'game_type', (eb) => eb.fn.countAll<number>().as('n')])
    .where('enabled', '=', true)
    .groupBy(['vassalage', 'game_type'])
    .execute();
  const countOf = new Map(counts.map((c) => [`${c.vassalage}/${c.game_type}`, Number(c.n)]));
  return rows.map((r) => ({ ...r, game_count: countOf.get(`${r.vassalage}/${r.game_type}`) ?? 0 }));
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
  const [rows, total] = await Promise.all([
    base
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

export async function hotGames(db: Db, hiddenVendors: readonly string[], vassalage: string, limit: number) {
  let q = db
    .selectFrom('game')
    .select(gameColumns)
    .where('game.enabled', '=', true)
    .where('game.is_hot', '=', true);
  if (hiddenVendors.length > 0) q = q.where('game.vassalage', 'not in', [...hiddenVendors]);
  if (vassalage) q = q.where('game.vassalage', '=', vassalage);
  return q.orderBy('game.sort').orderBy('game.id').limit(limit).execute();
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
 * The biggest wins of settled bets in the last `days` days, from the betting records every game
 * and lottery writes (bet_record, through the records service's BetRecordWriter).
 */
export async function biggestWins(db: Db, gameCategory: string, days: number, limit: number) {
  let q = db
    .selectFrom('bet_record')
    .innerJoin('member', 'member.id', 'bet_record.member_id')
    .select([
      'member.username',
      'bet_record.vendor',
      'bet_record.product',
      'bet_record.game_name',
      'bet_record.currency',
      'bet_record.bet_amount',
      'bet_record.payout',
      'bet_record.settled_at',
    ])
    .where('bet_record.status', '=', 'SETTLED')
    .where(sql<boolean>`bet_record.payout > bet_record.bet_amount`)
    .where('bet_record.settled_at', '>=', new Date(Date.now() - days * 86_400_000));
  if (gameCategory !== 'ALL') q = q.where('bet_record.product', '=', gameCategory);
  return q
    .orderBy(sql`bet_record.payout - bet_record.bet_amount`, 'desc')
    .orderBy('bet_record.id')
    .limit(limit)
    .execute();
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
