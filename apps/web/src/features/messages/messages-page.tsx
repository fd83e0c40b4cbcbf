import { useState } from 'react';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import type { InboxMessage } from '@app/contract';
import { AlertDialog } from '../../shared/forms/alert-dialog.tsx';
import { errorText } from '../../shared/forms/error-text.ts';
import { formatNoticeDate } from '../../shared/format/date.ts';
import { Button } from '../../shared/ui/button.tsx';
import { ArrowLeftIcon, CheckIcon, MailIcon } from '../../shared/ui/icons.tsx';
import { Pager } from '../../shared/ui/pager.tsx';
import { SafeHtml } from '../../shared/ui/safe-html.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../shared/ui/states.tsx';
import { useDeleteMessage, useInbox, useReadAll, useReadMessage } from './api.ts';
import { MESSAGES_NS } from './strings.ts';
import styles from './messages.module.css';
import seg from '../../shared/ui/segmented.module.css';

const PAGE_SIZE = 8;
type Filter = 'all' | 'unread';

/**
 * Platform messages (messageV2, RM-05): the inbox on the left, the chosen message on the right
 * (one column on a phone, with a way back). Opening an unread message marks it read; a message
 * can be deleted; everything can be marked read at once. Bodies are server HTML, sanitised.
 */
export function MessagesPage() {
  const { t } = useTypedTranslation(MESSAGES_NS);
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const inbox = useInbox({
    page,
    size: PAGE_SIZE,
    sort: 'sendTime:desc',
    ...(filter === 'unread' ? { read: 'false' as const } : {}),
  });
  const markRead = useReadMessage();
  const remove = useDeleteMessage();
  const readAll = useReadAll();
  const data = inbox.data;
  const open: InboxMessage | undefined = data?.content.find((m) => m.id === openId);

  const choose = (m: InboxMessage) => {
    setOpenId(m.id);
    if (!m.read) markRead.mutate(m.id);
  };

  const changeFilter = (f: Filter) => {
    setFilter(f);
    setPage(1);
  };

  const list = () => {
    if (inbox.isPending)
      return (
        <div className={styles.skeleton} aria-busy="true">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} height={58} radius={10} />
          ))}
        </div>
      );
    if (inbox.isError || !data)
      return (
        <ErrorState
          message={errorText(inbox.error, t)}
          onRetry={() => void inbox.refetch()}
          minHeight={300}
        />
      );
    if (!data.content.length)
      return (
        <div data-testid="messages-empty">
          <EmptyState
            icon={<MailIcon size={28} />}
            title={t(filter === 'unread' ? 'messages_unread_empty_title' : 'messages_empty_title')}
            minHeight={300}
          >
            {t(filter === 'unread' ? 'messages_unread_empty_text' : 'messages_empty_text')}
          </EmptyState>
        </div>
      );
    return (
      <>
        <ul className={styles.list} aria-label={t('messages_list')}>
          {data.content.map((m) => (
            <li key={m.id}>
              <button
                type="button"
                className={styles.item}
                aria-current={m.id === openId ? 'true' : undefined}
                data-active={m.id === openId || undefined}
                data-unread={!m.read || undefined}
                onClick={() => choose(m)}
                data-testid="message-item"
              >
                <span className={styles.dot} aria-hidden="true" />
                <span className={styles.itemText}>
                  <span className={styles.subject}>{m.subject}</span>
                  <time className={styles.date}>{formatNoticeDate(m.sendTime)}</time>
                </span>
                {!m.read ? <span className="visually-hidden">{t('messages_new')}</span> : null}
              </button>
            </li>
          ))}
        </ul>
        <Pager
          page={page}
          pages={data.totalPages}
          onPage={setPage}
          busy={inbox.isFetching}
          label={t('messages_list')}
        />
      </>
    );
  };

  return (
    <div className={styles.page} data-testid="messages-page" data-reading={open ? '' : undefined}>
      <div className={styles.toolbar}>
        <div className={seg.segmented} role="group" aria-label={t('messages_filter')}>
          {(['all', 'unread'] as const).map((f) => (
            <button
              key={f}
              type="button"
              className={`${seg.segment} ${styles.filter}`}
              aria-pressed={filter === f}
              onClick={() => changeFilter(f)}
            >
              {t(`messages_${f}`)}
              {f === 'unread' && data?.unread ? <span className={styles.count}>{data.unread}</span> : null}
            </button>
          ))}
        </div>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => readAll.mutate()}
          disabled={!data?.unread || readAll.isPending}
          data-testid="messages-read-all"
        >
          <CheckIcon size={14} /> {t('messages_mark_all')}
        </Button>
      </div>
      <div className={styles.panes}>
        <div className={styles.listPane}>{list()}</div>
        <article className={styles.reader} aria-live="polite" data-testid="message-reader">
          {open ? (
            <>
              <button type="button" className={styles.back} onClick={() => setOpenId(null)}>
                <ArrowLeftIcon size={16} /> {t('messages_back')}
              </button>
              <header className={styles.readerHead}>
                <h4 className={styles.readerTitle}>{open.subject}</h4>
                <time className={styles.date}>{formatNoticeDate(open.sendTime)}</time>
              </header>
              <SafeHtml html={open.content} className={styles.body} />
              <div className={styles.readerActions}>
                <Button
                  variant="danger"
                  size="sm"
                  onClick={() => setConfirmDelete(true)}
                  data-testid="message-delete"
                >
                  {t('messages_delete')}
                </Button>
              </div>
            </>
          ) : data?.content.length ? (
            <p className={styles.pick}>
              <MailIcon size={22} />
              {t('messages_pick')}
            </p>
          ) : null}
        </article>
      </div>
      {confirmDelete && open ? (
        <AlertDialog
          title={t('messages_delete_title')}
          confirmLabel={t('messages_delete')}
          cancelLabel={t('messages_cancel')}
          busy={remove.isPending}
          onConfirm={() =>
            remove.mutate(open.id, {
              onSuccess: () => {
                setConfirmDelete(false);
                setOpenId(null);
                // The last message of a page is gone: show the page before it.
                if (page > 1 && data?.content.length === 1) setPage(page - 1);
              },
            })
          }
          onClose={() => setConfirmDelete(false)}
          testId="message-delete-confirm"
        >
          {remove.isError ? errorText(remove.error, t) : t('messages_delete_text')}
        </AlertDialog>
      ) : null}
    </div>
  );
}
