import { useMemo } from 'react';
import { useLocation, useNavigate, type NavigateFunction } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useSession } from '../../shared/session/session.ts';
import { useUiStore, type UiState } from '../../shared/shell/ui-store.ts';

/**
 * What a launch (use-launch.ts) needs from the render that starts it. Gathered apart from the
 * launch code itself, so the header can hold it at first paint and load that code only on a
 * click (header-nav.tsx).
 */
export interface LaunchDeps {
  navigate: NavigateFunction;
  location: { pathname: string; search: string };
  client: QueryClient;
  token: string | null;
  agentType: number | null;
  openModal: UiState['openModal'];
}

export function useLaunchDeps(): LaunchDeps {
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  const agentType = useSession((s) => s.agentType);
  const openModal = useUiStore((s) => s.openModal);
  return useMemo(
    () => ({ navigate, location, client, token, agentType, openModal }),
    [navigate, location, client, token, agentType, openModal],
  );
}
