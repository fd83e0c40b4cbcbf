import { Errors, gameCategories, type Game, type VendorCard } from '@app/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import type { ChangeFeed } from '../../platform/change-feed.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import { fail } from '../../platform/http/errors.ts';
import { ART_ROOT } from '../cdn/art-root.ts';
import { gameImagePath } from '../cdn/draw/game-card.ts';
import * as repo from './games.repo.ts';
import { GamesIndex } from './games-index.ts';

type Category = (typeof gameCategories)[number];
type Selection = 'NEW' | 'FAV' | 'ALL' | 'HOT' | 'RECENT';

/** A member keeps at most this many favourites: the list stays one short page of the lobby. */
export const MAX_FAVOURITES = 500;
/** How many hot games the hot list answers at most. */
const HOT_LIMIT = 200;
/** Catalogue answers kept in memory per instance (each about 50 kB of JSON at 200 games). */
const PAGE_CACHE_ENTRIES = 400;
/**
 * The winners board looks back this many days. The bet_win prune job (games.jobs.ts) deletes the
 * rows older than this, so it must stay the one definition of the board's window.
 */
export const WINNER_DAYS = 7;

/** Categories whose vendor opens a game list page (NC-14); the others launch directly. */
const listPageTypes = new Set(['FISH', 'LIVE', 'RNG', 'PVP']);

/** The name key of a language label or code: EN, CN, TH, VI ... (zh-CN reads CN). */
export function nameKey(language: string): string {
  const up = language.toUpperCase();
  if (up === 'ZH-CN' || up === 'ZH') return 'CN';
  if (up === 'ZH-TW') return 'TY';
  return up;
}

export function nameIn(names: Record<string, string>, language: string): string {
  return names[nameKey(language)] ?? names.EN ?? Object.values(names)[0] ?? '';
}

function asCategory(type: string): Category {
  return (gameCategories as readonly string[]).includes(type) ? (type as Category) : 'RNG';
}

/** The vendor art the cdn draws at the spec's path (NC-44). */
export function vendorImage(gameType: string, vassalage: string): string {
  return `${ART_ROOT}/SUBMENU_IMG/STYLE2/${gameType}-${vassalage}.png`;
}

/**
 * A title's own art (decision 058): drawn from its English title and game id, so no two titles look
 * alike; the vendor's card where the id or title cannot be written in an art path.
 */
export function gameImage(
  gameType: string,
  vassalage: string,
  gameId: string,
  names: Record<string, string>,
): string {
  const path = gameImagePath(gameType, gameId, nameIn(names, 'EN'));
  return path ? `${ART_ROOT}/${path}` : vendorImage(gameType, vassalage);
}

function vendorPage(gameType: string, vassalage: string): string {
  if (listPageTypes.has(gameType)) return `/${gameType.toLowerCase()}?vassalage=${vassalage}`;
  if (gameType === 'BINGO') return `/bingo?vassalage=${vassalage}`;
  return '';
}

/** A username shown on a public board: first two and last two letters. */
export function maskUsername(username: string): string {
  if (username.length <= 4) return `${username.slice(0, 1)}***`;
  return `${username.slice(0, 2)}***${username.slice(-2)}`;
}

export interface GameListQuery {
  vassalage?: string | undefined;
  gameType?: string | undefined;
  search?: string | undefined;
  selection: Selection;
  pageNo: number;
  pageSize: number;
  language: string;
}

export class GamesService {
  private readonly database: Database;
  private readonly feed: ChangeFeed;
  private readonly wallet: WalletService;
  private readonly vendors;
  private readonly index;

  constructor(deps: { database: Database; feed: ChangeFeed; wallet: WalletService }) {
    this.database = deps.database;
    this.feed = deps.feed;
    this.wallet = deps.wallet;
    // The vendor rows change only through the operator CLI, which publishes on the change feed.
    this.vendors = deps.feed.cached(() => repo.listVendors(deps.database.db));
    // The listed games in memory (games-index.ts): the catalogue changes only through the operator
    // CLI too, and every change it makes publishes on the feed, which drops the index.
    this.index = deps.feed.cached(async () => new GamesIndex(await repo.listedGames(deps.database.db)));
    this.pages = deps.feed.cached(async () => new Map<string, Promise<unknown>>());
  }

