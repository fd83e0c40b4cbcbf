import { Link } from 'react-router';
import { useTranslation } from '../../shared/i18n/react.tsx';
import { formatDay } from '../../shared/format/date.ts';
import { excerpt, htmlToText } from '../../shared/format/text.ts';
import { buttonClass } from '../../shared/ui/button.tsx';
import { BookIcon, GiftIcon } from '../../shared/ui/icons.tsx';
import { Page, PageHeader, Section } from '../../shared/ui/page.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../shared/ui/states.tsx';
import { helpArticlePath } from '../help/index.ts';
import { BannerHero } from '../banners/index.ts';
import { useAnnouncements } from '../notices/index.ts';
import { promotionsOf } from './promotion-list.ts';
import styles from './promotions-page.module.css';

/** /promotions (SH-13): the running promotions (PR and PU announcements) as cards. */
export function PromotionsPage() {
  const { t } = useTranslation('pages');
  const { data, isPending, error, refetch } = useAnnouncements();
  const promotions = data ? promotionsOf(data) : [];
  return (
    <Page>
      <PageHeader icon={<GiftIcon size={26} />} title={t('hd_event')} subtitle={t('promotions_subtitle')} />
      <BannerHero linkTo="/promotions" title={t('hd_event')} subtitle={t('promotions_subtitle')} />
      <Section title={t('promotions_running')} id="promotions">
        {data ? (
          promotions.length ? (
            <ul className={styles.grid}>
              {promotions.map((p, i) => (
                <li key={p.id} className={styles.card} data-testid="promotion-card">
                  <div className={styles.art} data-tone={i % 3}>
                    <GiftIcon size={40} />
                    <span className={styles.tag}>
                      {p.type === 'PU' ? t('promotions_featured') : t('hd_event')}
                    </span>
                  </div>
                  <div className={styles.body}>
                    <h3 className={styles.title}>{p.title}</h3>
                    <p className={styles.excerpt}>{excerpt(htmlToText(p.content), 140)}</p>
                    <div className={styles.foot}>
                      <span className={`${styles.date} tabular`}>{formatDay(p.date)}</span>
                      <Link to={`/promoDetail?id=${p.id}`} className={buttonClass('primary', 'sm')}>
                        {t('details')}
                      </Link>
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState icon={<GiftIcon />} title={t('promotions_none')}>
              {t('promotions_none_hint')}
            </EmptyState>
          )
        ) : isPending ? (
          <div className={styles.grid}>
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} height={300} radius={16} />
            ))}
          </div>
        ) : (
          <ErrorState message={error?.message ?? t('error_system')} onRetry={() => void refetch()} />
        )}
      </Section>
      <Section>
        <p className={styles.terms}>
          <BookIcon size={16} /> {t('promotions_terms')}{' '}
          <Link to={helpArticlePath('terms')}>{t('promotions_terms_link')}</Link>
        </p>
      </Section>
    </Page>
  );
}
