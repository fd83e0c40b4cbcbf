import { useEffect, useMemo, useState, type FormEventHandler, type ReactNode } from 'react';
import { useForm } from '../../shared/forms/use-form.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { FeatureSwitch } from '@app/contract';
import type { ModalProps } from '../../shared/shell/modal-registry.ts';
import { ensurePayloadEncryption } from '../../shared/http/payload-encryption.ts';
import { ACCOUNTS_NS } from '../../shared/i18n/i18n.ts';
import { useCountry } from '../../shared/forms/country-picker.tsx';
import {
  checksResolver,
  nationalDigits,
  phoneCodeChecks,
  ruleProblem,
} from '../../shared/forms/field-rules.ts';
import { NewPasswordField } from '../../shared/forms/new-password-field.tsx';
import { FormSubmit } from '../../shared/forms/busy-button.tsx';
import { PhoneCodeFields } from '../../shared/forms/phone-code-fields.tsx';
import { Tabs } from '../../shared/forms/tabs.tsx';
import { TextField, UsernameField } from '../../shared/forms/text-field.tsx';
import { useRegisterRules, useSwitch } from '../../shared/system/system-status.ts';
import { Button } from '../../shared/ui/button.tsx';
import { CheckIcon, MailIcon } from '../../shared/ui/icons.tsx';
import { Modal, useModalClose } from '../../shared/ui/modal.tsx';
import { useForgotPasswordPhoneCode, useRequestPasswordEmail, useResetPasswordByPhone } from './api.ts';
import formStyles from '../../shared/forms/form.module.css';
import styles from './password.module.css';

ensurePayloadEncryption();

type Tab = 'email' | 'mobile';
/** How long the e-mail confirmation stays before the modal closes itself (PW-05). */
const CONFIRMATION_MS = 6000;

