import { useMutation } from '@tanstack/react-query';
import {
  Errors,
  login,
  loginFreePlay,
  loginRemembered,
  loginVerification,
  loginVerifyMethods,
  sendLoginVerificationCode,
  sendSmsNoLogin,
  type CallBody,
  type LoginRequest,
  type LoginResult,
  type LoginVerifyRequired,
} from '@app/contract';
import { isApiError } from '../../shared/http/api-error.ts';
import { call } from '../../shared/http/client.ts';
import { secureCall } from '../../shared/http/payload-encryption.ts';
import { usePhoneCode, type PhoneTarget } from '../../shared/forms/phone-code.ts';
import type { ChallengePass, useSubmitChallenge } from '../../shared/forms/slider-challenge.tsx';
import { smsCountdownSeconds } from '../../shared/forms/use-countdown.ts';
import { freePlayRequest } from './free-play-device.ts';
import {
  forgetRemembered,
  forgetRememberToken,
  readRemembered,
  writeRemembered,
  type RememberedLogin,
} from './remember.ts';
import { useFinishLogin, useLoginMutation } from './use-finish-login.ts';

/*
 * The calls of the login dialogs, as TanStack Query mutations: each ends where the login does
 * (useFinishLogin), so its busy state lasts until the player is in and its error is the form's.
 * Only the dialogs' lazy chunks import this file (the barrel's calls are in member-info.ts).
 */

async function sendLoginSms(target: PhoneTarget, pass: ChallengePass | null): Promise<number> {
  const sent = await call(sendSmsNoLogin, { body: { ...target, ...(pass ?? {}) } });
  return smsCountdownSeconds(sent.expiredMinutes);
}

/** The code of the mobile login tab: the provider's under PHONEAUTH3, else POST /wps/verification/sms/nologin. */
export function useLoginPhoneCode() {
  return usePhoneCode({ purpose: 'login', sendSms: sendLoginSms });
}

/** What remember me keeps of a login; `username: null` keeps the name the server answers. */
export type RememberPlan = Pick<RememberedLogin, 'countryDialingCode' | 'mobileNum'> & {
  username: string | null;
};

export interface LoginVariables {
  request: Omit<LoginRequest, 'challengeId' | 'challengeToken'>;
  /** Remember me ticked: what to keep (LG-04); unticked: null, and any remembered login goes. */
  remember: RememberPlan | null;
  /** The typed password, kept in memory for a forced change (PW-14); never an SMS code. */
  password?: string | undefined;
  /** Under the phone-code provider, trades the typed SMS code for the ID token the login carries. */
  idToken?: ((code: string) => Promise<string | null>) | undefined;
}

const isText = (x: unknown): x is string => typeof x === 'string';
const isTextOrNull = (x: unknown): x is string | null => x === null || typeof x === 'string';

/**
 * The second factor a login from a new IP asks for (SV-12), or undefined for a refusal of another
 * kind or a value not of its shape. Checked by hand as the contract's LoginVerifyRequiredSchema
 * would: that schema was the only one the login chunk parsed with, and it brought zod (20.4 kB
 * gzip) to every login (issue 33). session/api.test.ts holds the two to the same answers.
 */
export function verificationAsked(e: unknown): LoginVerifyRequired | undefined {
  if (!isApiError(e) || e.errorCode !== Errors.loginVerifyRequired.code) return undefined;
  const v = e.value as { [K in keyof LoginVerifyRequired]?: unknown } | null;
  if (typeof v !== 'object' || v === null) return undefined;
  const { verifyToken, methods, mobile, email, expiresAt } = v;
  if (
    !isText(verifyToken) ||
    !Array.isArray(methods) ||
    !methods.every((m): m is LoginVerifyRequired['methods'][number] =>
      (loginVerifyMethods as readonly unknown[]).includes(m),
    ) ||
    !isTextOrNull(mobile) ||
    !isTextOrNull(email) ||
    typeof expiresAt !== 'number' ||
    !Number.isFinite(expiresAt)
  )
    return undefined;
  return { verifyToken, methods, mobile, email, expiresAt };
}