  private async hiddenVendors(): Promise<string[]> {
    const rows = await this.vendors.get();
    // A vendor is off when every one of its categories is off (the CLI switches them together).
    const on = new Set(rows.filter((r) => r.enabled).map((r) => r.vassalage));
    return [...new Set(rows.map((r) => r.vassalage))].filter((v) => !on.has(v));
  }

  private card(r: repo.VendorRow, now: number): VendorCard {
    const from = r.maintenance_from ? new Date(r.maintenance_from).getTime() : null;
    const until = r.maintenance_until ? new Date(r.maintenance_until).getTime() : null;
    const inWindow = from !== null && from <= now && (until === null || now < until);
    return {
      vassalage: r.vassalage,
      displayName: r.display_name,
      gameType: asCategory(r.game_type),
      accountTypeId: r.account_type_id,
      isHot: r.is_hot ? 1 : 0,
      name: r.display_name,
      page: vendorPage(r.game_type, r.vassalage),
      imageUrl: vendorImage(r.game_type, r.vassalage),
      status: inWindow ? 'MAINTENANCE' : 'ACTIVE',
      maintenanceFrom: from,
      maintenanceUntil: until,
      gameCount: r.game_count,
      isGame: r.single_node_id === null ? 0 : 1,
      nodeId: r.single_node_id ?? '',
      gameId: r.single_game_id ?? '',
    };
  }

  /** The enabled vendors per category, in the operator's order; a category without one is left out (NC-19). */
  async vendorSorting(): Promise<Array<{ gameCategory: Category; vendors: VendorCard[] }>> {
    const rows = await this.vendors.get();
    const now = Date.now();
    const out: Array<{ gameCategory: Category; vendors: VendorCard[] }> = [];
    for (const category of gameCategories) {
      const vendors = rows.filter((r) => r.enabled && r.game_type === category).map((r) => this.card(r, now));
      if (vendors.length > 0) out.push({ gameCategory: category, vendors });
    }
    return out;
  }

  async lanes() {
    const sorting = await this.vendorSorting();
    return {
      data: {
        lanes: sorting.map((s) => ({
          title: s.gameCategory,
          gameClassify: s.gameCategory,
          cards: s.vendors,
        })),
      },
    };
  }

  async vassGameTypes(vassalage?: string) {
    const rows = await this.vendors.get();
    return rows
      .filter((r) => r.enabled && (!vassalage || r.vassalage === vassalage))
      .map((r) => ({
        vassalage: r.vassalage,
        gameType: asCategory(r.game_type),
        displayName: r.display_name,
        gameCount: r.game_count,
      }));
  }

  /** Catalogue rows in the wire's Game shape, in a language, with the caller's favourite flags. */
  async toGames(rows: repo.GameRow[], language: string, memberId: number | null): Promise<Game[]> {
    const favourites =
      memberId === null
        ? new Set<number>()
        : await repo.favouriteIdsAmong(
            this.database.db,
            memberId,
            rows.map((r) => Number(r.id)),
          );
    return rows.map((r) => {
      const tags: Array<'NEW' | 'HOT'> = [];
      if (r.is_new) tags.push('NEW');
      if (r.is_hot) tags.push('HOT');
      return {
        nodeId: r.node_id,
        gameId: r.game_id,
        gameName: nameIn(r.names, language),
        vassalage: r.vassalage,
        gameType: asCategory(r.game_type),
        isNew: r.is_new ? 1 : 0,
        isHot: r.is_hot ? 1 : 0,
        tags,
        rtp: r.rtp_bp === null ? null : r.rtp_bp / 100,
        volatility: (r.volatility as Game['volatility']) ?? null,
        imageUrl: gameImage(r.game_type, r.vassalage, r.game_id, r.names),
        isFavorite: favourites.has(Number(r.id)),
      };
    });
  }

  /**
   * The catalogue's answers as a visitor sees them, kept per query until the next change notice
   * (an operator's vendor, maintenance or hot change publishes one), so a lobby paging through
   * 10,000 slots again, or revalidating them with ETags, repeats no work; a member's favourite
   * flags are laid over a page with one indexed read. A page not kept yet is read from the index.
   */
  private readonly pages;

