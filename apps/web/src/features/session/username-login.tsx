import { useMemo, useState } from 'react';
import { useForm } from '../../shared/forms/use-form.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { ACCOUNTS_NS } from '../../shared/i18n/i18n.ts';
import { CaptchaField, useCaptchaImage } from '../../shared/forms/captcha-field.tsx';
import { wantsCaptcha } from '../../shared/forms/error-text.ts';
import { checksResolver } from '../../shared/forms/field-rules.ts';
import { PasswordField, UsernameField } from '../../shared/forms/text-field.tsx';
import { LockIcon } from '../../shared/ui/icons.tsx';
import { LoginTabForm, useKeepDraft, type LoginDraft, type LoginTabProps } from './login-tab-form.tsx';

type UsernameValues = Pick<LoginDraft, 'username' | 'password' | 'captcha' | 'rememberMe'>;

/**
 * The username tab of the login form (LG-09, LG-10): username and password, and the image
 * captcha once a failure asks for it (LG-25..LG-27).
 */
export function UsernameLogin({ draft, keepDraft, remembered, login, frame }: LoginTabProps) {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  const [captchaShown, setCaptchaShown] = useState(draft.captchaShown);
  const captcha = useCaptchaImage(captchaShown);
  const resolver = useMemo(() => {
    const credentials = (v: string) => (v.trim() ? null : t('error_username_password_missing'));
    return checksResolver<UsernameValues>({
      username: credentials,
      password: credentials,
      captcha: captchaShown ? (v) => (v.trim() ? null : t('error_captcha_required')) : null,
      rememberMe: null,
    });
  }, [captchaShown, t]);
  const form = useForm<UsernameValues>({
    defaultValues: {
      username: draft.username,
      password: draft.password,
      captcha: draft.captcha,
      rememberMe: draft.rememberMe,
    },
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  useKeepDraft(form, keepDraft);
  const { errors } = form.formState;

  const askCaptcha = (e: Error) => {
    if (!wantsCaptcha(e)) return;
    // Every captcha is single use: a new image for the next try (LG-25).
    if (captchaShown) captcha.reload();
    setCaptchaShown(true);
    keepDraft({ captchaShown: true });
    form.setValue('captcha', '');
  };

  const submit = (values: UsernameValues) => {
    const username = values.username.trim();
    const password = values.password.trim();
    login(
      {
        request: {
          username,
          password,
          captcha: values.captcha.trim(),
          type: 'username',
          rememberMe: values.rememberMe,
        },
        remember: values.rememberMe
          ? {
              username,
              countryDialingCode: remembered?.countryDialingCode ?? '',
              mobileNum: remembered?.mobileNum ?? '',
            }
          : null,
        password,
      },
      askCaptcha,
    );
  };

  return (
    <LoginTabForm frame={frame} remember={form.register('rememberMe')} onSubmit={form.handleSubmit(submit)}>
      <UsernameField
        label={t('login_username')}
        placeholder={t('login_username_placeholder')}
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
    </LoginTabForm>
  );
}
