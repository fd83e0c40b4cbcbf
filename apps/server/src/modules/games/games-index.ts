import type { GameRow } from './games.repo.ts';

/** A listed game as the index keeps it: the wire's columns and its lowercased names in every language. */
export interface IndexedGame extends GameRow {
  search_text: string;
}

export interface IndexQuery {
  /** Vendors switched off by the operator: their games are not listed. */
  hiddenVendors: readonly string[];
  gameType?: string | undefined;
  vassalage?: string | undefined;
  /** Already trimmed and lowercased; empty or undefined lists every game. */
  search?: string | undefined;
  selection: 'ALL' | 'NEW' | 'HOT';
}

/** Searches remembered per instance (a player typing "dragon" asks six of them). */
const SEARCH_MEMO = 256;

/**
 * The enabled games of the catalogue in memory, in list order (sort, then id), grouped by game
 * type, by vendor and by both: the visitor's game list and hot list read it instead of the
 * database (decision 019). A search is a substring test over the group's names in every language
 * (what `search_text like '%…%'` did), so a keystroke in the lobby's search box costs a scan of at
 * most one category's names in memory instead of a count and a page query.
 *
 * The index is built from one read of the table and never changed: the games service keeps it in
 * a change-feed cache, so every catalogue write (the operator's vendor, maintenance, game and list
 * changes, from the CLI or the back office, publish a change notice) drops it and the next list builds a new one.
 */
export class GamesIndex {
  private readonly groups = new Map<string, IndexedGame[]>();
  /** The games matching a search in one group, newest use last (a bounded LRU). */
  private readonly searches = new Map<string, IndexedGame[]>();
  readonly size: number;

  /** `rows`: the enabled games, ordered by sort then id. */
  constructor(rows: readonly IndexedGame[]) {
    this.size = rows.length;
    this.groups.set(groupKey(undefined, undefined), [...rows]);
    for (const row of rows) {
      const keys = [
        groupKey(row.game_type, undefined),
        groupKey(undefined, row.vassalage),
        groupKey(row.game_type, row.vassalage),
      ];
      for (const key of keys) {
        let group = this.groups.get(key);
        if (!group) this.groups.set(key, (group = []));
        group.push(row);
      }
    }
  }

  /** One page of the matching games (in list order) and how many match in all. */
  page(q: IndexQuery, offset: number, limit: number): { rows: IndexedGame[]; total: number } {
    const hidden = q.hiddenVendors.length > 0 ? new Set(q.hiddenVendors) : null;
    const listed = (g: IndexedGame) =>
      (hidden === null || !hidden.has(g.vassalage)) &&
      (q.selection === 'ALL' || (q.selection === 'NEW' ? g.is_new : g.is_hot));
    const group = this.matching(groupKey(q.gameType || undefined, q.vassalage || undefined), q.search);
    if (q.selection !== 'ALL') {
      // The hot and new lists (a few hundred games) in the operator's order: ranked ones first,
      // then the rest in list order (the sort is stable).
      const rank = (g: IndexedGame) =>
        (q.selection === 'HOT' ? g.hot_rank : g.new_rank) ?? Number.MAX_SAFE_INTEGER;
      const all = group.filter(listed).sort((a, b) => rank(a) - rank(b));
      return { rows: all.slice(offset, offset + limit), total: all.length };
    }
    const rows: IndexedGame[] = [];
    let total = 0;
    for (const g of group) {
      if (!listed(g)) continue;
      if (total >= offset && rows.length < limit) rows.push(g);
      total++;
    }
    return { rows, total };
  }

  /** The games of a group whose names contain `search` (all of them without one). */
  private matching(key: string, search: string | undefined): readonly IndexedGame[] {
    const group = this.groups.get(key) ?? [];
    if (!search) return group;
    const memoKey = `${key}\u0000${search}`;
    const known = this.searches.get(memoKey);
    if (known) {
      this.searches.delete(memoKey);
      this.searches.set(memoKey, known);
      return known;
    }
    // A longer search matches a subset of a shorter one that contains it: typing "dra" after "dr"
    // scans only the games "dr" matched.
    let from: readonly IndexedGame[] = group;
    for (let n = search.length - 1; n > 0; n--) {
      const shorter = this.searches.get(`${key}\u0000${search.slice(0, n)}`);
      if (shorter) {
        from = shorter;
        break;
      }
    }
    const found = from.filter((g) => g.search_text.includes(search));
    this.searches.set(memoKey, found);
    if (this.searches.size > SEARCH_MEMO) this.searches.delete(this.searches.keys().next().value!);
    return found;
  }
}

function groupKey(gameType: string | undefined, vassalage: string | undefined): string {
  return `${gameType ?? '*'}/${vassalage ?? '*'}`;
}
