import { useRef, useState } from 'react';
import { useTypedTranslation } from '../i18n/react.tsx';
import { ACCOUNTS_NS } from '../i18n/i18n.ts';
import { Limits } from '@app/contract';
import { useCountdown, useThrottle } from './use-countdown.ts';
import { TextField, type TextFieldProps } from './text-field.tsx';
import { KeyIcon } from '../ui/icons.tsx';
import styles from './form.module.css';

/**
 * The "send code" button of an SMS or e-mail code field (spec B §4, SMS code): sendable, then
 * disabled with "code sent (n)" for the seconds `onSend` answers, sendable again at 0. Sends
 * closer than 1000 ms apart are refused (SV-10). `validate` runs first: a press it stops (an empty
 * or wrong number) sends nothing, so it does not count towards the throttle and the corrected
 * number can go at once. `onSend` answers null when nothing was sent.
 */
export function SendCodeButton({
  onSend,
  validate,
  disabled,
  testId,
}: {
  onSend: () => Promise<number | null>;
  validate?: (() => Promise<boolean>) | undefined;
  disabled?: boolean | undefined;
  testId?: string | undefined;
}) {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  const { remaining, start } = useCountdown();
  const mayPress = useThrottle(Limits.smsResendThrottleMs);
  const [sending, setSending] = useState(false);
  // Set synchronously, so a second click of a double click finds the first still running.
  const busy = useRef(false);
  const counting = remaining > 0;

  const press = async () => {
    if (counting || busy.current) return;
    busy.current = true;
    try {
      if (validate && !(await validate())) return;
      if (!mayPress()) return;
      setSending(true);
      const seconds = await onSend();
      if (seconds !== null) start(seconds);
    } finally {
      busy.current = false;
      setSending(false);
    }
  };

  return (
    <button
      type="button"
      className={styles.inlineButton}
      disabled={disabled || counting || sending}
      onClick={() => void press()}
      data-testid={testId}
      aria-live="polite"
    >
      {counting ? t('sms_code_sent', { n: remaining }) : sending ? t('sms_sending') : t('sms_send_code')}
    </button>
  );
}

/**
 * The box of a one-time code sent by SMS or e-mail, with its send button at the end. A new
 * `sendKey` (the form's tab or method) gives a fresh button, so a countdown never carries over.
 */
export function CodeField({
  onSend,
  validate,
  sendTestId,
  sendKey,
  ...field
}: Omit<TextFieldProps, 'trailing' | 'icon'> & {
  onSend?: (() => Promise<number | null>) | undefined;
  validate?: (() => Promise<boolean>) | undefined;
  sendTestId?: string;
  sendKey?: string;
}) {
  return (
    <TextField
      icon={<KeyIcon size={18} />}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={Limits.verificationCodeMaxLength}
      trailing={
        onSend ? (
          <SendCodeButton
            key={sendKey}
            onSend={onSend}
            validate={validate}

            testId={sendTestId}
          />
        ) : undefined
      }
      {...field}
    />
  );
}
