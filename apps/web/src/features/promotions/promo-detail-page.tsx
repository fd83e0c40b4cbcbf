import { Link, useSearchParams } from 'react-router';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { formatNoticeDate } from '../../shared/format/date.ts';
import { buttonClass } from '../../shared/ui/button.tsx';
import { Isolate } from '../../shared/ui/ltr.tsx';
import { ArrowLeftIcon, GiftIcon } from '../../shared/ui/icons.tsx';
import { Card, Page } from '../../shared/ui/page.tsx';
import { SafeHtml } from '../../shared/ui/safe-html.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states.tsx';
import { helpArticlePath } from '../help/index.ts';
import { useAnnouncements } from '../notices/index.ts';
import { promotionsOf } from './promotion-list.ts';
import styles from './promo-detail-page.module.css';

/** /promoDetail?id= (SH-14): one promotion's sanitised HTML, with the way back and the terms. */
export function PromoDetailPage() {
  const { t } = useTypedTranslation('pages');
  const [params] = useSearchParams();
  const { data, isPending, error, refetch } = useAnnouncements();
  const id = Number(params.get('id'));
  const promotions = data ? promotionsOf(data) : [];
  const promotion = promotions.find((p) => p.id === id);
  const others = promotions.filter((p) => p.id !== id).slice(0, 4);

  return (
    <Page>
      <Link to="/promotions" className={styles.back}>
        <ArrowLeftIcon size={16} /> {t('promotions_back')}
      </Link>
      <div className={styles.layout}>
        <Card className={styles.main}>
          {promotion ? (
            <article data-testid="promotion-detail">
              <div className={styles.banner}>
                <GiftIcon size={34} />
              </div>
              <h1 className={styles.title}>
                <Isolate>{promotion.title}</Isolate>
              </h1>
              <p className={`${styles.date} tabular`}>{formatNoticeDate(promotion.date)}</p>
              <SafeHtml html={promotion.content} className={styles.content} />
              <p className={styles.terms}>
                {t('promotions_terms')}{' '}
                <Link to={helpArticlePath('terms')}>{t('promotions_terms_link')}</Link>
              </p>
            </article>
          ) : data ? (
            <EmptyState icon={<GiftIcon />} title={t('promotion_missing')} minHeight={320}>
              <Link to="/promotions" className={buttonClass('primary', 'md')}>
                {t('promotions_back')}
              </Link>
            </EmptyState>
          ) : isPending ? (
            <LoadingState minHeight={320} />
          ) : (
            <ErrorState message={error?.message ?? t('error_system')} onRetry={() => void refetch()} />
          )}
        </Card>
        {others.length ? (
          <aside className={styles.aside} aria-label={t('promotions_more')}>
            <h2 className={styles.asideTitle}>{t('promotions_more')}</h2>
            <ul className={styles.list}>
              {others.map((p) => (
                <li key={p.id}>
                  <Link to={`/promoDetail?id=${p.id}`} className={styles.item}>
                    <GiftIcon size={16} />{' '}
                    <span>
                      <Isolate>{p.title}</Isolate>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </aside>
        ) : null}
      </div>
    </Page>
  );
}
