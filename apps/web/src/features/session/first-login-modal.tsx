import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { ACCOUNTS_NS } from '../../shared/i18n/i18n.ts';
import { useUiStore } from '../../shared/shell/ui-store.ts';
import type { ModalProps } from '../../shared/shell/modal-registry.ts';
import { Button } from '../../shared/ui/button.tsx';
import { CrownIcon } from '../../shared/ui/icons.tsx';
import { Modal, useModalClose } from '../../shared/ui/modal.tsx';
import { useMemberInfo } from './member-info.ts';
import styles from './login.module.css';

function Actions() {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  const close = useModalClose();
  const openMemberCentre = useUiStore((s) => s.openMemberCentre);
  return (
    <div className={styles.welcomeActions}>
      <Button variant="ghost" onClick={close}>
        {t('first_login_play')}
      </Button>
      <Button
        onClick={() => {
          close();
          openMemberCentre('securityCenter');
        }}
      >
        {t('first_login_secure')}
      </Button>
    </div>
  );
}

/**
 * The first-login action (LG-19): a new account is welcomed once and pointed at the security
 * centre, where the player binds a phone, an e-mail and an authenticator.
 */
export function FirstLoginModal({ onClose }: ModalProps<undefined>) {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  const { data: info } = useMemberInfo();
  return (
    <Modal onClose={onClose} ariaLabel={t('first_login_title')} width={420} height="auto">
      <div className={styles.welcome} data-testid="first-login">
        <span className={styles.welcomeIcon}>
          <CrownIcon size={30} />
        </span>
        <h2 className={styles.title}>{t('first_login_title')}</h2>
        <p className={styles.welcomeText}>
          {t('first_login_text', { name: info?.nickname || info?.userName || '' })}
        </p>
        <Actions />
      </div>
    </Modal>
  );
}
