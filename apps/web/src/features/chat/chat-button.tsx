import { useNavigate } from 'react-router';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { useGate } from '../../shared/shell/use-gate.ts';
import { ChatIcon } from '../../shared/ui/icons.tsx';
import { useChatPermission, useChatUnread } from './api.ts';
import styles from './chat.module.css';

/**
 * The chat room's entry in the member bar: shown only when the permission flag allows the room
 * (HD-05), with the unread count of the member's groups (CBS_unreadCount, kept live).
 */
export function ChatButton({ className, badgeClassName }: { className?: string; badgeClassName?: string }) {
  const { t } = useTypedTranslation('chat');
  const gate = useGate();
  const navigate = useNavigate();
  const { data: allowed } = useChatPermission();
  const { data: unread } = useChatUnread(allowed === true);
  if (allowed !== true) return null;
  return (
    <button
      type="button"
      className={`${className ?? ''} ${styles.entry ?? ''}`}
      onClick={() => gate(() => void navigate('/chatRoom'))}
      aria-label={unread ? t('chat_entry_unread', { count: unread }) : t('chat_entry')}
      title={t('chat_entry')}
      data-testid="chat-button"
    >
      <ChatIcon size={17} />
      {unread ? (
        <span className={badgeClassName} data-testid="chat-unread-badge">
          {unread >= 100 ? '99+' : unread}
        </span>
      ) : null}
    </button>
  );
}
