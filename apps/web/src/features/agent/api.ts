import { queryOptions } from '@tanstack/react-query';
import type { Consolidated } from '@app/contract';
import { call } from '../../shared/http/client.ts';
import { getConsolidatedRef } from '../../shared/http/call-refs/member.ts';
import { persistedOptions, SessionCaches } from '../../shared/storage/query-persistence.ts';

/**
 * GET /wps/member/info/funds/consolidated: the same query as the member bar's (same key, same
 * session-storage copy, BC-07), read here for its info keys, which say which contracts the agent
 * holds and so which contract entries the menu shows (research §1.2). The info keys are not in the
 * contract's schema yet (issue 30), so the answer is read as a loose record.
 */
export function consolidatedQuery(memberId: number) {
  const queryKey = ['member', 'consolidated', memberId] as const;
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => call(getConsolidatedRef, { signal }),
    ...persistedOptions<Consolidated>(SessionCaches.consolidated, queryKey),
    staleTime: 60_000,
  });
}
