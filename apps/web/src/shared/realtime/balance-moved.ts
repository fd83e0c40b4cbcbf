import type { QueryClient } from '@tanstack/react-query';
import { LiveKeys } from './live-keys.ts';

/** The message a game page in the /game frame sends the page around it. */
const BALANCE_MOVED = 'balance-moved';

/**
 * Told by a house game in the /game frame when its answer moved the player's money (a settled
 * round, a bet placed): the page around it, whose header shows the balance, reads it again at
 * once. The live stream would bring it too, but money movements are polled (member-events.ts),
 * so the header lagged the game's own balance by seconds. Only to a page of this origin; nothing
 * when the game is not framed.
 */
export function announceBalanceMoved(): void {
  if (typeof window === 'undefined' || window.parent === window || pending) return;
  // The rounds of an auto-bet are recorded in one go: one message for all of them.
  pending = true;
  queueMicrotask(() => {
    pending = false;
    try {
      window.parent.postMessage({ type: BALANCE_MOVED }, window.location.origin);
    } catch {
      // A parent of another origin: it has no header of ours to refresh.
    }
  });
}
let pending = false;

/**
 * The other side (the member bar's page): a `balance-moved` from a frame of this origin reads the
 * balance (and the records, which show the movement) again. Returns the listener's removal.
 */
export function listenBalanceMoved(qc: QueryClient): () => void {
  const listener = (e: MessageEvent) => {
    if (e.origin !== window.location.origin) return;
    if ((e.data as { type?: unknown } | null)?.type !== BALANCE_MOVED) return;
    void qc.invalidateQueries({ queryKey: LiveKeys.balance });
    void qc.invalidateQueries({ queryKey: LiveKeys.records });
  };
  window.addEventListener('message', listener);
  return () => window.removeEventListener('message', listener);
}
