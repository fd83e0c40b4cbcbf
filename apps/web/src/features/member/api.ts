import { queryOptions, useQuery } from '@tanstack/react-query';
import { AgentType, getBalance, getConsolidated, getUnreadCount } from '@app/contract';
import { call } from '../../shared/http/client.ts';
import { useSession } from '../../shared/session/session.ts';
import { persistedOptions, SessionCaches } from '../../shared/storage/query-persistence.ts';

export const balanceKey = ['wallet', 'balance'] as const;

/** GET /wps/v2/wallets/balance (MB-09): the sum of the member's wallets, major units. */
export const balanceQuery = queryOptions({
  queryKey: balanceKey,
  queryFn: ({ signal }) => call(getBalance, { signal }),
  staleTime: 15_000,
  refetchInterval: 30_000,
});

export function useBalance(enabled: boolean) {
  const token = useSession((s) => s.token);
  return useQuery({ ...balanceQuery, enabled: enabled && token !== null });
}

/** GET /wps/relay/CSP_unreadCount: unread platform messages, for the messages badge. */
export function useUnreadCount() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: ['member', 'unread'],
    queryFn: ({ signal }) => call(getUnreadCount, { signal }),
    enabled: token !== null,
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

/**
 * GET /wps/member/info/funds/consolidated (MB-13): the contract requests waiting for an agent,
 * kept in session storage as "consolidated" (BC-07) per member, so a reload shows the badge at
 * once. Trial accounts are refused this call by the server, so they do not ask.
 */
export function consolidatedQuery(memberId: number) {
  const queryKey = ['member', 'consolidated', memberId] as const;
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => call(getConsolidated, { signal }),
    ...persistedOptions(SessionCaches.consolidated, queryKey),
    staleTime: 60_000,
  });
}

export function useConsolidated(memberId: number | undefined, agentType: number | null) {
  return useQuery({
    ...consolidatedQuery(memberId ?? 0),
    enabled: memberId !== undefined && agentType !== null && agentType !== AgentType.trial,
  });
}

/** Balance as the member bar shows it: 2 decimals, thousands separators (MB-07), or *** when hidden (MB-08). */
export function formatBalance(amount: number, symbol: string, hidden: boolean): string {
  if (hidden) return '***';
  const text = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    Math.abs(amount),
  );
  return `${amount < 0 ? '-' : ''}${symbol}${text}`;
}
