import type { Key, ReactNode } from 'react';
import type { HouseRound, HouseState } from '@app/contract';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { money, toMinor } from './api.ts';
import styles from './originals.module.css';

/**
 * The line under an original's stage (decision 046): the last round's win and a link to verify it,
 * or before the first round `idle` (the game's stated return). `payout` replaces the win's words
 * where a game says more than won or lost (Blackjack's stake returned on a push). Its strings are the
 * `originals` namespace's, which every original's page reads before its other namespaces.
 */
export function RoundResult({
  state,
  round,
  idle,
  payout,
}: {
  state: HouseState;
  round: HouseRound | null;
  idle: ReactNode;
  payout?: ReactNode;
}) {
  const { t } = useTypedTranslation('originals');
  return (
    <div className={styles.result} aria-live="polite" data-testid="round-result">
      {round ? (
        <>
          {payout ?? (
            <span className={round.win > round.bet ? styles.won : styles.lost}>
              {round.win > 0
                ? t('you_won', { amount: money(state, toMinor(state, round.win)) })
                : t('no_win')}
            </span>
          )}
          <a
            href={`/sandbox/verify?roundId=${round.roundId}`}
            target="_blank"
            rel="noreferrer"
            data-testid="verify-link"
          >
            {t('verify_round', { nonce: round.nonce })}
          </a>
        </>
      ) : (
        <span className={styles.muted}>{idle}</span>
      )}
    </div>
  );
}

/** One chip of a recent-results strip: its text (a multiplier) and whether it shows green (a round that paid more than its stake; Crash: a crash at 2× or above). */
export interface RecentChip {
  id: Key;
  won: boolean;
  text: string;
}

/** A strip of recent results, newest first: green chips for rounds that paid more than their stake. */
export function RecentChips({
  label,
  chips,
  testId,
}: {
  label: string;
  chips: readonly RecentChip[];
  testId?: string;
}) {
  return (
    <ol className={styles.recent} aria-label={label} data-testid={testId}>
      {chips.map((c) => (
        <li key={c.id} className={c.won ? styles.chipWin : styles.chipLoss}>
          {c.text}
        </li>
      ))}
    </ol>
  );
}

/** The rounds played on this page, as their multipliers (win / stake); nothing before the first. */
export function RecentRounds({ rounds }: { rounds: readonly HouseRound[] }) {
  const { t } = useTypedTranslation('originals');
  if (!rounds.length) return null;
  return (
    <RecentChips
      label={t('recent')}
      chips={rounds.map((r) => ({
        id: r.roundId,
        won: r.win > r.bet,
        text: r.bet ? `${(r.win / r.bet).toFixed(2)}×` : '',
      }))}
    />
  );
}
