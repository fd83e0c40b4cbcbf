import { Link } from 'react-router';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { useBrand } from '../../shared/brand/brand.ts';
import { cdnImage } from '../../shared/cdn/image-host.ts';
import { resourceNamed, useSystemInfo } from '../../shared/system/system-status.ts';
import { buttonClass } from '../../shared/ui/button.tsx';
import { BookIcon, PhoneIcon } from '../../shared/ui/shell-icons.tsx';
import { Section } from '../../shared/ui/page.tsx';
import { Skeleton } from '../../shared/ui/states.tsx';
import { helpArticlePath, useHelpCenter } from '../help/index.ts';
import styles from './home-more.module.css';

/** The app download teaser with its QR codes, and the help centre's first articles. */
export function DownloadAndHelp() {
  const { t } = useTypedTranslation('translation');
  const brand = useBrand();
  const info = useSystemInfo();
  const help = useHelpCenter();
  const ios = resourceNamed(info, 'appIos');
  const android = resourceNamed(info, 'appAndroid');

  return (
    <div className={styles.columns}>
      <Section title={t('nav_download')} id="home-download">
        <div className={`${styles.panel} ${styles.download}`}>
          <div className={styles.downloadText}>
            <PhoneIcon size={30} className={styles.downloadIcon} />
            <p className={styles.downloadTitle}>{t('download_teaser_title', { brand: brand.brandName })}</p>
            <p className={styles.downloadBody}>{t('download_teaser_body')}</p>
            <Link to="/download" className={buttonClass('primary', 'md')}>
              {t('download_now')}
            </Link>
          </div>
          <div className={styles.qrs}>
            {[ios, android].map((r) =>
              r?.qrCodeUrl ? (
                <figure key={r.name} className={styles.qr}>
                  <img
                    src={cdnImage(r.qrCodeUrl)}
                    alt={t('download_qr_alt', { app: r.labelNameEn })}
                    width={112}
                    height={112}
                    loading="lazy"
                  />
                  <figcaption>{r.labelNameEn}</figcaption>
                </figure>
              ) : null,
            )}
          </div>
        </div>
      </Section>

      <Section title={t('nav_help')} id="home-help">
        <div className={`${styles.panel} ${styles.help}`}>
          {help.data ? (
            help.data.map((s) => (
              <div key={s.tag} className={styles.helpGroup}>
                <p className={styles.helpCategory}>
                  <BookIcon size={15} /> {s.title}
                </p>
                <ul className={styles.helpLinks}>
                  {s.children.slice(0, 3).map((a) => (
                    <li key={a.tag}>
                      <Link to={helpArticlePath(a.tag)}>{a.title}</Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))
          ) : (
            <div className={styles.skeletons}>
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton key={i} height={18} />
              ))}
            </div>
          )}
        </div>
      </Section>
    </div>
  );
}
