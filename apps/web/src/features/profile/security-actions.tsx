import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { PaymentPasswordModal } from './payment-password-modal.tsx';
import { SessionsModal } from './sessions-modal.tsx';
import { PROFILE_NS } from './strings.ts';
import styles from './profile.module.css';

/** The security centre's payment password action: "Set" the first time, "Change" after. */
export function PaymentPasswordAction({ isSet, state }: { isSet: boolean; state: string }) {
  const { t } = useTranslation(PROFILE_NS);
  const [open, setOpen] = useState(false);
  return (
    <>
      <span className={styles.state}>{state}</span>
      <Button
        size="sm"
        variant="ghost"
        className={styles.action}
        onClick={() => setOpen(true)}
        data-testid="payment-password-action"
      >
        {t(isSet ? 'action_change' : 'action_set')}
      </Button>
      {open ? <PaymentPasswordModal isSet={isSet} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/** The security centre's active sessions action: the list and "log out other devices". */
export function SessionsAction() {
  const { t } = useTranslation(PROFILE_NS);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        className={styles.action}
        onClick={() => setOpen(true)}
        data-testid="sessions-action"
      >
        {t('action_manage')}
      </Button>
      {open ? <SessionsModal onClose={() => setOpen(false)} /> : null}
    </>
  );
}
