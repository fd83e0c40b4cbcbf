import { useState } from 'react';
import { useForm } from '../../shared/forms/use-form.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { EMAIL_PATTERN } from '@app/contract';
import { useCountry, PhoneField } from '../../shared/forms/country-picker.tsx';
import { nationalDigits, phoneProblem } from '../../shared/forms/field-rules.ts';
import { CodeField } from '../../shared/forms/send-code-button.tsx';
import { FormAlert, PasswordField, TextField } from '../../shared/forms/text-field.tsx';
import { smsCountdownSeconds } from '../../shared/forms/use-countdown.ts';
import { ACCOUNTS_NS } from '../../shared/i18n/i18n.ts';
import { Button } from '../../shared/ui/button.tsx';
import { LockIcon } from '../../shared/ui/icons.tsx';
import { ltrMessage } from '../../shared/ui/ltr.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { useBindContact } from './api.ts';
import { ProfileFormSubmit } from './form-submit.tsx';
import { ModalButton } from './modal-button.tsx';
import { PROFILE_NS } from './strings.ts';
import formStyles from '../../shared/forms/form.module.css';
import styles from './profile.module.css';

type Kind = 'mobile' | 'email';

interface Values {
  target: string;
  code: string;
  password: string;
}

/** The security centre's "Bind" / "Change" beside the mobile number or the e-mail address. */
export function BindContactAction({ kind, current }: { kind: Kind; current: string | null }) {
  const { t } = useTypedTranslation(PROFILE_NS);
  return (
    <ModalButton
      size="sm"
      variant="ghost"
      type="button"
      data-testid={`bind-${kind}-action`}
      modal={(onClose) => <BindContactModal kind={kind} current={current} onClose={onClose} />}
    >
      {t(current ? 'action_change' : 'action_bind')}
    </ModalButton>
  );
}

/**
 * Binds a mobile number or an e-mail address: the code is sent to it, the member types it back.
 * Replacing a bound one also asks for the login password (the server checks it too).
 */
export function BindContactModal({
  kind,
  current,
  onClose,
}: {
  kind: Kind;
  current: string | null;
  onClose: () => void;
}) {
  const { t } = useTypedTranslation(PROFILE_NS);
  const { t: tAccounts } = useTypedTranslation(ACCOUNTS_NS);
  const [dialingCode, setDialingCode] = useState<string | undefined>(undefined);
  const country = useCountry(dialingCode);
  const { send, bind } = useBindContact(kind);
  const form = useForm<Values>({ defaultValues: { target: '', code: '', password: '' } });
  const { errors } = form.formState;

  const targetProblem = (raw: string): string | null => {
    if (kind === 'mobile') return phoneProblem(raw, country, tAccounts);
    const v = raw.trim();
    return v && v.length <= 100 && EMAIL_PATTERN.test(v) ? null : t('bind_email_invalid');
  };
  const target = () => {
    const raw = form.getValues('target');
    return kind === 'mobile'
      ? { countryDialingCode: country?.countryDialingCode ?? '', mobileNum: nationalDigits(raw) }
      : { email: raw.trim() };
  };

  const onSend = async (): Promise<number | null> => {
    try {
      const sent = await send.mutateAsync(target());
      return smsCountdownSeconds(sent.expiredMinutes);
    } catch {
      return null;
    }
  };

  const submit = (v: Values) =>
    bind.mutate({ ...target(), verificationCode: v.code.trim(), loginPassword: v.password });

  const title = t(`${current ? 'change' : 'bind'}_${kind}_title`);
  const failure = bind.error ?? send.error;
  return (
    <Modal onClose={onClose} title={title} width={440} height="auto">
      {bind.isSuccess ? (
        <div className={`${formStyles.form} ${styles.content}`} data-testid={`bind-${kind}-done`}>
          <FormAlert tone="success">{t(`bind_done_${kind}`, { value: bind.data.value })}</FormAlert>
          <Button variant="secondary" type="button" onClick={onClose}>
            {t('action_close')}
          </Button>
        </div>
      ) : (
        <form
          className={`${formStyles.form} ${styles.content}`}
          noValidate
          onSubmit={form.handleSubmit(submit)}
          data-testid={`bind-${kind}-form`}
        >
          <p className={styles.intro}>
            {t(`bind_intro_${kind}`)}
            {current ? <> {ltrMessage(t, 'bind_current', { value: current })}</> : null}
          </p>
          {kind === 'mobile' ? (
            <PhoneField
              label={t('bind_mobile_label')}
              dialingCode={country?.countryDialingCode}
              onDialingCodeChange={setDialingCode}
              error={errors.target?.message}
              data-testid="bind-target"
              {...form.register('target', { validate: (v) => targetProblem(v) ?? true })}
            />
          ) : (
            <TextField
              label={t('bind_email_label')}
              type="email"
              autoComplete="email"
              maxLength={100}
              error={errors.target?.message}
              data-testid="bind-target"
              {...form.register('target', { validate: (v) => targetProblem(v) ?? true })}
            />
          )}
          <CodeField
            label={t('bind_code_label')}
            error={errors.code?.message}
            onSend={onSend}
            validate={() => form.trigger('target')}
            sendTestId="bind-send-code"
            data-testid="bind-code"
            {...form.register('code', {
              validate: (v) => /^[0-9]{6}$/.test(v.trim()) || t('bind_code_required'),
            })}
          />
          {send.isSuccess && !bind.error ? <FormAlert tone="info">{t(`bind_sent_${kind}`)}</FormAlert> : null}
          {current ? (
            <PasswordField
              label={t('bind_password_label')}
              hint={t('bind_password_hint')}
              icon={<LockIcon size={18} />}
              autoComplete="current-password"
              maxLength={128}
              error={errors.password?.message}
              {...form.register('password', { validate: (v) => Boolean(v) || t('bind_password_required') })}
            />
          ) : null}
          <ProfileFormSubmit busy={bind.isPending} failure={failure} testId="bind-submit">
            {t('bind_submit')}
          </ProfileFormSubmit>
        </form>
      )}
    </Modal>
  );
}