/**
 * POST /wps/session/login (spec B §4) by username or by SMS code: the slider first when GEETEST3
 * is on (never for an SMS login, LG-13), once more when the server asks for it after this page
 * read the switches; remember me; then the login completes. Answers the second factor when the
 * server asks for one, null when the player is in.
 */
export function useLogin(challenge: Omit<ReturnType<typeof useSubmitChallenge>, 'element'>) {
  const finishLogin = useFinishLogin();
  return useMutation({
    mutationFn: async ({
      request,
      remember,
      password,
      idToken,
    }: LoginVariables): Promise<LoginVerifyRequired | null> => {
      const sms = request.type === 'sms';
      const body = { ...request };
      if (sms && idToken) body.password = (await idToken(body.password)) ?? body.password;
      const attempt = async (): Promise<LoginResult> => {
        try {
          return await secureCall(login, { body: { ...body, ...(sms ? null : await challenge.ask()) } });
        } catch (e) {
          if (sms || !isApiError(e) || e.errorCode !== Errors.challengeRequired.code) throw e;
          return secureCall(login, { body: { ...body, ...(await challenge.demand()) } });
        }
      };
      let result: LoginResult;
      try {
        result = await attempt();
      } catch (e) {
        const verify = verificationAsked(e);
        if (!verify) throw e;
        if (remember) writeRemembered({ ...remember, username: remember.username ?? '' });
        return verify;
      }
      if (remember)
        writeRemembered({
          ...remember,
          username: remember.username ?? result.userName,
          rememberToken: result.rememberToken,
          expiresAt: result.rememberExpiresAt,
        });
      else forgetRemembered();
      await finishLogin(result, { password });
      return null;
    },
  });
}

/** POST /wps/session/login/freeplay (LG-05): a trial account for this device. */
export function useFreePlay() {
  return useLoginMutation(() => secureCall(loginFreePlay, { body: freePlayRequest() }));
}

/**
 * POST /wps/session/login/remember: quick re-entry with the remembered token (LG-04). The server
 * rotates the token at each use; a refused one is dropped, the names stay for the day.
 */
export function useRememberedLogin() {
  const finishLogin = useFinishLogin();
  return useMutation({
    mutationFn: async (
      remembered: RememberedLogin & { rememberToken: string },
    ): Promise<LoginVerifyRequired | null> => {
      try {
        const result = await secureCall(loginRemembered, {
          body: { username: remembered.username, rememberToken: remembered.rememberToken },
        });
        writeRemembered({
          ...remembered,
          rememberToken: result.rememberToken,
          expiresAt: result.rememberExpiresAt,
        });
        await finishLogin(result);
        return null;
      } catch (e) {
        // From a new IP the remember token needs the second factor too (LOGINIPVERF3): the server
        // has used this token up, and the step's result brings the next one.
        const verify = verificationAsked(e);
        if (verify) return verify;
        forgetRememberToken();
        throw e;
      }
    },
  });
}

/** POST /wps/session/login/verification/code: the second factor's SMS or e-mail code. */
export function useSendVerificationCode() {
  return useMutation({
    mutationFn: (body: CallBody<typeof sendLoginVerificationCode>) =>
      call(sendLoginVerificationCode, { body }),
  });
}

/** POST /wps/session/login/verification (SV-12, SV-13): the second factor, then the login completes. */
export function useLoginVerification() {
  return useLoginMutation(
    async ({ body }: { body: CallBody<typeof loginVerification>; password: string | undefined }) => {
      const result = await secureCall(loginVerification, { body });
      // A login with remember me keeps the token the second factor hands out.
      const kept = readRemembered();
      if (kept && result.rememberToken)
        writeRemembered({
          ...kept,
          rememberToken: result.rememberToken,
          expiresAt: result.rememberExpiresAt,
        });
      return result;
    },
    ({ password }) => ({ password }),
  );
}
