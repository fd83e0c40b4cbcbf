import { useSearchParams } from 'react-router';
import type { HouseGame } from '@app/contract';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import styles from './stand-in-note.module.css';

/**
 * A vendor title's sandbox stand-in says so (decision 058): the vendor and title it stands in for
 * (named by the launch's address; the vendor's game id without one) and the house game it plays.
 */
export function StandInNote({ game, standInFor }: { game: HouseGame; standInFor: string }) {
  const { t } = useTypedTranslation('house');
  const [params] = useSearchParams();
  const vendor = params.get('vendor')?.slice(0, 60) || standInFor.split(/[-_]/)[0]!;
  const title = params.get('title')?.slice(0, 80) || standInFor;
  return (
    <aside className={styles.note} data-testid="stand-in-note">
      <span className={styles.badge}>{t('stand_in_badge')}</span>
      <span className={styles.text}>
        <strong className={styles.title}>{t('stand_in_title', { vendor, title })}</strong>
        <span className={styles.body}>{t('stand_in_body', { vendor, game: game.name })}</span>
      </span>
    </aside>
  );
}
