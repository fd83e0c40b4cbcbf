import type { KeyIn } from '../../shared/i18n/keys.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { ACCOUNTS_NS } from '../../shared/i18n/i18n.ts';
import { ModalKeys, useUiStore } from '../../shared/shell/ui-store.ts';
import type { ModalProps } from '../../shared/shell/modal-registry.ts';
import { ensurePayloadEncryption } from '../../shared/http/payload-encryption.ts';
import { Modal } from '../../shared/ui/modal.tsx';
import { AccountBanner } from './account-banner.tsx';
import { HelpWidget } from './help-widget.tsx';
import { LoginForm } from './login-form.tsx';
import styles from './login.module.css';

ensurePayloadEncryption();

/** Why the popup opened, when it is not the player's own click (a refused token, ER-26). */
export interface LoginPopupParams {
  reasonKey?: KeyIn<typeof ACCOUNTS_NS>;
}

/** The login popup, modal key loginPopupModal (LG-01..LG-28). */
export function LoginPopup({ params, onClose }: ModalProps<LoginPopupParams | undefined>) {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  const openModal = useUiStore((s) => s.openModal);
  const closeModal = useUiStore((s) => s.closeModal);
  return (
    <Modal
      onClose={onClose}
      ariaLabel={t('login_title')}
      width={440}
      height="auto"
      bodyClassName={styles.body}
      className={styles.dialog}
    >
      <AccountBanner group="w_login" />
      <div className={styles.content} data-testid="login-popup">
        <h2 className={styles.title}>{t('login_title')}</h2>
        {params?.reasonKey ? (
          <p className={styles.reason} role="status">
            {t(params.reasonKey)}
          </p>
        ) : null}
        <LoginForm
          onRegister={() => {
            closeModal(ModalKeys.loginPopup);
            openModal(ModalKeys.register);
          }}
        />
        <HelpWidget />
      </div>
    </Modal>
  );
}
