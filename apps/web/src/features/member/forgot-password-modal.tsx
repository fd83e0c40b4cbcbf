import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { FeatureSwitch, resetPasswordByPhone, sendSmsForgotPassword } from '@app/contract';
import type { ModalProps } from '../../shared/shell/modal-registry.ts';
import { call } from '../../shared/http/client.ts';
import { ensurePayloadEncryption, secureCall } from '../../shared/http/payload-encryption.ts';
import { ACCOUNTS_NS } from '../../shared/i18n/i18n.ts';
import { AlertDialog } from '../../shared/forms/alert-dialog.tsx';
import { PhoneField, useCountries } from '../../shared/forms/country-picker.tsx';
import { errorText } from '../../shared/forms/error-text.ts';
import {
  checkedString,
  codeProblem,
  nationalDigits,
  phoneProblem,
  ruleProblem,
} from '../../shared/forms/field-rules.ts';
import { NewPasswordField } from '../../shared/forms/new-password-field.tsx';
import { BusyButton } from '../../shared/forms/busy-button.tsx';
import { CodeField } from '../../shared/forms/send-code-button.tsx';
import { usePhoneCode } from '../../shared/forms/phone-code.ts';
import { useSliderChallenge } from '../../shared/forms/slider-challenge.tsx';
import { Tabs } from '../../shared/forms/tabs.tsx';
import { FormAlert, TextField } from '../../shared/forms/text-field.tsx';
import { secondsUntil } from '../../shared/forms/use-countdown.ts';
import { useRegisterRules, useSwitch } from '../../shared/system/system-status.ts';
import { Button } from '../../shared/ui/button.tsx';
import { CheckIcon, MailIcon, UserIcon } from '../../shared/ui/icons.tsx';
import { Modal, useModalClose } from '../../shared/ui/modal.tsx';
import { useFinishLogin } from '../session/index.ts';
import { postPasswordEmailForm } from './post-form.ts';
import formStyles from '../../shared/forms/form.module.css';
import styles from './password.module.css';

ensurePayloadEncryption();

type Tab = 'email' | 'mobile';
/** How long the e-mail confirmation stays before the modal closes itself (PW-05). */
const CONFIRMATION_MS = 6000;

