import type { ReactNode } from 'react';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { errorText } from '../../shared/forms/error-text.ts';
import { Button } from '../../shared/ui/button.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from '../../shared/ui/icons.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../shared/ui/states.tsx';
import { LOTTERY_NS } from './strings.ts';
import styles from './paged-frame.module.css';

/**
 * A paged lottery list (my bets, the results board): skeleton rows while the page loads, the error
 * with a retry, the empty state, else the page's items and a pager when there is more than one
 * page. The caller keeps the page number (it is part of its query) and draws the items.
 *
 * The records pages' PagedRecords is a different frame: range totals, a columns table that turns
 * into cards and the records strings; these lists draw cards and expandable rows of their own.
 */
export function PagedFrame<T>({
  query,
  page,
  onPage,
  className,
  labelClassName,
  testId,
  skeleton,
  empty,
  children,
}: {
  query: {
    data: { content: T[]; totalPages: number } | undefined;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  page: number;
  onPage: (page: number) => void;
  /** The list's own layout, also given to the skeleton so nothing jumps when the items arrive. */
  className: string | undefined;
  /** The page label's text style, the list's muted text. */
  labelClassName: string | undefined;
  testId?: string;
  skeleton: { rows: number; height: number };
  empty: { icon: ReactNode; title: string };
  children: (content: T[]) => ReactNode;
}) {
  const { t } = useTypedTranslation(LOTTERY_NS);
  if (query.isPending)
    return (
      <div className={className}>
        {Array.from({ length: skeleton.rows }, (_, i) => (
          <Skeleton key={i} height={skeleton.height} />
        ))}
      </div>
    );
  if (query.isError || !query.data)
    return <ErrorState message={errorText(query.error, t)} onRetry={() => void query.refetch()} />;
  const { content, totalPages } = query.data;
  if (!content.length) return <EmptyState icon={empty.icon} title={empty.title} />;
  return (
    <div className={className} data-testid={testId}>
      {children(content)}
      {totalPages > 1 ? (
        <div className={styles.pager}>
          <Button
            variant="ghost"
            size="sm"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
            aria-label={t('previous_page')}
          >
            <ChevronLeftIcon size={16} />
          </Button>
          <span className={labelClassName}>{t('page_of', { page, pages: totalPages })}</span>
          <Button
            variant="ghost"
            size="sm"
            disabled={page >= totalPages}
            onClick={() => onPage(page + 1)}
            aria-label={t('next_page')}
          >
            <ChevronRightIcon size={16} />
          </Button>
        </div>
      ) : null}
    </div>
  );
}
