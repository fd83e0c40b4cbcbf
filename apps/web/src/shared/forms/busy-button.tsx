import type { ReactNode } from 'react';
import { useTypedTranslation } from '../i18n/react.tsx';
import { ACCOUNTS_NS } from '../i18n/i18n.ts';
import { Button, type ButtonProps } from '../ui/button.tsx';
import { errorText } from './error-text.ts';
import { FormAlert } from './text-field.tsx';
import formStyles from './form.module.css';

/** A button that shows a small spinner before its label while its action runs. */
export function BusyButton({ busy, children, ...props }: ButtonProps & { busy: boolean }) {
  return (
    <Button {...props}>
      {busy ? <span className={formStyles.spinnerInline} aria-hidden="true" /> : null}
      {children}
    </Button>
  );
}

/**
 * The end of a form: why its call failed, in the catalogue's words, then its submit button, busy
 * while the call runs (a mutation's error and pending state). `disabled` also covers the form's
 * other actions.
 */
export function FormSubmit({
  busy,
  failure,
  disabled = busy,
  testId,
  children,
}: {
  busy: boolean;
  failure: unknown;
  disabled?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  return (
    <>
      {failure ? <FormAlert>{errorText(failure, t)}</FormAlert> : null}
      <BusyButton
        busy={busy}
        type="submit"
        size="lg"
        className={formStyles.submit}
        disabled={disabled}
        data-testid={testId}
      >
        {children}
      </BusyButton>
    </>
  );
}
