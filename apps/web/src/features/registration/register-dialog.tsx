import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ACCOUNTS_NS } from '../../shared/i18n/i18n.ts';
import {
  Errors,
  FeatureSwitch,
  formatPatternMessage,
  register as registerByUsername,
  registerMobile,
  type RegisterRules,
  sendSmsRegister,
  sendSmsRegisterMobile,
} from '@app/contract';
import type { ModalProps } from '../../shared/shell/modal-registry.ts';
import { ModalKeys, useUiStore } from '../../shared/shell/ui-store.ts';
import { isApiError } from '../../shared/http/api-error.ts';
import { call } from '../../shared/http/client.ts';
import { ensurePayloadEncryption, secureCall } from '../../shared/http/payload-encryption.ts';
import { AlertDialog } from '../../shared/forms/alert-dialog.tsx';
import { CaptchaField, useCaptchaImage } from '../../shared/forms/captcha-field.tsx';
import { PhoneField, useCountries } from '../../shared/forms/country-picker.tsx';
import { DialogBanner } from '../../shared/forms/dialog-banner.tsx';
import { errorText } from '../../shared/forms/error-text.ts';
import { nationalDigits, patternHint } from '../../shared/forms/field-rules.ts';
import { BusyButton } from '../../shared/forms/busy-button.tsx';
import { CodeField } from '../../shared/forms/send-code-button.tsx';
import { usePhoneCode } from '../../shared/forms/phone-code.ts';
import { useSliderChallenge, type ChallengePass } from '../../shared/forms/slider-challenge.tsx';
import { Tabs } from '../../shared/forms/tabs.tsx';
import { CheckboxField, FormAlert, PasswordField, TextField } from '../../shared/forms/text-field.tsx';
import { smsCountdownSeconds } from '../../shared/forms/use-countdown.ts';
import { useRegisterRules, useSwitch } from '../../shared/system/system-status.ts';
import { GiftIcon, LockIcon, MailIcon, UserIcon } from '../../shared/ui/icons.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { ErrorState, LoadingState } from '../../shared/ui/states.tsx';
import { useAnnouncements } from '../notices/index.ts';
import { useFinishLogin } from '../session/index.ts';
import { invitationValid, useUrlInvitations, type InvitationKind } from './invitation.ts';
import {
  emptyRegisterValues,
  registerPayload,
  registerSchema,
  registerTabs,
  shownFields,
  type OptionalField,
  type RegisterSwitches,
  type RegisterTab,
  type RegisterValues,
} from './register-fields.ts';
import formStyles from '../../shared/forms/form.module.css';
import styles from './register.module.css';

ensurePayloadEncryption();

/** Where the terms live in the help centre (RG-05). */
export const TERMS_LINK = '/help?topic=terms';

const optionalInput: Record<
  OptionalField,
  { type?: string; inputMode?: 'numeric' | 'email' | 'text'; autoComplete?: string }
> = {
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  payeeName: { autoComplete: 'name' },
  paymentPassword: { type: 'password', inputMode: 'numeric', autoComplete: 'new-password' },
  qqNum: { inputMode: 'numeric' },
  line: {},
  whatsapp: { inputMode: 'numeric' },
  facebook: {},
  wechat: {},
  idNumber: {},
  recommenderId: {},
};

