import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '../../shared/http/use-query.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import type { HelpSection } from '@app/contract';
import { getBrand } from '../../shared/brand/brand.ts';
import { call } from '../../shared/http/client.ts';
import { helpCenterCall } from '../../shared/http/calls.ts';

/** The help centre in the page's language, asked as the original asks it: lang and device (WEB). */
export function helpCenterQuery(lang: string) {
  return queryOptions({
    queryKey: ['help', 'centre', lang] as const,
    queryFn: ({ signal }) =>
      call(helpCenterCall, { query: { lang, device: getBrand().device || 'WEB' }, signal }),
    staleTime: 5 * 60_000,
  });
}

export function useHelpCenter() {
  const { i18n } = useTypedTranslation('translation');
  return useQuery(helpCenterQuery(i18n.language));
}

export interface HelpArticleRef {
  id: string;
  title: string;
  categoryId: string;
  categoryTitle: string;
}

/** Every article of every section, each with its section (`tag` is the article's stable id). */
export function flattenArticles(sections: readonly HelpSection[]): HelpArticleRef[] {
  return sections.flatMap((s) =>
    s.children.map((a) => ({ id: a.tag, title: a.title, categoryId: s.tag, categoryTitle: s.title })),
  );
}

/** The link of one help article; /helpmc for the chrome-less help view. */
export function helpArticlePath(id: string, base: '/help' | '/helpmc' = '/help'): string {
  return `${base}?topic=${encodeURIComponent(id)}`;
}
