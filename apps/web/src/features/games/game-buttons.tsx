import type { Game } from '@app/contract';
import { cdnImage } from '../../shared/cdn/image-host.ts';
import { useModalClose } from '../../shared/ui/modal.tsx';
import { gameLaunchItem } from './launch-rules.ts';
import { useLaunch } from './use-launch.ts';
import styles from './modals.module.css';

/** A modal's list of games as buttons: a click closes the modal and launches the game. */
export function GameButtonList({ games, testId }: { games: Game[]; testId: string }) {
  const close = useModalClose();
  const launch = useLaunch();
  return (
    <ul className={styles.games} data-testid={testId}>
      {games.map((g) => (
        <li key={g.nodeId}>
          <button
            type="button"
            className={styles.game}
            onClick={() => {
              close();
              launch(gameLaunchItem(g));
            }}
          >
            <img src={cdnImage(g.imageUrl)} alt="" width={96} height={96} loading="lazy" />
            <span>{g.gameName}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
