import { Link } from 'react-router';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { useBrand } from '../../shared/brand/brand.ts';
import { BookIcon } from '../../shared/ui/icons.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { HelpCentre } from './help-centre.tsx';
import styles from './help-mc-page.module.css';

/** /helpmc (SH-17): the help centre alone, without header or footer (opened in small windows and apps). */
export function HelpMcPage() {
  const { t } = useTypedTranslation('pages');
  const brand = useBrand();
  return (
    <div className={styles.wrap} data-testid="helpmc-page">
      <div className={styles.strip}>
        <BookIcon size={20} className={styles.icon} />
        <h1 className={styles.title}>{t('nav_help')}</h1>
        <Link to="/" className={styles.home}>
          {brand.brandName}
        </Link>
      </div>
      <Page>
        <HelpCentre base="/helpmc" />
      </Page>
    </div>
  );
}
