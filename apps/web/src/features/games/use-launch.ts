import { useCallback } from 'react';
import { AgentType } from '@app/contract';
import { sessionStore } from '../../shared/storage/storage.ts';
import { ModalKeys } from '../../shared/shell/ui-store.ts';
import { isCurrentPath } from './current-path.ts';
import { GameModalKeys } from './game-modal-keys.ts';
import { useLaunchDeps, type LaunchDeps } from './launch-deps.ts';
import { launchTarget, type LaunchItem } from './launch-rules.ts';

// NC-20's rule lives in current-path.ts, which the header's first paint needs without this module.
export { isCurrentPath };

/** Session-storage key of the vassalage chosen before going to /rng (GL-09). */
export const SELECTED_VASSALAGE_KEY = 'vassalage';

/**
 * Starts a launch item by the rules of spec A §4 (launch-rules.ts). Login is checked before
 * anything else (GL-01): a visitor gets the login popup and nothing is launched. A third-party
 * launch loads its code (launch-third-party.ts) on first use.
 */
export function startLaunch(item: LaunchItem, deps: LaunchDeps): void {
  const { navigate, location, client, token, agentType, openModal } = deps;
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
}

/** startLaunch with this render's navigation, session and modals. */
export function useLaunch(): (item: LaunchItem) => void {
  const deps = useLaunchDeps();
  return useCallback((item: LaunchItem) => startLaunch(item, deps), [deps]);
}
