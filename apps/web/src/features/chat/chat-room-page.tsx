import { useEffect, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { CHAT_MESSAGE_MAX, type ChatGroup, type ChatLaunch, type ChatMessage } from '@app/contract';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import type { TFunction } from '../../shared/i18n/translator.ts';
import { errorText } from '../../shared/forms/error-text.ts';
import { isApiError } from '../../shared/http/api-error.ts';
import { useBrand } from '../../shared/brand/brand.ts';
import { useSession } from '../../shared/session/session.ts';
import { useGate } from '../../shared/shell/use-gate.ts';
import { Button } from '../../shared/ui/button.tsx';
import { ChatIcon, HeadsetIcon, LockIcon } from '../../shared/ui/icons.tsx';
import { Isolate } from '../../shared/ui/ltr.tsx';
import { Page, PageHeader } from '../../shared/ui/page.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states.tsx';
import { useCustomerService } from '../session/index.ts';
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
  const { t, i18n } = useTypedTranslation(NS);
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
  // Whether the reader is at the newest message: a chat keeps them there when the list changes
  // size (the phone's keyboard opening, the room fitting the screen), and leaves them where they
  // are while they read older ones.
  const atNewest = useRef(true);
  const lastScrollTop = useRef(0);
  useEffect(() => {
    if (!newest) return;
    listRef.current?.scrollTo({ top: listRef.current.scrollHeight });
    atNewest.current = true;
    if (!newest.own) mark({ groupId: newest.groupId, id: newest.id });
  }, [newest, mark]);
  // The list's own box changes size (the keyboard, the room fitting the screen), and so do the
  // messages inside it after they are first laid out (a late font wrapping a line, an older page
  // loading): both leave a reader who was at the newest message at it. The scroll height changes
  // without a scroll event, so only watching the messages themselves catches the second case.
  useEffect(() => {
    const list = listRef.current;
    if (!list || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atNewest.current) list.scrollTo({ top: list.scrollHeight });
    });
    observer.observe(list);
    for (const item of Array.from(list.children)) observer.observe(item);
    return () => observer.disconnect();
  }, [messages]);

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
      onScroll={(e) => {
        // Only the reader moving up leaves the newest message: a scroll event can arrive after
        // the list has already shrunk under it (the room fitting the screen), which puts the
        // bottom out of reach without anyone scrolling, and the resize that follows puts it back.
        const el = e.currentTarget;
        const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
        atNewest.current = atBottom || (atNewest.current && el.scrollTop >= lastScrollTop.current);
        lastScrollTop.current = el.scrollTop;
      }}
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
            <span className={styles.nick}>{m.own ? t('chat_you') : <Isolate>{m.nickname}</Isolate>}</span>
            <time dateTime={new Date(m.sentAt).toISOString()}>{when(m.sentAt)}</time>
          </div>
          {/* Plain text, rendered as text: whatever a player typed never becomes markup. */}
          <p className={styles.bubble} data-testid="chat-text" dir="auto">
            {m.content}
          </p>
        </li>
      ))}
    </ol>
  );
}

function Composer({ groupId, mutedUntil }: { groupId: number; mutedUntil: number | null }) {
  const { t, i18n } = useTypedTranslation(NS);
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
        {/* "12/300", its count first, in a right-to-left page too. */}
        <span
          id="chat-count"
          dir="ltr"
          className={length > CHAT_MESSAGE_MAX ? styles.countOver : styles.count}
        >
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

/**
 * On a phone the room is a chat app's screen: the panel fills the screen from where it starts down
 * to the bottom (100dvh less what stands above it), so the composer is on the first screen and the
 * list takes the rest. `--chat-top` is where the panel starts in the document; while the phone's
 * keyboard is open (the visual viewport well short of the window) the panel takes the visible
 * height (`--chat-vh`) instead, so the composer stays just above the keyboard with the newest
 * messages over it. The desktop's fixed height ignores both (chat.module.css).
 */
function useFitToScreen() {
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const panel = ref.current;
    if (!panel) return;
    const viewport = window.visualViewport;
    const fit = () => {
      const keyboard = viewport ? window.innerHeight - viewport.height > 150 : false;
      const top = panel.getBoundingClientRect().top + window.scrollY;
      panel.style.setProperty('--chat-top', keyboard ? '0px' : `${Math.round(top)}px`);
      if (keyboard && viewport) panel.style.setProperty('--chat-vh', `${Math.round(viewport.height)}px`);
      else panel.style.removeProperty('--chat-vh');
    };
    fit();
    // What stands above the panel can change height (the header's balance, a wrapped group row).
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    observer?.observe(document.body);
    viewport?.addEventListener('resize', fit);
    window.addEventListener('resize', fit);
    return () => {
      observer?.disconnect();
      viewport?.removeEventListener('resize', fit);
      window.removeEventListener('resize', fit);
    };
  }, []);
  return ref;
}

function Room({ launch }: { launch: ChatLaunch }) {
  const { t } = useTypedTranslation(NS);
  const { t: tc } = useTypedTranslation('translation');
  const brand = useBrand();
  const panelRef = useFitToScreen();
  const openService = useCustomerService();
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
            <span className={styles.groupName}>
              <Isolate>{g.name}</Isolate>
            </span>
            {g.unread && g.groupId !== group.groupId ? (
              <span className={styles.groupBadge}>{g.unread >= 100 ? '99+' : g.unread}</span>
            ) : null}
          </button>
        ))}
      </nav>
      <section
        ref={panelRef}
        className={styles.panel}
        aria-labelledby="chat-group-title"
        data-testid="chat-panel"
      >
        {/* HD-06: the header's colour is the brand config's chatHeaderColor. */}
        <header
          className={styles.head}
          style={{ background: brand.chatHeaderColor }}
          data-testid="chat-header"
        >
          <ChatIcon size={20} />
          <div className={styles.headText}>
            <h2 id="chat-group-title" className={styles.headTitle}>
              <Isolate>{group.name}</Isolate>
            </h2>
            {group.description ? (
              <p className={styles.headSub}>
                <Isolate>{group.description}</Isolate>
              </p>
            ) : null}
          </div>
          {/* The member's own name, isolated: "Lucky Demo" keeps its order in a right-to-left header. */}
          <bdi dir="auto" className={styles.headNick} title={t('chat_you_are')} data-testid="chat-nickname">
            {launch.nickname}
          </bdi>
          {/* Phones only: the side bar's floating button is left out of this page (routes.tsx),
              so customer service is here, in the room's header, where it covers nothing. */}
          <button
            type="button"
            className={styles.headService}
            onClick={openService}
            aria-label={tc('side_service')}
            title={tc('side_service')}
            data-testid="chat-service"
          >
            <HeadsetIcon size={18} />
          </button>
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
  const { t } = useTypedTranslation(NS);
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
    <Page className={styles.page}>
      {/* On a phone the room's own header names it: the page's heading stays for screen readers. */}
      <div className={styles.pageHead}>
        <PageHeader icon={<ChatIcon size={26} />} title={t('chat_title')} subtitle={t('chat_subtitle')} />
      </div>
      {body}
    </Page>
  );
}
