import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { ACCOUNTS_NS } from '../../shared/i18n/i18n.ts';
import {
  Errors,
  FeatureSwitch,
  login,
  loginFreePlay,
  loginRemembered,
  type LoginResult,
  type LoginVerifyRequired,
  LoginVerifyRequiredSchema,
  sendSmsNoLogin,
} from '@app/contract';
import { ModalKeys, useUiStore } from '../../shared/shell/ui-store.ts';
import { isApiError } from '../../shared/http/api-error.ts';
import { call } from '../../shared/http/client.ts';
import { secureCall } from '../../shared/http/payload-encryption.ts';
import { CaptchaField, useCaptchaImage } from '../../shared/forms/captcha-field.tsx';
import { PhoneField, useCountries } from '../../shared/forms/country-picker.tsx';
import { errorText, wantsCaptcha } from '../../shared/forms/error-text.ts';
import {
  checkedString,
  codeProblem,
  nationalDigits,
  phoneProblem,
  ruleProblem,
} from '../../shared/forms/field-rules.ts';
import { BusyButton } from '../../shared/forms/busy-button.tsx';
import { CodeField } from '../../shared/forms/send-code-button.tsx';
import { usePhoneCode } from '../../shared/forms/phone-code.ts';
import { useSliderChallenge, type ChallengePass } from '../../shared/forms/slider-challenge.tsx';
import { Tabs } from '../../shared/forms/tabs.tsx';
import { CheckboxField, FormAlert, PasswordField, TextField } from '../../shared/forms/text-field.tsx';
import { smsCountdownSeconds } from '../../shared/forms/use-countdown.ts';
import { AlertDialog } from '../../shared/forms/alert-dialog.tsx';
import { useRegisterRules, useSwitch } from '../../shared/system/system-status.ts';
import { LockIcon, UserIcon } from '../../shared/ui/icons.tsx';
import { freePlayRequest } from './free-play-device.ts';
import {
  forgetRemembered,
  forgetRememberToken,
  readRemembered,
  writeRemembered,
  type RememberedLogin,
} from './remember.ts';
import { SecondFactorStep } from './second-factor.tsx';
import { useFinishLogin } from './use-finish-login.ts';
import formStyles from '../../shared/forms/form.module.css';
import styles from './login.module.css';

type Tab = 'username' | 'sms';

interface LoginValues {
  username: string;
  password: string;
  captcha: string;
  mobileNum: string;
  smsCode: string;
  rememberMe: boolean;
}

interface PendingVerify {
  verify: LoginVerifyRequired;
  password: string | undefined;
}

/**
 * The login form of the login popup and of the /login page (spec B §2, §4, §5): the username and
 * the mobile (SMS code) tabs, remember me, the captcha after a flagged failure, the slider
 * challenge when GEETEST3 is on, the second factor from a new IP, free play and quick re-entry
 * with a remembered login.
 */
