import { useMemo } from 'react';
import { useForm } from '../../shared/forms/use-form.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import type { ModalProps } from '../../shared/shell/modal-registry.ts';
import { ensurePayloadEncryption } from '../../shared/http/payload-encryption.ts';
import { ACCOUNTS_NS } from '../../shared/i18n/i18n.ts';
import { checksResolver, ruleProblem } from '../../shared/forms/field-rules.ts';
import { FormSubmit } from '../../shared/forms/busy-button.tsx';
import { ConfirmPasswordField, NewPasswordField } from '../../shared/forms/new-password-field.tsx';
import { FormAlert, PasswordField } from '../../shared/forms/text-field.tsx';
import { useRegisterRules } from '../../shared/system/system-status.ts';
import { LockIcon } from '../../shared/ui/icons.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import type { ChangePasswordParams } from '../session/index.ts';
import { useAbandonLogin, useChangePassword, useLoginAgain } from './api.ts';
import formStyles from '../../shared/forms/form.module.css';
import styles from './password.module.css';

ensurePayloadEncryption();

interface Values {
  oldPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}

/**
 * The change-expired-password modal (PW-11..PW-16), opened by a login whose password is the weak
 * default or expired (LG-20, LG-21). The old password is asked only when this login did not bring
 * it (PW-14); after the change the player logs in again with the new one and lands on /. Closing
 * it without a change abandons the login: the session it opened is ended.
 */
export function ChangePasswordModal({ params, onClose }: ModalProps<ChangePasswordParams | undefined>) {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  // Until the site's rules are in, a field cannot be checked against them: the form waits.
  const { data: rules, isPending: rulesPending } = useRegisterRules();
  const change = useChangePassword();
  const loginAgain = useLoginAgain();
  const abandon = useAbandonLogin();
  const knownPassword = params?.password;
  const resolver = useMemo(
    () =>
      checksResolver<Values>({
        oldPassword: knownPassword ? null : (v) => (v ? null : t('error_input_empty')),
        newPassword: (v) => ruleProblem('newPassword', rules?.password, v, t, { forceRequired: true }),
        // The confirmation is required and must equal the new password (PW-13, ER-36).
        confirmNewPassword: (v, values) =>
          !v ? t('error_input_empty') : v !== values.newPassword ? t('error_confirm_mismatch') : null,
      }),
    [knownPassword, rules, t],
  );
  const form = useForm<Values>({
    defaultValues: { oldPassword: '', newPassword: '', confirmNewPassword: '' },
    resolver,
  });
  const { errors } = form.formState;

  const submit = (values: Values) => {
    loginAgain.reset();
    change.mutate(
      {
        oldPassword: knownPassword ?? values.oldPassword,
        newPassword: values.newPassword,
        confirmNewPassword: values.confirmNewPassword,
      },
      {
        onSuccess: () => {
          if (!params) onClose();
          // Log in again with the stored name and the new password (PW-16).
          else
            loginAgain.mutate({
              userName: params.userName,
              password: values.newPassword,
              firstTimeLogin: params.firstTimeLogin,
            });
        },
      },
    );
  };

  const close = () => {
    // The login is not finished without the change: end the session it opened.
    if (params && !change.isSuccess) abandon.mutate();
    onClose();
  };

  const reasonKey =
    params?.reason === 'weak'
      ? 'pwd_reason_weak'
      : params?.reason === 'expired'
        ? 'pwd_reason_expired'
        : null;
  return (
    <Modal onClose={close} title={t('pwd_change_title')} width={440} height="auto" closeOnBackdrop={false}>
      <form
        className={`${formStyles.form} ${styles.content}`}
        onSubmit={form.handleSubmit(submit)}
        noValidate
        data-testid="change-password"
      >
        {reasonKey ? (
          <FormAlert tone="info">
            <span data-testid="change-password-reason">{t(reasonKey)}</span>
          </FormAlert>
        ) : null}
        {params ? <p className={styles.intro}>{t('pwd_change_for', { name: params.userName })}</p> : null}
        {!knownPassword ? (
          <PasswordField
            label={t('pwd_old')}
            icon={<LockIcon size={18} />}
            autoComplete="current-password"
            maxLength={128}
            error={errors.oldPassword?.message}
            {...form.register('oldPassword')}
          />
        ) : null}
        <NewPasswordField
          rule={rules?.password}
          error={errors.newPassword?.message}
          {...form.register('newPassword')}
        />
        <ConfirmPasswordField
          error={errors.confirmNewPassword?.message}
          {...form.register('confirmNewPassword')}
        />
        <FormSubmit
          busy={change.isPending || loginAgain.isPending || rulesPending}
          failure={change.error ?? loginAgain.error}
        >
          {t('pwd_change_submit')}
        </FormSubmit>
      </form>
    </Modal>
  );
}