  private async cachedPage<T extends { games: Game[] } | { list: Game[] }>(
    key: string,
    load: () => Promise<{ value: T; ids: number[] }>,
  ): Promise<{ value: T; ids: number[] }> {
    const pages = await this.pages.get();
    let entry = pages.get(key) as Promise<{ value: T; ids: number[] }> | undefined;
    if (!entry) {
      entry = load();
      pages.set(key, entry);
      entry.catch(() => pages.delete(key));
      // Searches make many keys: the oldest go first past the bound.
      if (pages.size > PAGE_CACHE_ENTRIES) pages.delete(pages.keys().next().value!);
    }
    return entry;
  }

  /** The caller's favourite flags over a visitor's page (a visitor's page is answered as it is). */
  private async withFavourites(games: Game[], ids: number[], memberId: number | null): Promise<Game[]> {
    if (memberId === null) return games;
    const favourites = await repo.favouriteIdsAmong(this.database.db, memberId, ids);
    return games.map((g, i) => (favourites.has(ids[i]!) ? { ...g, isFavorite: true } : g));
  }

  async gameList(q: GameListQuery, memberId: number | null) {
    if ((q.selection === 'FAV' || q.selection === 'RECENT') && memberId === null) {
      throw fail(Errors.notLoggedIn);
    }
    const search = q.search?.trim().toLowerCase() || undefined;
    const offset = (q.pageNo - 1) * q.pageSize;
    const answer = async ({ rows, total }: { rows: repo.GameRow[]; total: number }) => ({
      value: {
        games: await this.toGames(rows, q.language, null),
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        totalCount: total,
        totalPages: Math.ceil(total / q.pageSize),
      },
      ids: rows.map((r) => Number(r.id)),
    });
    const filter = async () => ({
      hiddenVendors: await this.hiddenVendors(),
      vassalage: q.vassalage || undefined,
      gameType: q.gameType || undefined,
      search,
    });
    // FAV and RECENT are the member's own lists, joined in the database and never kept; every
    // other list is the same for everyone and read from the in-memory index.
    const selection = q.selection;
    const page =
      selection === 'FAV' || selection === 'RECENT'
        ? await answer(
            await repo.pageGames(
              this.database.db,
              { ...(await filter()), selection, memberId },
              { offset, limit: q.pageSize },
            ),
          )
        : await this.cachedPage(
            JSON.stringify([
              'list',
              q.vassalage ?? '',
              q.gameType ?? '',
              search ?? '',
              selection,
              q.pageNo,
              q.pageSize,
              nameKey(q.language),
            ]),
            async () =>
              answer((await this.index.get()).page({ ...(await filter()), selection }, offset, q.pageSize)),
          );
    return { ...page.value, games: await this.withFavourites(page.value.games, page.ids, memberId) };
  }

  async hotGames(vassalage: string, language: string, memberId: number | null) {
    const page = await this.cachedPage(JSON.stringify(['hot', vassalage, nameKey(language)]), async () => {
      const { rows } = (await this.index.get()).page(
        { hiddenVendors: await this.hiddenVendors(), vassalage: vassalage || undefined, selection: 'HOT' },
        0,
        HOT_LIMIT,
      );
      return {
        value: { list: await this.toGames(rows, language, null) },
        ids: rows.map((r) => Number(r.id)),
      };
    });
    return { list: await this.withFavourites(page.value.list, page.ids, memberId) };
  }

  async winnerBoard(gameCategory: string, limit: number) {
    const rows = await repo.biggestWins(this.database.db, gameCategory, WINNER_DAYS, limit);
    return {
      list: rows.map((r) => ({
        username: maskUsername(r.username),
        gameName: r.game_name,
        vassalage: r.vendor,
        gameCategory: r.product,
        winAmount: this.wallet.toMajor(Number(r.payout) - Number(r.bet_amount)),
        currency: r.currency,
        time: r.settled_at ? new Date(r.settled_at).getTime() : 0,
      })),
    };
  }

  async favouritePage(memberId: number, pageNo: number, pageSize: number, language: string) {
    const { rows, total } = await repo.favourites(this.database.db, memberId, {
      offset: (pageNo - 1) * pageSize,
      limit: pageSize,
    });
    return {
      content: await this.toGames(rows, language, memberId),
      pageNum: pageNo,
      pageSize,
      totalCount: total,
      totalPages: Math.ceil(total / pageSize),
    };
  }