export function LoginForm({ onRegister }: { onRegister?: (() => void) | undefined }) {
  const { t } = useTranslation(ACCOUNTS_NS);
  const smsLoginOn = useSwitch(FeatureSwitch.smsLogin);
  const freePlayOn = useSwitch(FeatureSwitch.freePlay);
  const challengeOn = useSwitch(FeatureSwitch.challengeLogin);
  const { data: rules } = useRegisterRules();
  const { defaultCountry, countries } = useCountries();
  const openModal = useUiStore((s) => s.openModal);
  const finishLogin = useFinishLogin();
  const challenge = useSliderChallenge();

  const [remembered, setRemembered] = useState<RememberedLogin | null>(() => readRemembered());
  const [tab, setTab] = useState<Tab>('username');
  const [captchaShown, setCaptchaShown] = useState(false);
  const captcha = useCaptchaImage(captchaShown);
  const [formError, setFormError] = useState('');
  const [smsFailure, setSmsFailure] = useState<string | null>(null);
  const phoneCode = usePhoneCode(challenge.run, setSmsFailure);
  const [pending, setPending] = useState<PendingVerify | null>(null);
  const [busy, setBusy] = useState<'login' | 'freePlay' | 'remembered' | null>(null);
  const activeTab: Tab = tab === 'sms' && smsLoginOn ? 'sms' : 'username';
  const [pickedDialingCode, setDialingCode] = useState(remembered?.countryDialingCode ?? '');
  const country = countries.find((c) => c.countryDialingCode === pickedDialingCode) ?? defaultCountry;
  const dialingCode = country?.countryDialingCode ?? '';

  // The schema follows the tab and the captcha; the resolver reads the current one at each check.
  const schema = useMemo(() => {
    const credentials = (value: string) => (value.trim() ? null : t('error_username_password_missing'));
    const shape = {
      username: activeTab === 'username' ? checkedString(credentials) : z.string(),
      password: activeTab === 'username' ? checkedString(credentials) : z.string(),
      captcha:
        captchaShown && activeTab === 'username'
          ? checkedString((v) => (v.trim() ? null : t('error_captcha_required')))
          : z.string(),
      mobileNum:
        activeTab === 'sms'
          ? checkedString(
              (v) =>
                phoneProblem(v, country, t) ??
                ruleProblem('mobileNum', rules?.mobileNum, nationalDigits(v), t, {
                  forceRequired: true,
                  emptyKey: 'error_mobile_invalid',
                }),
            )
          : z.string(),
      smsCode: activeTab === 'sms' ? checkedString((v) => codeProblem(v, t)) : z.string(),
      rememberMe: z.boolean(),
    };
    return z.object(shape);
  }, [activeTab, captchaShown, country, rules, t]);
  const form = useForm<LoginValues>({
    defaultValues: {
      username: remembered?.username ?? '',
      password: '',
      captcha: '',
      mobileNum: remembered?.mobileNum ?? '',
      smsCode: '',
      rememberMe: remembered !== null,
    },
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const remember = (values: LoginValues, result: LoginResult) => {
    if (!values.rememberMe) {
      forgetRemembered();
      return;
    }
    const kept = writeRemembered({
      username: activeTab === 'username' ? values.username.trim() : (remembered?.username ?? result.userName),
      countryDialingCode: activeTab === 'sms' ? dialingCode : (remembered?.countryDialingCode ?? ''),
      mobileNum: activeTab === 'sms' ? values.mobileNum.trim() : (remembered?.mobileNum ?? ''),
      rememberToken: result.rememberToken,
      expiresAt: result.rememberExpiresAt,
    });
    setRemembered(kept);
  };

  const verifyPending = (e: unknown, password: string | undefined): boolean => {
    if (!isApiError(e) || e.errorCode !== Errors.loginVerifyRequired.code) return false;
    const parsed = LoginVerifyRequiredSchema.safeParse(e.value);
    if (!parsed.success) return false;
    setPending({ verify: parsed.data, password });
    return true;
  };

  const passChallenge = async (): Promise<ChallengePass | null | false> => {
    const pass = await challenge.run('login');
    if (!pass) {
      setFormError(t('error_challenge_required'));
      return false;
    }
    return pass;
  };

  const submit = async (values: LoginValues) => {
    setFormError('');
    const sms = activeTab === 'sms';
    const username = sms ? nationalDigits(values.mobileNum) : values.username.trim();
    const password = sms ? values.smsCode.trim() : values.password.trim();
    const body = {
      username,
      password,
      captcha: sms ? '' : values.captcha.trim(),
      type: sms ? ('sms' as const) : ('username' as const),
      rememberMe: values.rememberMe,
      ...(sms ? { countryDialingCode: dialingCode } : {}),
    };
    setBusy('login');
    try {
      // Under the phone-code provider the typed code buys its ID token, which the login carries instead.
      if (sms) body.password = (await phoneCode.idToken(password)) ?? password;
      // The challenge comes before the login call, never for an SMS login (LG-13).
      let pass: ChallengePass | null = null;
      if (!sms && challengeOn) {
        const got = await passChallenge();
        if (got === false) return;
        pass = got;
      }
      let result: LoginResult;
      try {
        result = await secureCall(login, { body: { ...body, ...(pass ?? {}) } });
      } catch (e) {
        // The operator turned the challenge on after this page read the switches: pass it and retry once.
        if (!sms && isApiError(e) && e.errorCode === Errors.challengeRequired.code) {
          const got = await passChallenge();
          if (got === false) return;
          result = await secureCall(login, { body: { ...body, ...got } });
        } else throw e;
      }
      remember(values, result);
      await finishLogin(result, { password: sms ? undefined : password });
    } catch (e) {
      if (verifyPending(e, sms ? undefined : password)) {
        if (values.rememberMe)
          writeRemembered({
            username: sms ? (remembered?.username ?? '') : username,
            countryDialingCode: dialingCode,
            mobileNum: sms ? values.mobileNum.trim() : '',
          });
        return;
      }
      if (!sms && wantsCaptcha(e)) {
        // Every captcha is single use: a new image for the next try (LG-25).
        if (captchaShown) captcha.reload();
        setCaptchaShown(true);
        form.setValue('captcha', '');
      }
      setFormError(errorText(e, t));
    } finally {
      setBusy(null);
    }
  };

  const checkMobile = async (): Promise<boolean> => {
    setFormError('');
    return form.trigger('mobileNum');
  };

  const sendSms = async (): Promise<number | null> => {
    const mobileNum = nationalDigits(form.getValues('mobileNum'));
    return phoneCode.send(
      async (pass) => {
        const sent = await call(sendSmsNoLogin, {
          body: { mobileNum, countryDialingCode: dialingCode, ...(pass ?? {}) },
        });
        return smsCountdownSeconds(sent.expiredMinutes);
      },
      { purpose: 'login', mobileNum, countryDialingCode: dialingCode },
    );
  };

  const freePlay = async () => {
    setFormError('');
    setBusy('freePlay');
    try {
      const result = await secureCall(loginFreePlay, { body: freePlayRequest() });
      await finishLogin(result);
    } catch (e) {
      setFormError(errorText(e, t));
    } finally {
      setBusy(null);
    }
  };

  const continueRemembered = async () => {
    if (!remembered?.rememberToken) return;
    setFormError('');
    setBusy('remembered');
    try {
      const result = await secureCall(loginRemembered, {
        body: { username: remembered.username, rememberToken: remembered.rememberToken },
      });
      // The server rotates the token at each use; keep the new one for the rest of the day.
      setRemembered(
        writeRemembered({
          ...remembered,
          rememberToken: result.rememberToken,
          expiresAt: result.rememberExpiresAt,
        }),
      );
      await finishLogin(result);
    } catch (e) {
      // From a new IP the remember token needs the second factor too (LOGINIPVERF3); the server
      // has used this token up, and the step's result brings the next one.
      if (verifyPending(e, undefined)) return;
      forgetRememberToken();
      setRemembered(readRemembered());
      setFormError(errorText(e, t));
    } finally {
      setBusy(null);
    }
  };

  if (pending) {
    return (
      <SecondFactorStep
        verify={pending.verify}
        onBack={() => setPending(null)}
        onDone={async (result) => {
          // A login with remember me keeps the token the second factor handed out.
          const kept = readRemembered();
          if (kept && result.rememberToken)
            setRemembered(
              writeRemembered({
                ...kept,
                rememberToken: result.rememberToken,
                expiresAt: result.rememberExpiresAt,
              }),
            );
          await finishLogin(result, { password: pending.password });
        }}
      />
    );
  }

  const { errors } = form.formState;
  const tabs = [
    { key: 'username' as const, label: t('login_tab_username') },
    { key: 'sms' as const, label: t('login_tab_mobile') },
  ];

  return (
    <>
      {remembered?.rememberToken ? (
        <div className={styles.remembered} data-testid="remembered-login">
          <span className={styles.avatar} aria-hidden="true">
            {remembered.username.slice(0, 1).toUpperCase()}
          </span>
          <div className={styles.rememberedText}>
            <span className={styles.rememberedLabel}>{t('login_remembered_as')}</span>
            <strong>{remembered.username}</strong>
          </div>
          <BusyButton
            busy={busy === 'remembered'}
            size="sm"
            onClick={() => void continueRemembered()}
            disabled={busy !== null}
          >
            {t('login_continue')}
          </BusyButton>
        </div>
      ) : null}
      {smsLoginOn ? (
        <Tabs
          options={tabs}
          value={activeTab}
          onChange={(next) => {
            setTab(next);
            setFormError('');
            form.clearErrors();
          }}
          label={t('login_tabs')}
          panelId="login-panel"
          idPrefix="login-tab"
        />
      ) : null}
      <form
        id="login-panel"
        role={smsLoginOn ? 'tabpanel' : undefined}
        className={formStyles.form}
        onSubmit={form.handleSubmit(submit)}
        noValidate
        data-testid="login-form"
      >
        {activeTab === 'username' ? (
          <>
            <TextField
              label={t('login_username')}
              placeholder={t('login_username_placeholder')}
              icon={<UserIcon size={18} />}
              autoComplete="username"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={64}
              error={errors.username?.message}
              {...form.register('username')}
            />
            <PasswordField
              label={t('login_password')}
              placeholder={t('login_password_placeholder')}
              icon={<LockIcon size={18} />}
              autoComplete="current-password"
              maxLength={128}
              error={errors.password?.message}
              {...form.register('password')}
            />
            {captchaShown ? (
              <CaptchaField image={captcha} error={errors.captcha?.message} {...form.register('captcha')} />
            ) : null}
          </>
        ) : (
          <>
            <PhoneField
              label={t('login_mobile')}
              placeholder={t('login_mobile_placeholder')}
              dialingCode={dialingCode}
              onDialingCodeChange={setDialingCode}
              maxLength={20}
              error={errors.mobileNum?.message}
              {...form.register('mobileNum')}
            />
            <CodeField
              label={t('login_sms_code')}
              placeholder={t('login_sms_code_placeholder')}
              error={errors.smsCode?.message}
              onSend={sendSms}
              validate={checkMobile}
              sendTestId="login-send-code"
              {...form.register('smsCode')}
            />
          </>
        )}
        <div className={formStyles.row}>
          <CheckboxField label={t('login_remember')} {...form.register('rememberMe')} />
          <button
            type="button"
            className={formStyles.link}
            onClick={() => openModal(ModalKeys.forgotPassword)}
          >
            {t('login_forgot')}
          </button>
        </div>
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <BusyButton
          busy={busy === 'login'}
          type="submit"
          size="lg"
          className={formStyles.submit}
          disabled={busy !== null}
          data-testid="login-submit"
        >
          {t('login')}
        </BusyButton>
        {freePlayOn ? (
          <BusyButton
            busy={busy === 'freePlay'}
            variant="secondary"
            size="lg"
            className={formStyles.submit}
            onClick={() => void freePlay()}
            disabled={busy !== null}
            data-testid="free-play"
          >
            {t('login_free_play')}
          </BusyButton>
        ) : null}
        {onRegister ? (
          <p className={styles.switchLine}>
            {t('login_no_account')}{' '}
            <button type="button" className={formStyles.link} onClick={onRegister}>
              {t('register')}
            </button>
          </p>
        ) : null}
      </form>
      {challenge.element}
      {smsFailure !== null ? (
        <AlertDialog title={t('sms_failed_title')} onClose={() => setSmsFailure(null)} testId="sms-failure">
          {smsFailure}
        </AlertDialog>
      ) : null}
    </>
  );
}
