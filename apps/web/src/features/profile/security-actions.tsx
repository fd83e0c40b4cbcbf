import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { PaymentPasswordModal } from './payment-password-modal.tsx';
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
