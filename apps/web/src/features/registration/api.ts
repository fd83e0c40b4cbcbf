import { useMutation } from '@tanstack/react-query';
import {
  register as registerByUsername,
  registerMobile,
  sendSmsRegister,
  sendSmsRegisterMobile,
} from '@app/contract';
import { call } from '../../shared/http/client.ts';
import { secureCall } from '../../shared/http/payload-encryption.ts';
import { usePhoneCode, type PhoneCode } from '../../shared/forms/phone-code.ts';
import type { useSubmitChallenge } from '../../shared/forms/slider-challenge.tsx';
import { smsCountdownSeconds } from '../../shared/forms/use-countdown.ts';
import { useFinishLogin } from '../session/index.ts';
import { invitationKinds, invitationValid, type InvitationKind } from './invitation.ts';
import { registerPayload, type RegisterTab, type RegisterValues } from './register-fields.ts';

/**
 * The code of the register form: the provider's under PHONEAUTH3, else the tab's own SMS call
 * (POST /wps/verification/sms/register, or …/register/mobile on the mobile tab).
 */
export function useRegisterPhoneCode(tab: RegisterTab): PhoneCode {
  return usePhoneCode({
    purpose: 'register',
    sendSms: async ({ mobileNum, countryDialingCode }, pass) => {
      const body = { mobileNo: mobileNum, countryDialingCode, ...(pass ?? {}) };
      const sent = await call(tab === 'mobile' ? sendSmsRegisterMobile : sendSmsRegister, { body });
      return smsCountdownSeconds(sent.expiredMinutes);
    },
  });
}

type PayloadContext = Parameters<typeof registerPayload>[1];

export interface RegisterVariables {
  values: RegisterValues;
  context: Omit<PayloadContext, 'firebaseIdToken' | 'challenge'>;
  /** The invitation codes the player typed, checked before anything is sent (RG-09, RG-10). */
  typedCodes: Record<InvitationKind, string>;
}

/** What a register press came to when it stopped before the call: a typed code no agent owns. */
export const invitationRefused = 'invitationRefused';

/**
 * POST /wps/member/register or …/register/mobile (spec B §5, §7): the typed invitation codes
 * first, then the slider when GEETEST3 is on, the provider's ID token for the typed code, the
 * call, and the new player is logged in (RG-27).
 */
export function useRegister(
  challenge: Pick<ReturnType<typeof useSubmitChallenge>, 'ask'>,
  phoneCode: Pick<PhoneCode, 'idToken'>,
) {
  const finishLogin = useFinishLogin();
  return useMutation({
    mutationFn: async ({
      values,
      context,
      typedCodes,
    }: RegisterVariables): Promise<typeof invitationRefused | null> => {
      for (const kind of invitationKinds) {
        const typed = typedCodes[kind];
        if (typed && !(await invitationValid(kind, typed, context.location.hostname)))
          return invitationRefused;
      }
      const pass = await challenge.ask();
      // Under the phone-code provider the typed code buys its ID token, sent as firebaseIdToken.
      const firebaseIdToken = context.shown.verificationCode
        ? await phoneCode.idToken(values.verificationCode)
        : null;
      const body = registerPayload(values, { ...context, firebaseIdToken, challenge: pass });
      const result = await secureCall(context.tab === 'mobile' ? registerMobile : registerByUsername, {
        body,
      });
      await finishLogin(result, { password: body.password || undefined });
      return null;
    },
  });
}
