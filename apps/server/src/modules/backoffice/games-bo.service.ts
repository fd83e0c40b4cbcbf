import { sql, type Kysely, type Transaction } from 'kysely';
import { backoffice } from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../platform/http/errors.ts';
import type { GamesService } from '../games/games.service.ts';
import type { AuditActor, AuditLog } from './audit.service.ts';

const E = backoffice.GamesBoErrors;
type GameList = backoffice.GameList;
type BoGame = backoffice.BoGame;
type GameVendor = backoffice.GameVendor;

/** Changes of one list queue on this lock (adds and orders of two people never interleave). */
const LIST_LOCK = { hot: 35_035_001, new: 35_035_002 } as const;
const LIST_MAX = 2000;

const flagOf = (list: GameList) => (list === 'hot' ? 'is_hot' : 'is_new');
const rankOf = (list: GameList) => (list === 'hot' ? 'hot_rank' : 'new_rank');

/** Escapes LIKE's wildcards so a search for "100%" means the text. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());
const ms = (at: Date | string | null) => (at === null ? null : new Date(at).getTime());

function nameOf(names: Record<string, string>): string {
  return names.EN ?? Object.values(names)[0] ?? '';
}

const gameSelect = [
  'game.node_id',
  'game.game_id',
  'game.names',
  'game.vassalage',
  'game.game_type',
  'game.enabled',
  'game.is_hot',
  'game.is_new',
  'game.rtp_bp',
  'v.enabled as vendor_enabled',
] as const;

function boGame(r: {
  node_id: string;
  game_id: string;
  names: Record<string, string>;
  vassalage: string;
  game_type: string;
  enabled: boolean;
  is_hot: boolean;
  is_new: boolean;
  rtp_bp: number | null;
  vendor_enabled: boolean | null;
}): BoGame {
  return {
    nodeId: r.node_id,
    gameId: r.game_id,
    name: nameOf(r.names),
    vassalage: r.vassalage,
    gameType: r.game_type,
    enabled: r.enabled,
    vendorEnabled: r.vendor_enabled ?? false,
    hot: r.is_hot,
    new: r.is_new,
    rtp: r.rtp_bp === null ? null : r.rtp_bp / 100,
  };
}

/**
 * The back office's Games section (decision 035), and the operator CLI's `games` commands: the one
 * path of a change to the catalogue. Each change is one transaction that locks what it changes,
 * writes it and appends its audit entry (who, from where, before and after); once it committed,
 * the games service tells every instance (the change feed, decision 003), so the players' lobby,
 * game lists and launches see it at once.
 */
export class GamesBoService {
  private readonly database: Database;
  private readonly games: GamesService;
  private readonly audit: AuditLog;

  constructor(deps: { database: Database; games: GamesService; audit: AuditLog }) {
    this.database = deps.database;
    this.games = deps.games;
    this.audit = deps.audit;
  }

  // ---- vendors ----------------------------------------------------------------------------------

  async vendors(): Promise<{ list: GameVendor[] }> {
    const rows = await this.games.vendorRows();
    const now = Date.now();
    const byCode = new Map<string, GameVendor>();
    for (const r of rows) {
      let v = byCode.get(r.vassalage);
      if (!v) {
        const from = ms(r.maintenance_from);
        const until = ms(r.maintenance_until);
        v = {
          vassalage: r.vassalage,
          displayName: r.display_name,
          categories: [],
          enabled: false,
          games: 0,
          maintenanceFrom: from,
          maintenanceUntil: until,
          underMaintenance: from !== null && from <= now && (until === null || now < until),
        };
        byCode.set(r.vassalage, v);
      }
      v.categories.push({ gameType: r.game_type, enabled: r.enabled, games: r.game_count });
      v.enabled ||= r.enabled;
      v.games += r.game_count;
    }
    return { list: [...byCode.values()] };
  }

  private async vendor(vassalage: string): Promise<GameVendor> {
    const found = (await this.vendors()).list.find((v) => v.vassalage === vassalage);
    if (!found) throw fail(E.boVendorNotFound, { message: `No game vendor "${vassalage}"` });
    return found;
  }

  /** The vendor's rows, locked for the change; a refusal when there is none. */
  private async lockVendor(trx: Transaction<DB>, vassalage: string) {
    const rows = await trx
      .selectFrom('game_vendor')
      .select(['game_type', 'enabled', 'maintenance_from', 'maintenance_until'])
      .where('vassalage', '=', vassalage)
      .orderBy('id')
      .forUpdate()
      .execute();
    if (rows.length === 0) throw fail(E.boVendorNotFound, { message: `No game vendor "${vassalage}"` });
    return rows;
  }

