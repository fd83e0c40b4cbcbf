import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useTypedTranslation } from '../i18n/react.tsx';
import { ACCOUNTS_NS } from '../i18n/i18n.ts';
import { EyeIcon, EyeOffIcon, UserIcon } from '../ui/icons.tsx';
import styles from './form.module.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: string;
  error?: string | undefined;
  /** A line under the field while it has no error (the pattern's rule, for example). */
  hint?: string | undefined;
  icon?: ReactNode;
  /** Controls at the end of the box (a send-code button, a captcha image, a show-password eye). */
  trailing?: ReactNode;
  /** Controls before the input inside the box (the country picker of a phone field). */
  leading?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its error under it, announced to screen readers when it appears. */
export function TextField({
  label,
  error,
  hint,
  icon,
  trailing,
  leading,
  id,
  className,
  ref,
  ...input
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const messageId = `${inputId}-message`;
  return (
    <div
      className={[styles.field, className].filter(Boolean).join(' ')}
      data-invalid={error ? true : undefined}
    >
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <div className={styles.control}>
        {leading}
        {icon ? <span className={styles.icon}>{icon}</span> : null}
        <input
          ref={ref}
          id={inputId}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? messageId : undefined}
          {...input}
        />
        {trailing}
      </div>
      {error ? (
        <p id={messageId} className={styles.error} role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A username input: as typed, never capitalised or spell-checked by the browser. */
export function UsernameField(props: Omit<TextFieldProps, 'icon' | 'autoComplete'>) {
  return (
    <TextField
      icon={<UserIcon size={18} />}
      autoComplete="username"
      autoCapitalize="off"
      spellCheck={false}
      {...props}
    />
  );
}

/** A password input with a show/hide eye; what is typed never leaves the form's memory. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="off"
      spellCheck={false}
      trailing={
        <button
          type="button"
          className={styles.eye}
          aria-label={visible ? t('form_hide_password') : t('form_show_password')}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
        </button>
      }
    />
  );
}

/** A checkbox with its label (remember me, the terms). */
export function CheckboxField({
  label,
  error,
  className,
  ref,
  ...input
}: { label: ReactNode; error?: string | undefined; ref?: Ref<HTMLInputElement> } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type'
>) {
  const id = useId();
  return (
    <div className={[styles.checkField, className].filter(Boolean).join(' ')}>
      <div className={styles.checkRow}>
        <input
          ref={ref}
          id={id}
          type="checkbox"
          className={styles.checkbox}
          aria-invalid={error ? true : undefined}
          {...input}
        />
        <label htmlFor={id} className={styles.checkLabel}>
          {label}
        </label>
      </div>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A message over a whole form (a refused login, a failed send). */
export function FormAlert({
  children,
  tone = 'error',
}: {
  children: ReactNode;
  tone?: 'error' | 'success' | 'info';
}) {
  return (
    <div className={styles.alert} data-tone={tone} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
