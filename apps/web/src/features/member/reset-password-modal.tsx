import { useMemo } from 'react';
import { useForm } from '../../shared/forms/use-form.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import type { ModalProps } from '../../shared/shell/modal-registry.ts';
import { ensurePayloadEncryption } from '../../shared/http/payload-encryption.ts';
import { ACCOUNTS_NS } from '../../shared/i18n/i18n.ts';
import { checksResolver, ruleProblem } from '../../shared/forms/field-rules.ts';
import { ConfirmPasswordField, NewPasswordField } from '../../shared/forms/new-password-field.tsx';
import { FormSubmit } from '../../shared/forms/busy-button.tsx';
import { useRegisterRules } from '../../shared/system/system-status.ts';
import { Modal } from '../../shared/ui/modal.tsx';
import { useResetPasswordByEmail } from './api.ts';
import formStyles from '../../shared/forms/form.module.css';
import styles from './password.module.css';

ensurePayloadEncryption();

export interface ResetPasswordParams {
  resetToken: string;
}

/** The page a reset e-mail's link opens: a new password, then the player is logged in. */
export function ResetPasswordModal({ params, onClose }: ModalProps<ResetPasswordParams>) {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  // Until the site's rules are in, a field cannot be checked against them: the form waits.
  const { data: rules, isPending: rulesPending } = useRegisterRules();
  const reset = useResetPasswordByEmail();
  const resolver = useMemo(
    () =>
      checksResolver<{ newPassword: string; confirmNewPassword: string }>({
        newPassword: (v) => ruleProblem('newPassword', rules?.password, v, t, { forceRequired: true }),
        confirmNewPassword: (v, values) => (v !== values.newPassword ? t('error_confirm_mismatch') : null),
      }),
    [rules, t],
  );
  const form = useForm({
    defaultValues: { newPassword: '', confirmNewPassword: '' },
    resolver,
  });
  const { errors } = form.formState;
  const submit = (values: { newPassword: string; confirmNewPassword: string }) =>
    reset.mutate({ resetToken: params.resetToken, ...values });
  return (
    <Modal onClose={onClose} title={t('reset_title')} width={440} height="auto">
      <form
        className={`${formStyles.form} ${styles.content}`}
        onSubmit={form.handleSubmit(submit)}
        noValidate
        data-testid="reset-password"
      >
        <p className={styles.intro}>{t('reset_intro')}</p>
        <NewPasswordField
          rule={rules?.password}
          error={errors.newPassword?.message}
          {...form.register('newPassword')}
        />
        <ConfirmPasswordField
          error={errors.confirmNewPassword?.message}
          {...form.register('confirmNewPassword')}
        />
        <FormSubmit busy={reset.isPending || rulesPending} failure={reset.error}>
          {t('pwd_change_submit')}
        </FormSubmit>
      </form>
    </Modal>
  );
}
