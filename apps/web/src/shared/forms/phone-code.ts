import { useCallback, useRef, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTypedTranslation } from '../i18n/react.tsx';
import { FeatureSwitch, Limits, sendPhoneCode, verifyPhoneCode, type PhoneCodePurpose } from '@app/contract';
import { ACCOUNTS_NS } from '../i18n/i18n.ts';
import { call } from '../http/client.ts';
import { useSwitch } from '../system/system-status.ts';
import { useSliderChallenge, type ChallengePass } from './slider-challenge.tsx';

/** The number a code goes to: national digits and the picked country's dialing code. */
export interface PhoneTarget {
  mobileNum: string;
  countryDialingCode: string;
}

/** How a flow sends its code; each feature's api.ts names its own. */
export interface PhoneCodeFlow {
  /** The flow's own SMS call, for a plain SMS code: answers the seconds the send button counts down. */
  sendSms: (target: PhoneTarget, pass: ChallengePass | null) => Promise<number>;
  /** What the code is for, when the flow may go through the phone-code provider (decision 012). */
  purpose?: PhoneCodePurpose | undefined;
}

export interface PhoneCode {
  /**
   * Asks for a code: the slider first when GEETESTVCODE3 is on (closing it is ER-15), then the
   * provider when it is on and the flow has a purpose, or else the flow's own SMS call. Answers
   * the seconds to count down, or null when nothing was sent (`failure` says why).
   */
  send: (target: PhoneTarget) => Promise<number | null>;
  /**
   * Under the provider, exchanges the code the player typed for the provider's ID token (what the
   * register or login call then carries); null when the code went by plain SMS. Throws the
   * server's refusal (a wrong or expired code).
   */
  idToken: (code: string) => Promise<string | null>;
  /** Why the last send failed, for the "SMS failed" dialog, until `dismiss`. */
  failure: Error | null;
  dismiss: () => void;
  /** The slider of the send, for the phone-and-code group to render. */
  challenge: ReactNode;
}

/**
 * The SMS code of a phone field (spec B §4) for every form that asks for one, with the
 * phone-code provider of decision 012: its countdown is always 1 minute (SV-07), where a plain
 * SMS code counts down its lifetime (SV-06). Both calls are mutations: the send's error is the
 * failure dialog, the exchange's error is the form's.
 */
export function usePhoneCode({ sendSms, purpose }: PhoneCodeFlow): PhoneCode {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  const smsChallengeOn = useSwitch(FeatureSwitch.challengeSms);
  const provider = useSwitch(FeatureSwitch.phoneCodeProvider);
  const challenge = useSliderChallenge();
  // The provider's handle for the last code sent; a new send replaces it.
  const session = useRef<string | null>(null);

  const sending = useMutation({
    mutationFn: async (target: PhoneTarget): Promise<number> => {
      const pass = smsChallengeOn ? await challenge.demand('sms', t('error_popup_closed')) : null;
      if (!provider || !purpose) return sendSms(target, pass);
      const sent = await call(sendPhoneCode, { body: { ...target, purpose, ...(pass ?? {}) } });
      session.current = sent.sessionInfo;
      return sent.resendAfterSeconds || Limits.phoneCodeFlowCountdownSeconds;
    },
  });
  const exchange = useMutation({
    mutationFn: async (code: string): Promise<string | null> => {
      if (!provider || !session.current) return null;
      const confirmed = await call(verifyPhoneCode, {
        body: { sessionInfo: session.current, code: code.trim() },
      });
      // The handle is spent once its code is confirmed.
      session.current = null;
      return confirmed.idToken;
    },
  });

  const { mutateAsync: sendAsync } = sending;
  const send = useCallback((target: PhoneTarget) => sendAsync(target).catch(() => null), [sendAsync]);
  return {
    send,
    idToken: exchange.mutateAsync,
    failure: sending.error,
    dismiss: sending.reset,
    challenge: challenge.element,
  };
}
