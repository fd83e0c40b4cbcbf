import type { QueryClient } from '@tanstack/react-query';

/**
 * The cached answers that belong to one account: its member data, wallets, the lottery's menus and
 * series (a member's prize group sets its bands, decision 028) and the agent centre's pages. A
 * login or a logout forgets them all, so the next account never sees the previous one's.
 */
const ACCOUNT_QUERY_ROOTS = ['member', 'wallet', 'lottery', 'agent'] as const;

export function forgetAccountQueries(queryClient: QueryClient): void {
  for (const root of ACCOUNT_QUERY_ROOTS) queryClient.removeQueries({ queryKey: [root] });
}
