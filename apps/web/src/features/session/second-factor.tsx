import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNTS_NS } from '../../shared/i18n/i18n.ts';
import {
  loginVerification,
  sendLoginVerificationCode,
  type LoginResult,
  type LoginVerifyMethod,
  type LoginVerifyRequired,
} from '@app/contract';
import { call } from '../../shared/http/client.ts';
import { secureCall } from '../../shared/http/payload-encryption.ts';
import { errorText } from '../../shared/forms/error-text.ts';
import { SendCodeButton } from '../../shared/forms/send-code-button.tsx';
import { Tabs } from '../../shared/forms/tabs.tsx';
import { FormAlert, TextField } from '../../shared/forms/text-field.tsx';
import { smsCountdownSeconds } from '../../shared/forms/use-countdown.ts';
import { KeyIcon, ShieldIcon } from '../../shared/ui/icons.tsx';
import { BusyButton } from '../../shared/forms/busy-button.tsx';
import formStyles from '../../shared/forms/form.module.css';
import styles from './login.module.css';

const methodKeys: Record<LoginVerifyMethod, string> = {
  SMS: 'verify_method_sms',
  EMAIL: 'verify_method_email',
  TOTP: 'verify_method_totp',
  BANK_NAME: 'verify_method_bank',
};

/**
 * The second factor of a login from a new IP (SV-12, SV-13): an SMS code, an e-mail code, the
 * authenticator's code or the bank account's name, among the methods the server offers.
 */
export function SecondFactorStep({
  verify,
  onDone,
  onBack,
}: {
  verify: LoginVerifyRequired;
  onDone: (result: LoginResult) => Promise<void>;
  onBack: () => void;
}) {
  const { t } = useTranslation(ACCOUNTS_NS);
  const [method, setMethod] = useState<LoginVerifyMethod>(verify.methods[0] ?? 'SMS');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState('');
  const [formError, setFormError] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const options = useMemo(
    () => verify.methods.map((m) => ({ key: m, label: t(methodKeys[m]) })),
    [verify.methods, t],
  );
  const needsSend = method === 'SMS' || method === 'EMAIL';
  const target = method === 'SMS' ? verify.mobile : method === 'EMAIL' ? verify.email : null;

  const send = async (): Promise<number | null> => {
    setFormError('');
    try {
      const sent = await call(sendLoginVerificationCode, {
        body: { verifyToken: verify.verifyToken, method: method as 'SMS' | 'EMAIL' },
      });
      setSentTo(sent.target);
      return smsCountdownSeconds(sent.expiredMinutes);
    } catch (e) {
      setFormError(errorText(e, t));
      return null;
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim();
    if (!value) {
      setFieldError(method === 'BANK_NAME' ? t('error_input_empty') : t('error_code_invalid_input'));
      return;
    }
    setFieldError('');
    setFormError('');
    setBusy(true);
    try {
      const result = await secureCall(loginVerification, {
        body: { verifyToken: verify.verifyToken, method, code: value },
      });
      await onDone(result);
    } catch (err) {
      setFormError(errorText(err, t));
      setBusy(false);
    }
  };

  return (
    <form className={formStyles.form} onSubmit={(e) => void submit(e)} noValidate data-testid="second-factor">
      <div className={styles.stepHead}>
        <span className={styles.stepIcon}>
          <ShieldIcon size={24} />
        </span>
        <div>
          <h3 className={styles.stepTitle}>{t('verify_title')}</h3>
          <p className={styles.stepText}>{t('verify_intro')}</p>
        </div>
      </div>
      {options.length > 1 ? (
        <Tabs
          options={options}
          value={method}
          onChange={(m) => {
            setMethod(m);
            setCode('');
            setFieldError('');
            setFormError('');
            setSentTo(null);
          }}
          label={t('verify_methods')}
          panelId="second-factor-panel"
          idPrefix="second-factor"
        />
      ) : null}
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
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <BusyButton busy={busy} type="submit" size="lg" className={formStyles.submit} disabled={busy}>
        {t('verify_submit')}
      </BusyButton>
      <button type="button" className={formStyles.link} onClick={onBack}>
        {t('verify_back')}
      </button>
    </form>
  );
}
