import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { CHAT_MESSAGE_MAX, type ChatGroup, type ChatLaunch, type ChatMessage } from '@app/contract';
import { useTranslation } from '../../shared/i18n/react.tsx';
import type { TFunction } from '../../shared/i18n/translator.ts';
import { errorText } from '../../shared/forms/error-text.ts';
import { isApiError } from '../../shared/http/api-error.ts';
import { useBrand } from '../../shared/brand/brand.ts';
import { useSession } from '../../shared/session/session.ts';
import { useGate } from '../../shared/shell/use-gate.ts';
import { Button } from '../../shared/ui/button.tsx';
import { ChatIcon, LockIcon } from '../../shared/ui/icons.tsx';
import { Page, PageHeader } from '../../shared/ui/page.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states.tsx';
import { useChatMessages, useChatPermission, useLaunchChat, useMarkChatRead, useSendChat } from './api.ts';
import styles from './chat.module.css';

const NS = 'chat';

/** The room's own refusals in the player's words; anything else as the shared catalogue says it. */
function chatErrorText(error: unknown, t: TFunction): string {
  if (isApiError(error)) {
    const key = {
      'chat.muted': 'chat_error_muted',
      'chat.too.fast': 'chat_error_fast',
      'chat.permission': 'chat_error_permission',
      'chat.closed': 'chat_error_closed',
      'chat.group.closed': 'chat_error_group_closed',
    }[error.errorCode];
    if (key) return t(key);
  }
  return errorText(error, t);
}

function useTimeFormat(language: string) {
  return useMemo(() => {
    const time = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' });
    const day = new Intl.DateTimeFormat(language, {
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
    return (ms: number) =>
      new Date(ms).toDateString() === new Date().toDateString() ? time.format(ms) : day.format(ms);
  }, [language]);
}

function Messages({ groupId }: { groupId: number }) {
  const { t, i18n } = useTranslation(NS);
  const when = useTimeFormat(i18n.language);
  const { data, error, isPending, refetch, fetchNextPage, hasNextPage, isFetchingNextPage } =
    useChatMessages(groupId);
  const markRead = useMarkChatRead();
  const listRef = useRef<HTMLOListElement>(null);
  // Oldest first on screen; the server pages newest first.
  const messages: ChatMessage[] = useMemo(
    () => (data ? data.pages.flatMap((p) => p.list).reverse() : []),
    [data],
  );
  const newest = messages[messages.length - 1];
  const { mutate: mark } = markRead;
  useEffect(() => {
    if (!newest) return;
    listRef.current?.scrollTo({ top: listRef.current.scrollHeight });
    if (!newest.own) mark({ groupId: newest.groupId, id: newest.id });
  }, [newest, mark]);

  if (isPending) return <LoadingState minHeight={280} />;
  if (error) return <ErrorState message={chatErrorText(error, t)} onRetry={() => void refetch()} />;
  if (!messages.length)
    return (
      <div className={styles.listEmpty}>
        <EmptyState icon={<ChatIcon size={28} />} title={t('chat_empty_title')} minHeight={280}>
          {t('chat_empty_text')}
        </EmptyState>
      </div>
    );
  return (
    <ol
      className={styles.list}
      ref={listRef}
      aria-label={t('chat_messages')}
      aria-live="polite"
      data-testid="chat-messages"
    >
      {hasNextPage ? (
        <li className={styles.older}>
          <Button
            size="sm"
            variant="ghost"
            disabled={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            {t('chat_older')}
          </Button>
        </li>
      ) : null}
      {messages.map((m) => (
        <li
          key={m.id}
          className={m.own ? `${styles.message} ${styles.own}` : styles.message}
          data-testid="chat-message"
        >
          <div className={styles.meta}>
            <span className={styles.nick}>{m.own ? t('chat_you') : m.nickname}</span>
            <time dateTime={new Date(m.sentAt).toISOString()}>{when(m.sentAt)}</time>
          </div>
          {/* Plain text, rendered as text: whatever a player typed never becomes markup. */}
          <p className={styles.bubble} data-testid="chat-text">
            {m.content}
          </p>
        </li>
      ))}
    </ol>
  );
}

function Composer({ groupId, mutedUntil }: { groupId: number; mutedUntil: number | null }) {
  const { t, i18n } = useTranslation(NS);
  const when = useTimeFormat(i18n.language);
  const [text, setText] = useState('');
  const send = useSendChat(groupId);
  const length = [...text.trim()].length;
  // The server names a mute only while it runs (the launch is read again on each chat event).
  const muted = mutedUntil !== null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!length || length > CHAT_MESSAGE_MAX || send.isPending) return;
    send.mutate(text, { onSuccess: () => setText('') });
  };
  if (muted)
    return (
      <p className={styles.muted} data-testid="chat-muted">
        <LockIcon size={16} /> {t('chat_muted_until', { time: when(mutedUntil) })}
      </p>
    );
  return (
    <form className={styles.composer} onSubmit={submit} data-testid="chat-composer">
      <label className={styles.srOnly} htmlFor="chat-input">
        {t('chat_input_label')}
      </label>
      <textarea
        id="chat-input"
        className={styles.input}
        value={text}
        rows={2}
        maxLength={CHAT_MESSAGE_MAX * 2}
        placeholder={t('chat_placeholder')}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) submit(e);
        }}
        aria-invalid={length > CHAT_MESSAGE_MAX}
        aria-describedby="chat-count"
      />
      <div className={styles.composerFoot}>
        <span id="chat-count" className={length > CHAT_MESSAGE_MAX ? styles.countOver : styles.count}>
          {length}/{CHAT_MESSAGE_MAX}
        </span>
        {send.error ? (
          <span className={styles.sendError} role="alert" data-testid="chat-send-error">
            {chatErrorText(send.error, t)}
          </span>
        ) : null}
        <Button
          type="submit"
          size="sm"
          disabled={!length || length > CHAT_MESSAGE_MAX || send.isPending}
          data-testid="chat-send"
        >
          {t('chat_send')}
        </Button>
      </div>
    </form>
  );
}

