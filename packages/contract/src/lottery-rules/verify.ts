import { bytesToHex, drawMessage, formatWinNo, parseWinNo, resultFromBytes, seedBytes } from './draw.ts';
import type { DrawResult, Family } from './types.ts';
import { LotteryRuleError } from './types.ts';

/**
 * The verifier's side of the provable draw (decision 021): the commitment and the result recomputed
 * from a revealed seed, with Web Crypto where the page has it. Without it (a page over plain http)
 * the same is computed by verify-sync.ts (@noble/hashes), imported only then, so a verifier in a
 * secure context never downloads the hash library. Kept apart from draw.ts, which the betting pages
 * also use, so none of this ships with them (the server draws with node:crypto).
 */

/** Web Crypto when the page has it (a secure context), else null: verify-sync.ts is used. */
const subtle = (): SubtleCrypto | null => globalThis.crypto?.subtle ?? null;

const withoutWebCrypto = () => import('./verify-sync.ts');

/** SHA-256 of the seed bytes, hex: the commitment published when the numero opens. */
export async function commitOf(seedHex: string): Promise<string> {
  const s = subtle();
  if (!s) return (await withoutWebCrypto()).commitOfSync(seedHex);
  const digest = await s.digest('SHA-256', seedBytes(seedHex) as Uint8Array<ArrayBuffer>);
  return bytesToHex(new Uint8Array(digest));
}

/** Whether a revealed seed matches its published commitment. */
export async function verifyCommit(seedHex: string, commitHex: string): Promise<boolean> {
  if (!/^[0-9a-f]{64}$/.test(seedHex)) return false;
  return (await commitOf(seedHex)) === commitHex.toLowerCase();
}

/** The first `count` HMAC blocks of a numero's byte stream (Web Crypto, or @noble/hashes without it). */
export async function drawBlocks(seedHex: string, numeroId: string, count: number): Promise<Uint8Array> {
  const s = subtle();
  if (!s) return (await withoutWebCrypto()).drawBlocksSync(seedHex, numeroId, count);
  const raw = seedBytes(seedHex);
  const out = new Uint8Array(count * 32);
  const key = await s.importKey(
    'raw',
    raw as Uint8Array<ArrayBuffer>,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  for (let c = 0; c < count; c++) {
    const mac = await s.sign('HMAC', key, drawMessage(numeroId, c) as Uint8Array<ArrayBuffer>);
    out.set(new Uint8Array(mac), c * 32);
  }
  return out;
}

/** The result of a numero from its seed (async, Web Crypto where available): what the verifier recomputes. */
export async function deriveResult(
  family: Family | string,
  seedHex: string,
  numeroId: string,
): Promise<DrawResult> {
  if (!subtle()) return (await withoutWebCrypto()).deriveResultSync(family, seedHex, numeroId);
  for (let blocks = 8; ; blocks *= 2) {
    try {
      return resultFromBytes(family, await drawBlocks(seedHex, numeroId, blocks));
    } catch (e) {
      if (!(e instanceof LotteryRuleError && e.reason === 'bytes.exhausted') || blocks > 4096) throw e;
    }
  }
}

export interface DrawVerification {
  /** SHA-256(seed) equals the published commitment. */
  readonly commitOk: boolean;
  /** The recomputed result equals the published one. */
  readonly resultOk: boolean;
  /** The recomputed result, wire form. */
  readonly expected: string;
}

/** Verifies a drawn numero: the seed against its commitment, and the result against the seed. */
export async function verifyDraw(input: {
  family: Family | string;
  seed: string;
  seedHash: string;
  numeroId: string;
  winNo: string;
}): Promise<DrawVerification> {
  const commitOk = await verifyCommit(input.seed, input.seedHash);
  if (!/^[0-9a-f]{64}$/.test(input.seed)) return { commitOk, resultOk: false, expected: '' };
  const expected = formatWinNo(await deriveResult(input.family, input.seed, input.numeroId));
  let resultOk: boolean;
  try {
    resultOk = formatWinNo(parseWinNo(input.family, input.winNo)) === expected;
  } catch {
    resultOk = false;
  }
  return { commitOk, resultOk, expected };
}
