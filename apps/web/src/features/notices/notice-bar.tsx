import { useState, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { MegaphoneIcon, PauseIcon, PlayIcon, ChevronRightIcon } from '../../shared/ui/shell-icons.tsx';
import { Isolate } from '../../shared/ui/ltr.tsx';
import { Skeleton } from '../../shared/ui/states.tsx';
import { useQuietAfter } from '../../shared/ui/use-quiet-after.ts';
import { useAnnouncements } from './api.ts';
import styles from './notice-bar.module.css';

/**
 * The notice bar (NM-06, NM-07): the player notices' titles scroll slowly; a button pauses them
 * (hovering or focusing a title pauses too); clicking a title opens the notice modal at it.
 */
export function NoticeBar({ onOpen }: { onOpen: (index: number) => void }) {
  const { t } = useTypedTranslation('translation');
  const { data, isPending } = useAnnouncements();
  const [paused, setPaused] = useState(false);
  const notices = data?.player ?? [];
  // The marquee's second copy (what scrolls in behind the last title) and with it the scrolling
  // start once the page's first paint is done: the copy doubled the bar's share of the first
  // layout on every page that has the bar, for titles that show only about a minute later.
  const looping = useQuietAfter(notices.length > 0);
  const characters = notices.reduce((n, x) => n + x.title.length + 8, 0);
  // About 9 characters a second whatever the number of notices, so it reads the same.
  const style = { '--marquee-duration': `${Math.max(20, Math.round(characters / 9))}s` } as CSSProperties;

  const track = (copy: boolean) => (
    <ul className={styles.track} aria-hidden={copy || undefined}>
      {notices.map((n, i) => (
        <li key={n.id} className={styles.item}>
          <button type="button" className={styles.title} tabIndex={copy ? -1 : 0} onClick={() => onOpen(i)}>
            <span className={styles.dot} aria-hidden="true" />
            <Isolate>{n.title}</Isolate>
          </button>
        </li>
      ))}
    </ul>
  );

  return (
    <section className={styles.bar} aria-label={t('notice_bar_label')}>
      <div className={styles.inner}>
        <span className={styles.icon}>
          <MegaphoneIcon size={18} />
        </span>
        <div className={styles.viewport} data-paused={paused || undefined} style={style}>
          {isPending && notices.length === 0 ? (
            <Skeleton width="60%" height={14} />
          ) : notices.length === 0 ? (
            <span className={styles.none}>{t('notice_none')}</span>
          ) : (
            <div className={styles.marquee} data-testid="notice-marquee" data-looping={looping || undefined}>
              {track(false)}
              {looping ? track(true) : null}
            </div>
          )}
        </div>
        <button
          type="button"
          className={styles.pause}
          aria-pressed={paused}
          aria-label={paused ? t('notice_resume') : t('notice_pause')}
          title={paused ? t('notice_resume') : t('notice_pause')}
          onClick={() => setPaused((p) => !p)}
          disabled={notices.length === 0}
        >
          {paused ? <PlayIcon size={16} /> : <PauseIcon size={16} />}
        </button>
        <Link to="/noticePage" className={styles.more}>
          {t('notice_more')}
          <ChevronRightIcon size={14} />
        </Link>
      </div>
    </section>
  );
}
