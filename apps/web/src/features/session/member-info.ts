import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '../../shared/http/use-query.ts';
import { call } from '../../shared/http/client.ts';
import { useSession } from '../../shared/session/session.ts';
import { useLoginState } from './login-state.ts';
import { getMemberInfoRef } from '../../shared/http/call-refs/member.ts';

/**
 * Who is logged in, read by every logged-in page through the session barrel. Refs, not CallDefs:
 * this file is reachable from the entry chunk (see call-ref.ts); the calls of the login dialogs
 * are in api.ts, which only their lazy chunks import.
 */
export { getMemberInfoRef as memberInfoCall };

export const memberInfoKey = ['member', 'info'] as const;

/** GET /wps/member/info: who is logged in (MB-10). */
export const memberInfoQuery = queryOptions({
  queryKey: memberInfoKey,
  queryFn: ({ signal }) => call(getMemberInfoRef, { signal }),
  staleTime: 60_000,
});

/** The member info, while a finished login holds a token (not while a forced change is pending). */
export function useMemberInfo() {
  const token = useSession((s) => s.token);
  const pendingChange = useLoginState((s) => s.pendingChange);
  return useQuery({ ...memberInfoQuery, enabled: token !== null && !pendingChange });
}
