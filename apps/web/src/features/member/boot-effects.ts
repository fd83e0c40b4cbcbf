import { ModalKeys, uiActions } from '../../shared/shell/ui-store.ts';
import { readPendingChange } from '../session/index.ts';
import { RESET_TOKEN_PARAM } from './modal-keys.ts';

let installed = false;

/**
 * What the accounts feature does at start when the address or the tab asks for it:
 * - a reset e-mail's link (`?resetPasswordToken=`) opens the new-password dialog; the token
 *   leaves the address bar and the history at once;
 * - a reload during a forced password change opens the change again; this time the current
 *   password is asked, since memory no longer holds it.
 */
export function installAccountBootEffects(): void {
  if (installed) return;
  installed = true;
  const params = new URLSearchParams(window.location.search);
  const resetToken = params.get(RESET_TOKEN_PARAM);
  if (resetToken) {
    params.delete(RESET_TOKEN_PARAM);
    const search = params.toString();
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${search ? `?${search}` : ''}${window.location.hash}`,
    );
    uiActions.openModal(ModalKeys.resetPassword, { resetToken });
  }
  const pending = readPendingChange();
  if (pending)
    uiActions.openModal(ModalKeys.changeExpiredPassword, {
      userName: pending.userName,
      reason: pending.reason,
      firstTimeLogin: false,
    });
}