function RegisterForm({
  rules,
  switches,
  tabs,
}: {
  rules: RegisterRules;
  switches: RegisterSwitches;
  tabs: RegisterTab[];
}) {
  const { t } = useTranslation(ACCOUNTS_NS);
  const finishLogin = useFinishLogin();
  const challenge = useSliderChallenge();
  const challengeOn = useSwitch(FeatureSwitch.challengeLogin);
  const { countries, defaultCountry } = useCountries();
  const [tab, setTab] = useState<RegisterTab>(tabs[0]!);
  const [picked, setPicked] = useState('');
  const country = countries.find((c) => c.countryDialingCode === picked) ?? defaultCountry;
  const dialingCode = country?.countryDialingCode ?? '';
  const location = window.location;
  const urlCodes = useUrlInvitations(location.search, location.hostname);
  const hidden = {
    affiliateCode: urlCodes.affiliateCode?.status === 'valid',
    referralCode: urlCodes.referralCode?.status === 'valid',
  };
  const shown = shownFields(rules, switches, tab, hidden);
  const captcha = useCaptchaImage(shown.captcha);
  const [terms, setTerms] = useState(true);
  const [termsError, setTermsError] = useState('');
  const [formError, setFormError] = useState('');
  const [invitationError, setInvitationError] = useState(false);
  const [smsFailure, setSmsFailure] = useState<string | null>(null);
  const phoneCode = usePhoneCode(challenge.run, setSmsFailure);
  const [busy, setBusy] = useState(false);

  const schema = useMemo(
    () => registerSchema(rules, shown, tab, country, t),
    [rules, shown, tab, country, t],
  );
  const form = useForm<RegisterValues>({
    defaultValues: emptyRegisterValues,
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors } = form.formState;

  // An invalid code from the URL stays in its (shown) input for the player to correct (RG-13).
  useEffect(() => {
    for (const kind of ['affiliateCode', 'referralCode'] as const) {
      const state = urlCodes[kind];
      if (state?.status === 'invalid' && !form.getValues(kind)) form.setValue(kind, state.code);
    }
  }, [urlCodes, form]);

  const switchTab = (next: RegisterTab) => {
    if (next === tab) return;
    setTab(next);
    setFormError('');
    form.clearErrors();
    form.setValue('captcha', '');
    // Switching tab reloads the captcha (RG-07).
    if (shown.captcha) captcha.reload();
  };

  const codeOf = (kind: InvitationKind, values: RegisterValues) =>
    urlCodes[kind]?.status === 'valid' ? urlCodes[kind].code : shown[kind] ? values[kind].trim() : '';

  const sendCode = async (): Promise<number | null> => {
    const mobileNum = nationalDigits(form.getValues('mobileNum'));
    return phoneCode.send(
      async (pass) => {
        const body = { mobileNo: mobileNum, countryDialingCode: dialingCode, ...(pass ?? {}) };
        const sent = await call(tab === 'mobile' ? sendSmsRegisterMobile : sendSmsRegister, { body });
        return smsCountdownSeconds(sent.expiredMinutes);
      },
      { purpose: 'register', mobileNum, countryDialingCode: dialingCode },
    );
  };

  const register = async (values: RegisterValues) => {
    setBusy(true);
    try {
      // The invitation codes the player typed are checked before anything is sent (RG-09, RG-10).
      for (const kind of ['affiliateCode', 'referralCode'] as const) {
        const typed = shown[kind] ? values[kind].trim() : '';
        if (typed && !(await invitationValid(kind, typed, location.hostname))) {
          setInvitationError(true);
          return;
        }
      }
      let pass: ChallengePass | null = null;
      if (challengeOn) {
        pass = await challenge.run('register');
        if (!pass) {
          setFormError(t('error_challenge_required'));
          return;
        }
      }
      // Under the phone-code provider the typed code buys its ID token, sent as firebaseIdToken.
      const firebaseIdToken = shown.verificationCode
        ? await phoneCode.idToken(values.verificationCode)
        : null;
      const body = registerPayload(values, {
        tab,
        shown,
        firebaseIdToken,
        countryDialingCode: dialingCode,
        affiliateCode: codeOf('affiliateCode', values),
        referralCode: codeOf('referralCode', values),
        location,
        challenge: pass,
      });
      const result = await secureCall(tab === 'mobile' ? registerMobile : registerByUsername, { body });
      await finishLogin(result, { password: body.password || undefined });
    } catch (e) {
      if (isApiError(e) && e.errorCode === Errors.invitationCodeError.code) setInvitationError(true);
      else setFormError(errorText(e, t));
      if (shown.captcha) {
        // A captcha is checked once, right or wrong: the next try needs a new image.
        form.setValue('captcha', '');
        captcha.reload();
      }
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setFormError('');
    // Terms first: unchecked stops everything, before any validation or call (RG-08, RG-09).
    if (!terms) {
      setTermsError(t('register_terms_required'));
      return;
    }
    setTermsError('');
    void form.handleSubmit(register)(e);
  };

  const tabOptions = tabs.map((k) => ({
    key: k,
    label: t(k === 'username' ? 'register_tab_username' : 'register_tab_mobile'),
  }));
  const requiredMark = (field: keyof RegisterRules) =>
    rules[field]?.required ? '' : ` ${t('register_optional')}`;
  // The password prompt with its length, "(min) - (max) characters" (ER-42).
  const passwordPrompt = rules.password
    ? formatPatternMessage(t('password_prompt'), rules.password.minLength, rules.password.maxLength)
    : t('login_password_placeholder');

  return (
    <>
      {tabs.length > 1 ? (
        <Tabs
          options={tabOptions}
          value={tab}
          onChange={switchTab}
          label={t('register_tabs')}
          panelId="register-panel"
          idPrefix="register-tab"
        />
      ) : null}
      <form
        id="register-panel"
        role={tabs.length > 1 ? 'tabpanel' : undefined}
        className={formStyles.form}
        onSubmit={onSubmit}
        noValidate
        data-testid="register-form"
      >
        {shown.username ? (
          <TextField
            label={t('register_field_username')}
            placeholder={t('register_username_placeholder')}
            icon={<UserIcon size={18} />}
            autoComplete="username"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={rules.username?.maxLength ?? 64}
            hint={rules.username ? patternHint(rules.username, t) : undefined}
            error={errors.username?.message}
            {...form.register('username')}
          />
        ) : null}
        {shown.mobileNum ? (
          <PhoneField
            label={
              t('register_field_mobileNum') +
              (tab === 'username' && !shown.verificationCode ? requiredMark('mobileNum') : '')
            }
            placeholder={t('login_mobile_placeholder')}
            dialingCode={dialingCode}
            onDialingCodeChange={setPicked}
            maxLength={20}
            error={errors.mobileNum?.message}
            {...form.register('mobileNum')}
          />
        ) : null}
        {shown.verificationCode ? (
          <CodeField
            label={t('register_field_verificationCode')}
            placeholder={t('login_sms_code_placeholder')}
            error={errors.verificationCode?.message}
            onSend={sendCode}
            validate={() => form.trigger('mobileNum')}
            sendKey={tab}
            sendTestId="register-send-code"
            {...form.register('verificationCode')}
          />
        ) : null}
        {shown.password ? (
          <PasswordField
            label={t('register_field_password')}
            placeholder={passwordPrompt}
            icon={<LockIcon size={18} />}
            autoComplete="new-password"
            maxLength={rules.password?.maxLength ?? 128}
            hint={rules.password ? patternHint(rules.password, t) : undefined}
            error={errors.password?.message}
            {...form.register('password')}
          />
        ) : null}
        {shown.optional.map((f) => {
          const field = form.register(f);
          const props = {
            label: t(`register_field_${f}`) + requiredMark(f),
            maxLength: rules[f]?.maxLength ?? 100,
            error: errors[f]?.message,
            ...optionalInput[f],
            ...field,
          };
          if (f === 'paymentPassword')
            return <PasswordField key={f} {...props} icon={<LockIcon size={18} />} />;
          return <TextField key={f} {...props} icon={f === 'email' ? <MailIcon size={18} /> : undefined} />;
        })}
        {shown.affiliateCode ? (
          <TextField
            label={t('register_field_affiliateCode') + requiredMark('affiliateCode')}
            placeholder={t('register_code_placeholder')}
            icon={<GiftIcon size={18} />}
            autoCapitalize="characters"
            maxLength={40}
            error={errors.affiliateCode?.message}
            data-testid="affiliate-input"
            {...form.register('affiliateCode')}
          />
        ) : null}
        {shown.referralCode ? (
          <TextField
            label={t('register_field_referralCode') + requiredMark('referralCode')}
            placeholder={t('register_code_placeholder')}
            icon={<GiftIcon size={18} />}
            autoCapitalize="characters"
            maxLength={40}
            error={errors.referralCode?.message}
            {...form.register('referralCode')}
          />
        ) : null}
        {hidden.affiliateCode || hidden.referralCode ? (
          <p className={styles.invited} data-testid="invitation-applied">
            <GiftIcon size={16} />{' '}
            {t('register_invited', {
              code: (hidden.affiliateCode ? urlCodes.affiliateCode?.code : urlCodes.referralCode?.code) ?? '',
            })}
          </p>
        ) : null}
        {shown.captcha ? (
          <CaptchaField image={captcha} error={errors.captcha?.message} {...form.register('captcha')} />
        ) : null}
        <CheckboxField
          checked={terms}
          onChange={(e) => {
            setTerms(e.target.checked);
            if (e.target.checked) setTermsError('');
          }}
          error={termsError}
          data-testid="register-terms"
          label={
            <>
              {t('register_terms_prefix')}{' '}
              <a href={TERMS_LINK} target="_blank" rel="noopener">
                {t('register_terms_link')}
              </a>
            </>
          }
        />
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <BusyButton
          busy={busy}
          type="submit"
          size="lg"
          className={formStyles.submit}
          disabled={busy}
          data-testid="register-submit"
        >
          {t('register_submit')}
        </BusyButton>
      </form>
      {challenge.element}
      {invitationError ? (
        <AlertDialog
          title={t('error_invitation_code_error')}
          onClose={() => setInvitationError(false)}
          testId="invitation-error"
        >
          {t('register_invitation_error_text')}
        </AlertDialog>
      ) : null}
      {smsFailure !== null ? (
        <AlertDialog title={t('sms_failed_title')} onClose={() => setSmsFailure(null)} testId="sms-failure">
          {smsFailure}
        </AlertDialog>
      ) : null}
    </>
  );
}

/** The register dialog, modal key `register` (RG-01..RG-33). */
export function RegisterDialog({ onClose }: ModalProps<undefined>) {
  const { t } = useTranslation(ACCOUNTS_NS);
  const openModal = useUiStore((s) => s.openModal);
  const closeModal = useUiStore((s) => s.closeModal);
  const { data: rules, isPending, error, refetch } = useRegisterRules();
  const { data: notices, isPending: bannersLoading } = useAnnouncements();
  const switches: RegisterSwitches = {
    usernameRegister: useSwitch(FeatureSwitch.usernameRegister),
    mobileRegister: useSwitch(FeatureSwitch.mobileRegister),
    smsVerifyOnRegister: useSwitch(FeatureSwitch.smsVerifyOnRegister),
    mobileRegisterWithPassword: useSwitch(FeatureSwitch.mobileRegisterWithPassword),
    referral: useSwitch(FeatureSwitch.referral),
  };
  const tabs = registerTabs(switches);

  let body;
  if (rules) {
    body = tabs.length ? (
      <RegisterForm rules={rules} switches={switches} tabs={tabs} />
    ) : (
      <FormAlert tone="info">{t('register_closed')}</FormAlert>
    );
  } else if (isPending) body = <LoadingState minHeight={320} />;
  else body = <ErrorState message={errorText(error, t)} onRetry={() => void refetch()} minHeight={320} />;

  return (
    <Modal
      onClose={onClose}
      ariaLabel={t('register_title')}
      width={500}
      height="auto"
      bodyClassName={styles.body}
    >
      <DialogBanner
        banner={notices?.banners.find((b) => b.groupName === 'w_register')}
        loading={bannersLoading}
        testId="banner-w_register"
      />
      <div className={styles.content} data-testid="register-dialog">
        <div className={styles.head}>
          <h2 className={styles.title}>{t('register_title')}</h2>
          <p className={styles.subtitle}>
            {t('register_have_account')}{' '}
            <button
              type="button"
              className={formStyles.link}
              onClick={() => {
                closeModal(ModalKeys.register);
                openModal(ModalKeys.loginPopup);
              }}
              data-testid="register-to-login"
            >
              {t('login')}
            </button>
          </p>
        </div>
        {body}
      </div>
    </Modal>
  );
}
