import type { CrudFilter, LogicalFilter } from '@refinedev/core';
import { backoffice } from '@app/contract';
import type { boCall } from './client.ts';

/**
 * The Games section's list for the data provider (decision 035): `games`, the catalogue (about
 * 10,000 games) paged on the server, with the filters `q` (a part of the name, or the node id),
 * `vassalage`, `gameType` (the product), `enabled` ('true' / 'false') and `list` ('hot' / 'new').
 */
export const isGamesResource = (r: string): r is 'games' => r === 'games';

const valueOf = (filters: CrudFilter[] | undefined, field: string): string | undefined => {
  const f = (filters ?? []).find((x): x is LogicalFilter => 'field' in x && x.field === field);
  return typeof f?.value === 'string' && f.value.trim() ? f.value.trim() : undefined;
};

/** The filters as the call's query: what the form holds, empty fields left out. */
export function gamesQueryOf(filters: CrudFilter[] | undefined): backoffice.GamesQuery {
  const enabled = valueOf(filters, 'enabled');
  const list = valueOf(filters, 'list');
  const q = valueOf(filters, 'q');
  const vassalage = valueOf(filters, 'vassalage');
  const gameType = valueOf(filters, 'gameType');
  return {
    ...(q ? { q: q.slice(0, 64) } : {}),
    ...(vassalage ? { vassalage } : {}),
    ...(gameType ? { gameType } : {}),
    ...(enabled === 'true' || enabled === 'false' ? { enabled } : {}),
    ...(list === 'hot' || list === 'new' ? { list } : {}),
  };
}

export async function gamesList(
  page: number,
  size: number,
  filters: CrudFilter[] | undefined,
  call: typeof boCall,
): Promise<{ data: backoffice.BoGame[]; total: number }> {
  const res = await call(backoffice.boGames, {
    query: { ...gamesQueryOf(filters), page, size: Math.min(size, 200) },
  });
  return { data: res.list, total: res.total };
}
