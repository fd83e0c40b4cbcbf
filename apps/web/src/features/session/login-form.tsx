import { useCallback, useRef, useState } from 'react';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { FeatureSwitch, type LoginVerifyRequired } from '@app/contract';
import { ACCOUNTS_NS } from '../../shared/i18n/i18n.ts';
import { BusyButton } from '../../shared/forms/busy-button.tsx';
import { useSubmitChallenge } from '../../shared/forms/slider-challenge.tsx';
import { Tabs } from '../../shared/forms/tabs.tsx';
import { useSwitch } from '../../shared/system/system-status.ts';
import { SocialButtons } from '../../shared/forms/social-buttons.tsx';
import { useFreePlay, useLogin, useRememberedLogin, type LoginVariables } from './api.ts';
import type { LoginBusy, LoginDraft, LoginTabProps } from './login-tab-form.tsx';
import { readRemembered, type RememberedLogin } from './remember.ts';
import { SecondFactorStep } from './second-factor.tsx';
import { SmsLogin } from './sms-login.tsx';
import { UsernameLogin } from './username-login.tsx';
import styles from './login.module.css';

type Tab = 'username' | 'sms';

interface PendingVerify {
  verify: LoginVerifyRequired;
  password: string | undefined;
}

/** The quick re-entry row of a remembered login (LG-04). */
function RememberedRow({
  remembered,
  busy,
  onContinue,
}: {
  remembered: RememberedLogin;
  busy: LoginBusy;
  onContinue: () => void;
}) {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  return (
    <div className={styles.remembered} data-testid="remembered-login">
      <span className={styles.avatar} aria-hidden="true">
        {remembered.username.slice(0, 1).toUpperCase()}
      </span>
      <div className={styles.rememberedText}>
        <span className={styles.rememberedLabel}>{t('login_remembered_as')}</span>
        <strong>{remembered.username}</strong>
      </div>
      <BusyButton busy={busy === 'remembered'} size="sm" onClick={onContinue} disabled={busy !== null}>
        {t('login_continue')}
      </BusyButton>
    </div>
  );
}

/**
 * The login form of the login popup and of the /login page (spec B §2, §4, §5): the username and
 * the mobile (SMS code) tabs, remember me, the captcha after a flagged failure, the slider
 * challenge when GEETEST3 is on, the second factor from a new IP, free play and quick re-entry
 * with a remembered login. Each way in is a mutation of api.ts; their busy and error states are
 * the form's.
 */
export function LoginForm({ onRegister }: { onRegister?: (() => void) | undefined }) {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  const smsLoginOn = useSwitch(FeatureSwitch.smsLogin);
  const freePlayOn = useSwitch(FeatureSwitch.freePlay);
  const challenge = useSubmitChallenge('login');
  const login = useLogin(challenge);
  const freePlay = useFreePlay();
  const rememberedLogin = useRememberedLogin();
  const actions = [login, freePlay, rememberedLogin];

  const [remembered, setRemembered] = useState<RememberedLogin | null>(() => readRemembered());
  const [tab, setTab] = useState<Tab>('username');
  const activeTab: Tab = tab === 'sms' && smsLoginOn ? 'sms' : 'username';
  const [pending, setPending] = useState<PendingVerify | null>(null);
  // What each tab holds while the other is shown; a tab starts from it when it comes back.
  const draftRef = useRef<LoginDraft | null>(null);
  const [draft, setDraft] = useState<LoginDraft>(() => ({
    username: remembered?.username ?? '',
    password: '',
    captcha: '',
    captchaShown: false,
    mobileNum: remembered?.mobileNum ?? '',
    smsCode: '',
    countryDialingCode: remembered?.countryDialingCode ?? '',
    rememberMe: remembered !== null,
  }));
  const keepDraft = useCallback(
    (values: Partial<LoginDraft>) => {
      draftRef.current = { ...(draftRef.current ?? draft), ...values };
    },
    [draft],
  );
  // Before a tab goes (a switch, the second factor), the next one starts from what was typed.
  const commitDraft = () => {
    if (draftRef.current) setDraft(draftRef.current);
  };

  const busy: LoginBusy = login.isPending
    ? 'login'
    : freePlay.isPending
      ? 'freePlay'
      : rememberedLogin.isPending
        ? 'remembered'
        : null;
  const clearError = () => {
    for (const m of actions) if (m.isError) m.reset();
  };

  const submitLogin = (variables: LoginVariables, onFailed?: (error: Error) => void) => {
    clearError();
    login.mutate(variables, {
      onSuccess: (verify) => {
        if (!verify) setRemembered(readRemembered());
        else {
          commitDraft();
          setPending({ verify, password: variables.password });
        }
      },
      onError: onFailed,
    });
  };

  if (pending) {
    return (
      <SecondFactorStep verify={pending.verify} password={pending.password} onBack={() => setPending(null)} />
    );
  }

  const tabProps: LoginTabProps = {
    draft,
    keepDraft,
    remembered,
    login: submitLogin,
    clearError,
    frame: {
      tabbed: smsLoginOn,
      failure: actions.find((m) => m.error)?.error,
      busy,
      onFreePlay: freePlayOn
        ? () => {
            clearError();
            freePlay.mutate();
          }
        : undefined,
      onRegister,
    },
  };
  return (
    <>
      {remembered?.rememberToken ? (
        <RememberedRow
          remembered={remembered}
          busy={busy}
          onContinue={() => {
            const rememberToken = remembered.rememberToken;
            if (!rememberToken) return;
            clearError();
            rememberedLogin.mutate(
              { ...remembered, rememberToken },
              {
                onSuccess: (verify) => {
                  if (verify) setPending({ verify, password: undefined });
                },
                onSettled: () => setRemembered(readRemembered()),
              },
            );
          }}
        />
      ) : null}
      <Tabs
        options={[
          { key: 'username' as const, label: t('login_tab_username') },
          ...(smsLoginOn ? [{ key: 'sms' as const, label: t('login_tab_mobile') }] : []),
        ]}
        value={activeTab}
        onChange={(next) => {
          commitDraft();
          setTab(next);
          clearError();
        }}
        label={t('login_tabs')}
        panelId="login-panel"
        idPrefix="login-tab"
      />
      {activeTab === 'username' ? <UsernameLogin {...tabProps} /> : <SmsLogin {...tabProps} />}
      <SocialButtons intent="login" />
      {challenge.element}
    </>
  );
}