function EmailSent({ email }: { email: string }) {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  const close = useModalClose();
  useEffect(() => {
    const timer = window.setTimeout(close, CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [close]);
  return (
    <div className={styles.done} role="status" data-testid="forgot-email-sent">
      <span className={styles.doneIcon}>
        <CheckIcon size={28} />
      </span>
      <h3 className={styles.doneTitle}>{t('forgot_email_sent_title')}</h3>
      <p className={styles.doneText}>{t('forgot_email_sent_text', { email })}</p>
      <Button onClick={close}>{t('in_increase_submit')}</Button>
    </div>
  );
}

/** A way to reset the password: its intro, then its fields and submit. */
function ForgotForm({
  way,
  onSubmit,
  children,
}: {
  way: 'email' | 'phone';
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate data-testid={`forgot-${way}-form`}>
      <p className={styles.intro}>{t(`forgot_${way}_intro`)}</p>
      {children}
    </form>
  );
}

function ByEmail({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  // Until the site's rules are in, a field cannot be checked against them: the form waits.
  const { data: rules, isPending: rulesPending } = useRegisterRules();
  const request = useRequestPasswordEmail();
  const resolver = useMemo(
    () =>
      checksResolver<{ username: string; email: string }>({
        username: (v) => ruleProblem('username', rules?.username, v.trim(), t, { forceRequired: true }),
        email: (v) => ruleProblem('email', rules?.email, v.trim(), t, { forceRequired: true }),
      }),
    [rules, t],
  );
  const form = useForm({ defaultValues: { username: '', email: '' }, resolver });
  const { errors } = form.formState;
  const submit = (values: { username: string; email: string }) => {
    const email = values.email.trim();
    request.mutate({ username: values.username.trim(), email }, { onSuccess: () => onSent(email) });
  };
  return (
    <ForgotForm way="email" onSubmit={form.handleSubmit(submit)}>
      <UsernameField
        label={t('login_username')}
        maxLength={64}
        error={errors.username?.message}
        {...form.register('username')}
      />
      <TextField
        label={t('register_field_email')}
        type="email"
        inputMode="email"
        icon={<MailIcon size={18} />}
        autoComplete="email"
        maxLength={100}
        error={errors.email?.message}
        {...form.register('email')}
      />
      <FormSubmit busy={request.isPending || rulesPending} failure={request.error}>
        {t('forgot_email_submit')}
      </FormSubmit>
    </ForgotForm>
  );
}

interface PhoneValues {
  mobileNum: string;
  verificationCode: string;
  newPassword: string;
}

function ByPhone() {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  // Until the site's rules are in, a field cannot be checked against them: the form waits.
  const { data: rules, isPending: rulesPending } = useRegisterRules();
  const [picked, setPicked] = useState('');
  const country = useCountry(picked);
  const dialingCode = country?.countryDialingCode ?? '';
  const phoneCode = useForgotPasswordPhoneCode();
  const reset = useResetPasswordByPhone();
  const resolver = useMemo(() => {
    const { mobileNum, code } = phoneCodeChecks(country, t);
    return checksResolver<PhoneValues>({
      mobileNum,
      verificationCode: code,
      newPassword: (v) => ruleProblem('newPassword', rules?.password, v, t, { forceRequired: true }),
    });
  }, [country, rules, t]);
  const form = useForm<PhoneValues>({
    defaultValues: { mobileNum: '', verificationCode: '', newPassword: '' },
    resolver,
  });
  const { errors } = form.formState;

  // The reset logs the player in (PW-08) and lands on / (PW-10).
  const submit = (values: PhoneValues) =>
    reset.mutate({
      newPassword: values.newPassword,
      mobileNum: nationalDigits(values.mobileNum),
      verificationCode: values.verificationCode.trim(),
      countryDialingCode: dialingCode,
    });

  return (
    <ForgotForm way="phone" onSubmit={form.handleSubmit(submit)}>
      <PhoneCodeFields
        phoneCode={phoneCode}
        dialingCode={dialingCode}
        onDialingCodeChange={setPicked}
        number={() => form.getValues('mobileNum')}
        mobile={{ error: errors.mobileNum?.message, ...form.register('mobileNum') }}
        code={{ error: errors.verificationCode?.message, ...form.register('verificationCode') }}
        validate={() => form.trigger('mobileNum')}
        sendTestId="forgot-send-code"
      />
      <NewPasswordField
        rule={rules?.password}
        error={errors.newPassword?.message}
        {...form.register('newPassword')}
      />
      <FormSubmit busy={reset.isPending || rulesPending} failure={reset.error}>
        {t('forgot_phone_submit')}
      </FormSubmit>
    </ForgotForm>
  );
}

/** Forgot password (PW-01..PW-10): by e-mail, and by mobile number only with CHNGPASSVERIF3. */
export function ForgotPasswordModal({ onClose }: ModalProps<undefined>) {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  const byPhone = useSwitch(FeatureSwitch.forgotPasswordByPhone);
  const [tab, setTab] = useState<Tab>('email');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const active: Tab = tab === 'mobile' && byPhone ? 'mobile' : 'email';
  const tabs = [
    { key: 'email' as const, label: t('forgot_tab_email') },
    { key: 'mobile' as const, label: t('forgot_tab_mobile') },
  ];
  return (
    <Modal onClose={onClose} title={t('forgot_title')} width={440} height="auto">
      <div className={styles.content} data-testid="forgot-password">
        {sentTo !== null ? (
          <EmailSent email={sentTo} />
        ) : (
          <>
            <Tabs
              options={byPhone ? tabs : []}
              value={active}
              onChange={setTab}
              label={t('forgot_title')}
              panelId="forgot-panel"
              idPrefix="forgot-tab"
            />
            <div id="forgot-panel" role={byPhone ? 'tabpanel' : undefined}>
              {active === 'email' ? <ByEmail onSent={setSentTo} /> : <ByPhone />}
            </div>
          </>
        )}
      </div>
    </Modal>
  );
}
