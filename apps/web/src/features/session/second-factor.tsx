import { useMemo, useState, type FormEvent } from 'react';
import type { KeyIn } from '../../shared/i18n/keys.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { ACCOUNTS_NS } from '../../shared/i18n/i18n.ts';
import type { LoginVerifyMethod, LoginVerifyRequired } from '@app/contract';
import { SendCodeButton } from '../../shared/forms/send-code-button.tsx';
import { Tabs } from '../../shared/forms/tabs.tsx';
import { TextField } from '../../shared/forms/text-field.tsx';
import { smsCountdownSeconds } from '../../shared/forms/use-countdown.ts';
import { KeyIcon, ShieldIcon } from '../../shared/ui/icons.tsx';
import { FormSubmit } from '../../shared/forms/busy-button.tsx';
import { useLoginVerification, useSendVerificationCode } from './api.ts';
import formStyles from '../../shared/forms/form.module.css';
import styles from './login.module.css';

const methodKeys: Record<LoginVerifyMethod, KeyIn<typeof ACCOUNTS_NS>> = {
  SMS: 'verify_method_sms',
  EMAIL: 'verify_method_email',
  TOTP: 'verify_method_totp',
  BANK_NAME: 'verify_method_bank',
};

/**
 * The second factor of a login from a new IP (SV-12, SV-13): an SMS code, an e-mail code, the
 * authenticator's code or the bank account's name, among the methods the server offers. The
 * login completes with the password the player typed (kept for a forced change, PW-14).
 */
export function SecondFactorStep({
  verify,
  password,
  onBack,
}: {
  verify: LoginVerifyRequired;
  password: string | undefined;
  onBack: () => void;
}) {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  const [method, setMethod] = useState<LoginVerifyMethod>(verify.methods[0] ?? 'SMS');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState('');
  const sendCode = useSendVerificationCode();
  const verification = useLoginVerification();
  const sentTo = sendCode.data?.target ?? null;
  const options = useMemo(
    () => verify.methods.map((m) => ({ key: m, label: t(methodKeys[m]) })),
    [verify.methods, t],
  );
  const needsSend = method === 'SMS' || method === 'EMAIL';
  const target = method === 'SMS' ? verify.mobile : method === 'EMAIL' ? verify.email : null;

  const send = (): Promise<number | null> => {
    verification.reset();
    return sendCode.mutateAsync({ verifyToken: verify.verifyToken, method: method as 'SMS' | 'EMAIL' }).then(
      (sent) => smsCountdownSeconds(sent.expiredMinutes),
      () => null,
    );
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim();
    if (!value) {
      setFieldError(method === 'BANK_NAME' ? t('error_input_empty') : t('error_code_invalid_input'));
      return;
    }
    setFieldError('');
    if (sendCode.isError) sendCode.reset();
    verification.mutate({ body: { verifyToken: verify.verifyToken, method, code: value }, password });
  };

  return (
    <form className={formStyles.form} onSubmit={submit} noValidate data-testid="second-factor">
      <div className={styles.stepHead}>
        <span className={styles.stepIcon}>
          <ShieldIcon size={24} />
        </span>
        <div>
          <h3 className={styles.stepTitle}>{t('verify_title')}</h3>
          <p className={styles.stepText}>{t('verify_intro')}</p>
        </div>
      </div>
      <Tabs
        options={options}
        value={method}
        onChange={(m) => {
          setMethod(m);
          setCode('');
          setFieldError('');
          verification.reset();
          sendCode.reset();
        }}
        label={t('verify_methods')}
        panelId="second-factor-panel"
        idPrefix="second-factor"
      />
      <div id="second-factor-panel" role="tabpanel" className={formStyles.form}>
        {target ? (
          <p className={styles.stepText}>
            {sentTo ? t('verify_code_sent_to', { target: sentTo }) : t('verify_code_goes_to', { target })}
          </p>
        ) : null}
        {method === 'TOTP' ? <p className={styles.stepText}>{t('verify_totp_help')}</p> : null}
        {method === 'BANK_NAME' ? <p className={styles.stepText}>{t('verify_bank_help')}</p> : null}
        <TextField
          key={method}
          label={method === 'BANK_NAME' ? t('verify_bank_label') : t('verify_code_label')}
          placeholder={method === 'BANK_NAME' ? t('verify_bank_placeholder') : t('verify_code_placeholder')}
          icon={<KeyIcon size={18} />}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          inputMode={method === 'BANK_NAME' ? 'text' : 'numeric'}
          autoComplete={method === 'BANK_NAME' ? 'name' : 'one-time-code'}
          maxLength={method === 'BANK_NAME' ? 128 : 12}
          error={fieldError}
          trailing={
            needsSend ? <SendCodeButton key={method} onSend={send} testId="verify-send" /> : undefined
          }
        />
      </div>
      <FormSubmit busy={verification.isPending} failure={verification.error ?? sendCode.error}>
        {t('verify_submit')}
      </FormSubmit>
      <button type="button" className={formStyles.link} onClick={onBack}>
        {t('verify_back')}
      </button>
    </form>
  );
}
