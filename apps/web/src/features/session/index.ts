/**
 * The session feature: who is logged in and how they got there (login popup, /login page form,
 * second factor, free play, remember me, first-login welcome). Loaders are lazy chunks; the rest
 * is small enough for the entry.
 */
export { memberInfoQuery, memberInfoKey, useMemberInfo } from './member-info.ts';
export { useCustomerService } from './use-customer-service.ts';
export { useLoginState, markLoggedIn, readPendingChange } from './login-state.ts';
export {
  useFinishLogin,
  useLoginMutation,
  keepLogin,
  type ChangePasswordParams,
  type FinishOptions,
} from './use-finish-login.ts';
export { forgetRememberToken } from './remember.ts';
export { useRestoreLogin } from './use-restore-login.ts';
import { loadAccountsNamespace } from '../../shared/i18n/i18n.ts';

/** A chunk of the accounts feature, ready once its module and its strings are both in. */
export function withAccountStrings<M>(chunk: Promise<M>): Promise<M> {
  return Promise.all([chunk, loadAccountsNamespace()]).then(([m]) => m);
}

export const loadLoginPopup = () =>
  withAccountStrings(import('./login-popup.tsx')).then((m) => ({ default: m.LoginPopup }));
export const loadLoginPanel = () =>
  withAccountStrings(import('./login-panel.tsx')).then((m) => ({ default: m.LoginPanel }));
export const loadFirstLoginModal = () =>
  withAccountStrings(import('./first-login-modal.tsx')).then((m) => ({ default: m.FirstLoginModal }));
export const loadSocialReturn = () =>
  withAccountStrings(import('./social-return.tsx')).then((m) => ({ default: m.SocialReturn }));
