import { useTranslation } from 'react-i18next';
import type { FieldRule } from '@app/contract';
import { ACCOUNTS_NS } from '../i18n/i18n.ts';
import { LockIcon } from '../ui/icons.tsx';
import { patternHint } from './field-rules.ts';
import { PasswordField, type TextFieldProps } from './text-field.tsx';

/**
 * The new password of a change or a reset: the site's password rule (the register settings)
 * gives its length and the hint under it.
 */
export function NewPasswordField({
  rule,
  ...field
}: { rule: FieldRule | undefined } & Omit<
  TextFieldProps,
  'type' | 'trailing' | 'label' | 'icon' | 'autoComplete' | 'maxLength' | 'hint'
>) {
  const { t } = useTranslation(ACCOUNTS_NS);
  return (
    <PasswordField
      label={t('pwd_new')}
      icon={<LockIcon size={18} />}
      autoComplete="new-password"
      maxLength={rule?.maxLength ?? 128}
      hint={rule ? patternHint(rule, t) : undefined}
      {...field}
    />
  );
}
