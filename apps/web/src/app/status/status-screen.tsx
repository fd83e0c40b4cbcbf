import type { ReactNode } from 'react';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import type { SystemInfo } from '@app/contract';
import { useCustomerService } from '../../features/session/index.ts';
import { Button } from '../../shared/ui/button.tsx';
import { HeadsetIcon } from '../../shared/ui/shell-icons.tsx';
import { LanguagePicker } from '../layout/language-picker.tsx';
import { Logo } from '../layout/logo.tsx';
import styles from './status-screen.module.css';

/** The full-screen frame of the maintenance and region pages: logo, message, contact us. */
export function StatusScreen({
  icon,
  title,
  message,
  info,
  children,
  testId,
}: {
  icon: ReactNode;
  title: string;
  message: string;
  info: SystemInfo;
  children?: ReactNode;
  testId: string;
}) {
  const { t } = useTypedTranslation('translation');
  const openService = useCustomerService(info);
  return (
    <div className={styles.screen} data-testid={testId}>
      <div className={styles.glow} aria-hidden="true" />
      <header className={styles.top}>
        <Logo height={40} />
        <LanguagePicker />
      </header>
      <main className={styles.card}>
        <span className={styles.icon}>{icon}</span>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.message}>{message}</p>
        {children}
        <Button size="lg" className={styles.contact} onClick={openService}>
          <HeadsetIcon size={18} /> {t('contact_us')}
        </Button>
      </main>
    </div>
  );
}
