import { ModalKeys, useUiStore } from '../../shared/shell/ui-store.ts';
import { ensurePayloadEncryption } from '../../shared/http/payload-encryption.ts';
import { HelpWidget } from './help-widget.tsx';
import { LoginForm } from './login-form.tsx';
import styles from './login.module.css';

ensurePayloadEncryption();

/** The form of the /login page (login-required mode), in the page's own card. */
export function LoginPanel() {
  const openModal = useUiStore((s) => s.openModal);
  return (
    <div className={styles.panel} data-testid="login-panel">
      <LoginForm onRegister={() => openModal(ModalKeys.register)} />
      <HelpWidget />
    </div>
  );
}
