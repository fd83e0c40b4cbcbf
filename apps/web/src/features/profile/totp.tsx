import { useEffect } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from '../../shared/forms/use-form.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { confirmTotpBinding, startTotpBinding } from '@app/contract';
import { FormAlert, PasswordField, TextField } from '../../shared/forms/text-field.tsx';
import { call } from '../../shared/http/client.ts';
import { ACCOUNTS_NS } from '../../shared/i18n/i18n.ts';
import { Button } from '../../shared/ui/button.tsx';
import { KeyIcon, LockIcon } from '../../shared/ui/icons.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { ErrorState, LoadingState } from '../../shared/ui/states.tsx';
import { memberInfoKey } from '../session/index.ts';
import { profileErrorText } from './errors.ts';
import { ProfileFormSubmit } from './form-submit.tsx';
import { ModalButton } from './modal-button.tsx';
import { PROFILE_NS } from './strings.ts';
import formStyles from '../../shared/forms/form.module.css';
import styles from './profile.module.css';

/** The security centre's authenticator action: bind one, or bind a new phone's app in its place. */
export function TotpAction({ bound }: { bound: boolean }) {
  const { t } = useTypedTranslation(PROFILE_NS);
  return (
    <ModalButton
      size="sm"
      variant="ghost"
      type="button"
      data-testid="totp-action"
      modal={(onClose) => <TotpModal bound={bound} onClose={onClose} />}
    >
      {t(bound ? 'action_change' : 'action_bind')}
    </ModalButton>
  );
}

/**
 * A new secret as a QR code and as text; the app's current code confirms it. Replacing a bound
 * authenticator first asks for the login password (the server refuses the new secret without it).
 */
function TotpModal({ bound, onClose }: { bound: boolean; onClose: () => void }) {
  const { t } = useTypedTranslation(PROFILE_NS);
  const { t: tAccounts } = useTypedTranslation(ACCOUNTS_NS);
  const queryClient = useQueryClient();
  const start = useMutation({
    mutationFn: (loginPassword: string) => call(startTotpBinding, { body: { loginPassword } }),
  });
  const confirm = useMutation({
    mutationFn: (code: string) => call(confirmTotpBinding, { body: { code } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: memberInfoKey }),
  });
  const form = useForm<{ code: string }>({ defaultValues: { code: '' } });
  const passwordForm = useForm<{ password: string }>({ defaultValues: { password: '' } });
  const { mutate: begin } = start;
  // A first binding needs no password: its secret is asked for at once.
  useEffect(() => {
    if (!bound) begin('');
  }, [begin, bound]);

  let body;
  if (confirm.isSuccess)
    body = (
      <>
        <FormAlert tone="success">{t('totp_done')}</FormAlert>
        <Button variant="secondary" type="button" onClick={onClose}>
          {t('action_close')}
        </Button>
      </>
    );
  else if (bound && !start.data)
    body = (
      <form
        className={formStyles.form}
        noValidate
        onSubmit={passwordForm.handleSubmit((v) => start.mutate(v.password))}
        data-testid="totp-password-form"
      >
        <p className={styles.intro}>{t('totp_replace_intro')}</p>
        <PasswordField
          label={t('bind_password_label')}
          icon={<LockIcon size={18} />}
          autoComplete="current-password"
          maxLength={128}
          error={passwordForm.formState.errors.password?.message}
          data-testid="totp-password"
          {...passwordForm.register('password', {
            validate: (v) => Boolean(v) || t('bind_password_required'),
          })}
        />
        <ProfileFormSubmit busy={start.isPending} failure={start.error} testId="totp-password-submit">
          {t('totp_continue')}
        </ProfileFormSubmit>
      </form>
    );
  else if (start.isError)
    body = (
      <ErrorState
        message={profileErrorText(start.error, t, tAccounts)}
        onRetry={() => start.mutate('')}
        minHeight={200}
      />
    );
  else if (!start.data) body = <LoadingState minHeight={260} />;
  else
    body = (
      <form
        className={formStyles.form}
        noValidate
        onSubmit={form.handleSubmit((v) => confirm.mutate(v.code.trim()))}
        data-testid="totp-form"
      >
        <p className={styles.intro}>{t('totp_intro')}</p>
        <div className={styles.qr}>
          <img src={start.data.qrCode} alt={t('totp_qr')} width={180} height={180} />
          <div>
            <p className={styles.muted}>{t('totp_key')}</p>
            <code className={styles.secret} data-testid="totp-secret">
              {start.data.secret.replace(/(.{4})/g, '$1 ').trim()}
            </code>
          </div>
        </div>
        <TextField
          label={t('totp_code')}
          icon={<KeyIcon size={18} />}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={form.formState.errors.code?.message}
          {...form.register('code', {
            validate: (v) => /^[0-9]{6}$/.test(v.trim()) || t('totp_code_invalid'),
          })}
        />
        <ProfileFormSubmit busy={confirm.isPending} failure={confirm.error} testId="totp-submit">
          {t('totp_submit')}
        </ProfileFormSubmit>
      </form>
    );
  return (
    <Modal onClose={onClose} title={t('totp_title')} width={460} height="auto">
      <div className={styles.content} data-testid="totp-modal">
        {body}
      </div>
    </Modal>
  );
}
