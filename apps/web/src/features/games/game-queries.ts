import { keepPreviousData, useQueries, useQueryClient } from '@tanstack/react-query';
import { useQuery } from '../../shared/http/use-query.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import type { Game } from '@app/contract';
import { getBrand } from '../../shared/brand/brand.ts';
import { call } from '../../shared/http/client.ts';
import { useSession } from '../../shared/session/session.ts';
import { gameListCall, hotGamesCall } from './calls.ts';

/** Games per request of a list: the grid asks for the pages it is about to show. */
export const LIST_PAGE_SIZE = 100;

/** The hot games of every vendor: GCSGAME_hotGamesV2 with merchantCode, isPlatform 2, vassalage "". */
export function fetchHotGames(language: string) {
  return call(hotGamesCall, {
    query: {
      merchantCode: getBrand().merchant,
      isPlatform: 2,
      vassalage: '',
      platform: 'flash,html5-desktop',
      language,
    },
  });
}

export type SelectType = 'NEW' | 'FAV' | 'ALL' | 'HOT' | 'RECENT';

export interface ListFilter {
  gameType: string;
  vassalage: string;
  selection: SelectType;
  search: string;
}

export const listKey = (f: ListFilter, language: string, member: boolean, page: number) =>
  ['games', 'list', f.gameType, f.vassalage, f.selection, f.search.trim(), language, member, page] as const;

function useListFetch(filter: ListFilter) {
  const { i18n } = useTypedTranslation('translation');
  const language = i18n.language || 'en';
  const member = Boolean(useSession((s) => s.token));
  const enabled = member || (filter.selection !== 'FAV' && filter.selection !== 'RECENT');
  const fetchPage = (page: number, signal: AbortSignal) =>
    call(gameListCall, {
      query: {
        gameType: filter.gameType as never,
        vassalage: filter.vassalage || undefined,
        gameSelectType: filter.selection,
        gameName: filter.search.trim() || undefined,
        pageNo: page + 1,
        pageSize: LIST_PAGE_SIZE,
        language,
        platform: 'html5-desktop',
      },
      signal,
    });
  return { language, member, enabled, fetchPage };
}

/**
 * The first page of a list: its games and the list's total, which sizes the grid. While a new
 * search runs, the previous answer stays on screen (`searching`).
 */
export function useGameListHead(filter: ListFilter) {
  const { language, member, enabled, fetchPage } = useListFetch(filter);
  const first = useQuery({
    queryKey: listKey(filter, language, member, 0),
    queryFn: ({ signal }) => fetchPage(0, signal),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 60_000,
  });
  return {
    enabled,
    first,
    total: first.data?.totalCount ?? 0,
    loading: first.isPending && enabled,
    searching: first.isPlaceholderData,
    error: first.isError,
    refetch: () => void first.refetch(),
  };
}

/**
 * The games of a list as the grid reads them: page 0 from the head, then whichever pages the
 * visible rows need (`pages`), each fetched once and kept while the filter stays.
 */
export function useGamePages(
  filter: ListFilter,
  head: ReturnType<typeof useGameListHead>,
  pages: readonly number[],
) {
  const { language, member, enabled, fetchPage } = useListFetch(filter);
  const more = pages.filter((p) => p > 0);
  const rest = useQueries({
    queries: more.map((page) => ({
      queryKey: listKey(filter, language, member, page),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchPage(page, signal),
      enabled: enabled && head.first.isSuccess && !head.first.isPlaceholderData,
      staleTime: 60_000,
    })),
  });
  const byPage = new Map<number, Game[]>();
  if (head.first.data) byPage.set(0, head.first.data.games);
  more.forEach((p, i) => {
    const data = rest[i]?.data;
    if (data) byPage.set(p, data.games);
  });
  return (index: number): Game | undefined =>
    byPage.get(Math.floor(index / LIST_PAGE_SIZE))?.[index % LIST_PAGE_SIZE];
}

/** Drops every cached list, so favourite flags and the FAV tab are read again. */
export function useInvalidateLists() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['games', 'list'] });
}
