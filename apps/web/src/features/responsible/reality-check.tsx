import { useEffect, useState } from 'react';
import { formatMoney } from '../../shared/i18n/money.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import type { TypedT } from '../../shared/i18n/keys.ts';
import { useSession } from '../../shared/session/session.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { useEndSession, useRgStatus } from './api.ts';
import { SessionExpiryWarning } from './session-expiry.tsx';
import styles from './responsible.module.css';

const SHOWN_KEY = 'rgLastLoginShown';
/** How long the previous-login notice stays unless the player is on it (pointer or focus). */
export const LAST_LOGIN_NOTICE_MS = 15_000;

/** Minutes and hours played, in the player's words. */
function played(ms: number, t: TypedT<'pages'>): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const h = Math.floor(minutes / 60);
  return h > 0 ? t('rg_played_hm', { h, m: minutes % 60 }) : t('rg_played_m', { count: minutes });
}

/**
 * Mounted for a logged-in player (decision 039): once per session the previous login (time and
 * address, for a few seconds under the header), and at the player's chosen interval the reality check: time played and the net result
 * of this session, to continue or to stop (logout).
 */
export function RealityCheck() {
  const { t, i18n } = useTypedTranslation('pages');
  const token = useSession((s) => s.token);
  const status = useRgStatus(token !== null);
  const logout = useEndSession();
  const [dismissed, setDismissed] = useState(false);
  const [check, setCheck] = useState(false);
  const s = status.data;
  const refetch = status.refetch;
  // Once per session: the first answer marks this session's notice as shown.
  const [shownFor] = useState(() => sessionStorage.getItem(SHOWN_KEY));
  const mark = token ? token.slice(-16) : null;
  const notice = !dismissed && !!s?.lastLogin && mark !== null && shownFor !== mark;
  useEffect(() => {
    if (notice && mark) sessionStorage.setItem(SHOWN_KEY, mark);
  }, [notice, mark]);
  // The notice informs and asks nothing: it closes itself, so that it never stays over a page's
  // controls (a bet slip's button sat under it for minutes), but not while the player reads it.
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!notice || held) return;
    const timer = window.setTimeout(() => setDismissed(true), LAST_LOGIN_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [notice, held]);

  useEffect(() => {
    if (!s?.realityCheckMinutes || check) return;
    const interval = s.realityCheckMinutes * 60_000;
    // The server's clock: the next whole interval since this session began.
    const offset = s.now - Date.now();
    const elapsed = Date.now() + offset - s.sessionStartedAt;
    const wait = interval - (elapsed % interval);
    const timer = window.setTimeout(() => {
      void refetch().then(() => setCheck(true));
    }, wait);
    return () => window.clearTimeout(timer);
  }, [s, check, refetch]);

  return (
    <>
      {notice && s?.lastLogin ? (
        <div
          className={styles.notice}
          role="status"
          data-testid="rg-last-login"
          onPointerEnter={() => setHeld(true)}
          onPointerLeave={() => setHeld(false)}
          onFocus={() => setHeld(true)}
          onBlur={() => setHeld(false)}
        >
          <p>
            {t('rg_last_login', {
              date: new Date(s.lastLogin.at).toLocaleString(i18n.language, {
                dateStyle: 'medium',
                timeStyle: 'short',
              }),
              ip: s.lastLogin.ip,
            })}
          </p>
          <Button size="sm" variant="ghost" onClick={() => setDismissed(true)}>
            {t('rg_ok')}
          </Button>
        </div>
      ) : null}
      <SessionExpiryWarning
        status={s}
        receivedAt={status.dataUpdatedAt}
        onStay={() => void refetch()}
        onLogout={() => logout.mutate()}
      />
      {check && s ? (
        <Modal
          title={t('rg_reality_title')}
          onClose={() => setCheck(false)}
          closeOnBackdrop={false}
          width="min(420px, calc(100vw - 32px))"
          height="auto"
        >
          <div className={styles.dialogBody} data-testid="rg-reality-check">
            <p>{t('rg_reality_body')}</p>
            <dl className={styles.figures}>
              <dt>{t('rg_time_played')}</dt>
              <dd>{played(s.now - s.sessionStartedAt, t)}</dd>
              <dt>{t('rg_net_session')}</dt>
              <dd className="tabular">{formatMoney(s.net, { signed: true })}</dd>
            </dl>
            <div className={styles.actions}>
              <Button onClick={() => setCheck(false)}>{t('rg_continue')}</Button>
              <Button variant="secondary" onClick={() => logout.mutate()}>
                {t('rg_stop')}
              </Button>
            </div>
          </div>
        </Modal>
      ) : null}
    </>
  );
}
