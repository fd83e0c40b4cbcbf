import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '../../shared/http/use-query.ts';
import { defaultAnnouncementRequest, type Announcements } from '@app/contract';
import { getBrand } from '../../shared/brand/brand.ts';
import { call } from '../../shared/http/client.ts';
import { i18n } from '../../shared/i18n/i18n.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { announcementsCall } from '../../shared/http/calls.ts';
import { persistedOptions, SessionCaches } from '../../shared/storage/query-persistence.ts';

/** The announcement request: brand types and execution, platform W (NM-01; default B,PL,PU,PR / B, NM-02). */
export function announcementRequest(
  brand: { announcement?: { types: string; execution: string } } = getBrand(),
) {
  const wanted = brand.announcement?.execution;
  // Execution: B both, L logged-in players, G guests; anything else in brand.json means B.
  const execution: 'B' | 'L' | 'G' =
    wanted === 'L' || wanted === 'G' ? wanted : defaultAnnouncementRequest.execution;
  return {
    types: brand.announcement?.types || defaultAnnouncementRequest.types,
    platform: defaultAnnouncementRequest.platform,
    execution,
  };
}

/**
 * The announcements in `language` (the client's Language header names it; the server answers each
 * item in its version of that language, decision 047), so a language change asks again.
 */
export function announcementsQuery(language: string = i18n.language || 'en') {
  const request = announcementRequest();
  // 'original': the wire shape (issue #12), so an older copy in session storage is not read as this one.
  const queryKey = [
    'notices',
    'announcements',
    request.types,
    request.execution,
    'original',
    language,
  ] as const;
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => call(announcementsCall, { query: request, signal }),
    // The index notices cache of spec A §9 (BC-06).
    ...persistedOptions<Announcements>(SessionCaches.indexNotice, queryKey),
    staleTime: 60_000,
  });
}

export function useAnnouncements() {
  const { i18n: current } = useTypedTranslation('translation');
  return useQuery(announcementsQuery(current.language));
}
