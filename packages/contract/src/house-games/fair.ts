/**
 * Provably fair randomness of the house games (decision 020). Pure code shared by the server and
 * the browser: the server computes HMAC blocks with node:crypto, the browser with crypto.subtle,
 * and both turn the same bytes into the same outcome with the functions here.
 *
 * Block `cursor` of a round is HMAC-SHA256(key = serverSeed, message = `${clientSeed}:${nonce}:${cursor}`),
 * key and message as UTF-8. A round reads its blocks in order as big-endian unsigned 32-bit words
 * (8 per block). A whole number below n is drawn without bias by rejection: a word at or above the
 * largest multiple of n below 2^32 is skipped and the next word read.
 */

/** 32 bytes of one HMAC block. */
export type BlockSource = (cursor: number) => Uint8Array;

/** Thrown by a block source that has not computed `cursor` yet (the browser computes more and retries). */
export class OutOfBlocks extends Error {
  readonly cursor: number;
  constructor(cursor: number) {
    super(`block ${cursor} not computed`);
    this.name = 'OutOfBlocks';
    this.cursor = cursor;
  }
}

const WORDS_PER_BLOCK = 8;
const TWO_32 = 0x1_0000_0000;

/** The words of a round's blocks, read in order. */
export class FairStream {
  private readonly source: BlockSource;
  private block: Uint8Array | null = null;
  private cursor = -1;
  private word = WORDS_PER_BLOCK;
  /** Words read so far (rejections included): what a round consumed. */
  consumed = 0;

  constructor(source: BlockSource) {
    this.source = source;
  }

  nextU32(): number {
    if (this.word >= WORDS_PER_BLOCK) {
      this.cursor += 1;
      this.block = this.source(this.cursor);
      this.word = 0;
    }
    const b = this.block!;
    const i = this.word * 4;
    this.word += 1;
    this.consumed += 1;
    return ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
  }

  /**
   * The next word as a float in [0, 1), the standard way of provably fair casinos: four bytes
   * b0..b3 as b0/256 + b1/256² + b2/256³ + b3/256⁴, which is exactly word / 2^32 (decision 046).
   */
  nextFloat(): number {
    return this.nextU32() / TWO_32;
  }

  /** A uniform whole number in [0, n), n ≤ 2^32, without modulo bias. */
  nextInt(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new RangeError(`nextInt(${n})`);
    const limit = TWO_32 - (TWO_32 % n);
    for (;;) {
      const u = this.nextU32();
      if (u < limit) return u % n;
    }
  }
}

/** The HMAC message of block `cursor`. */
export function blockMessage(clientSeed: string, nonce: number, cursor: number): string {
  return `${clientSeed}:${nonce}:${cursor}`;
}

/** Client seeds: what a player may type (1..64 of letters, digits, `_` and `-`). */
export const CLIENT_SEED_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** Server seeds are 64 lowercase hex characters (32 random bytes). */
export const SERVER_SEED_PATTERN = /^[0-9a-f]{64}$/;

export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

const encoder = new TextEncoder();

/** SHA-256 of the seed's UTF-8 text, hex: the commitment shown before play (Web Crypto). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', encoder.encode(text));
  return toHex(new Uint8Array(digest));
}

/**
 * A block source over Web Crypto: computes blocks ahead (HMAC is asynchronous there), and
 * `withBlocks` reruns a pure outcome function until it no longer asks for a block not yet computed.
 */
export async function withBlocks<T>(
  seeds: { serverSeed: string; clientSeed: string; nonce: number },
  run: (source: BlockSource) => T,
  initial = 4,
): Promise<T> {
  const key = await globalThis.crypto.subtle.importKey(
    'raw',
    encoder.encode(seeds.serverSeed),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const blocks: Uint8Array[] = [];
  const compute = async (upTo: number) => {
    const pending: Promise<ArrayBuffer>[] = [];
    for (let c = blocks.length; c < upTo; c++)
      pending.push(
        globalThis.crypto.subtle.sign(
          'HMAC',
          key,
          encoder.encode(blockMessage(seeds.clientSeed, seeds.nonce, c)),
        ),
      );
    for (const buf of await Promise.all(pending)) blocks.push(new Uint8Array(buf));
  };
  await compute(initial);
  for (;;) {
    try {
      return run((cursor) => {
        const b = blocks[cursor];
        if (!b) throw new OutOfBlocks(cursor);
        return b;
      });
    } catch (err) {
      if (!(err instanceof OutOfBlocks)) throw err;
      await compute(Math.max(blocks.length * 2, err.cursor + 1));
    }
  }
}