  async favouriteAll(memberId: number, language: string) {
    const { rows } = await repo.favourites(this.database.db, memberId, { offset: 0, limit: MAX_FAVOURITES });
    return this.toGames(rows, language, memberId);
  }

  private async gameOf(nodeId: string): Promise<number> {
    const id = await repo.gameIdOfNode(this.database.db, nodeId);
    if (id === null) throw fail(Errors.notFound, { message: 'No such game' });
    return id;
  }

  async addFavourite(memberId: number, nodeId: string) {
    const gameId = await this.gameOf(nodeId);
    if ((await repo.favouriteCount(this.database.db, memberId)) >= MAX_FAVOURITES) {
      // Already there is still a success: only a new one is refused at the limit.
      const already = await repo.favouriteIdsAmong(this.database.db, memberId, [gameId]);
      if (already.has(gameId)) return { nodeId, favorite: true, changed: false };
      throw fail(Errors.invalidInput, { message: `At most ${MAX_FAVOURITES} favourite games` });
    }
    const changed = await repo.addFavourite(this.database.db, memberId, gameId);
    return { nodeId, favorite: true, changed };
  }

  async removeFavourite(memberId: number, nodeId: string) {
    const gameId = await this.gameOf(nodeId);
    const changed = await repo.removeFavourite(this.database.db, memberId, gameId);
    return { nodeId, favorite: false, changed };
  }

  async recentPage(memberId: number, pageNo: number, pageSize: number, language: string) {
    const { rows, total } = await repo.recent(this.database.db, memberId, {
      offset: (pageNo - 1) * pageSize,
      limit: pageSize,
    });
    return {
      list: await this.toGames(rows, language, memberId),
      pageNo,
      totalCount: total,
      totalPages: Math.ceil(total / pageSize),
    };
  }

  // ---- operator (npm run ops -- games ...) ----------------------------------------------------

  /** The vendor rows as the operator sees them, switched-off ones included. */
  async vendorRows() {
    return repo.listVendors(this.database.db);
  }

  /** Switches a vendor (every category of it) on or off; false for an unknown code. */
  async setVendorEnabled(vassalage: string, enabled: boolean): Promise<boolean> {
    const changed = await repo.setVendorEnabled(this.database.db, vassalage, enabled);
    if (changed > 0) await this.vendorsChanged();
    return changed > 0;
  }

  /** Sets a vendor's maintenance window (until null: open-ended), or clears it with two nulls. */
  async setVendorMaintenance(vassalage: string, from: Date | null, until: Date | null): Promise<boolean> {
    const changed = await repo.setVendorMaintenance(this.database.db, vassalage, from, until);
    if (changed > 0) await this.vendorsChanged();
    return changed > 0;
  }

  /** Marks a game hot or not; false for an unknown nodeId. */
  async setGameHot(nodeId: string, hot: boolean): Promise<{ name: string } | null> {
    const changed = await repo.setGameHot(this.database.db, nodeId, hot);
    if (changed === 0) return null;
    await this.vendorsChanged();
    const game = await repo.gameByNode(this.database.db, nodeId);
    return { name: game ? nameIn(game.names, 'EN') : nodeId };
  }

  /** Drops the cached vendor rows on every instance after an operator change. */
  private async vendorsChanged(): Promise<void> {
    await this.catalogueChanged();
  }

  // The same writes in the caller's transaction, nobody told: the back office's games service
  // (and the CLI through it) audits them in that transaction, then calls catalogueChanged().

  async setVendorEnabledIn(db: Kysely<DB>, vassalage: string, enabled: boolean): Promise<number> {
    return repo.setVendorEnabled(db, vassalage, enabled);
  }

  async setVendorMaintenanceIn(db: Kysely<DB>, vassalage: string, from: Date | null, until: Date | null) {
    return repo.setVendorMaintenance(db, vassalage, from, until);
  }

  async setRoomEnabledIn(db: Kysely<DB>, roomId: string, enabled: boolean): Promise<boolean> {
    return repo.setRoomEnabled(db, roomId, enabled);
  }

  /**
   * Tells every instance the catalogue changed (vendor rows, games, lists): their vendor rows,
   * game index and kept answers are dropped. Called after the change committed (the back office's
   * games service writes in its audit's transaction, then calls this).
   */
  async catalogueChanged(): Promise<void> {
    await this.feed.publish('games:vendors');
  }
}
