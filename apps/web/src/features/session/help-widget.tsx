import { Link } from 'react-router';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { ACCOUNTS_NS } from '../../shared/i18n/i18n.ts';
import { BookIcon, HeadsetIcon } from '../../shared/ui/icons.tsx';
import styles from './login.module.css';
import { useCustomerService } from './use-customer-service.ts';

/** The help widget of the login popup (LG-05): live customer service and the help centre. */
export function HelpWidget() {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  const openService = useCustomerService();
  return (
    <div className={styles.help} data-testid="login-help">
      <span className={styles.helpTitle}>{t('login_help_title')}</span>
      <div className={styles.helpLinks}>
        <button type="button" className={styles.helpLink} onClick={openService}>
          <HeadsetIcon size={16} />
          {t('side_service')}
        </button>
        <Link to="/help" className={styles.helpLink}>
          <BookIcon size={16} />
          {t('login_help_centre')}
        </Link>
      </div>
    </div>
  );
}
