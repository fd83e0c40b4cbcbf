import { useEffect, useRef, useState } from 'react';
import type { RgStatus } from '@app/contract';
import { forgetPlayerInput, lastSessionCallAt } from '../../shared/http/client.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import styles from './responsible.module.css';

/**
 * How long before the session's end the warning opens (decision 050): a minute, WCAG 2.2.1 asking
 * for 20 seconds at least; half a short idle time-out, never under 25 seconds.
 */
export function warningLeadMs(idleMs: number): number {
  return Math.max(25_000, Math.min(60_000, idleMs / 2));
}

/**
 * When the session ends at the latest safe guess, in this browser's clock: the idle time-out from
 * the last call carrying the token, less the server's extension step (it extends a session at most
 * once a minute, or a quarter of a short time-out: platform/auth/session.ts touchStepMs), and never
 * after the absolute end (SESSION_MAX_HOURS or the player's session limit).
 */
export function sessionEnd(
  status: Pick<RgStatus, 'idleMs' | 'absoluteEndsAt' | 'now'>,
  lastCallAt: number,
  receivedAt: number,
): { at: number; why: 'idle' | 'limit' } | null {
  const skew = status.now - receivedAt;
  const absolute = status.absoluteEndsAt !== undefined ? status.absoluteEndsAt - skew : Infinity;
  const idle = status.idleMs ? lastCallAt + status.idleMs - Math.min(60_000, status.idleMs / 4) : Infinity;
  if (!Number.isFinite(absolute) && !Number.isFinite(idle)) return null;
  return idle < absolute ? { at: idle, why: 'idle' } : { at: absolute, why: 'limit' };
}

/**
 * The time-out warning (WCAG 2.2.1 Timing Adjustable): ahead of the session's end a dialog says
 * how many seconds are left; an idle time-out is extended by "Stay logged in" (any call extends
 * it), the end of the session's time limit can only be acknowledged. Let run out, the count's
 * end logs the player out here too (the server's end comes a little later: the page would look
 * logged in until its next call). Mounted with the reality check for a logged-in player.
 */
export function SessionExpiryWarning({
  status,
  receivedAt,
  onStay,
  onLogout,
}: {
  status: RgStatus | undefined;
  receivedAt: number;
  onStay: () => void;
  onLogout: () => void;
}) {
  const { t, ready } = useTypedTranslation('pages');
  const [now, setNow] = useState(() => Date.now());
  const [open, setOpen] = useState(false);
  const [acknowledged, setAcknowledged] = useState<number | null>(null);
  const loggedOut = useRef(false);
  const end = status ? sessionEnd(status, lastSessionCallAt(), receivedAt) : null;
  const lead = warningLeadMs(status?.idleMs ?? 30 * 60_000);

  useEffect(() => {
    if (!end) return;
    // Open: a tick a second for the count; closed: one timer to the moment of warning, checked
    // again then (a call in between has moved the idle end on).
    const wait = open ? 1_000 : Math.max(0, end.at - lead - Date.now());
    const timer = window.setTimeout(
      () => {
        const at = Date.now();
        setNow(at);
        const latest = status ? sessionEnd(status, lastSessionCallAt(), receivedAt) : null;
        if (latest && at >= latest.at && (open || acknowledged === latest.at)) {
          // Run out: the player did not stay; log out rather than look logged in.
          if (!loggedOut.current) onLogout();
          loggedOut.current = true;
          return;
        }
        const due = !!latest && at >= latest.at - lead && acknowledged !== latest.at;
        if (due) loggedOut.current = false;
        if (due && !open) forgetPlayerInput();
        setOpen(due);
      },
      Math.min(wait, 2 ** 31 - 1),
    );
    return () => window.clearTimeout(timer);
  }, [end, open, lead, status, receivedAt, acknowledged, now, onLogout]);

  // Its words first: a dialog of bare keys would say nothing of the seconds left.
  if (!open || !end || !ready) return null;
  const seconds = Math.max(0, Math.ceil((end.at - now) / 1_000));
  const close = () => {
    setOpen(false);
    setAcknowledged(end.at);
  };
  return (
    <Modal
      title={t('session_expiry_title')}
      onClose={close}
      closeOnBackdrop={false}
      width="min(420px, calc(100vw - 32px))"
      height="auto"
    >
      <div className={styles.dialogBody} data-testid="session-expiry">
        <p>
          {t(end.why === 'idle' ? 'session_expiry_idle' : 'session_expiry_limit', {
            seconds,
          })}
        </p>
        <div className={styles.actions}>
          {end.why === 'idle' ? (
            <Button
              onClick={() => {
                onStay();
                close();
              }}
            >
              {t('session_expiry_stay')}
            </Button>
          ) : (
            <Button onClick={close}>{t('rg_ok')}</Button>
          )}
          <Button variant="secondary" onClick={onLogout}>
            {t('rg_stop')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
