import { Link } from 'react-router';
import type { Notice } from '@app/contract';
import { formatDay } from '../../shared/format/date.ts';
import { MegaphoneIcon } from '../../shared/ui/shell-icons.tsx';
import { Isolate } from '../../shared/ui/ltr.tsx';
import styles from './notice-links.module.css';

/**
 * Player notices as links to their place on the notices page (`index` is the notice's position
 * in the player notices), each with its day. `oneLine` cuts long titles to one line.
 */
export function NoticeLinks({
  notices,
  oneLine = false,
}: {
  notices: readonly { notice: Notice; index: number }[];
  oneLine?: boolean;
}) {
  return (
    <ul className={styles.list}>
      {notices.map(({ notice, index }) => (
        <li key={notice.id}>
          <Link to={`/noticePage?index=${index}`} className={styles.link}>
            <MegaphoneIcon size={16} className={styles.icon} />
            <span className={oneLine ? `${styles.title} ${styles.oneLine}` : styles.title}>
              <Isolate>{notice.title}</Isolate>
            </span>
            <span className={`${styles.date} tabular`}>{formatDay(notice.date)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
