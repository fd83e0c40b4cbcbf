import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { resetPasswordByEmail } from '@app/contract';
import type { ModalProps } from '../../shared/shell/modal-registry.ts';
import { ensurePayloadEncryption, secureCall } from '../../shared/http/payload-encryption.ts';
import { ACCOUNTS_NS } from '../../shared/i18n/i18n.ts';
import { errorText } from '../../shared/forms/error-text.ts';
import { checkedString, ruleProblem } from '../../shared/forms/field-rules.ts';
import { NewPasswordField } from '../../shared/forms/new-password-field.tsx';
import { FormAlert, PasswordField } from '../../shared/forms/text-field.tsx';
import { useRegisterRules } from '../../shared/system/system-status.ts';
import { Button } from '../../shared/ui/button.tsx';
import { LockIcon } from '../../shared/ui/icons.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { useFinishLogin } from '../session/index.ts';
import formStyles from '../../shared/forms/form.module.css';
import styles from './password.module.css';

ensurePayloadEncryption();

export interface ResetPasswordParams {
  resetToken: string;
}

/** The page a reset e-mail's link opens: a new password, then the player is logged in. */
export function ResetPasswordModal({ params, onClose }: ModalProps<ResetPasswordParams>) {
  const { t } = useTranslation(ACCOUNTS_NS);
  const { data: rules } = useRegisterRules();
  const finishLogin = useFinishLogin();
  const [formError, setFormError] = useState('');
  const schema = useMemo(
    () =>
      z
        .object({
          newPassword: checkedString((v) =>
            ruleProblem('newPassword', rules?.password, v, t, { forceRequired: true }),
          ),
          confirmNewPassword: z.string(),
        })
        .superRefine((v, ctx) => {
          if (v.confirmNewPassword !== v.newPassword)
            ctx.addIssue({
              code: 'custom',
              path: ['confirmNewPassword'],
              message: t('error_confirm_mismatch'),
            });
        }),
    [rules, t],
  );
  const form = useForm({
    defaultValues: { newPassword: '', confirmNewPassword: '' },
    resolver: zodResolver(schema),
  });
  const { errors, isSubmitting } = form.formState;
  const submit = async (values: { newPassword: string; confirmNewPassword: string }) => {
    setFormError('');
    try {
      const result = await secureCall(resetPasswordByEmail, {
        body: { resetToken: params.resetToken, ...values },
      });
      await finishLogin(result, { password: values.newPassword });
    } catch (e) {
      setFormError(errorText(e, t));
    }
  };
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
        <PasswordField
          label={t('pwd_confirm')}
          icon={<LockIcon size={18} />}
          autoComplete="new-password"
          maxLength={128}
          error={errors.confirmNewPassword?.message}
          {...form.register('confirmNewPassword')}
        />
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <Button type="submit" size="lg" className={formStyles.submit} disabled={isSubmitting}>
          {t('pwd_change_submit')}
        </Button>
      </form>
    </Modal>
  );
}
