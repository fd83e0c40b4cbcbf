import { useEffect, type FormEventHandler, type ReactNode } from 'react';
import type { FieldValues, UseFormRegisterReturn, UseFormReturn } from '../../shared/forms/use-form.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { ACCOUNTS_NS } from '../../shared/i18n/i18n.ts';
import { ModalKeys, useUiStore } from '../../shared/shell/ui-store.ts';
import { BusyButton, FormSubmit } from '../../shared/forms/busy-button.tsx';
import { CheckboxField } from '../../shared/forms/text-field.tsx';
import type { LoginVariables } from './api.ts';
import type { RememberedLogin } from './remember.ts';
import formStyles from '../../shared/forms/form.module.css';
import styles from './login.module.css';

/** The values of both tabs: what a tab holds survives a switch to the other one and back. */
export interface LoginDraft {
  username: string;
  password: string;
  captcha: string;
  /** The server asked for the image captcha after a flagged failure (LG-25). */
  captchaShown: boolean;
  mobileNum: string;
  smsCode: string;
  countryDialingCode: string;
  rememberMe: boolean;
}

/** Which of the form's actions is running. */
export type LoginBusy = 'login' | 'freePlay' | 'remembered' | null;

/** The form around a tab's fields, the same on both tabs. */
export interface LoginFrame {
  /** With both tabs offered the form is their tab panel. */
  tabbed: boolean;
  /** Why the last action failed. */
  failure: unknown;
  busy: LoginBusy;
  onFreePlay?: (() => void) | undefined;
  onRegister?: (() => void) | undefined;
}

/** What the login form gives each tab. */
export interface LoginTabProps {
  draft: LoginDraft;
  keepDraft: (values: Partial<LoginDraft>) => void;
  remembered: RememberedLogin | null;
  /** Sends the tab's login; `onFailed` sees a refusal (the captcha it may ask for). */
  login: (variables: LoginVariables, onFailed?: (error: Error) => void) => void;
  /** Clears the form's error (a send-code press, as a new submit does). */
  clearError: () => void;
  frame: LoginFrame;
}

/** Keeps what the player types in a tab in the draft, for when they come back to it. */
export function useKeepDraft<V extends FieldValues & Partial<LoginDraft>>(
  form: UseFormReturn<V>,
  keepDraft: (values: Partial<LoginDraft>) => void,
): void {
  useEffect(
    () => form.subscribe({ formState: { values: true }, callback: ({ values }) => keepDraft(values) }),
    [form, keepDraft],
  );
}

/**
 * A login tab's form: its fields, then remember me and the forgot-password link, the error, the
 * login button, free play (FREEPLAY3) and the way to register.
 */
export function LoginTabForm({
  frame,
  remember,
  onSubmit,
  children,
}: {
  frame: LoginFrame;
  remember: UseFormRegisterReturn<'rememberMe'>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  const openModal = useUiStore((s) => s.openModal);
  const { tabbed, failure, busy, onFreePlay, onRegister } = frame;
  return (
    <form
      id="login-panel"
      role={tabbed ? 'tabpanel' : undefined}
      className={formStyles.form}
      onSubmit={onSubmit}
      noValidate
      data-testid="login-form"
    >
      {children}
      <div className={formStyles.row}>
        <CheckboxField label={t('login_remember')} {...remember} />
        <button type="button" className={formStyles.link} onClick={() => openModal(ModalKeys.forgotPassword)}>
          {t('login_forgot')}
        </button>
      </div>
      <FormSubmit busy={busy === 'login'} disabled={busy !== null} failure={failure} testId="login-submit">
        {t('login')}
      </FormSubmit>
      {onFreePlay ? (
        <BusyButton
          busy={busy === 'freePlay'}
          variant="secondary"
          size="lg"
          className={formStyles.submit}
          onClick={onFreePlay}
          disabled={busy !== null}
          data-testid="free-play"
        >
          {t('login_free_play')}
        </BusyButton>
      ) : null}
      {onRegister ? (
        <p className={styles.switchLine}>
          {t('login_no_account')}{' '}
          <button type="button" className={formStyles.link} onClick={onRegister}>
            {t('register')}
          </button>
        </p>
      ) : null}
    </form>
  );
}