function EmailSent({ email }: { email: string }) {
  const { t } = useTranslation(ACCOUNTS_NS);
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

function ByEmail({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useTranslation(ACCOUNTS_NS);
  const { data: rules } = useRegisterRules();
  const [formError, setFormError] = useState('');
  const schema = useMemo(
    () =>
      z.object({
        username: checkedString((v) =>
          ruleProblem('username', rules?.username, v.trim(), t, { forceRequired: true }),
        ),
        email: checkedString((v) => ruleProblem('email', rules?.email, v.trim(), t, { forceRequired: true })),
      }),
    [rules, t],
  );
  const form = useForm({ defaultValues: { username: '', email: '' }, resolver: zodResolver(schema) });
  const { errors, isSubmitting } = form.formState;
  const submit = async (values: { username: string; email: string }) => {
    setFormError('');
    try {
      await postPasswordEmailForm({ username: values.username.trim(), email: values.email.trim() });
      onSent(values.email.trim());
    } catch (e) {
      setFormError(errorText(e, t));
    }
  };
  return (
    <form
      className={formStyles.form}
      onSubmit={form.handleSubmit(submit)}
      noValidate
      data-testid="forgot-email-form"
    >
      <p className={styles.intro}>{t('forgot_email_intro')}</p>
      <TextField
        label={t('login_username')}
        icon={<UserIcon size={18} />}
        autoComplete="username"
        autoCapitalize="off"
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
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <BusyButton
        busy={isSubmitting}
        type="submit"
        size="lg"
        className={formStyles.submit}
        disabled={isSubmitting}
      >
        {t('forgot_email_submit')}
      </BusyButton>
    </form>
  );
}

interface PhoneValues {
  mobileNum: string;
  verificationCode: string;
  newPassword: string;
}

function ByPhone() {
  const { t } = useTranslation(ACCOUNTS_NS);
  const { data: rules } = useRegisterRules();
  const challenge = useSliderChallenge();
  const finishLogin = useFinishLogin();
  const { countries, defaultCountry } = useCountries();
  const [picked, setPicked] = useState('');
  const country = countries.find((c) => c.countryDialingCode === picked) ?? defaultCountry;
  const dialingCode = country?.countryDialingCode ?? '';
  const [formError, setFormError] = useState('');
  const [smsFailure, setSmsFailure] = useState<string | null>(null);
  const phoneCode = usePhoneCode(challenge.run, setSmsFailure);
  const schema = useMemo(
    () =>
      z.object({
        mobileNum: checkedString((v) => phoneProblem(v, country, t)),
        verificationCode: checkedString((v) => codeProblem(v, t)),
        newPassword: checkedString((v) =>
          ruleProblem('newPassword', rules?.password, v, t, { forceRequired: true }),
        ),
      }),
    [country, rules, t],
  );
  const form = useForm<PhoneValues>({
    defaultValues: { mobileNum: '', verificationCode: '', newPassword: '' },
    resolver: zodResolver(schema),
  });
  const { errors, isSubmitting } = form.formState;

  const send = (): Promise<number | null> =>
    phoneCode.send(async (pass) => {
      const sent = await call(sendSmsForgotPassword, {
        body: {
          mobileNum: nationalDigits(form.getValues('mobileNum')),
          countryDialingCode: dialingCode,
          ...(pass ?? {}),
        },
      });
      // The countdown runs to the code's own expiry (PW-08).
      return secondsUntil(sent.expirationTime);
    });

  const submit = async (values: PhoneValues) => {
    setFormError('');
    try {
      const result = await secureCall(resetPasswordByPhone, {
        body: {
          newPassword: values.newPassword,
          mobileNum: nationalDigits(values.mobileNum),
          verificationCode: values.verificationCode.trim(),
          countryDialingCode: dialingCode,
        },
      });
      // The reset logs the player in (PW-08) and lands on / (PW-10).
      await finishLogin(result, { password: values.newPassword });
    } catch (e) {
      setFormError(errorText(e, t));
    }
  };

  return (
    <form
      className={formStyles.form}
      onSubmit={form.handleSubmit(submit)}
      noValidate
      data-testid="forgot-phone-form"
    >
      <p className={styles.intro}>{t('forgot_phone_intro')}</p>
      <PhoneField
        label={t('login_mobile')}
        placeholder={t('login_mobile_placeholder')}
        dialingCode={dialingCode}
        onDialingCodeChange={setPicked}
        maxLength={20}
        error={errors.mobileNum?.message}
        {...form.register('mobileNum')}
      />
      <CodeField
        label={t('login_sms_code')}
        placeholder={t('login_sms_code_placeholder')}
        error={errors.verificationCode?.message}
        onSend={send}
        validate={() => form.trigger('mobileNum')}
        sendTestId="forgot-send-code"
        {...form.register('verificationCode')}
      />
      <NewPasswordField
        rule={rules?.password}
        error={errors.newPassword?.message}
        {...form.register('newPassword')}
      />
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <BusyButton
        busy={isSubmitting}
        type="submit"
        size="lg"
        className={formStyles.submit}
        disabled={isSubmitting}
      >
        {t('forgot_phone_submit')}
      </BusyButton>
      {challenge.element}
      {smsFailure !== null ? (
        <AlertDialog title={t('sms_failed_title')} onClose={() => setSmsFailure(null)} testId="sms-failure">
          {smsFailure}
        </AlertDialog>
      ) : null}
    </form>
  );
}

/** Forgot password (PW-01..PW-10): by e-mail, and by mobile number only with CHNGPASSVERIF3. */
export function ForgotPasswordModal({ onClose }: ModalProps<undefined>) {
  const { t } = useTranslation(ACCOUNTS_NS);
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
            {byPhone ? (
              <Tabs
                options={tabs}
                value={active}
                onChange={setTab}
                label={t('forgot_title')}
                panelId="forgot-panel"
                idPrefix="forgot-tab"
              />
            ) : null}
            <div id="forgot-panel" role={byPhone ? 'tabpanel' : undefined}>
              {active === 'email' ? <ByEmail onSent={setSentTo} /> : <ByPhone />}
            </div>
          </>
        )}
      </div>
    </Modal>
  );
}
