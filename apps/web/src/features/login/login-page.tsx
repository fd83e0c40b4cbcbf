import { Link } from 'react-router';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { FeatureSwitch } from '@app/contract';
import { useBrand } from '../../shared/brand/brand.ts';
import { useSwitch } from '../../shared/system/system-status.ts';
import { Button } from '../../shared/ui/button.tsx';
import { BookIcon, LockIcon, PhoneIcon } from '../../shared/ui/icons.tsx';
import { Slot } from '../../shared/shell/slot.tsx';
import { SlotNames } from '../../shared/shell/slot-registry.ts';
import { ModalKeys, useUiStore } from '../../shared/shell/ui-store.ts';
import styles from './login-page.module.css';

/**
 * /login (SH-21): the page login-required mode sends visitors to. The accounts feature fills the
 * `loginPanel` slot with its form; until then the login and register dialogs open from here.
 */
export function LoginPage() {
  const { t } = useTypedTranslation('pages');
  const brand = useBrand();
  const directRegister = useSwitch(FeatureSwitch.directRegister);
  const openModal = useUiStore((s) => s.openModal);
  return (
    <div className={styles.wrap} data-testid="login-page">
      <div className={styles.card}>
        <span className={styles.icon}>
          <LockIcon size={30} />
        </span>
        <h1 className={styles.title}>{t('login_page_title', { brand: brand.brandName })}</h1>
        <p className={styles.body}>{t('login_page_body')}</p>
        <Slot
          name={SlotNames.loginPanel}
          fallback={
            <div className={styles.actions}>
              <Button size="lg" onClick={() => openModal(ModalKeys.loginPopup)}>
                {t('login')}
              </Button>
              {directRegister ? (
                <Button size="lg" variant="secondary" onClick={() => openModal(ModalKeys.register)}>
                  {t('register')}
                </Button>
              ) : null}
            </div>
          }
        />
        <div className={styles.links}>
          <Link to="/helpmc">
            <BookIcon size={15} /> {t('nav_help')}
          </Link>
          <Link to="/download">
            <PhoneIcon size={15} /> {t('nav_download')}
          </Link>
        </div>
      </div>
    </div>
  );
}
