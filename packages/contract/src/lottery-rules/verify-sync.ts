import { hmac } from '@noble/hashes/hmac.js';
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, drawMessage, resultFromBlocks, seedBytes } from './draw.ts';
import type { DrawResult, Family } from './types.ts';

/**
 * The draw verified synchronously, with SHA-256 and HMAC-SHA256 from @noble/hashes (audited, no
 * dependencies, the same in the browser and Node): the verifier's path where Web Crypto is missing
 * (a page served over plain http has no `crypto.subtle`), loaded by verify.ts only then, and the
 * synchronous path for callers without node:crypto. A provably fair verifier rests on audited
 * primitives, not on a hand-written compression function.
 */

export const sha256 = (data: Uint8Array): Uint8Array => nobleSha256(data);

export const hmacSha256 = (key: Uint8Array, message: Uint8Array): Uint8Array =>
  hmac(nobleSha256, key, message);

/** SHA-256 of the seed bytes, hex, synchronously. */
export const commitOfSync = (seedHex: string): string => bytesToHex(sha256(seedBytes(seedHex)));

/** The result of a numero from its seed, synchronously (same bytes as Web Crypto's and node's HMAC). */
export function deriveResultSync(family: Family | string, seedHex: string, numeroId: string): DrawResult {
  const key = seedBytes(seedHex);
  return resultFromBlocks(family, (c) => hmacSha256(key, drawMessage(numeroId, c)));
}

/** The first `count` HMAC blocks of a numero's byte stream, synchronously. */
export function drawBlocksSync(seedHex: string, numeroId: string, count: number): Uint8Array {
  const key = seedBytes(seedHex);
  const out = new Uint8Array(count * 32);
  for (let c = 0; c < count; c++) out.set(hmacSha256(key, drawMessage(numeroId, c)), c * 32);
  return out;
}
