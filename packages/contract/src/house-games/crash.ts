import { FairStream, type BlockSource } from './fair.ts';

/**
 * Crash (issue 34, decision 055): one shared round for every player. Pure code shared by the
 * server, the browser's verifier and the tests.
 *
 * **The hash chain.** A chain is made backwards from a random top hash h_N: h_{i-1} = SHA-256 of
 * the hex text of h_i (hex). Its end h_0 is published (the commitment) before round 1 is played;
 * round i plays h_i and reveals it when it crashes, so anyone can check SHA-256(h_i) = h_{i-1}
 * (and so on to the commitment), while nobody can compute a future round's hash from the past.
 *
 * **The crash point** of round i is read from decision 020's blocks with server seed = h_i, client
 * seed = the chain's public salt and nonce = i: the words of the stream are the binary digits of a
 * uniform number U in [0, 1), and the crash point in hundredths is min(CAP, ⌊99 / U⌋). Only as many
 * words are read as decide it: after k words U lies in [a/2^k, (a+1)/2^k), and the point is
 * decided once ⌊99·2^k/a⌋ = ⌊99·2^k/(a+1)⌋ (or the cap is reached). So the point has exactly the
 * law of ⌊99/U⌋: P(point ≥ t) = 99/t for every t from 99 to the cap, and an auto cash-out at
 * t hundredths returns t/100 · 99/t = 99 % exactly, at every target. Any way of cashing out by
 * hand is a choice among those targets made without knowing the point, so it returns 99 % too.
 * A point of 99 (U ≥ 0.99, 1 % of rounds) crashes at once, at 1.00×.
 */

/** The largest crash point, hundredths: 1,000,000.00×. */
export const CRASH_CAP = 100_000_000;
/** The smallest multiplier a cash-out takes, hundredths (1.01×). */
export const CRASH_MIN_CASHOUT = 101;
/** Words read at most (1,024 bits); a round needing more has probability below 2^-900. */
const MAX_WORDS = 32;

/** The crash point, hundredths, from a round's blocks. */
export function crashPoint(source: BlockSource): number {
  const stream = new FairStream(source);
  let a = 0n;
  let pow = 1n;
  for (let words = 1; ; words++) {
    a = (a << 32n) | BigInt(stream.nextU32());
    pow <<= 32n;
    const low = (99n * pow) / (a + 1n);
    if (low >= BigInt(CRASH_CAP)) return CRASH_CAP;
    if (a > 0n && (99n * pow) / a === low) return Number(low);
    if (words >= MAX_WORDS) return Number(low);
  }
}

/** The curve's growth per millisecond: the multiplier is e^(r·ms), 2× after about 11.6 s. */
export const CRASH_GROWTH = 0.00006;

/** The multiplier, hundredths, after `elapsedMs` of flight. */
export function crashMultiplierAt(elapsedMs: number): number {
  if (elapsedMs <= 0) return 100;
  return Math.floor(100 * Math.exp(CRASH_GROWTH * elapsedMs) + 1e-9);
}

/** The first millisecond of flight at which the curve is above `point` hundredths: the crash. */
export function crashElapsedMs(point: number): number {
  if (point < 100) return 0;
  let ms = Math.max(0, Math.ceil(Math.log((point + 1) / 100) / CRASH_GROWTH) - 2);
  while (crashMultiplierAt(ms) <= point) ms++;
  while (ms > 0 && crashMultiplierAt(ms - 1) > point) ms--;
  return ms;
}

/** The millisecond of flight at which the curve reaches `target` hundredths (an auto cash-out). */
export function crashReachMs(target: number): number {
  if (target <= 100) return 0;
  return crashElapsedMs(target - 1);
}

/** The previous hash of a chain: SHA-256 of this hash's hex text (Web Crypto). */
export async function crashChainPrevious(hashHex: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(hashHex));
  let out = '';
  for (const b of new Uint8Array(digest)) out += b.toString(16).padStart(2, '0');
  return out;
}

/** A multiplier in hundredths as text: 2.47. */
export function crashText(hundredths: number): string {
  const h = Math.max(100, hundredths);
  return `${Math.floor(h / 100)}.${String(h % 100).padStart(2, '0')}`;
}

/** Why an auto cash-out target (hundredths) is refused, or null. */
export function crashTargetProblem(target: unknown): string | null {
  if (target === undefined || target === null) return null;
  if (!Number.isInteger(target) || (target as number) < CRASH_MIN_CASHOUT || (target as number) > CRASH_CAP)
    return `An auto cash-out is from ${crashText(CRASH_MIN_CASHOUT)}x to ${crashText(CRASH_CAP)}x, in hundredths`;
  return null;
}

/** The exact chance, as a fraction, that a round reaches `t` hundredths (99 ≤ t ≤ the cap). */
export function crashSurvival(t: number): { num: bigint; den: bigint } {
  if (!Number.isInteger(t) || t < 99 || t > CRASH_CAP) throw new RangeError(`crashSurvival(${t})`);
  return { num: 99n, den: BigInt(t) };
}
