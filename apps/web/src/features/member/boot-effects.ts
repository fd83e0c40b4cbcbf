import { ModalKeys, uiActions } from '../../app/ui-store.ts';
import { onUnauthorized } from '../../shared/http/client.ts';
import { readPendingChange } from '../session/index.ts';
import { RESET_PASSWORD_MODAL, RESET_TOKEN_PARAM } from './modal-keys.ts';

let installed = false;

/**
 * What the accounts feature does from the first moment, before any of its chunks load:
 * - a reset e-mail's link (`?resetPasswordToken=`) opens the new-password dialog; the token
 *   leaves the address bar (and the history) before the router even starts;
 * - a reload during a forced password change opens the change again;
 * - a refused token (the client has cleared the session and the shell goes home) asks the player
 *   to log in again (ER-26), with a popup that survives that trip home.
 */
export function installAccountBootEffects(): void {
  if (installed) return;
  installed = true;
  const params = new URLSearchParams(window.location.search);
  const resetToken = params.get(RESET_TOKEN_PARAM);
  if (resetToken) {
    params.delete(RESET_TOKEN_PARAM);
    const search = params.toString();
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${search ? `?${search}` : ''}${window.location.hash}`);
    uiActions.openModal(RESET_PASSWORD_MODAL, { resetToken });
  }
  // A reload in the middle of a forced change brings the change back; this time the current
  // password is asked, since memory no longer holds it.
  const pending = readPendingChange();
  if (pending) uiActions.openModal(ModalKeys.changeExpiredPassword, { userName: pending.userName, reason: pending.reason, firstTimeLogin: false });
  onUnauthorized(() => uiActions.openModal(ModalKeys.loginPopup, { reasonKey: 'error_not_logged_in', keepOnNavigation: true }));
}
