import { onUnauthorized } from '../shared/http/client.ts';
import { i18n } from '../shared/i18n/i18n.ts';
import { readToken } from '../shared/session/session.ts';
import { sessionStore } from '../shared/storage/storage.ts';
import { registerModal, type ModalLoader } from '../shared/shell/modal-registry.ts';
import { registerSlot, SlotNames, type SlotLoader } from '../shared/shell/slot-registry.ts';
import { ModalKeys, uiActions } from '../shared/shell/ui-store.ts';

/*
 * The accounts features (issue #3) reached only through dynamic imports of their index: none of
 * their code, not even their barrels, is part of the start (the home route's JS budget).
 */
const session = () => import('../features/session/index.ts');
const registration = () => import('../features/registration/index.ts');
const member = () => import('../features/member/index.ts');

const modal = (load: () => Promise<{ default: unknown }>) => load as ModalLoader;
const slot = (load: () => Promise<{ default: unknown }>) => load as SlotLoader;

/** Query parameter of a reset e-mail's link and the session key of a pending forced change. */
const RESET_TOKEN_PARAM = 'resetPasswordToken';
const PENDING_CHANGE_KEY = 'passwordChangePending';
/** The social callback's query parameters (contract's SOCIAL_TICKET_PARAM, SOCIAL_ERROR_PARAM). */
const SOCIAL_TICKET_PARAM = 'socialTicket';
const SOCIAL_ERROR_PARAM = 'socialError';

export function registerAccounts(): void {
  registerModal(
    ModalKeys.loginPopup,
    modal(() => session().then((m) => m.loadLoginPopup())),
  );
  registerModal(
    ModalKeys.firstLogin,
    modal(() => session().then((m) => m.loadFirstLoginModal())),
  );
  registerModal(
    ModalKeys.register,
    modal(() => registration().then((m) => m.loadRegisterDialog())),
  );
  registerModal(
    ModalKeys.forgotPassword,
    modal(() => member().then((m) => m.loadForgotPasswordModal())),
  );
  registerModal(
    ModalKeys.changeExpiredPassword,
    modal(() => member().then((m) => m.loadChangePasswordModal())),
  );
  registerModal(
    ModalKeys.socialSignIn,
    modal(() => session().then((m) => m.loadSocialReturn())),
  );
  registerModal(
    ModalKeys.resetPassword,
    modal(() => member().then((m) => m.loadResetPasswordModal())),
  );
  registerSlot(
    SlotNames.memberBar,
    slot(() => member().then((m) => m.loadMemberBar())),
  );
  registerSlot(
    SlotNames.loginPanel,
    slot(() => session().then((m) => m.loadLoginPanel())),
  );
  registerSlot(
    SlotNames.overlays,
    slot(() => member().then((m) => m.loadAccountOverlays())),
  );

  // A reset link, or a reload in the middle of a forced password change: the member feature
  // takes over (only then is its code fetched at start).
  if (
    new URLSearchParams(window.location.search).has(RESET_TOKEN_PARAM) ||
    (readToken() && sessionStore.get(PENDING_CHANGE_KEY))
  ) {
    void member().then((m) => m.installAccountBootEffects());
  }
  // Back from a social sign-in (decision 045): the ticket or the refusal leaves the address bar
  // and the history at once, and the session feature finishes the sign-in or says why not.
  const params = new URLSearchParams(window.location.search);
  const socialTicket = params.get(SOCIAL_TICKET_PARAM);
  const socialError = params.get(SOCIAL_ERROR_PARAM);
  if (socialTicket || socialError) {
    for (const name of [SOCIAL_TICKET_PARAM, SOCIAL_ERROR_PARAM, 'socialIntent']) params.delete(name);
    const search = params.toString();
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${search ? `?${search}` : ''}${window.location.hash}`,
    );
    uiActions.openModal(ModalKeys.socialSignIn, {
      ...(socialTicket ? { ticket: socialTicket } : { error: socialError }),
      keepOnNavigation: true,
    });
  }
  // A refused token: the client has cleared the session and the shell goes home; the login
  // prompt (ER-26) survives that trip.
  onUnauthorized(() =>
    uiActions.openModal(ModalKeys.loginPopup, { reasonKey: 'error_not_logged_in', keepOnNavigation: true }),
  );
  // A logged-in player's language change is stored on the server too (LN-04).
  i18n.on('languageChanged', (language: string) => {
    if (readToken()) void member().then((m) => m.updateServerLanguage(language));
  });
}
