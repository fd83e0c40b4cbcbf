import { loadNoticeModal } from '../features/notices/index.ts';
import { FIRST_LOGIN_MODAL, loadFirstLoginModal, loadLoginPanel, loadLoginPopup } from '../features/session/index.ts';
import { loadRegisterDialog } from '../features/registration/index.ts';
import {
  loadAccountOverlays,
  loadChangePasswordModal,
  loadForgotPasswordModal,
  loadMemberBar,
  loadResetPasswordModal,
  RESET_PASSWORD_MODAL,
  installAccountBootEffects,
  syncLanguageToServer,
} from '../features/member/index.ts';
import { registerModal } from './modal-registry.ts';
import { registerSlot, SlotNames, type SlotLoader } from './slot-registry.ts';
import { ModalKeys } from './ui-store.ts';

/**
 * Every modal and slot a feature contributes, one line each. A feature adds its line here and
 * nothing else in the shell changes.
 */
export function registerFeatures(): void {
  registerModal(ModalKeys.notice, loadNoticeModal);
  registerModal(ModalKeys.accessWarning, () => import('./access-warning-modal.tsx').then((m) => ({ default: m.AccessWarningModal })));
  // Accounts (issue #3): login, register, passwords, the member bar and the centres.
  registerModal(ModalKeys.loginPopup, loadLoginPopup);
  registerModal(ModalKeys.register, loadRegisterDialog);
  registerModal(ModalKeys.forgotPassword, loadForgotPasswordModal);
  registerModal(ModalKeys.changeExpiredPassword, loadChangePasswordModal);
  registerModal(FIRST_LOGIN_MODAL, loadFirstLoginModal);
  registerModal(RESET_PASSWORD_MODAL, loadResetPasswordModal);
  registerSlot(SlotNames.memberBar, loadMemberBar as SlotLoader);
  registerSlot(SlotNames.loginPanel, loadLoginPanel as SlotLoader);
  registerSlot(SlotNames.overlays, loadAccountOverlays as SlotLoader);
  syncLanguageToServer();
  installAccountBootEffects();
}
