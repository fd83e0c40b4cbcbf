import { useCallback } from 'react';
import type { SystemInfo } from '@app/contract';
import { openCustomerService } from '../../shared/system/customer-service.ts';
import { useSystemInfo } from '../../shared/system/system-status.ts';
import { useMemberInfo } from './member-info.ts';

/**
 * Every customer-service entry of the site (side bar, login popup's help, maintenance and region
 * pages, the game frame's error, /join, /vip): opens the popup with the logged-in member's
 * club-label rank, so a member above rank 4 gets the VIP service and everyone else the live chat
 * (HD-04, decision 042). `given`: the system info a page already holds (the status pages).
 */
export function useCustomerService(given?: SystemInfo): () => Window | null {
  const fetched = useSystemInfo();
  const info = given ?? fetched;
  const rank = useMemberInfo().data?.clubLabel.rankLevel ?? null;
  return useCallback(() => openCustomerService(info, rank), [info, rank]);
}
