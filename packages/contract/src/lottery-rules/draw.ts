import { familyOf } from './families.ts';
import type { DrawResult, Family } from './types.ts';
import { LotteryRuleError } from './types.ts';

/**
 * Results: their text form, validation, and the provable draw (decision 021).
 *
 * Byte protocol (v1): the seed is 32 random bytes, published as 64 lower-case hex characters; its
 * commitment is SHA-256(seed bytes) in hex, published when the numero opens. The byte stream of a
 * numero is block(0) ‖ block(1) ‖ … with block(c) = HMAC-SHA256(key = seed bytes,
 * message = UTF-8(numeroId) ‖ uint32 big-endian c). `resultFromBytes` reads that stream:
 * - uniform(n): k = the fewest bytes with 256^k ≥ n; read k bytes big-endian as v; if
 *   v ≥ 256^k − (256^k mod n) reject and read again, else the value is v mod n; uniform(1) reads nothing.
 * - SSC: 5 × uniform(10). K3: 3 × (1 + uniform(6)). Vietnamese: every slot in result order, every
 *   digit from the most significant, uniform(10).
 * - 11X5 / PK10: the pool is the balls 1…N ascending; for each place, i = uniform(pool size), take
 *   pool[i] and remove it (11X5 5 places of 11, PK10 all 10 places of 10; the last reads nothing).
 * - 4D: 23 × uniform(10000) in slot order; a number already drawn is rejected and drawn again.
 */

export const DRAW_ALGORITHM = 'HMAC-SHA256(seed, utf8(numeroId) || u32be(counter)); rejection sampling v1';

const pad = (n: number, digits: number) => String(n).padStart(digits, '0');

/** Checks a result's numbers against its family (count, digits, ranges, distinctness); answers the result. */
export function checkResult(family: Family | string, numbers: readonly string[]): DrawResult {
  const f = familyOf(family);
  if (!Array.isArray(numbers) || numbers.length !== f.slots.length)
    throw new LotteryRuleError('result.invalid', `${f.family} results have ${f.slots.length} numbers`);
  const seen = new Set<string>();
  numbers.forEach((s, i) => {
    const slot = f.slots[i]!;
    const v = Number(s);
    if (typeof s !== 'string' || !/^\d+$/.test(s) || s.length !== slot.digits || v < slot.min || v > slot.max)
      throw new LotteryRuleError(
        'result.invalid',
        `Number ${i + 1} (${slot.prize}) must be ${slot.digits} digit(s) from ${pad(slot.min, slot.digits)} to ${pad(slot.max, slot.digits)}`,
      );
    if (f.distinct) {
      if (seen.has(s)) throw new LotteryRuleError('result.invalid', `${s} appears twice`);
      seen.add(s);
    }
  });
  return { family: f.family, numbers: [...numbers] };
}

/** The wire form of a result ("01,05,…"): numbers joined by commas. */
export const formatWinNo = (result: DrawResult): string => result.numbers.join(',');

/** Reads a wire result: comma-separated, or for SSC and K3 a bare digit string ("12345"). */
export function parseWinNo(family: Family | string, winNo: string): DrawResult {
  const f = familyOf(family);
  if (typeof winNo !== 'string') throw new LotteryRuleError('result.invalid', 'The result is not text');
  const s = winNo.trim();
  const parts = s.includes(',') ? s.split(',').map((x) => x.trim()) : f.slots[0]!.digits === 1 ? [...s] : [s];
  return checkResult(f.family, parts);
}

// ---- derivation -----------------------------------------------------------------------------

/** A source of bytes: answers the next byte, or throws `bytes.exhausted`. */
type NextByte = () => number;

function uniform(next: NextByte, n: number): number {
  if (n <= 1) return 0;
  let k = 1;
  let span = 256;
  while (span < n) {
    k++;
    span *= 256;
  }
  const limit = span - (span % n);
  for (;;) {
    let v = 0;
    for (let i = 0; i < k; i++) v = v * 256 + next();
    if (v < limit) return v % n;
  }
}

function pick(next: NextByte, family: Family): DrawResult {
  const f = familyOf(family);
  const nums: string[] = [];
  if (family === '11X5' || family === 'PK10') {
    const pool = Array.from({ length: f.slots[0]!.max }, (_, i) => i + 1);
    for (let p = 0; p < f.slots.length; p++) {
      const i = uniform(next, pool.length);
      nums.push(pad(pool.splice(i, 1)[0]!, 2));
    }
  } else if (family === '4D') {
    const seen = new Set<string>();
    while (nums.length < f.slots.length) {
      const s = pad(uniform(next, 10_000), 4);
      if (!seen.has(s)) {
        seen.add(s);
        nums.push(s);
      }
    }
  } else {
    for (const slot of f.slots) {
      if (family === 'K3' || family === 'SSC')
        nums.push(String(slot.min + uniform(next, slot.max - slot.min + 1)));
      else {
        let s = '';
        for (let d = 0; d < slot.digits; d++) s += String(uniform(next, 10));
        nums.push(s);
      }
    }
  }
  return { family, numbers: nums };
}

/** The result a byte stream gives (pure). Throws `bytes.exhausted` when the bytes run out before the result is complete. */
export function resultFromBytes(family: Family | string, bytes: Uint8Array): DrawResult {
  const f = familyOf(family);
  let i = 0;
  return pick(() => {
    if (i >= bytes.length) throw new LotteryRuleError('bytes.exhausted', 'Not enough bytes for this result');
    return bytes[i++]!;
  }, f.family);
}

/** The result from a block source (the server: block(c) = HMAC-SHA256(seed, drawMessage(numeroId, c)), computed synchronously). */
export function resultFromBlocks(
  family: Family | string,
  block: (counter: number) => Uint8Array,
): DrawResult {
  const f = familyOf(family);
  let counter = 0;
  let cur: Uint8Array = new Uint8Array(0);
  let i = 0;
  return pick(() => {
    while (i >= cur.length) {
      if (counter > 1_000_000) throw new LotteryRuleError('bytes.exhausted', 'Block source exhausted');
      cur = block(counter++);
      i = 0;
    }
    return cur[i++]!;
  }, f.family);
}

const utf8 = new TextEncoder();

/** The HMAC message of block `counter`: UTF-8(numeroId) ‖ uint32 big-endian counter. */
export function drawMessage(numeroId: string, counter: number): Uint8Array {
  const id = utf8.encode(numeroId);
  const out = new Uint8Array(id.length + 4);
  out.set(id, 0);
  new DataView(out.buffer).setUint32(id.length, counter >>> 0, false);
  return out;
}

export function hexToBytes(hex: string): Uint8Array {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) throw new LotteryRuleError('seed.invalid', 'Not a hex string');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export const bytesToHex = (b: Uint8Array): string =>
  Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

/** The seed's bytes; a seed is 64 lower-case hex characters (else `seed.invalid`). */
export const seedBytes = (seedHex: string): Uint8Array => {
  if (!/^[0-9a-f]{64}$/.test(seedHex))
    throw new LotteryRuleError('seed.invalid', 'A seed is 64 lower-case hex characters');
  return hexToBytes(seedHex);
};
