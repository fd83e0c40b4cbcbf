import { lazy } from 'react';
import { Link } from 'react-router';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { excerpt, htmlToText } from '../../shared/format/text.ts';
import { ChevronRightIcon, GiftIcon, MegaphoneIcon } from '../../shared/ui/shell-icons.tsx';
import { Isolate } from '../../shared/ui/ltr.tsx';
import { Section } from '../../shared/ui/page.tsx';
import { DeferUntilVisible } from '../../shared/ui/defer-until-visible.tsx';
import { EmptyState, Skeleton } from '../../shared/ui/states.tsx';
import { NoticeLinks, useAnnouncements } from '../notices/index.ts';
import styles from './home-more.module.css';

// Its own chunk, as the footer's: the code comes with the row, when the reader heads there.
const DownloadAndHelp = lazy(() =>
  import('./download-and-help.tsx').then((m) => ({ default: m.DownloadAndHelp })),
);

/** The row's usual height on a phone, where its two panels stack: what its placeholder keeps. */
const DOWNLOAD_HELP_MIN_HEIGHT = 800;

/**
 * The lower half of home: latest notices and promotions, then the app download and the help
 * centre. That last row is a phone's third screen: its code loads and it renders (and asks for
 * the help centre) when the reader scrolls towards it, not with the first screen, whose first
 * layout was the longest task of a phone's first visit (decision 015, eighth pass). If its code
 * cannot be fetched, the row stays empty and the rest of the page stands.
 */
export function HomeMore() {
  const { t } = useTypedTranslation('translation');
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
                  <span className={styles.promoTitle}>
                    <Isolate>{p.title}</Isolate>
                  </span>
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

      <DeferUntilVisible minHeight={DOWNLOAD_HELP_MIN_HEIGHT} margin="100px">
        <DownloadAndHelp />
      </DeferUntilVisible>
    </>
  );
}
