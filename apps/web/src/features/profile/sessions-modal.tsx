import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { FormSubmit } from '../../shared/forms/busy-button.tsx';
import { FormAlert } from '../../shared/forms/text-field.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { LoadingState } from '../../shared/ui/states.tsx';
import { useLogoutOtherSessions, useMemberSessions } from './api.ts';
import { PROFILE_NS } from './strings.ts';
import formStyles from '../../shared/forms/form.module.css';
import styles from './profile.module.css';

/** The member's live sessions, this one marked, and "log out other devices". */
export function SessionsModal({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTypedTranslation(PROFILE_NS);
  const { data, isPending } = useMemberSessions();
  const logout = useLogoutOtherSessions();
  const when = (ms: number) =>
    new Date(ms).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const others = data ? data.sessions.filter((s) => !s.current).length : 0;
  return (
    <Modal onClose={onClose} title={t('sessions_title')} width={480} height="auto">
      <div className={`${formStyles.form} ${styles.content}`} data-testid="sessions">
        {isPending ? <LoadingState minHeight={120} /> : null}
        <ul className={styles.sessions}>
          {data?.sessions.map((s) => (
            <li key={s.id} className={styles.session} data-current={s.current || undefined}>
              <span className={styles.sessionIp}>
                {s.ip}
                {s.current ? <span className={styles.badge}>{t('sessions_this')}</span> : null}
              </span>
              <span className={styles.sessionMeta}>
                {t('sessions_login', { time: when(s.createdAt) })} ·{' '}
                {t('sessions_seen', { time: when(s.lastSeenAt) })}
              </span>
            </li>
          ))}
        </ul>
        {logout.isSuccess ? (
          <FormAlert tone="success">{t('sessions_ended', { count: logout.data.ended })}</FormAlert>
        ) : null}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            logout.mutate();
          }}
        >
          <FormSubmit
            busy={logout.isPending}
            failure={logout.error}
            disabled={logout.isPending || others === 0}
            testId="sessions-logout-others"
          >
            {t('sessions_logout_others')}
          </FormSubmit>
        </form>
      </div>
    </Modal>
  );
}
