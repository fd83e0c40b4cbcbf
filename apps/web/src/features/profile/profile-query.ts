import { useQuery } from '../../shared/http/use-query.ts';
import { getMemberProfile } from '@app/contract';
import { call } from '../../shared/http/client.ts';

/** The profile's query key, under ['member', …] so logout drops it with the member's data. */
export const profileKey = ['member', 'profile'] as const;

/**
 * The member's profile (MC-09), with the default bank account. Its own small module so other
 * features (the withdraw page) read it through index.ts without the profile's mutations.
 */
export function useMemberProfile() {
  return useQuery({ queryKey: profileKey, queryFn: ({ signal }) => call(getMemberProfile, { signal }) });
}
