import { useState } from 'react';
import { getAgentAnnouncements } from '@app/contract';
import { formatDay, formatNoticeDate } from '../../shared/format/date.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { ChevronLeftIcon, MegaphoneIcon } from '../../shared/ui/icons.tsx';
import { Isolate } from '../../shared/ui/ltr.tsx';
import { SafeHtml } from '../../shared/ui/safe-html.tsx';
import { AgentPageFrame, Pager, QueryBody, useAgentQuery } from './ui.tsx';
import { AGENT_STRINGS } from './strings.ts';
import styles from './pages.module.css';

/** Titles a page: ten fit beside the text at 1440×900 and read as one screen on a phone. */
export const ANNOUNCEMENT_PAGE_SIZE = 10;

/**
 * Announcement (agentAnnouncement): what the operator publishes for agents (GET
 * /wps/agent/announcements, paged on the server). The title list and the chosen one's HTML beside
 * it (sanitised, NM-12); the newest is open at first. Where the centre is narrow the two stack: the
 * list alone, then the chosen announcement with a way back to the list.
 */
export function AnnouncementPage() {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<number | null>(null);
  const query = useAgentQuery(getAgentAnnouncements, { page, size: ANNOUNCEMENT_PAGE_SIZE });
  // A page past the end (the operator withdrew notices since it was chosen) goes back to the last one.
  const total = query.data?.total;
  const lastPage = Math.max(1, Math.ceil((total ?? 0) / ANNOUNCEMENT_PAGE_SIZE));
  if (total !== undefined && !query.isPlaceholderData && page > lastPage) setPage(lastPage);
  const empty = {
    title: t('agent_announcement_empty_title'),
    text: t('agent_announcement_empty_text'),
    icon: <MegaphoneIcon size={28} />,
  };

  return (
    <AgentPageFrame testId="agent-announcement">
      <QueryBody query={query} isEmpty={(v) => v.total === 0} empty={empty}>
        {(value) => {
          const current = value.list.find((n) => n.id === chosen) ?? value.list[0];
          if (!current) return null;
          return (
            <div className={styles.reader} data-open={chosen !== null || undefined}>
              <div className={styles.readerSide}>
                <ol className={styles.readerList} aria-label={t('agent_announcement_titles')}>
                  {value.list.map((n) => (
                    <li key={n.id}>
                      <button
                        type="button"
                        className={styles.readerTitle}
                        aria-current={n.id === current.id ? 'true' : undefined}
                        onClick={() => setChosen(n.id)}
                      >
                        <span>
                          <Isolate>{n.title}</Isolate>
                        </span>
                        <time className={styles.readerDate} dateTime={new Date(n.time).toISOString()}>
                          {formatDay(n.time)}
                        </time>
                      </button>
                    </li>
                  ))}
                </ol>
                <Pager
                  page={page}
                  size={ANNOUNCEMENT_PAGE_SIZE}
                  total={value.total}
                  busy={query.isFetching}
                  onPage={(p) => {
                    setPage(p);
                    setChosen(null);
                  }}
                />
              </div>
              <article className={styles.readerBody} aria-live="polite" data-testid="agent-announcement-body">
                <button type="button" className={styles.readerBack} onClick={() => setChosen(null)}>
                  <ChevronLeftIcon size={16} />
                  {t('agent_announcement_all')}
                </button>
                <h4>
                  <Isolate>{current.title}</Isolate>
                </h4>
                <time className={styles.readerDate} dateTime={new Date(current.time).toISOString()}>
                  {formatNoticeDate(current.time)}
                </time>
                <SafeHtml html={current.content} />
              </article>
            </div>
          );
        }}
      </QueryBody>
    </AgentPageFrame>
  );
}
