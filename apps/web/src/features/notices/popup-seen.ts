import type { Notice } from '@app/contract';
import { readJson, sessionStore, writeJson } from '../../shared/storage/storage.ts';

const KEY = 'popupNoticeSeen';

/**
 * The popups for this visitor: each says whom it is for (execution B both, L logged-in players,
 * G guests), and the client picks by it as the original's does after login.
 */
export function popupsFor(popups: readonly Notice[], loggedIn: boolean): Notice[] {
  return popups.filter((p) => p.execution === 'B' || p.execution === (loggedIn ? 'L' : 'G'));
}

/** Popup notices (type PU) show once per session: the ones not yet seen in this tab. */
export function unseenPopups(popups: readonly Notice[]): Notice[] {
  const seen = new Set(readJson<number[]>(sessionStore, KEY) ?? []);
  return popups.filter((p) => !seen.has(p.id));
}

export function markPopupsSeen(ids: readonly number[]): void {
  const seen = new Set(readJson<number[]>(sessionStore, KEY) ?? []);
  for (const id of ids) seen.add(id);
  writeJson(sessionStore, KEY, [...seen]);
}