  /** Switches a vendor (every category of it) on or off. */
  async setVendorEnabled(actor: AuditActor, vassalage: string, enabled: boolean): Promise<GameVendor> {
    await this.change(async (trx) => {
      const rows = await this.lockVendor(trx, vassalage);
      await this.games.setVendorEnabledIn(trx, vassalage, enabled);
      await this.audit.append(trx, actor, {
        action: enabled ? 'game.vendor.enable' : 'game.vendor.disable',
        targetType: 'game_vendor',
        targetId: vassalage,
        before: { categories: Object.fromEntries(rows.map((r) => [r.game_type, r.enabled])) },
        after: { categories: Object.fromEntries(rows.map((r) => [r.game_type, enabled])) },
      });
    });
    return this.vendor(vassalage);
  }

  /**
   * Sets a vendor's maintenance window (`until` null: no end time), or clears it (both null). A
   * window must end after it starts and in the future; `from` null with an end starts it now.
   */
  async setVendorMaintenance(
    actor: AuditActor,
    vassalage: string,
    fromAt: Date | null,
    until: Date | null,
  ): Promise<GameVendor> {
    const clear = fromAt === null && until === null;
    const from = clear ? null : (fromAt ?? new Date());
    if (from && until && until.getTime() <= from.getTime())
      throw fail(E.boMaintenanceWindow, { message: 'The maintenance window must end after it starts' });
    if (until && until.getTime() <= Date.now())
      throw fail(E.boMaintenanceWindow, { message: 'The maintenance end time is in the past' });
    await this.change(async (trx) => {
      const rows = await this.lockVendor(trx, vassalage);
      await this.games.setVendorMaintenanceIn(trx, vassalage, from, until);
      const first = rows[0]!;
      await this.audit.append(trx, actor, {
        action: clear ? 'game.vendor.maintenance.clear' : 'game.vendor.maintenance',
        targetType: 'game_vendor',
        targetId: vassalage,
        before: { from: iso(first.maintenance_from), until: iso(first.maintenance_until) },
        after: { from: iso(from), until: iso(until) },
      });
    });
    return this.vendor(vassalage);
  }

  // ---- games ------------------------------------------------------------------------------------

  private gamesQuery(db: Kysely<DB>) {
    return db
      .selectFrom('game')
      .leftJoin('game_vendor as v', (j) =>
        j.onRef('v.vassalage', '=', 'game.vassalage').onRef('v.game_type', '=', 'game.game_type'),
      );
  }

