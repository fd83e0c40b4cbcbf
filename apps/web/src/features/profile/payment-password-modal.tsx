import { useMemo, useState } from 'react';
import { useForm } from '../../shared/forms/use-form.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { PAYMENT_PASSWORD_PATTERN } from '@app/contract';
import { ensurePayloadEncryption } from '../../shared/http/payload-encryption.ts';
import { FormSubmit } from '../../shared/forms/busy-button.tsx';
import { errorText } from '../../shared/forms/error-text.ts';
import { checksResolver } from '../../shared/forms/field-rules.ts';
import { isApiError } from '../../shared/http/api-error.ts';
import { ACCOUNTS_NS } from '../../shared/i18n/i18n.ts';
import { FormAlert, PasswordField } from '../../shared/forms/text-field.tsx';
import { LockIcon } from '../../shared/ui/icons.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { useChangePaymentPassword, useSetPaymentPassword } from './api.ts';
import { PROFILE_NS } from './strings.ts';
import formStyles from '../../shared/forms/form.module.css';
import styles from './profile.module.css';

ensurePayloadEncryption();

interface Values {
  current: string;
  next: string;
  confirm: string;
}

/**
 * Sets the first payment password (the login password proves who asks) or changes it (the old
 * payment password does). Six digits, checked here and again by the server.
 */
export function PaymentPasswordModal({ isSet: setAtOpen, onClose }: { isSet: boolean; onClose: () => void }) {
  // Fixed while open: the member info refreshes after a first set, and the dialog keeps its success.
  const [isSet] = useState(setAtOpen);
  const { t } = useTypedTranslation(PROFILE_NS);
  const { t: tAccounts } = useTypedTranslation(ACCOUNTS_NS);
  const set = useSetPaymentPassword();
  const change = useChangePaymentPassword();
  const mutation = isSet ? change : set;
  const resolver = useMemo(
    () =>
      checksResolver<Values>({
        current: (v) => (v ? null : t(isSet ? 'pp_old_required' : 'pp_login_required')),
        next: (v, values) =>
          !v
            ? t('pp_required')
            : !PAYMENT_PASSWORD_PATTERN.test(v)
              ? t('pp_format')
              : isSet && v === values.current
                ? t('pp_same_as_old')
                : null,
        confirm: (v, values) => (!v ? t('pp_required') : v !== values.next ? t('pp_mismatch') : null),
      }),
    [isSet, t],
  );
  const form = useForm<Values>({
    defaultValues: { current: '', next: '', confirm: '' },
    resolver,
  });
  const { errors } = form.formState;

  const submit = (v: Values) => {
    if (isSet)
      change.mutate({
        oldPaymentPassword: v.current,
        newPaymentPassword: v.next,
        confirmNewPaymentPassword: v.confirm,
      });
    else set.mutate({ loginPassword: v.current, paymentPassword: v.next, confirmPaymentPassword: v.confirm });
  };

  // The server refuses a wrong login password with the "old password" code: say which password.
  const failure = mutation.error
    ? !isSet && isApiError(mutation.error) && mutation.error.errorCode === 'password.old.invalid'
      ? t('pp_login_wrong')
      : errorText(mutation.error, tAccounts)
    : null;
  const title = t(isSet ? 'pp_change_title' : 'pp_set_title');
  return (
    <Modal onClose={onClose} title={title} width={420} height="auto">
      {mutation.isSuccess ? (
        <div className={`${formStyles.form} ${styles.content}`} data-testid="payment-password-done">
          <FormAlert tone="success">{t(isSet ? 'pp_changed' : 'pp_set_done')}</FormAlert>
        </div>
      ) : (
        <form
          className={`${formStyles.form} ${styles.content}`}
          onSubmit={form.handleSubmit(submit)}
          noValidate
          data-testid="payment-password-form"
        >
          <p className={styles.intro}>{t('pp_intro')}</p>
          <PasswordField
            label={t(isSet ? 'pp_old' : 'pp_login')}
            icon={<LockIcon size={18} />}
            autoComplete="current-password"
            inputMode={isSet ? 'numeric' : undefined}
            maxLength={isSet ? 6 : 128}
            error={errors.current?.message}
            {...form.register('current')}
          />
          <PasswordField
            label={t('pp_new')}
            icon={<LockIcon size={18} />}
            autoComplete="new-password"
            inputMode="numeric"
            maxLength={6}
            error={errors.next?.message}
            {...form.register('next')}
          />
          <PasswordField
            label={t('pp_confirm')}
            icon={<LockIcon size={18} />}
            autoComplete="new-password"
            inputMode="numeric"
            maxLength={6}
            error={errors.confirm?.message}
            {...form.register('confirm')}
          />
          {failure ? <FormAlert>{failure}</FormAlert> : null}
          <FormSubmit busy={mutation.isPending} failure={null} testId="payment-password-submit">
            {t('pp_submit')}
          </FormSubmit>
        </form>
      )}
    </Modal>
  );
}
