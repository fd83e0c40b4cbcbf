import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HelpCategory } from '@app/contract';
import { call } from '../../shared/http/client.ts';
import { helpCenterCall } from '../../shared/http/calls.ts';

export const helpCenterQuery = queryOptions({
  queryKey: ['help', 'centre'] as const,
  queryFn: ({ signal }) => call(helpCenterCall, { signal }),
  staleTime: 5 * 60_000,
});

export function useHelpCenter() {
  return useQuery(helpCenterQuery);
}

export interface HelpArticleRef {
  id: string;
  title: string;
  categoryId: string;
  categoryTitle: string;
}

export function flattenArticles(categories: readonly HelpCategory[]): HelpArticleRef[] {
  return categories.flatMap((c) =>
    c.items.map((i) => ({ id: i.id, title: i.title, categoryId: c.id, categoryTitle: c.title })),
  );
}

/** The link of one help article; /helpmc for the chrome-less help view. */
export function helpArticlePath(id: string, base: '/help' | '/helpmc' = '/help'): string {
  return `${base}?topic=${encodeURIComponent(id)}`;
}
