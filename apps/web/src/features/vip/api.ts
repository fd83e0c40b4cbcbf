// Call references, not the contract's calls: the mission badge puts this module in the entry
// chunk, and a call's zod schemas would bring zod with it (23 kB gzip; call-ref.ts).
import {
  getMissionLeaderboardRef as getMissionLeaderboard,
  getMissionSummaryDetailsRef as getMissionSummaryDetails,
  getPlayerRankProgressRef as getPlayerRankProgress,
  getVipLevelsRef as getVipLevels,
} from '../../shared/http/call-refs/vip.ts';
import { useQuery } from '../../shared/http/use-query.ts';
import { call } from '../../shared/http/client.ts';
import { useSession } from '../../shared/session/session.ts';

/**
 * The VIP ladder (everyone), the member's level progress and missions (logged in; decision 042).
 * The member's queries live under ['wallet', 'vip', …]: logout (which drops ['wallet']) clears them.
 */
const K = {
  levels: ['vip', 'levels'],
  progress: ['wallet', 'vip', 'progress'],
  missions: ['wallet', 'vip', 'missions'],
  leaderboard: ['wallet', 'vip', 'leaderboard'],
} as const;

export function useVipLevels() {
  return useQuery({
    queryKey: K.levels,
    queryFn: ({ signal }) => call(getVipLevels, { signal }),
    staleTime: 300_000,
  });
}

/** A real account's session (trial accounts have no level nor missions). */
function useMember(): boolean {
  return useSession((s) => s.token !== null && s.agentType !== 4);
}

export function useRankProgress() {
  const member = useMember();
  return useQuery({
    queryKey: K.progress,
    queryFn: ({ signal }) => call(getPlayerRankProgress, { signal }),
    enabled: member,
    staleTime: 30_000,
  });
}

/** The missions of the current periods; the entry's badge reads its count (PR-03). */
export function useMissionSummary() {
  const member = useMember();
  return useQuery({
    queryKey: K.missions,
    queryFn: ({ signal }) => call(getMissionSummaryDetails, { signal }),
    enabled: member,
    staleTime: 30_000,
  });
}

export function useMissionLeaderboard() {
  const member = useMember();
  return useQuery({
    queryKey: K.leaderboard,
    queryFn: ({ signal }) => call(getMissionLeaderboard, { signal }),
    enabled: member,
    staleTime: 30_000,
  });
}
