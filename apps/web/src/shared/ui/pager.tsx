import type { ReactNode } from 'react';
import { useTypedTranslation } from '../i18n/react.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from './icons.tsx';
import { Spinner } from './states.tsx';
import icon from './button.module.css';
import styles from './pager.module.css';

/**
 * The pager under a server-paged list (records, the agent centre's reports, the inbox, the points
 * mall): previous and next around "page / pages", a spinner while the next page loads, and the
 * list's own count before it when `summary` is given. The buttons hide when there is one page.
 * With nothing to show (one page, no summary) it renders nothing.
 */
export function Pager({
  page,
  pages,
  onPage,
  busy = false,
  summary,
  label,
  align,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  busy?: boolean;
  /** The list's count, on the pager's start side ("Records: 42"). */
  summary?: ReactNode;
  /** The navigation's name; "Pages" when not given. */
  label?: string;
  /** Where the buttons sit without a summary: at the end (default) or centred under a grid. */
  align?: 'end' | 'center';
}) {
  const { t } = useTypedTranslation('translation');
  if (pages <= 1 && summary === undefined) return null;
  return (
    <nav
      className={styles.pager}
      data-align={summary === undefined ? (align ?? 'end') : undefined}
      aria-label={label ?? t('pager_pages')}
    >
      {summary !== undefined ? <span className={styles.tabular}>{summary}</span> : null}
      {pages > 1 ? (
        <span className={styles.buttons}>
          {busy ? <Spinner size={16} label={t('loading')} /> : null}
          <button
            type="button"
            className={icon.iconButton}
            onClick={() => onPage(page - 1)}
            disabled={page <= 1}
            aria-label={t('pager_prev')}
          >
            <ChevronLeftIcon size={16} />
          </button>
          <span className={styles.tabular}>{t('pager_page_of', { page, pages })}</span>
          <button
            type="button"
            className={icon.iconButton}
            onClick={() => onPage(page + 1)}
            disabled={page >= pages}
            aria-label={t('pager_next')}
          >
            <ChevronRightIcon size={16} />
          </button>
        </span>
      ) : null}
    </nav>
  );
}
