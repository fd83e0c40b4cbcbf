import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bindReferralCode, getReferralInvitees, getReferralSummary } from '@app/contract';
import { useQuery } from '../../shared/http/use-query.ts';
import { call } from '../../shared/http/client.ts';

/** Under ['wallet', …]: logout (which drops ['wallet']) clears them with the member's money. */
const K = {
  all: ['wallet', 'referral'],
  summary: ['wallet', 'referral', 'summary'],
  invitees: (page: number) => ['wallet', 'referral', 'invitees', page],
} as const;

export const INVITEES_PAGE_SIZE = 10;

/**
 * Asked again each time the page opens (not after the client's usual 30 s): a reward is paid by a
 * job on the server, and a member who comes back to the page to see it must see it.
 */
export function useReferralSummary() {
  return useQuery({
    queryKey: K.summary,
    queryFn: ({ signal }) => call(getReferralSummary, { signal }),
    refetchOnMount: 'always',
  });
}

export function useReferralInvitees(page: number) {
  return useQuery({
    queryKey: K.invitees(page),
    queryFn: ({ signal }) => call(getReferralInvitees, { query: { page, size: INVITEES_PAGE_SIZE }, signal }),
    refetchOnMount: 'always',
  });
}

export function useBindReferral() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => call(bindReferralCode, { body: { code } }),
    onSuccess: () => client.invalidateQueries({ queryKey: K.all }),
  });
}