  /** A page of the catalogue, in list order (the hot or new list in its own order), in SQL. */
  async page(raw: backoffice.GamesQuery) {
    const query = backoffice.GamesQuerySchema.parse(raw);
    let q = this.gamesQuery(this.database.db);
    if (query.q) {
      const text = query.q;
      q = q.where((eb) =>
        eb.or([
          eb(sql<string>`game.search_text`, 'like', sql<string>`${likePattern(text)} escape '\\'`),
          eb('game.node_id', '=', text),
          eb(sql<string>`lower(game.game_id)`, 'like', sql<string>`${likePattern(text)} escape '\\'`),
        ]),
      );
    }
    if (query.vassalage) q = q.where('game.vassalage', '=', query.vassalage);
    if (query.gameType) q = q.where('game.game_type', '=', query.gameType);
    if (query.enabled) q = q.where('game.enabled', '=', query.enabled === 'true');
    if (query.list) q = q.where(`game.${flagOf(query.list)}`, '=', true);
    const ordered = query.list ? q.orderBy(sql`game.${sql.ref(rankOf(query.list))} asc nulls last`) : q;
    const [rows, count] = await Promise.all([
      ordered
        .select(gameSelect)
        .orderBy('game.sort')
        .orderBy('game.id')
        .offset((query.page - 1) * query.size)
        .limit(query.size)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { list: rows.map(boGame), total: Number(count.n), page: query.page, size: query.size };
  }

  private async game(db: Kysely<DB>, nodeId: string): Promise<BoGame> {
    const row = await this.gamesQuery(db)
      .select(gameSelect)
      .where('game.node_id', '=', nodeId)
      .executeTakeFirst();
    if (!row) throw fail(E.boGameNotFound, { message: `No game ${nodeId}` });
    return boGame(row);
  }

  private async lockGame(trx: Transaction<DB>, nodeId: string) {
    const row = await trx
      .selectFrom('game')
      .select(['id', 'enabled', 'is_hot', 'is_new', 'hot_rank', 'new_rank', 'names', 'vassalage'])
      .where('node_id', '=', nodeId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw fail(E.boGameNotFound, { message: `No game ${nodeId}` });
    return row;
  }

  /** Switches one game on or off for the players. */
  async setGameEnabled(actor: AuditActor, nodeId: string, enabled: boolean): Promise<BoGame> {
    await this.change(async (trx) => {
      const row = await this.lockGame(trx, nodeId);
      await trx.updateTable('game').set({ enabled }).where('id', '=', row.id).execute();
      await this.audit.append(trx, actor, {
        action: enabled ? 'game.enable' : 'game.disable',
        targetType: 'game',
        targetId: nodeId,
        before: { enabled: row.enabled, name: nameOf(row.names), vassalage: row.vassalage },
        after: { enabled, name: nameOf(row.names), vassalage: row.vassalage },
      });
    });
    return this.game(this.database.db, nodeId);
  }

  // ---- the hot and new lists --------------------------------------------------------------------

  private async listOrder(db: Kysely<DB>, list: GameList) {
    return this.gamesQuery(db)
      .select(gameSelect)
      .where(`game.${flagOf(list)}`, '=', true)
      .orderBy(sql`game.${sql.ref(rankOf(list))} asc nulls last`)
      .orderBy('game.sort')
      .orderBy('game.id')
      .limit(LIST_MAX + 1)
      .execute();
  }

  /** The hot or new list in the lobby's order (games switched off too, marked so). */
  async list(list: GameList) {
    return { list, games: (await this.listOrder(this.database.db, list)).map(boGame) };
  }

  /** Adds a game to the end of a list (at once ranking the list as shown), or takes it out. */
  async setListMember(actor: AuditActor, list: GameList, nodeId: string, member: boolean) {
    await this.change(async (trx) => {
      await sql`select pg_advisory_xact_lock(${LIST_LOCK[list]})`.execute(trx);
      const row = await this.lockGame(trx, nodeId);
      const inList = list === 'hot' ? row.is_hot : row.is_new;
      if (inList === member) return false;
      const before = (await this.listOrder(trx, list)).map((g) => g.node_id);
      if (member) {
        if (before.length >= LIST_MAX) throw fail(E.boListFull);
        await this.rank(trx, list, [...before, nodeId]);
      } else {
        await trx
          .updateTable('game')
          .set(list === 'hot' ? { is_hot: false, hot_rank: null } : { is_new: false, new_rank: null })
          .where('id', '=', row.id)
          .execute();
      }
      await this.audit.append(trx, actor, {
        action: `game.${list}.${member ? 'add' : 'remove'}`,
        targetType: 'game',
        targetId: nodeId,
        before: { [list]: inList, list: before },
        after: { [list]: member, list: member ? [...before, nodeId] : before.filter((n) => n !== nodeId) },
      });
      return true;
    });
    return this.list(list);
  }

  /** Orders a list: `nodeIds` must name every game of it once. */
  async orderList(actor: AuditActor, list: GameList, nodeIds: string[]) {
    await this.change(async (trx) => {
      await sql`select pg_advisory_xact_lock(${LIST_LOCK[list]})`.execute(trx);
      const before = (await this.listOrder(trx, list)).map((g) => g.node_id);
      const given = new Set(nodeIds);
      if (
        given.size !== nodeIds.length ||
        nodeIds.length !== before.length ||
        before.some((n) => !given.has(n))
      ) {
        throw fail(E.boListOrder);
      }
      if (before.every((n, i) => n === nodeIds[i])) return false;
      await this.rank(trx, list, nodeIds);
      await this.audit.append(trx, actor, {
        action: `game.${list}.order`,
        targetType: 'game_list',
        targetId: list,
        before: { list: before },
        after: { list: nodeIds },
      });
      return true;
    });
    return this.list(list);
  }

  /** Puts exactly these games in the list, in this order (ranks 1..n). */
  private async rank(trx: Transaction<DB>, list: GameList, nodeIds: string[]) {
    const flag = sql.ref(flagOf(list));
    const rank = sql.ref(rankOf(list));
    const values = sql.join(nodeIds.map((n, i) => sql`(${n}::text, ${i + 1}::int)`));
    await sql`update game set ${flag} = true, ${rank} = v.rank
              from (values ${values}) as v(node_id, rank) where game.node_id = v.node_id`.execute(trx);
  }

  // ---- PvP rooms (the CLI's `games room`) -------------------------------------------------------

  async setRoomEnabled(actor: AuditActor, roomId: string, enabled: boolean): Promise<boolean> {
    return this.change(async (trx) => {
      const row = await trx
        .selectFrom('pvp_room')
        .select(['enabled', 'node_id'])
        .where('room_id', '=', roomId)
        .forUpdate()
        .executeTakeFirst();
      if (!row) return false;
      await this.games.setRoomEnabledIn(trx, roomId, enabled);
      await this.audit.append(trx, actor, {
        action: enabled ? 'game.room.open' : 'game.room.close',
        targetType: 'pvp_room',
        targetId: roomId,
        before: { enabled: row.enabled, nodeId: row.node_id },
        after: { enabled, nodeId: row.node_id },
      });
      return true;
    });
  }

  /** One audited change: its transaction, then (once committed) the notice to every instance. */
  private async change<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    const result = await this.database.db.transaction().execute(work);
    if (result !== false) await this.games.catalogueChanged();
    return result;
  }
}
