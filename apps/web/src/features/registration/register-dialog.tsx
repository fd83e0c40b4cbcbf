import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useForm } from '../../shared/forms/use-form.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { ACCOUNTS_NS } from '../../shared/i18n/i18n.ts';
import { DEFAULT_MINIMUM_AGE, Errors, FeatureSwitch, type RegisterRules } from '@app/contract';
import type { ModalProps } from '../../shared/shell/modal-registry.ts';
import { ModalKeys, useUiStore } from '../../shared/shell/ui-store.ts';
import { ClientErrorCodes, isApiError } from '../../shared/http/api-error.ts';
import { ensurePayloadEncryption } from '../../shared/http/payload-encryption.ts';
import { AlertDialog } from '../../shared/forms/alert-dialog.tsx';
import { useCaptchaImage } from '../../shared/forms/captcha-field.tsx';
import { useCountry } from '../../shared/forms/country-picker.tsx';
import { DialogBanner } from '../../shared/forms/dialog-banner.tsx';
import { errorText } from '../../shared/forms/error-text.ts';
import { checksResolver } from '../../shared/forms/field-rules.ts';
import { FormSubmit } from '../../shared/forms/busy-button.tsx';
import { useSubmitChallenge } from '../../shared/forms/slider-challenge.tsx';
import { Tabs } from '../../shared/forms/tabs.tsx';
import { CheckboxField, FormAlert } from '../../shared/forms/text-field.tsx';
import { SocialButtons } from '../../shared/forms/social-buttons.tsx';
import { useBrand } from '../../shared/brand/brand.ts';
import { useRegisterRules, useSwitch } from '../../shared/system/system-status.ts';
import { Modal } from '../../shared/ui/modal.tsx';
import { ErrorState, LoadingState } from '../../shared/ui/states.tsx';
import { useAnnouncements } from '../notices/index.ts';
import { invitationRefused, useRegister, useRegisterPhoneCode } from './api.ts';
import { invitationKinds, useUrlInvitations, type InvitationKind } from './invitation.ts';
import {
  emptyRegisterValues,
  registerChecks,
  registerTabs,
  shownFields,
  type RegisterSwitches,
  type RegisterTab,
  type RegisterValues,
} from './register-fields.ts';
import {
  MobileRegister,
  RegisterMoreFields,
  UsernameRegister,
  type RegisterTabProps,
} from './register-tabs.tsx';
import formStyles from '../../shared/forms/form.module.css';
import styles from './register.module.css';

ensurePayloadEncryption();

/** Where the terms live in the help centre (RG-05). */
export const TERMS_LINK = '/help?topic=terms';

