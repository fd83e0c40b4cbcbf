import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useQuery } from '../../shared/http/use-query.ts';
import type { TFunction } from '../../shared/i18n/translator.ts';
import { formatMoney } from '../../shared/i18n/money.ts';
import {
  getHouseRound,
  getHouseRounds,
  getHouseState,
  openHouseTicket,
  playHouseTable,
  rotateHouseSeed,
  setHouseClientSeed,
  spinHouseSlot,
  type CallDef,
  type CallQuery,
  type CallBody,
  type CallValue,
  type HouseRound,
  type HouseState,
} from '@app/contract';
import { ApiError } from '../../shared/http/api-error.ts';
import { call } from '../../shared/http/client.ts';
import { announceBalanceMoved, announceRoundInPlay } from '../../shared/realtime/balance-moved.ts';

/**
 * The house games' calls from a game page. A page opened by a launch carries the launch token in
 * its URL (`token`): it is redeemed once for a play ticket, kept in session storage for this game,
 * and sent as `X-House-Ticket` on every call. Without one, the signed-in member's session plays.
 */
const ticketKey = (gameCode: string) => `house-ticket:${gameCode}`;

export function storedTicket(gameCode: string): string | null {
  try {
    return sessionStorage.getItem(ticketKey(gameCode));
  } catch {
    return null;
  }
}

/** Redeems a launch token (once) and keeps the ticket for the game. */
export async function redeemLaunch(gameCode: string, launchToken: string): Promise<void> {
  const { ticket } = await call(openHouseTicket, { body: { gameCode, launchToken } });
  sessionStorage.setItem(ticketKey(gameCode), ticket);
}

function houseCall<C extends CallDef>(
  def: C,
  gameCode: string,
  input: { query?: CallQuery<C>; body?: CallBody<C> },
): Promise<CallValue<C>> {
  const ticket = storedTicket(gameCode);
  return call(def, { ...input, ...(ticket ? { headers: { 'X-House-Ticket': ticket } } : {}) } as never);
}

export const houseKeys = {
  state: (gameCode: string) => ['house', 'state', gameCode] as const,
  rounds: (gameCode: string) => ['house', 'rounds', gameCode] as const,
};

export function useHouseState(gameCode: string, enabled: boolean) {
  return useQuery({
    queryKey: houseKeys.state(gameCode),
    queryFn: () => houseCall(getHouseState, gameCode, { query: { gameCode } }),
    enabled,
    staleTime: 30_000,
    retry: false,
  });
}

export function useHouseRounds(gameCode: string, enabled: boolean) {
  return useQuery({
    queryKey: houseKeys.rounds(gameCode),
    queryFn: () => houseCall(getHouseRounds, gameCode, { query: { gameCode, pageSize: 15 } }),
    enabled,
  });
}

/**
 * A slot spin: the header keeps its balance while the reels turn (the page records the round when
 * they stop); a refused spin moved nothing and lets it go at once.
 */
export function spin(gameCode: string, bet: number) {
  announceRoundInPlay();
  return houseCall(spinHouseSlot, gameCode, { body: { gameCode, bet } }).catch((err: unknown) => {
    announceBalanceMoved();
    throw err;
  });
}
export const playTable = (gameCode: string, bets: { DRAGON?: number; TIGER?: number; TIE?: number }) =>
  houseCall(playHouseTable, gameCode, { body: { gameCode, bets } });
export const setClientSeed = (gameCode: string, clientSeed: string) =>
  houseCall(setHouseClientSeed, gameCode, { body: { gameCode, clientSeed } });
export const rotateSeed = (gameCode: string) => houseCall(rotateHouseSeed, gameCode, { body: { gameCode } });
export const fetchRound = (roundId: string) => call(getHouseRound, { query: { roundId } });

/** Writes a new balance and seed into the cached state after a round (no refetch per spin). */
export function useStateUpdater(gameCode: string) {
  const client = useQueryClient();
  return (patch: (s: HouseState) => HouseState) =>
    client.setQueryData<HouseState>(houseKeys.state(gameCode), (s) => (s ? patch(s) : s));
}

/**
 * After a played round: its balance and next nonce into the cached state, the round list read
 * again, and the page around the game's frame told, so its header shows the new balance now (every
 * house game records its settled rounds here, when it shows their result).
 */
export function useRecordRound(gameCode: string) {
  const update = useStateUpdater(gameCode);
  const client = useQueryClient();
  return (round: HouseRound) => {
    update((s) => ({
      ...s,
      balance: round.balance ?? s.balance,
      seed: { ...s.seed, nextNonce: round.nonce + 1 },
    }));
    void client.invalidateQueries({ queryKey: houseKeys.rounds(gameCode) });
    if (round.balance !== null) announceBalanceMoved();
  };
}

/** Why a round was not played: too little balance, the server's own words, or that it failed. */
export function playErrorText(err: unknown, t: TFunction): string {
  return err instanceof ApiError && err.errorCode === 'wallet.balance.insufficient'
    ? t('not_enough_balance')
    : err instanceof ApiError
      ? err.message
      : t('load_failed');
}

/**
 * One request at a time for a game page: `run` refuses a second action while one is in flight (a
 * ref, not the `busy` state, so two key presses in one frame cannot both pass before the page
 * re-renders), and shows why an action failed.
 */
export function useRoundRunner(t: TFunction) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const run = async (fn: () => Promise<void>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (err) {
      setError(playErrorText(err, t));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}

/**
 * A game page's keys on the whole window, except while a field, a button or a link has the focus
 * (their own Space and Enter win) or a modifier is held. `onKey` returns whether it took the key.
 * The handler is swapped in a layout effect, so a key pressed as soon as a render is on screen
 * already meets that render's state (a passive effect left a gap where a key met the last one).
 */
export function useGameHotkeys(onKey: (key: string) => boolean) {
  const handler = useRef(onKey);
  useLayoutEffect(() => {
    handler.current = onKey;
  });
  useEffect(() => {
    const listener = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const el = e.target as HTMLElement | null;
      if (el && (FOCUS_KEEPS_KEYS.has(el.tagName) || el.isContentEditable)) return;
      if (handler.current(e.key)) e.preventDefault();
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
}
const FOCUS_KEEPS_KEYS = new Set(['INPUT', 'SELECT', 'TEXTAREA', 'BUTTON', 'A']);

/** Money in the state's currency and the player's language: minor units to "1,234.50" in English. */
export function money(state: Pick<HouseState, 'precision'>, minor: number): string {
  return formatMoney(minor / 10 ** state.precision, { precision: state.precision });
}

export function toMinor(state: Pick<HouseState, 'precision'>, major: number): number {
  return Math.round(major * 10 ** state.precision);
}
