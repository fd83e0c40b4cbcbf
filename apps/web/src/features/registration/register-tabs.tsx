import type { UseFormReturn } from '../../shared/forms/use-form.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { formatPatternMessage, type RegisterRules } from '@app/contract';
import { ACCOUNTS_NS } from '../../shared/i18n/i18n.ts';
import { CaptchaField, type CaptchaImage } from '../../shared/forms/captcha-field.tsx';
import { patternHint } from '../../shared/forms/field-rules.ts';
import type { PhoneCode } from '../../shared/forms/phone-code.ts';
import { PhoneCodeFields } from '../../shared/forms/phone-code-fields.tsx';
import { PasswordField, TextField, UsernameField } from '../../shared/forms/text-field.tsx';
import { GiftIcon, LockIcon, MailIcon } from '../../shared/ui/icons.tsx';
import { invitationKinds } from './invitation.ts';
import type { OptionalField, RegisterTab, RegisterValues, ShownFields } from './register-fields.ts';
import styles from './register.module.css';

/** How the browser should treat each optional field's input. */
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

/** What the register form gives the fields of a tab. */
export interface RegisterTabProps {
  form: UseFormReturn<RegisterValues>;
  rules: RegisterRules;
  shown: ShownFields;
  phoneCode: PhoneCode;
  dialingCode: string;
  onDialingCodeChange: (dialingCode: string) => void;
}

/** " (optional)" after the label of a field its rule does not require (RG-16). */
export function useRequiredMark(rules: RegisterRules): (field: keyof RegisterRules) => string {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  return (field) => (rules[field]?.required ? '' : ` ${t('register_optional')}`);
}

/** The number, and the SMS code when the tab asks for one, with the tab's own send call. */
function RegisterPhone({
  tab,
  props: { form, shown, phoneCode, dialingCode, onDialingCodeChange },
  label,
}: {
  tab: RegisterTab;
  props: RegisterTabProps;
  label: string;
}) {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  const { errors } = form.formState;
  return (
    <PhoneCodeFields
      phoneCode={phoneCode}
      dialingCode={dialingCode}
      onDialingCodeChange={onDialingCodeChange}
      number={() => form.getValues('mobileNum')}
      mobile={{ label, error: errors.mobileNum?.message, ...form.register('mobileNum') }}
      code={
        shown.verificationCode
          ? {
              label: t('register_field_verificationCode'),
              error: errors.verificationCode?.message,
              ...form.register('verificationCode'),
            }
          : undefined
      }
      validate={() => form.trigger('mobileNum')}
      sendKey={tab}
      sendTestId="register-send-code"
    />
  );
}

/** The password, with its length in the prompt, "(min) - (max) characters" (ER-42). */
function RegisterPassword({ form, rules }: RegisterTabProps) {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  const prompt = rules.password
    ? formatPatternMessage(t('password_prompt'), rules.password.minLength, rules.password.maxLength)
    : t('login_password_placeholder');
  return (
    <PasswordField
      label={t('register_field_password')}
      placeholder={prompt}
      icon={<LockIcon size={18} />}
      autoComplete="new-password"
      maxLength={rules.password?.maxLength ?? 128}
      hint={rules.password ? patternHint(rules.password, t) : undefined}
      error={form.formState.errors.password?.message}
      {...form.register('password')}
    />
  );
}

/**
 * The username tab (RG-03, RG-18): username, the number when its rule or REGMOBVERF3 shows it
 * (optional unless a code goes to it or the rule requires it), the SMS code with REGMOBVERF3,
 * and the password.
 */
export function UsernameRegister(props: RegisterTabProps) {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  const { form, rules, shown } = props;
  const requiredMark = useRequiredMark(rules);
  return (
    <>
      <UsernameField
        label={t('register_field_username')}
        placeholder={t('register_username_placeholder')}
        maxLength={rules.username?.maxLength ?? 64}
        hint={rules.username ? patternHint(rules.username, t) : undefined}
        error={form.formState.errors.username?.message}
        {...form.register('username')}
      />
      {shown.mobileNum ? (
        <RegisterPhone
          tab="username"
          props={props}
          label={t('register_field_mobileNum') + (shown.verificationCode ? '' : requiredMark('mobileNum'))}
        />
      ) : null}
      <RegisterPassword {...props} />
    </>
  );
}

/**
 * The mobile tab (RG-02, RG-20, RG-21): the number is the username and always gets an SMS code;
 * the password only with MOBILENUMPASSREG3.
 */
export function MobileRegister(props: RegisterTabProps) {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  return (
    <>
      <RegisterPhone tab="mobile" props={props} label={t('register_field_mobileNum')} />
      {props.shown.password ? <RegisterPassword {...props} /> : null}
    </>
  );
}

/**
 * The fields of both tabs after their own: the optional fields the server's rules turn on
 * (RG-14, RG-16, RG-33), the invitation codes (RG-10..RG-13) or the one the link brought, and the
 * captcha (RG-17). Registered after the tab's fields, so a refused submit focuses the first
 * wrong field from the top.
 */
export function RegisterMoreFields({
  form,
  rules,
  shown,
  invitedBy,
  captcha,
}: RegisterTabProps & { invitedBy: string | null; captcha: CaptchaImage }) {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  const requiredMark = useRequiredMark(rules);
  const { errors } = form.formState;
  return (
    <>
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
      {invitationKinds
        .filter((kind) => shown[kind])
        .map((kind) => (
          <TextField
            key={kind}
            label={t(`register_field_${kind}`) + requiredMark(kind)}
            placeholder={t('register_code_placeholder')}
            icon={<GiftIcon size={18} />}
            autoCapitalize="characters"
            maxLength={40}
            error={errors[kind]?.message}
            data-testid={kind === 'affiliateCode' ? 'affiliate-input' : undefined}
            {...form.register(kind)}
          />
        ))}
      {invitedBy !== null ? (
        <p className={styles.invited} data-testid="invitation-applied">
          <GiftIcon size={16} /> {t('register_invited', { code: invitedBy })}
        </p>
      ) : null}
      {shown.captcha ? (
        <CaptchaField image={captcha} error={errors.captcha?.message} {...form.register('captcha')} />
      ) : null}
    </>
  );
}
