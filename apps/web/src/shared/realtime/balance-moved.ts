import type { QueryClient } from '@tanstack/react-query';
import { LiveKeys } from './live-keys.ts';

/** The messages a game page in the /game frame sends the page around it. */
const BALANCE_MOVED = 'balance-moved';
const ROUND_IN_PLAY = 'round-in-play';
/**
 * The longest the header keeps its balance for a round in play: a slot's base game and ten free
 * spins end well inside it; a frame that never says the round is shown (closed mid-spin) lets go.
 */
export const MAX_BALANCE_HOLD_MS = 20_000;

/**
 * Told by a house game in the /game frame when its answer moved the player's money (a settled
 * round, a bet placed): the page around it, whose header shows the balance, reads it again at
 * once. The live stream would bring it too, but money movements are polled (member-events.ts),
 * so the header lagged the game's own balance by seconds. Only to a page of this origin; nothing
 * when the game is not framed.
 */
export function announceBalanceMoved(): void {
  if (pending) return;
  // The rounds of an auto-bet are recorded in one go: one message for all of them.
  pending = true;
  queueMicrotask(() => {
    pending = false;
    tellParent(BALANCE_MOVED);
  });
}
let pending = false;

/**
 * Told by a game that shows its round's result some time after the server settled it (the slot's
 * reels): until it says the balance moved (the reels stopped), the header keeps the balance it
 * shows, so the live stream's next balance cannot tell a win before the reels do.
 */
export function announceRoundInPlay(): void {
  tellParent(ROUND_IN_PLAY);
}

function tellParent(type: string): void {
  if (typeof window === 'undefined' || window.parent === window) return;
  try {
    window.parent.postMessage({ type }, window.location.origin);
  } catch {
    // A parent of another origin: it has no header of ours to refresh.
  }
}

/** Whether a framed game's round is in play (its result not shown yet): the header waits. */
export function balanceHeld(): boolean {
  return heldUntil > Date.now();
}
let heldUntil = 0;

/**
 * The other side (the member bar's page): a `balance-moved` from a frame of this origin reads the
 * balance (and the records, which show the movement) again; a `round-in-play` holds the balance
 * the header shows (`balanceHeld`) until the next `balance-moved`, or MAX_BALANCE_HOLD_MS at
 * most, when it is read again. Returns the listener's removal.
 */
export function listenBalanceMoved(qc: QueryClient): () => void {
  let release: ReturnType<typeof setTimeout> | undefined;
  const refresh = () => {
    clearTimeout(release);
    heldUntil = 0;
    void qc.invalidateQueries({ queryKey: LiveKeys.balance });
    void qc.invalidateQueries({ queryKey: LiveKeys.records });
  };
  const listener = (e: MessageEvent) => {
    if (e.origin !== window.location.origin) return;
    const type = (e.data as { type?: unknown } | null)?.type;
    if (type === BALANCE_MOVED) refresh();
    else if (type === ROUND_IN_PLAY) {
      clearTimeout(release);
      heldUntil = Date.now() + MAX_BALANCE_HOLD_MS;
      release = setTimeout(refresh, MAX_BALANCE_HOLD_MS);
    }
  };
  window.addEventListener('message', listener);
  return () => {
    clearTimeout(release);
    heldUntil = 0;
    window.removeEventListener('message', listener);
  };
}
