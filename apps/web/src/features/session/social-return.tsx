import { useEffect, useRef } from 'react';
import { Errors } from '@app/contract';
import { redeemSocialTicketRef } from '../../shared/http/call-refs/social-sign-in.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { ACCOUNTS_NS } from '../../shared/i18n/i18n.ts';
import type { ModalProps } from '../../shared/shell/modal-registry.ts';
import { ModalKeys, useUiStore } from '../../shared/shell/ui-store.ts';
import { call } from '../../shared/http/client.ts';
import { isApiError } from '../../shared/http/api-error.ts';
import { AlertDialog } from '../../shared/forms/alert-dialog.tsx';
import { errorKeyFor, errorText } from '../../shared/forms/error-text.ts';
import type { Key } from '../../shared/i18n/keys.ts';
import type { TFunction } from '../../shared/i18n/translator.ts';
import { Modal } from '../../shared/ui/modal.tsx';
import { LoadingState } from '../../shared/ui/states.tsx';
import { useLoginMutation } from './use-finish-login.ts';

/** What the server's social callback sent the browser back with (decision 045). */
export interface SocialReturnParams {
  ticket?: string;
  error?: string;
}

/** The social sign-in's own refusals, each said in the player's language. */
const SOCIAL_SENTENCES: Record<string, Key<'accounts'>> = {
  [Errors.socialProviderDisabled.code]: 'social_error_unavailable',
  [Errors.socialStateInvalid.code]: 'social_error_unverified',
  [Errors.socialNonceInvalid.code]: 'social_error_unverified',
  [Errors.socialTokenInvalid.code]: 'social_error_unverified',
  [Errors.socialDenied.code]: 'social_error_denied',
  [Errors.socialEmailUnverified.code]: 'social_error_email_unverified',
  [Errors.socialNoAccount.code]: 'social_error_no_account',
  [Errors.socialTicketInvalid.code]: 'social_error_expired',
};

/**
 * What to tell the player about a refused social sign-in, in their language: the social sign-in's
 * own refusals by code; a refused ticket as any failed call is (the forms' sentence for a code
 * they know, else the server's); any other code the server's redirect carries (`?socialError=`:
 * a switch, the limiter, registration's checks) by the forms' sentence for it, else a plain
 * "try again".
 */
function sentenceOf(code: string, error: unknown, t: TFunction): string {
  const own = SOCIAL_SENTENCES[code];
  if (own) return t(own);
  if (isApiError(error)) return errorText(error, t);
  const known = errorKeyFor(code);
  return (known && t(known, { defaultValue: '' })) || t('social_error_other');
}

/** Tickets already sent: a ticket is single use, and a double effect must not spend it twice. */
const redeemed = new Set<string>();

/**
 * The end of a social sign-in (RG-06): the ticket is exchanged for the login, which ends as every
 * login does; a refusal is said in the player's language, and "no account yet" offers the register
 * dialog, where the age is confirmed.
 */
export function SocialReturn({ params, onClose }: ModalProps<SocialReturnParams | undefined>) {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  const openModal = useUiStore((s) => s.openModal);
  const closeModal = useUiStore((s) => s.closeModal);
  const ticket = params?.ticket;
  const login = useLoginMutation((value: string) => call(redeemSocialTicketRef, { body: { ticket: value } }));
  const started = useRef(false);
  useEffect(() => {
    if (!ticket || started.current || redeemed.has(ticket)) return;
    started.current = true;
    redeemed.add(ticket);
    login.mutate(ticket);
  }, [ticket, login]);

  const code =
    params?.error ?? (isApiError(login.error) ? login.error.errorCode : login.error ? 'failed' : null);
  if (code) {
    const noAccount = code === Errors.socialNoAccount.code;
    const message = sentenceOf(code, login.error, t);
    return (
      <AlertDialog
        title={t('social_failed_title')}
        onClose={onClose}
        testId="social-error"
        {...(noAccount
          ? {
              confirmLabel: t('register_title'),
              onConfirm: () => {
                closeModal(ModalKeys.socialSignIn);
                openModal(ModalKeys.register);
              },
            }
          : {})}
      >
        {message}
      </AlertDialog>
    );
  }
  return (
    <Modal onClose={onClose} ariaLabel={t('social_signing_in')} width={360} height="auto">
      <div data-testid="social-signing-in">
        <LoadingState label={t('social_signing_in')} minHeight={140} />
      </div>
    </Modal>
  );
}
