import { useRef, useState } from 'react';
import type { HouseRound, HouseState } from '@app/contract';
import type { TFunction } from '../../shared/i18n/translator.ts';
import { announceBalanceMoved } from '../../shared/realtime/balance-moved.ts';
import { toMinor, useRecordRound, useRoundRunner } from './api.ts';
import { tone } from './originals-api.ts';

/** What the server answers to a start, an action or a cash-out of a round played in steps. */
export interface StepAnswer<Open> {
  open: Open | null;
  settled: HouseRound | null;
  balance: number;
}

/** On a phone, brings the stage into view (the controls sit above it): smoothly unless motion is reduced. */
export function scrollStageIntoView(stage: HTMLElement | null) {
  if (!window.matchMedia?.('(max-width: 760px)').matches) return;
  stage?.scrollIntoView({
    block: 'start',
    behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
  });
}

/**
 * A round played in steps on an original's page (HiLo, Blackjack; decisions 046, 057): the open
 * round, the balance, the last settled round and the recent ones, the sound switch, and one request
 * at a time (`useRoundRunner`). Every answer goes through one place: the open round and the balance
 * as the server sent them and, when it settled a round, that round shown, added to the recent ones,
 * recorded in the cached state (balance, next nonce, the round list) and sounded when the sound is on.
 */
export function useMultiStepRound<Open>(state: HouseState, initialOpen: Open | null, t: TFunction) {
  const recordRound = useRecordRound(state.gameCode);
  const [balance, setBalance] = useState(toMinor(state, state.balance));
  const [open, setOpen] = useState<Open | null>(initialOpen);
  const [lastRound, setLastRound] = useState<HouseRound | null>(null);
  const [recent, setRecent] = useState<HouseRound[]>([]);
  const [sound, setSound] = useState(false);
  const { busy, error, run } = useRoundRunner(t);
  const stageRef = useRef<HTMLElement>(null);

  const answered = (a: StepAnswer<Open>) => {
    setOpen(a.open);
    setBalance(toMinor(state, a.balance));
    if (a.settled) {
      const round = a.settled;
      setLastRound(round);
      setRecent((r) => [round, ...r].slice(0, 12));
      recordRound(round);
      if (sound) tone(round.win > round.bet);
    } else announceBalanceMoved(); // a stake taken (a start, a double or a split)
  };
  /** Opens a round: the last round's result cleared, the stage brought into view on a phone. */
  const startRound = (call: () => Promise<StepAnswer<Open>>) =>
    run(async () => {
      const a = await call();
      setLastRound(null);
      answered(a);
      scrollStageIntoView(stageRef.current);
    });
  /** An action or a cash-out on the open round. */
  const stepRound = (call: () => Promise<StepAnswer<Open>>) => run(async () => answered(await call()));

  return {
    open,
    balance,
    lastRound,
    recent,
    sound,
    toggleSound: () => setSound((s) => !s),
    busy,
    error,
    stageRef,
    startRound,
    stepRound,
  };
}
