import { useState } from 'react';
import { announcementTypes, getListAnnouncements, type Notice } from '@app/contract';
import { formatNoticeDate } from '../../shared/format/date.ts';
import { useTranslation } from '../../shared/i18n/react.tsx';
import { MegaphoneIcon } from '../../shared/ui/icons.tsx';
import { SafeHtml } from '../../shared/ui/safe-html.tsx';
import { AgentEmpty, AgentPageFrame, QueryBody, useAgentQuery } from './ui.tsx';
import { AGENT_STRINGS } from './strings.ts';
import styles from './pages.module.css';

/**
 * The announcement type the operator publishes for agents. The server's list of types
 * (announcementTypes, NM-03) does not hold it yet: until it does, the page asks nothing and says
 * there is no announcement, and it reads the agents' list as soon as the type exists.
 */
export const AGENT_ANNOUNCEMENT_TYPE = 'AG';
const agentTypeKnown = (announcementTypes as readonly string[]).includes(AGENT_ANNOUNCEMENT_TYPE);

/** The agents' notices of an announcements answer (an `agent` list once the type exists). */
function agentNotices(value: unknown): Notice[] {
  const list = (value as { agent?: unknown } | undefined)?.agent;
  return Array.isArray(list) ? (list as Notice[]) : [];
}

/** Announcement (agentAnnouncement): the operator's notices for agents, titles and the chosen one's text. */
export function AnnouncementPage() {
  const { t } = useTranslation(AGENT_STRINGS);
  const query = useAgentQuery(
    getListAnnouncements,
    // The list is for logged-in agents only (execution L).
    { types: AGENT_ANNOUNCEMENT_TYPE as never, platform: 'W', execution: 'L' },
    agentTypeKnown,
  );
  const [selected, setSelected] = useState(0);
  const empty = {
    title: t('agent_announcement_empty_title'),
    text: t('agent_announcement_empty_text'),
    icon: <MegaphoneIcon size={28} />,
  };

  if (!agentTypeKnown)
    return (
      <AgentPageFrame testId="agent-announcement">
        <AgentEmpty {...empty} minHeight={360} />
      </AgentPageFrame>
    );

  return (
    <AgentPageFrame testId="agent-announcement">
      <QueryBody query={query} isEmpty={(v) => agentNotices(v).length === 0} empty={empty}>
        {(value) => {
          const notices = agentNotices(value);
          const current = notices[Math.min(selected, notices.length - 1)]!;
          return (
            <div className={styles.reader}>
              <ol className={styles.readerList} aria-label={t('agentCenter_announcement')}>
                {notices.map((n, i) => (
                  <li key={n.id}>
                    <button
                      type="button"
                      className={styles.readerTitle}
                      aria-current={n.id === current.id ? 'true' : undefined}
                      onClick={() => setSelected(i)}
                    >
                      <span>{n.title}</span>
                      <time className={styles.readerDate}>{formatNoticeDate(n.date).slice(0, 10)}</time>
                    </button>
                  </li>
                ))}
              </ol>
              <article className={styles.readerBody} aria-live="polite">
                <h4>{current.title}</h4>
                <time className={styles.readerDate}>{formatNoticeDate(current.date)}</time>
                <SafeHtml html={current.content} />
              </article>
            </div>
          );
        }}
      </QueryBody>
    </AgentPageFrame>
  );
}
