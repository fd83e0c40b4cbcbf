import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  drawMessage,
  familyOf,
  formatWinNo,
  LotteryErrors,
  lotteryUnits,
  playsOf,
  resultFromBlocks,
  type DrawResult,
  type Family,
  type PlayDef,
} from '@app/contract';
import { fail } from '../../platform/http/errors.ts';

/**
 * The server's side of the pure rules (packages/contract lottery-rules, decision 021): the plays
 * of a family by id, the units, and our draw from a committed seed. The rules stay pure; the
 * HMAC and the CSPRNG live here (node:crypto, synchronous).
 */

const playIndex = new Map<string, Map<number, PlayDef>>();

export function familyPlays(family: string): readonly PlayDef[] {
  return playsOf(family as Family);
}

export function findPlay(family: string, playId: number): PlayDef | undefined {
  let byId = playIndex.get(family);
  if (!byId) {
    byId = new Map(familyPlays(family).map((p) => [p.playId, p]));
    playIndex.set(family, byId);
  }
  return byId.get(playId);
}

/** The unit (major units per note price) of a betting mode, as decimal text; undefined if unknown. */
export function unitOf(bettingModeId: number): string | undefined {
  const u = lotteryUnits.find((m) => m.bettingModeId === bettingModeId);
  return u ? String(u.unit) : undefined;
}

/** A fresh draw seed (32 bytes from the CSPRNG) and its commitment. */
export function newSeed(): { seed: Buffer; seedHash: string } {
  const seed = randomBytes(32);
  return { seed, seedHash: createHash('sha256').update(seed).digest('hex') };
}

/** The HMAC message's numero part (what a verifier is told): the game code and the numero. */
export const numeroKey = (gameCode: string, numero: string): string => `${gameCode}:${numero}`;

/** Our draw: the result the family's rules read from HMAC-SHA256(seed, numeroKey ‖ counter). */
export function drawFromSeed(family: string, seed: Buffer, key: string): DrawResult {
  return resultFromBlocks(family, (counter) =>
    createHmac('sha256', seed).update(drawMessage(key, counter)).digest(),
  );
}

/** The per-prize slots of a result (Vietnamese games: DB, G1…; others: P1…). */
export function slotsOf(result: DrawResult): { prize: string; numbers: string[] }[] {
  const f = familyOf(result.family);
  const out: { prize: string; numbers: string[] }[] = [];
  f.slots.forEach((slot, i) => {
    const last = out[out.length - 1];
    const n = result.numbers[i] ?? '';
    if (last && last.prize === slot.prize) last.numbers.push(n);
    else out.push({ prize: slot.prize, numbers: [n] });
  });
  return out;
}

export { formatWinNo };

/** Refuses a bad slip with the rules' own sentence. */
export function slipRefusal(message: string): Error {
  return fail(LotteryErrors.lotterySlipInvalid, { message });
}
