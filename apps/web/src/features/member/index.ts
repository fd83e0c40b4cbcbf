import { withAccountStrings } from '../session/index.ts';

/**
 * The member feature: the member bar (slot `memberBar`), the member and account centre overlays
 * (slot `overlays`), forgot, change and reset password. Everything visible is a lazy chunk.
 */
export { updateServerLanguage } from './language-sync.ts';
export { installAccountBootEffects } from './boot-effects.ts';

export const loadMemberBar = () =>
  withAccountStrings(import('./member-bar.tsx')).then((m) => ({ default: m.MemberBar }));
export const loadAccountOverlays = () =>
  withAccountStrings(import('./account-overlays.tsx')).then((m) => ({ default: m.AccountOverlays }));
export const loadForgotPasswordModal = () =>
  withAccountStrings(import('./forgot-password-modal.tsx')).then((m) => ({ default: m.ForgotPasswordModal }));
export const loadChangePasswordModal = () =>
  withAccountStrings(import('./change-password-modal.tsx')).then((m) => ({ default: m.ChangePasswordModal }));
export const loadResetPasswordModal = () =>
  withAccountStrings(import('./reset-password-modal.tsx')).then((m) => ({ default: m.ResetPasswordModal }));
