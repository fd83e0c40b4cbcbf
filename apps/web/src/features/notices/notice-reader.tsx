import { useState } from 'react';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import type { Notice } from '@app/contract';
import { formatDay, formatNoticeDate } from '../../shared/format/date.ts';
import { ChevronLeftIcon, ChevronRightIcon, MegaphoneIcon } from '../../shared/ui/shell-icons.tsx';
import { Isolate } from '../../shared/ui/ltr.tsx';
import { SafeHtml } from '../../shared/ui/safe-html.tsx';
import { EmptyState } from '../../shared/ui/states.tsx';
import { pageCount, pageOfIndex, pageSlice, NOTICE_PAGE_SIZE } from './notice-paging.ts';
import styles from './notice-reader.module.css';

/**
 * Titles on the left, 9 a page (NM-08), the selected notice's sanitised HTML on the right (NM-09).
 * The selected notice decides the starting page (NM-10); changing page clears the selection
 * (NM-11).
 */
export function NoticeReader({
  notices,
  initialIndex = null,
}: {
  notices: readonly Notice[];
  initialIndex?: number | null;
}) {
  const { t } = useTypedTranslation('translation');
  const start =
    initialIndex !== null && initialIndex >= 0 && initialIndex < notices.length ? initialIndex : null;
  const [page, setPage] = useState(start === null ? 0 : pageOfIndex(start));
  const [selected, setSelected] = useState<number | null>(start);
  const pages = pageCount(notices.length);
  const items = pageSlice(notices, page);
  const current = selected === null ? undefined : notices[selected];

  const goTo = (next: number) => {
    if (next < 0 || next >= pages || next === page) return;
    setPage(next);
    setSelected(null);
  };

  if (notices.length === 0) {
    return <EmptyState icon={<MegaphoneIcon />} title={t('notice_none')} minHeight={280} />;
  }

  return (
    <div className={styles.reader}>
      <nav className={styles.list} aria-label={t('notice_list_label')}>
        <ol className={styles.titles} start={page * NOTICE_PAGE_SIZE + 1}>
          {items.map((n, i) => {
            const index = page * NOTICE_PAGE_SIZE + i;
            const active = index === selected;
            return (
              <li key={n.id}>
                <button
                  type="button"
                  className={styles.titleButton}
                  aria-current={active ? 'true' : undefined}
                  onClick={() => setSelected(index)}
                >
                  <span className={styles.titleText}>
                    <Isolate>{n.title}</Isolate>
                  </span>
                  <span className={`${styles.titleDate} tabular`}>{formatDay(n.date)}</span>
                </button>
              </li>
            );
          })}
        </ol>
        <div className={styles.pager}>
          <button
            type="button"
            className={styles.pageButton}
            onClick={() => goTo(page - 1)}
            disabled={page === 0}
            aria-label={t('page_previous')}
          >
            <ChevronLeftIcon size={16} />
          </button>
          <span className={`${styles.pageInfo} tabular`} aria-live="polite">
            {t('page_of', { page: page + 1, pages })}
          </span>
          <button
            type="button"
            className={styles.pageButton}
            onClick={() => goTo(page + 1)}
            disabled={page >= pages - 1}
            aria-label={t('page_next')}
          >
            <ChevronRightIcon size={16} />
          </button>
        </div>
      </nav>
      <article className={styles.content} aria-live="polite">
        {current ? (
          <>
            <header className={styles.contentHeader}>
              <h3 className={styles.contentTitle}>
                <Isolate>{current.title}</Isolate>
              </h3>
              <time
                className={`${styles.contentDate} tabular`}
                dateTime={new Date(current.date).toISOString()}
              >
                {formatNoticeDate(current.date)}
              </time>
            </header>
            <SafeHtml html={current.content} className={styles.html} />
          </>
        ) : (
          <EmptyState icon={<MegaphoneIcon />} title={t('notice_pick_title')} minHeight={260}>
            {t('notice_pick_body')}
          </EmptyState>
        )}
      </article>
    </div>
  );
}
