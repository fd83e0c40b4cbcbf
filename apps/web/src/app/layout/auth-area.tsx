import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { FeatureSwitch } from '@app/contract';
import { useIsLoggedIn } from '../../shared/session/session.ts';
import { useSwitch } from '../../shared/system/system-status.ts';
import { Button } from '../../shared/ui/button.tsx';
import { UserIcon } from '../../shared/ui/shell-icons.tsx';
import { Slot } from '../../shared/shell/slot.tsx';
import { SlotNames } from '../../shared/shell/slot-registry.ts';
import { ModalKeys, useUiStore } from '../../shared/shell/ui-store.ts';
import styles from './auth-area.module.css';

/**
 * Logged out: the login button and, with switch DIRECTREG3 on, the register button (SH-27,
 * SH-28). Logged in: the member bar that the accounts feature registers as a slot.
 */
export function AuthArea({ showBalance }: { showBalance: boolean }) {
  const { t } = useTypedTranslation('translation');
  const loggedIn = useIsLoggedIn();
  const directRegister = useSwitch(FeatureSwitch.directRegister);
  const openModal = useUiStore((s) => s.openModal);
  const openMemberCentre = useUiStore((s) => s.openMemberCentre);

  if (loggedIn) {
    return (
      <div className={styles.area} data-testid="member-bar">
        <Slot
          name={SlotNames.memberBar}
          showBalance={showBalance}
          fallback={
            <Button variant="ghost" size="sm" onClick={() => openMemberCentre()}>
              <UserIcon size={15} /> {t('in_my_account')}
            </Button>
          }
        />
      </div>
    );
  }
  return (
    <div className={styles.area}>
      <Button variant="secondary" size="sm" onClick={() => openModal(ModalKeys.loginPopup)}>
        {t('login')}
      </Button>
      {directRegister ? (
        <Button variant="primary" size="sm" onClick={() => openModal(ModalKeys.register)}>
          {t('register')}
        </Button>
      ) : null}
    </div>
  );
}
