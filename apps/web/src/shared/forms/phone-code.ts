import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FeatureSwitch,
  Limits,
  sendPhoneCode,
  verifyPhoneCode,
  type ChallengePurpose,
  type PhoneCodePurpose,
} from '@app/contract';
import { ACCOUNTS_NS } from '../i18n/i18n.ts';
import { call } from '../http/client.ts';
import { useSwitch } from '../system/system-status.ts';
import { errorText } from './error-text.ts';
import type { ChallengePass } from './slider-challenge.tsx';

export interface PhoneCodeTarget {
  purpose: PhoneCodePurpose;
  mobileNum: string;
  countryDialingCode: string;
}

export interface PhoneCode {
  /**
   * Asks for a code: the slider first when GEETESTVCODE3 is on (closing it is ER-15), then the
   * provider when it is on and the flow names a `provider` target, or else `plain` (the flow's own
   * SMS call, answering its countdown seconds). Answers the seconds the send button counts down, or null when nothing was sent (`onFailure` was told).
   */
  send: (
    plain: (pass: ChallengePass | null) => Promise<number>,
    provider?: PhoneCodeTarget,
  ) => Promise<number | null>;
  /**
   * Under the provider, exchanges the code the player typed for the provider's ID token (what the
   * register or login call then carries); null when the code went by plain SMS. Throws the
   * server's refusal (a wrong or expired code).
   */
  idToken: (code: string) => Promise<string | null>;
}

/**
 * The SMS code of a phone field (spec B §4) for every form that asks for one, with the
 * phone-code provider of decision 012: its countdown is always 1 minute (SV-07), where a plain
 * SMS code counts down its lifetime (SV-06).
 */
export function usePhoneCode(
  runChallenge: (purpose: ChallengePurpose) => Promise<ChallengePass | null>,
  onFailure: (message: string) => void,
): PhoneCode {
  const { t } = useTranslation(ACCOUNTS_NS);
  const smsChallengeOn = useSwitch(FeatureSwitch.challengeSms);
  const provider = useSwitch(FeatureSwitch.phoneCodeProvider);
  // The provider's handle for the last code sent; a new send replaces it.
  const session = useRef<string | null>(null);

  const send = useCallback(
    async (
      plain: (pass: ChallengePass | null) => Promise<number>,
      target?: PhoneCodeTarget,
    ): Promise<number | null> => {
      let pass: ChallengePass | null = null;
      if (smsChallengeOn) {
        pass = await runChallenge('sms');
        if (!pass) {
          onFailure(t('error_popup_closed'));
          return null;
        }
      }
      try {
        if (!provider || !target) return await plain(pass);
        const sent = await call(sendPhoneCode, { body: { ...target, ...(pass ?? {}) } });
        session.current = sent.sessionInfo;
        return sent.resendAfterSeconds || Limits.phoneCodeFlowCountdownSeconds;
      } catch (e) {
        onFailure(errorText(e, t));
        return null;
      }
    },
    [smsChallengeOn, provider, runChallenge, onFailure, t],
  );

  const idToken = useCallback(
    async (code: string): Promise<string | null> => {
      if (!provider || !session.current) return null;
      const confirmed = await call(verifyPhoneCode, {
        body: { sessionInfo: session.current, code: code.trim() },
      });
      // The handle is spent once its code is confirmed.
      session.current = null;
      return confirmed.idToken;
    },
    [provider],
  );

  return { send, idToken };
}
