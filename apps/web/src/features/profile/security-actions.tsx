import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { ModalButton } from './modal-button.tsx';
import { PaymentPasswordModal } from './payment-password-modal.tsx';
import { SessionsModal } from './sessions-modal.tsx';
import { PROFILE_NS } from './strings.ts';
import styles from './profile.module.css';

/** The security centre's payment password action: "Set" the first time, "Change" after. */
export function PaymentPasswordAction({ isSet, state }: { isSet: boolean; state: string }) {
  const { t } = useTypedTranslation(PROFILE_NS);
  return (
    <>
      <span className={styles.state}>{state}</span>
      <ModalButton
        size="sm"
        variant="ghost"
        className={styles.action}
        data-testid="payment-password-action"
        modal={(onClose) => <PaymentPasswordModal isSet={isSet} onClose={onClose} />}
      >
        {t(isSet ? 'action_change' : 'action_set')}
      </ModalButton>
    </>
  );
}

/** The security centre's active sessions action: the list and "log out other devices". */
export function SessionsAction() {
  const { t } = useTypedTranslation(PROFILE_NS);
  return (
    <ModalButton
      size="sm"
      variant="ghost"
      className={styles.action}
      data-testid="sessions-action"
      modal={(onClose) => <SessionsModal onClose={onClose} />}
    >
      {t('action_manage')}
    </ModalButton>
  );
}