function RegisterForm({
  rules,
  switches,
  tabs,
}: {
  rules: RegisterRules;
  switches: RegisterSwitches;
  tabs: RegisterTab[];
}) {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  const challenge = useSubmitChallenge('register');
  const [tab, setTab] = useState<RegisterTab>(tabs[0]!);
  const [picked, setPicked] = useState('');
  const country = useCountry(picked);
  const dialingCode = country?.countryDialingCode ?? '';
  const phoneCode = useRegisterPhoneCode(tab);
  const register = useRegister(challenge, phoneCode);
  const location = window.location;
  const urlCodes = useUrlInvitations(location.search, location.hostname);
  const hidden = {
    affiliateCode: urlCodes.affiliateCode?.status === 'valid',
    referralCode: urlCodes.referralCode?.status === 'valid',
  };
  // The code a link brought, used as it is (RG-12): said instead of its input.
  const invitedBy = hidden.affiliateCode
    ? urlCodes.affiliateCode?.code
    : hidden.referralCode
      ? urlCodes.referralCode?.code
      : undefined;
  const shown = shownFields(rules, switches, tab, hidden);
  const captcha = useCaptchaImage(shown.captcha);
  const [terms, setTerms] = useState(true);
  const [termsError, setTermsError] = useState('');
  // The age confirmation (RG-34, RG-35): the brand's minimum age, 18 unless it says 21.
  const minimumAge = useBrand().minimumAge ?? DEFAULT_MINIMUM_AGE;
  const [age, setAge] = useState(true);
  const [ageError, setAgeError] = useState('');
  // A code no agent owns, whether the check before the call or the call itself found it (RG-09).
  const invitationRefusedNow =
    register.data === invitationRefused ||
    (isApiError(register.error) && register.error.errorCode === Errors.invitationCodeError.code);

  const resolver = useMemo(
    () => checksResolver(registerChecks(rules, shown, tab, country, t)),
    [rules, shown, tab, country, t],
  );
  const form = useForm<RegisterValues>({
    defaultValues: emptyRegisterValues,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  // An invalid code from the URL stays in its (shown) input for the player to correct (RG-13).
  useEffect(() => {
    for (const kind of invitationKinds) {
      const state = urlCodes[kind];
      if (state?.status === 'invalid' && !form.getValues(kind)) form.setValue(kind, state.code);
    }
  }, [urlCodes, form]);

  const switchTab = (next: RegisterTab) => {
    if (next === tab) return;
    setTab(next);
    if (register.isError) register.reset();
    form.clearErrors();
    form.setValue('captcha', '');
    // Switching tab reloads the captcha (RG-07).
    if (shown.captcha) captcha.reload();
  };

  const codeOf = (kind: InvitationKind, values: RegisterValues) =>
    urlCodes[kind]?.status === 'valid' ? urlCodes[kind].code : shown[kind] ? values[kind].trim() : '';

  const submit = (values: RegisterValues) =>
    register.mutate(
      {
        values,
        context: {
          tab,
          shown,
          countryDialingCode: dialingCode,
          affiliateCode: codeOf('affiliateCode', values),
          referralCode: codeOf('referralCode', values),
          location,
        },
        typedCodes: {
          affiliateCode: shown.affiliateCode ? values.affiliateCode.trim() : '',
          referralCode: shown.referralCode ? values.referralCode.trim() : '',
        },
      },
      {
        onError: (e) => {
          // A captcha is checked once, right or wrong: after a call the next try needs a new image.
          const sent = !isApiError(e) || e.errorCode !== ClientErrorCodes.challengeClosed;
          if (shown.captcha && sent) {
            form.setValue('captcha', '');
            captcha.reload();
          }
        },
      },
    );

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (register.isError) register.reset();
    // Terms first: unchecked stops everything, before any validation or call (RG-08, RG-09).
    if (!boxesChecked()) return;
    void form.handleSubmit(submit)(e);
  };

  /** The age and the terms boxes, checked before anything else (nothing is sent without them). */
  const boxesChecked = () => {
    setAgeError(age ? '' : t('register_age_required', { age: minimumAge }));
    setTermsError(terms ? '' : t('register_terms_required'));
    return age && terms;
  };

  /** What a social sign-up carries through the provider's flow (decision 045). */
  const socialStart = () => {
    if (!boxesChecked()) return null;
    const values = form.getValues();
    return {
      age: '1',
      affiliateCode: codeOf('affiliateCode', values),
      referralCode: codeOf('referralCode', values),
      domain: location.hostname,
    };
  };

  const tabOptions = tabs.map((k) => ({
    key: k,
    label: t(k === 'username' ? 'register_tab_username' : 'register_tab_mobile'),
  }));
  const tabProps: RegisterTabProps = {
    form,
    rules,
    shown,
    phoneCode,
    dialingCode,
    onDialingCodeChange: setPicked,
  };

  return (
    <>
      <Tabs
        options={tabOptions}
        value={tab}
        onChange={switchTab}
        label={t('register_tabs')}
        panelId="register-panel"
        idPrefix="register-tab"
      />
      <form
        id="register-panel"
        role={tabs.length > 1 ? 'tabpanel' : undefined}
        className={formStyles.form}
        onSubmit={onSubmit}
        noValidate
        data-testid="register-form"
      >
        {tab === 'mobile' ? <MobileRegister {...tabProps} /> : <UsernameRegister {...tabProps} />}
        <RegisterMoreFields {...tabProps} invitedBy={invitedBy ?? null} captcha={captcha} />
        <CheckboxField
          checked={age}
          onChange={(e) => {
            setAge(e.target.checked);
            if (e.target.checked) setAgeError('');
          }}
          error={ageError}
          data-testid="register-age"
          label={t('register_age_confirm', { age: minimumAge })}
        />
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
        <FormSubmit
          busy={register.isPending}
          failure={invitationRefusedNow ? null : register.error}
          testId="register-submit"
        >
          {t('register_submit')}
        </FormSubmit>
      </form>
      <SocialButtons intent="register" prepare={socialStart} />
      {challenge.element}
      {invitationRefusedNow ? (
        <AlertDialog
          title={t('error_invitation_code_error')}
          onClose={register.reset}
          testId="invitation-error"
        >
          {t('register_invitation_error_text')}
        </AlertDialog>
      ) : null}
    </>
  );
}

/** The register dialog, modal key `register` (RG-01..RG-33). */
export function RegisterDialog({ onClose }: ModalProps<undefined>) {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
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
