import { Link } from 'react-router';
import { useTranslation } from '../../shared/i18n/react.tsx';
import { useBrand } from '../../shared/brand/brand.ts';
import { cdnImage } from '../../shared/cdn/image-host.ts';
import { excerpt, htmlToText } from '../../shared/format/text.ts';
import { resourceNamed, useSystemInfo } from '../../shared/system/system-status.ts';
import { buttonClass } from '../../shared/ui/button.tsx';
import {
  BookIcon,
  ChevronRightIcon,
  GiftIcon,
  MegaphoneIcon,
  PhoneIcon,
} from '../../shared/ui/shell-icons.tsx';
import { Section } from '../../shared/ui/page.tsx';
import { DeferUntilVisible } from '../../shared/ui/defer-until-visible.tsx';
import { EmptyState, Skeleton } from '../../shared/ui/states.tsx';
import { helpArticlePath, useHelpCenter } from '../help/index.ts';
import { NoticeLinks, useAnnouncements } from '../notices/index.ts';
import styles from './home-more.module.css';

/**
 * The lower half of home: latest notices and promotions, then the app download and the help
 * centre. That last row is a phone's third screen: it renders (and asks for the help centre) when
 * the reader scrolls towards it, not with the first screen, whose first layout was the longest
 * task of a phone's first visit (decision 015, eighth pass).
 */
export function HomeMore() {
  const { t } = useTranslation();
  const { data, isPending } = useAnnouncements();
  const notices = data?.player.slice(0, 6) ?? [];
  const promotions = [...(data?.promotion ?? []), ...(data?.popup ?? [])];

  return (
    <>
      <div className={styles.columns}>
        <Section
          title={t('home_notices')}
          id="home-notices"
          action={
            <Link to="/noticePage" className={styles.more}>
              {t('view_all')} <ChevronRightIcon size={14} />
            </Link>
          }
        >
          <div className={styles.panel}>
            {notices.length ? (
              <NoticeLinks notices={notices.map((notice, index) => ({ notice, index }))} oneLine />
            ) : isPending ? (
              <div className={styles.skeletons}>
                {Array.from({ length: 6 }, (_, i) => (
                  <Skeleton key={i} height={20} />
                ))}
              </div>
            ) : (
              <EmptyState icon={<MegaphoneIcon />} title={t('notice_none')} />
            )}
          </div>
        </Section>

        <Section
          title={t('hd_event')}
          id="home-promotions"
          action={
            <Link to="/promotions" className={styles.more}>
              {t('view_all')} <ChevronRightIcon size={14} />
            </Link>
          }
        >
          <div className={styles.promos}>
            {promotions.slice(0, 3).map((p) => (
              <Link key={p.id} to={`/promoDetail?id=${p.id}`} className={styles.promo}>
                <span className={styles.promoIcon}>
                  <GiftIcon size={22} />
                </span>
                <span className={styles.promoText}>
                  <span className={styles.promoTitle}>{p.title}</span>
                  <span className={styles.promoBody}>{excerpt(htmlToText(p.content), 90)}</span>
                </span>
                <ChevronRightIcon size={18} className={styles.promoArrow} />
              </Link>
            ))}
            {promotions.length === 0 && !isPending ? (
              <EmptyState icon={<GiftIcon />} title={t('promotions_none')} />
            ) : null}
          </div>
        </Section>
      </div>

      <DeferUntilVisible minHeight={DOWNLOAD_HELP_MIN_HEIGHT} margin="400px">
        <DownloadAndHelp />
      </DeferUntilVisible>
    </>
  );
}

/** The row's usual height on a phone, where its two panels stack: what its placeholder keeps. */
const DOWNLOAD_HELP_MIN_HEIGHT = 800;

/** The app download teaser with its QR codes, and the help centre's first articles. */
function DownloadAndHelp() {
  const { t } = useTranslation();
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
