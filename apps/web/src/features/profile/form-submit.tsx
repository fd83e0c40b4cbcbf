import type { ReactNode } from 'react';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { FormSubmit } from '../../shared/forms/busy-button.tsx';
import { FormAlert } from '../../shared/forms/text-field.tsx';
import { ACCOUNTS_NS } from '../../shared/i18n/i18n.ts';
import { profileErrorText } from './errors.ts';
import { PROFILE_NS } from './strings.ts';

/**
 * The end of a profile dialog's form: why its call failed, in the profile's words (profileErrorText),
 * then its submit button, busy while the call runs (and, as these forms always were, not disabled).
 */
export function ProfileFormSubmit({
  busy,
  failure,
  testId,
  children,
}: {
  busy: boolean;
  failure: unknown;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTypedTranslation(PROFILE_NS);
  const { t: tAccounts } = useTypedTranslation(ACCOUNTS_NS);
  return (
    <>
      {failure ? <FormAlert>{profileErrorText(failure, t, tAccounts)}</FormAlert> : null}
      <FormSubmit busy={busy} failure={null} disabled={false} testId={testId}>
        {children}
      </FormSubmit>
    </>
  );
}
