import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { AgentType } from '@app/contract';
import { useSession } from '../../shared/session/session.ts';
import { sessionStore } from '../../shared/storage/storage.ts';
import { ModalKeys, useUiStore } from '../../shared/shell/ui-store.ts';
import { launchTarget, type LaunchItem } from './launch-rules.ts';

/** Session-storage key of the vassalage chosen before going to /rng (GL-09). */
export const SELECTED_VASSALAGE_KEY = 'vassalage';
/** Modal keys of the games feature (registered in app/registrations.ts). */
export const GameModalKeys = {
  vendorGames: 'gameVendorGames',
  launchProblem: 'gameLaunchProblem',
} as const;

/** NC-20: a navigation to the path already shown is skipped. */
export function isCurrentPath(to: string, location: { pathname: string; search: string }): boolean {
  const url = new URL(to, 'http://x');
  return url.pathname === location.pathname && url.search === location.search;
}

/**
 * Starts a launch item by the rules of spec A §4 (launch-rules.ts). Login is checked before
 * anything else (GL-01): a visitor gets the login popup and nothing is launched. A third-party
 * launch loads its code (launch-third-party.ts) on first use.
 */
export function useLaunch(): (item: LaunchItem) => void {
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  const agentType = useSession((s) => s.agentType);
  const openModal = useUiStore((s) => s.openModal);
  return useCallback(
    (item: LaunchItem) => {
      const target = launchTarget(item, Boolean(token));
      switch (target.kind) {
        case 'login':
          openModal(ModalKeys.loginPopup);
          return;
        case 'route':
          if (target.storeVassalage) sessionStore.set(SELECTED_VASSALAGE_KEY, target.storeVassalage);
          if (!isCurrentPath(target.to, location)) void navigate(target.to);
          return;
        case 'popup':
          openModal(GameModalKeys.vendorGames, { vassalage: target.vassalage, gameType: target.gameType });
          return;
        case 'thirdParty':
          void import('./launch-third-party.ts').then((m) =>
            m.launchThirdParty(item, {
              client,
              navigate: (to: string) => void navigate(to),
              openModal,
              trial: agentType === AgentType.trial,
            }),
          );
      }
    },
    [token, agentType, openModal, navigate, location, client],
  );
}