function Room({ launch }: { launch: ChatLaunch }) {
  const { t } = useTranslation(NS);
  const brand = useBrand();
  const [chosen, setChosen] = useState<ChatGroup>(
    () => launch.groups.find((g) => g.groupId === launch.groupId) ?? launch.groups[0]!,
  );
  // The group the player is in may leave the room under them (staff closed it, or its rank rose):
  // the room says so under its name instead of quietly moving them, and their next words, elsewhere.
  const current = launch.groups.find((g) => g.groupId === chosen.groupId);
  const gone = !current;
  const group = current ?? chosen;
  return (
    <div className={styles.room} data-testid="chat-room">
      <nav className={styles.groups} aria-label={t('chat_groups')}>
        {launch.groups.map((g) => (
          <button
            key={g.groupId}
            type="button"
            className={g.groupId === group.groupId ? `${styles.group} ${styles.groupActive}` : styles.group}
            aria-current={g.groupId === group.groupId ? 'true' : undefined}
            onClick={() => setChosen(g)}
            data-testid="chat-group"
          >
            <span className={styles.groupName}>{g.name}</span>
            {g.unread && g.groupId !== group.groupId ? (
              <span className={styles.groupBadge}>{g.unread >= 100 ? '99+' : g.unread}</span>
            ) : null}
          </button>
        ))}
      </nav>
      <section className={styles.panel} aria-labelledby="chat-group-title">
        {/* HD-06: the header's colour is the brand config's chatHeaderColor. */}
        <header
          className={styles.head}
          style={{ background: brand.chatHeaderColor }}
          data-testid="chat-header"
        >
          <ChatIcon size={20} />
          <div className={styles.headText}>
            <h2 id="chat-group-title" className={styles.headTitle}>
              {group.name}
            </h2>
            {group.description ? <p className={styles.headSub}>{group.description}</p> : null}
          </div>
          <span className={styles.headNick} title={t('chat_you_are')}>
            {launch.nickname}
          </span>
        </header>
        {gone ? (
          <div className={styles.listEmpty} data-testid="chat-group-gone">
            <EmptyState icon={<LockIcon size={28} />} title={t('chat_error_group_closed')} minHeight={280} />
          </div>
        ) : (
          <>
            <Messages key={group.groupId} groupId={group.groupId} />
            <Composer groupId={group.groupId} mutedUntil={launch.mutedUntil} />
          </>
        )}
      </section>
    </div>
  );
}

/**
 * /chatRoom (HD-05, HD-06; decision 054): asks the permission flag first and opens the room
 * (CBS_launchChat) only when it allows it; a member without it reads why, and nothing of the
 * room is asked for. New messages arrive by the session's live stream (`chat` events).
 */
export function ChatRoomPage() {
  const { t } = useTranslation(NS);
  const token = useSession((s) => s.token);
  const gate = useGate();
  const permission = useChatPermission();
  const launch = useLaunchChat(permission.data === true);
  let body;
  if (!token)
    body = (
      <EmptyState icon={<LockIcon size={28} />} title={t('chat_login_title')} minHeight={280}>
        <p>{t('chat_login_text')}</p>
        <Button onClick={() => gate()}>{t('chat_login')}</Button>
      </EmptyState>
    );
  else if (permission.isPending) body = <LoadingState minHeight={280} />;
  else if (permission.error)
    body = (
      <ErrorState message={chatErrorText(permission.error, t)} onRetry={() => void permission.refetch()} />
    );
  else if (permission.data !== true)
    body = (
      <div data-testid="chat-denied">
        <EmptyState icon={<LockIcon size={28} />} title={t('chat_denied_title')} minHeight={280}>
          {t('chat_denied_text')}
        </EmptyState>
      </div>
    );
  else if (launch.isPending) body = <LoadingState minHeight={280} />;
  else if (launch.error)
    body = <ErrorState message={chatErrorText(launch.error, t)} onRetry={() => void launch.refetch()} />;
  else body = <Room launch={launch.data} />;
  return (
    <Page wide>
      <PageHeader icon={<ChatIcon size={26} />} title={t('chat_title')} subtitle={t('chat_subtitle')} />
      {body}
    </Page>
  );
}
