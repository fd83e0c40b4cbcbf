import { useEffect, useState } from 'react';

/**
 * What a player sees of the site's and a vendor's maintenance, drawn in the console before staff
 * confirm (decision 035): the same words and the same clock format as the player's site (its
 * maintenance page shows `yyyy-MM-dd HH:mm:ss` on the player's own clock; here on the staff's).
 */

/** This browser's clock, read once a second (the previews count down as the player's page does). */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  return now;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `yyyy-MM-dd HH:mm:ss` on this browser's clock, as the player's maintenance page shows a time. */
export function playerClock(ms: number): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A time as a `datetime-local` input holds it (this browser's clock, to the minute). */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value as epoch milliseconds; null when empty or not a time. */
export function fromLocalInput(value: string): number | null {
  if (!value) return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : ms;
}

/** The lobby's vendor window as the player's site writes it (medium date, short time, in English). */
export function playerWindow(from: number, until: number | null): string {
  const fmt = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
  return until === null ? fmt.format(from) : `${fmt.format(from)} – ${fmt.format(until)}`;
}

/** The wrench the player's site draws beside a maintenance. */
export function Wrench({ size = 16 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M14.7 6.3a4 4 0 0 0 5 5L21 13l-8 8-3-3 8-8-1.3-1.3a4 4 0 0 1-5-5L10 2.4A6 6 0 0 0 14.7 6.3zM3 21l6-6" />
    </svg>
  );
}

/** The player's maintenance page in small: title, message, the end time and what is left of it. */
export function MaintenancePreview({ until }: { until: number | null }) {
  const now = useNow();
  const left = until === null ? null : Math.max(0, Math.floor((until - now) / 1000));
  return (
    <figure className="gs-preview" aria-label="The maintenance page as the player sees it">
      <figcaption className="muted small">As the player sees it</figcaption>
      <div className="gs-player-page" data-testid="maintenance-preview">
        <span className="gs-icon">
          <Wrench size={26} />
        </span>
        <h3>System Maintenance</h3>
        <p>We are currently performing a system maintenance</p>
        {until !== null && left !== null ? (
          <dl>
            <dt>Expected to end</dt>
            <dd className="mono" data-testid="preview-end">
              {playerClock(until)}
            </dd>
            <dt>Time until the maintenance ends</dt>
            <dd className="mono">
              {pad(Math.floor(left / 3600))}:{pad(Math.floor((left % 3600) / 60))}:{pad(left % 60)}
            </dd>
          </dl>
        ) : (
          <p className="small">No end time: the site stays closed until it is ended by hand.</p>
        )}
      </div>
    </figure>
  );
}
