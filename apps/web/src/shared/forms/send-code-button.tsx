import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNTS_NS } from '../i18n/i18n.ts';
import { Limits } from '@app/contract';
import { useCountdown, useThrottle } from './use-countdown.ts';
import styles from './form.module.css';

/**
 * The "send code" button of an SMS or e-mail code field (spec B §4, SMS code): sendable, then
 * disabled with "code sent (n)" for the seconds `onSend` answers, sendable again at 0; presses
 * closer than 1000 ms apart are ignored (SV-10). `onSend` answers null when nothing was sent.
 */
export function SendCodeButton({ onSend, disabled, testId }: { onSend: () => Promise<number | null>; disabled?: boolean; testId?: string }) {
  const { t } = useTranslation(ACCOUNTS_NS);
  const { remaining, start } = useCountdown();
  const mayPress = useThrottle(Limits.smsResendThrottleMs);
  const [sending, setSending] = useState(false);
  const counting = remaining > 0;

  const press = async () => {
    if (counting || sending || !mayPress()) return;
    setSending(true);
    try {
      const seconds = await onSend();
      if (seconds !== null) start(seconds);
    } finally {
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
