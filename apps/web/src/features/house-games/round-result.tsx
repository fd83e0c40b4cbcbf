import type { Key, ReactNode } from 'react';
import type { HouseRound, HouseState } from '@app/contract';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { money, toMinor } from './api.ts';
import styles from './originals.module.css';

/**
 * What a round came to against its stake: `won` (paid more than the stake), `even` (the stake back:
 * a push), `returned` (part of the stake back: a Baccarat tie's refund beside a lost bet, a Plinko
 * bucket under 1×, split Blackjack hands that won and lost) or `lost` (nothing back).
 */
export type PayoutKind = 'won' | 'even' | 'returned' | 'lost';
export const payoutKind = (round: Pick<HouseRound, 'bet' | 'win'>): PayoutKind =>
  round.win > round.bet
    ? 'won'
    : round.win === round.bet && round.win > 0
      ? 'even'
      : round.win > 0
        ? 'returned'
        : 'lost';

/**
 * The line under an original's stage (decision 046): the last round's payout and a link to verify
 * it, or before the first round `idle` (the game's stated return). The words and the colour follow
 * the net result (`payoutKind`): "You won" in the win colour only above the stake; the stake or part
 * of it back says what came back (neutral for a push, the loss colour under the stake); nothing back
 * is no win. Its strings are the `originals` namespace's, which every original's page reads before
 * its other namespaces.
 */
export function RoundResult({
  state,
  round,
  idle,
}: {
  state: HouseState;
  round: HouseRound | null;
  idle: ReactNode;
}) {
  const { t } = useTypedTranslation('originals');
  const kind = round ? payoutKind(round) : null;
  return (
    <div className={styles.result} aria-live="polite" data-testid="round-result">
      {round ? (
        <>
          <span className={kindClass[kind!]} data-testid="round-payout" data-payout={kind}>
            {kind === 'won'
              ? t('you_won', { amount: money(state, toMinor(state, round.win)) })
              : kind === 'lost'
                ? t('no_win')
                : t('returned', { amount: money(state, toMinor(state, round.win)) })}
          </span>
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

const kindClass: Record<PayoutKind, string | undefined> = {
  won: styles.won,
  even: styles.muted,
  returned: styles.lost,
  lost: styles.lost,
};

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
