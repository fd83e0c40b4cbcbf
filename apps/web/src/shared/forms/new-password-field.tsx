import { useTypedTranslation } from '../i18n/react.tsx';
import type { FieldRule } from '@app/contract';
import { ACCOUNTS_NS } from '../i18n/i18n.ts';
import { LockIcon } from '../ui/icons.tsx';
import { patternHint } from './field-rules.ts';
import { PasswordField, type TextFieldProps } from './text-field.tsx';

type PasswordBox = Omit<TextFieldProps, 'type' | 'trailing' | 'icon' | 'autoComplete' | 'maxLength' | 'hint'>;

/**
 * The new password of a change or a reset: the site's password rule (the register settings)
 * gives its length and the hint under it.
 */
export function NewPasswordField({
  rule,
  label,
  ...field
}: { rule: FieldRule | undefined } & Omit<PasswordBox, 'label'> & { label?: string }) {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  return (
    <PasswordField
      label={label ?? t('pwd_new')}
      icon={<LockIcon size={18} />}
      autoComplete="new-password"
      maxLength={rule?.maxLength ?? 128}
      hint={rule ? patternHint(rule, t) : undefined}
      {...field}
    />
  );
}

/** The new password once more, to be sure of it (PW-13). */
export function ConfirmPasswordField(field: Omit<PasswordBox, 'label'>) {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  return <NewPasswordField rule={undefined} label={t('pwd_confirm')} {...field} />;
}
