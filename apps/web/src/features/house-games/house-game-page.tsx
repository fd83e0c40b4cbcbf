import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { houseGameOf } from '@app/contract';
import { readToken } from '../../shared/session/session.ts';
import { ApiError } from '../../shared/http/api-error.ts';
import { buttonClass } from '../../shared/ui/button.tsx';
import { AlertIcon } from '../../shared/ui/icons.tsx';
import { EmptyState, LoadingState } from '../../shared/ui/states.tsx';
import { redeemLaunch, storedTicket, useHouseState } from './api.ts';
import { SlotGame } from './slot-game.tsx';
import { TableGame } from './table-game.tsx';
import { OriginalGame } from './originals-game.tsx';
import { CrashGame } from './crash-game.tsx';
import { HiLoGame } from './originals-cards-game.tsx';
import { BaccaratGame } from './originals-baccarat-game.tsx';
import { BlackjackGame } from './originals-blackjack-game.tsx';
import { StandInNote } from './stand-in-note.tsx';
import styles from './house.module.css';

/**
 * /sandbox/games/:gameCode, the page a launch opens in the /game frame. A `launch` token in the
 * address is redeemed once for a play ticket and dropped from the address (a reload keeps the
 * ticket); without one the signed-in member plays.
 */
export function HouseGamePage() {
  const { gameCode = '' } = useParams();
  // Crash is one shared round: anyone may watch it, a session or a play ticket bets (decision 055).
  if (gameCode === 'crash') return <CrashGame />;
  // A vendor title's sandbox stand-in says so above the game (decision 058).
  const standIn = houseGameOf(gameCode);
  if (standIn?.standInFor)
    return (
      <>
        <StandInNote game={standIn} standInFor={standIn.standInFor} />
        <HouseGame />
      </>
    );
  return <HouseGame />;
}

function HouseGame() {
  const { t } = useTypedTranslation('house');
  const { gameCode = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const launchToken = params.get('launch') ?? params.get('token');
  const [launchState, setLaunchState] = useState<'idle' | 'redeeming' | 'failed'>(
    launchToken ? 'redeeming' : 'idle',
  );
  const game = houseGameOf(gameCode);

  useEffect(() => {
    if (!launchToken || !game) return;
    let live = true;
    redeemLaunch(gameCode, launchToken)
      .then(() => {
        if (!live) return;
        setLaunchState('idle');
        const next = new URLSearchParams(params);
        next.delete('launch');
        next.delete('token');
        setParams(next, { replace: true });
      })
      .catch(() => live && setLaunchState(storedTicket(gameCode) ? 'idle' : 'failed'));
    return () => {
      live = false;
    };
    // The token is redeemed once per address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [launchToken, gameCode]);

  const canPlay = launchState === 'idle' && (storedTicket(gameCode) !== null || readToken() !== null);
  const state = useHouseState(gameCode, Boolean(game) && canPlay);

  if (!game) return <Problem title={t('unknown_game')} />;
  if (launchState === 'failed') return <Problem title={t('launch_expired')} />;
  if (launchState === 'redeeming') return <LoadingState label={t('opening')} minHeight={480} />;
  if (!canPlay) return <Problem title={t('sign_in_to_play')} />;
  if (state.isPending) return <LoadingState label={t('opening')} minHeight={480} />;
  if (state.isError) {
    const code = state.error instanceof ApiError ? state.error.errorCode : '';
    return (
      <Problem
        title={code === 'game.launch_token.invalid' ? t('launch_expired') : t('load_failed')}
        retry={() => void state.refetch()}
      />
    );
  }
  if (game.kind === 'hilo') return <HiLoGame state={state.data} />;
  if (game.kind === 'baccarat') return <BaccaratGame state={state.data} />;
  if (game.kind === 'blackjack') return <BlackjackGame state={state.data} />;
  if (game.original) return <OriginalGame state={state.data} />;
  return game.kind === 'slot' ? <SlotGame state={state.data} /> : <TableGame state={state.data} />;
}

function Problem({ title, retry }: { title: string; retry?: () => void }) {
  const { t } = useTypedTranslation('house');
  return (
    <div className={styles.problem}>
      <EmptyState icon={<AlertIcon />} title={title} minHeight={420}>
        <p>{t('problem_hint')}</p>
        <div className={styles.problemActions}>
          {retry ? (
            <button type="button" className={buttonClass('primary', 'sm')} onClick={retry}>
              {t('retry')}
            </button>
          ) : null}
          <Link to="/" target="_top" className={buttonClass('ghost', 'sm')}>
            {t('lobby')}
          </Link>
        </div>
      </EmptyState>
    </div>
  );
}
