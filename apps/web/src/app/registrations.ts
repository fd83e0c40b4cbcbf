import { loadNoticeModal } from '../features/notices/index.ts';
import { GameModalKeys, loadLaunchProblemModal, loadVendorGamesModal } from '../features/games/index.ts';
import { registerModal } from '../shared/shell/modal-registry.ts';
import { registerAccounts } from './accounts-registrations.ts';
import { ModalKeys } from '../shared/shell/ui-store.ts';

/**
 * Every modal and slot a feature contributes, one line each. A feature adds its line here and
 * nothing else in the shell changes.
 */
export function registerFeatures(): void {
  registerModal(ModalKeys.notice, loadNoticeModal);
  registerModal(ModalKeys.accessWarning, () =>
    import('./access-warning-modal.tsx').then((m) => ({ default: m.AccessWarningModal })),
  );
  registerAccounts();
  registerModal(GameModalKeys.vendorGames, loadVendorGamesModal);
  registerModal(GameModalKeys.launchProblem, loadLaunchProblemModal);
}
