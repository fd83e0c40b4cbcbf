import { HOUSE_GAMES, type HouseGame } from '@app/contract';
import { useNavigate } from 'react-router';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { useGate } from '../../shared/shell/use-gate.ts';
import { Button } from '../../shared/ui/button.tsx';
import { CardsIcon, FishIcon, GamepadIcon, SlotIcon } from '../../shared/ui/icons.tsx';
import { Page, PageHeader } from '../../shared/ui/page.tsx';
import styles from './support.module.css';

const NS = 'pages';

function GameArt({ game }: { game: HouseGame }) {
  const Icon =
    game.kind === 'slot'
      ? SlotIcon
      : game.category === 'FISH'
        ? FishIcon
        : game.kind === 'table'
          ? CardsIcon
          : GamepadIcon;
  return (
    <div className={styles.art} data-category={game.category}>
      <Icon size={44} />
    </div>
  );
}

/**
 * /miniGames (NC-47): the house games, each played in the game frame by the member's session (the
 * sandbox vendor's page, decision 020); a visitor is asked to log in first.
 */
export function MiniGamesPage() {
  const { t } = useTypedTranslation(NS);
  const gate = useGate();
  const navigate = useNavigate();
  const play = (g: HouseGame) =>
    gate(() => void navigate(`/sandbox/games/${encodeURIComponent(g.code)}`), { allowTrial: true });
  return (
    <Page>
      <PageHeader icon={<GamepadIcon size={26} />} title={t('mini_title')} subtitle={t('mini_subtitle')} />
      <ul className={styles.games} data-testid="mini-games">
        {HOUSE_GAMES.map((g) => (
          <li key={g.code} className={styles.game} data-testid="mini-game">
            <GameArt game={g} />
            <div className={styles.gameBody}>
              <h2 className={styles.gameName}>{g.name}</h2>
              <p className={styles.gameKind}>
                {t(`mini_kind_${g.kind === 'slot' || g.kind === 'table' ? g.kind : 'original'}`)}
              </p>
              <p className={styles.fair}>{t('mini_fair')}</p>
            </div>
            <Button size="sm" onClick={() => play(g)} aria-label={t('mini_play_game', { name: g.name })}>
              {t('mini_play')}
            </Button>
          </li>
        ))}
      </ul>
    </Page>
  );
}
