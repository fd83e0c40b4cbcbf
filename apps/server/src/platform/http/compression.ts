import { brotliCompressSync, constants, crc32, deflateRawSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { RememberedLast } from '../remembered.ts';

/**
 * Compression of the server's own answers (decision 015). Static files are compressed once at
 * build time and served by @fastify/static (`preCompressed`); this covers what the handlers
 * answer: JSON (and other text) of at least COMPRESS_MIN_BYTES, when the client accepts it.
 */

/** Below this an answer goes out as it is: the headers and the codec's framing eat the gain. */
export const COMPRESS_MIN_BYTES = 1024;

export type Coding = 'br' | 'gzip';

const TEXT_TYPES = /^(application\/(json|javascript|xml)|text\/|image\/svg\+xml)/i;

/**
 * The coding to answer with, from an Accept-Encoding header: the acceptable one (q > 0) with the
 * highest q among `offered`, ties going to the earlier one in `offered`; null means identity.
 * `*` stands for any coding the header does not name.
 */
export function preferredEncoding(
  header: string | string[] | undefined,
  offered: readonly Coding[] = ['br', 'gzip'],
): Coding | null {
  if (!header) return null;
  const text = Array.isArray(header) ? header.join(',') : header;
  const q = new Map<string, number>();
  for (const part of text.split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    let weight = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p);
      if (m) weight = Number(m[1]);
    }
    if (Number.isFinite(weight)) q.set(name.trim().toLowerCase(), weight);
  }
  let best: Coding | null = null;
  let bestQ = 0;
  for (const coding of offered) {
    const weight = q.get(coding) ?? q.get('*') ?? 0;
    if (weight > bestQ) {
      best = coding;
      bestQ = weight;
    }
  }
  return best;
}

/** Appends a request header name to Vary, once. */
export function addVary(reply: FastifyReply, name: string): void {
  const current = reply.getHeader('vary');
  // The usual case: nothing says Vary yet.
  if (current === undefined) {
    reply.header('vary', name);
    return;
  }
  const text = Array.isArray(current) ? current.join(', ') : String(current);
  const names = text
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (names.includes('*') || names.includes(name.toLowerCase())) return;
  reply.header('vary', names.length ? `${text}, ${name}` : name);
}

/** What one Accept-Encoding value allows: the coding for any answer, and whether it takes gzip. */
interface Accepted {
  best: Coding | null;
  gzip: boolean;
}

/**
 * Accept-Encoding values are few in practice (one per browser build), and parsing one took a few
 * microseconds of each request: the answer is kept per value, for a bounded number of values.
 */
const acceptedByHeader = new Map<string, Accepted>();
const MAX_ACCEPT_VALUES = 64;

function accepted(header: string | string[] | undefined): Accepted {
  const known = typeof header === 'string' ? acceptedByHeader.get(header) : undefined;
  if (known) return known;
  const found: Accepted = {
    best: preferredEncoding(header),
    gzip: preferredEncoding(header, ['gzip']) !== null,
  };
  if (typeof header === 'string') {
    if (acceptedByHeader.size >= MAX_ACCEPT_VALUES) acceptedByHeader.clear();
    acceptedByHeader.set(header, found);
  }
  return found;
}

/**
 * An answer made of a large part that stays the same for many requests between two small parts
 * that change per request (the status call: the snapshot's bulk between the caller's status and
 * location). Its gzip form is spliced: the bulk is deflated once and kept, and each request only
 * frames the small parts around it as stored blocks, so compression costs a CRC pass instead of
 * a deflate of the whole body.
 */
export interface SplicedBody {
  head: string;
  bulk: string;
  tail: string;
}

/**
 * The reply's spliced body, kept on the reply itself: a WeakMap entry per request cost more (its
 * set and its clearing by the garbage collector) than the rest of the splice. Declared as a reply
 * decoration (installCompression), so every reply is built with the slot: set on some replies
 * only, it gave replies two shapes for V8 to tell apart where Fastify reads a reply's fields (a
 * general rule of V8; its saving here was not measured on its own).
 */
const SPLICE = Symbol('splicedBody');
type SplicedReply = FastifyReply & { [SPLICE]?: SplicedBody };

/** Marks the reply's body (which must equal head + bulk + tail) for the spliced gzip. */
export function setSplicedBody(reply: FastifyReply, body: SplicedBody): void {
  (reply as SplicedReply)[SPLICE] = body;
}

/**
 * What a bulk contributes to every answer that splices it, kept for the last few bulks (one per
 * snapshot in practice): its deflate, its length in bytes and CRC-32, and the suffixes made of it
 * and the few tails it is spliced before.
 */
interface DeflatedBulk {
  deflated: Buffer;
  byteLength: number;
  crc: number;
  suffixes: RememberedLast<string, SplicedSuffix | null>;
}
const deflatedBulks = new RememberedLast<string, DeflatedBulk>(4);

function deflate(bulk: string): DeflatedBulk {
  const bytes = Buffer.from(bulk);
  return {
    // SYNC_FLUSH instead of FINISH: the blocks end byte-aligned and without the final bit, so
    // more blocks may follow them in the same stream.
    deflated: deflateRawSync(bytes, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }),
    byteLength: bytes.length,
    crc: crc32(bytes),
    suffixes: new RememberedLast(4),
  };
}

const deflatedBulk = (bulk: string): DeflatedBulk => deflatedBulks.get(bulk, deflate);

/*
 * CRC-32 of a concatenation from the CRC-32s of its parts, as zlib's crc32_combine does it: CRCs
 * are polynomials over GF(2) (bit-reflected, CRC32_POLY), and crc(a + b) = crc(a) * x^(8|b|) + crc(b)
 * modulo the CRC polynomial, whatever the contents of a and b.
 */
const CRC32_POLY = 0xedb88320;

/** a * b modulo the CRC-32 polynomial (reflected: x^0 is the top bit). */
function multModP(a: number, b: number): number {
  let product = 0;
  for (let bit = 0x80000000; bit !== 0; bit >>>= 1) {
    if ((a & bit) !== 0) product ^= b;
    b = b & 1 ? (b >>> 1) ^ CRC32_POLY : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the CRC-32 polynomial, for k = 0..31. */
const X_POW_2K: number[] = [];
for (let p = 0x40000000, k = 0; k < 32; k++, p = multModP(p, p)) X_POW_2K.push(p);

/** The operator x^(8 * bytes) that moves a CRC-32 past `bytes` bytes (zlib's crc32_combine_gen). */
function crc32ShiftOperator(bytes: number): number {
  let op = 0x80000000;
  for (let n = bytes, k = 3; n > 0; n = Math.floor(n / 2), k++) {
    if (n % 2) op = multModP(X_POW_2K[k % 32]!, op);
  }
  return op;
}

/**
 * Multiplication by one fixed operator as four tables, one per byte of the multiplicand: the
 * product is linear in it, so it is the XOR of the four bytes' products. Four lookups per answer
 * instead of multModP's 32 steps (a quarter of a microsecond each on these machines).
 */
function multiplierBy(op: number): Uint32Array {
  const table = new Uint32Array(1024);
  for (let byte = 0; byte < 4; byte++) {
    for (let value = 0; value < 256; value++) table[byte * 256 + value] = multModP(op, value << (8 * byte));
  }
  return table;
}

const multiply = (by: Uint32Array, a: number): number =>
  (by[a & 0xff]! ^ by[256 + ((a >>> 8) & 0xff)]! ^ by[512 + ((a >>> 16) & 0xff)]! ^ by[768 + (a >>> 24)]!) >>>
  0;

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const STORED_MAX = 0xffff;
/** A stored deflate block's header: BFINAL/BTYPE byte, then LEN and NLEN (RFC 1951 §3.2.4). */
const STORED_HEADER_BYTES = 5;

/** Writes a stored (uncompressed) deflate block's header for `bytes` bytes at a byte boundary. */
function writeStoredHeader(out: Buffer, at: number, bytes: number, final: boolean): number {
  out[at] = final ? 1 : 0;
  out.writeUInt16LE(bytes, at + 1);
  out.writeUInt16LE(~bytes & 0xffff, at + 3);
  return at + STORED_HEADER_BYTES;
}

/**
 * What follows the head in every answer that splices one bulk before one tail (the status call's
 * tail closes two objects, the same for every answer): the bulk's deflate and then the tail as the
 * final stored block, ready to be copied; the length and CRC-32 of bulk + tail; and the multiplier
 * that moves the head's CRC-32 past them. Per answer, the head is the only part read.
 */
interface SplicedSuffix {
  blocks: Buffer;
  byteLength: number;
  crc: number;
  shift: Uint32Array;
}

function suffixOf(b: DeflatedBulk, tail: string): SplicedSuffix | null {
  const tailBytes = Buffer.from(tail);
  if (tailBytes.length > STORED_MAX) return null;
  const blocks = Buffer.allocUnsafe(b.deflated.length + STORED_HEADER_BYTES + tailBytes.length);
  blocks.set(b.deflated, 0);
  blocks.set(tailBytes, writeStoredHeader(blocks, b.deflated.length, tailBytes.length, true));
  const byteLength = b.byteLength + tailBytes.length;
  return {
    blocks,
    byteLength,
    crc: (multModP(crc32ShiftOperator(tailBytes.length), b.crc) ^ crc32(tailBytes)) >>> 0,
    shift: multiplierBy(crc32ShiftOperator(byteLength)),
  };
}

const splicedSuffix = (bulk: string, tail: string): SplicedSuffix | null => {
  const b = deflatedBulk(bulk);
  return b.suffixes.get(tail, (t) => suffixOf(b, t));
};

/** The byte length of head + bulk + tail, without reading the bulk again. */
export function splicedByteLength({ head, bulk, tail }: SplicedBody): number {
  return Buffer.byteLength(head) + deflatedBulk(bulk).byteLength + Buffer.byteLength(tail);
}

/**
 * Whether head + bulk + tail is at least `bytes` long in UTF-8. A string's UTF-8 form is never
 * shorter than its count of UTF-16 units, so the usual answer (a bulk of kilobytes) needs no
 * measuring of the per-request parts.
 */
function splicedAtLeast(body: SplicedBody, bytes: number): boolean {
  const bulkBytes = deflatedBulk(body.bulk).byteLength;
  return bulkBytes + body.head.length + body.tail.length >= bytes || splicedByteLength(body) >= bytes;
}

/**
 * RFC 1952 gzip of head + bulk + tail, with the bulk's deflate and the suffix's CRC reused: per
 * answer, one buffer, the head as a stored block, a copy of the suffix's blocks, and a CRC pass
 * over the head joined to the suffix's CRC by four table lookups.
 */
export function splicedGzip({ head, bulk, tail }: SplicedBody): Buffer | null {
  const headBytes = Buffer.byteLength(head);
  const suffix = splicedSuffix(bulk, tail);
  if (headBytes > STORED_MAX || !suffix) return null;
  const out = Buffer.allocUnsafe(
    GZIP_HEADER.length + STORED_HEADER_BYTES + headBytes + suffix.blocks.length + 8,
  );
  out.set(GZIP_HEADER, 0);
  const headAt = writeStoredHeader(out, GZIP_HEADER.length, headBytes, false);
  out.write(head, headAt);
  out.set(suffix.blocks, headAt + headBytes);
  const end = headAt + headBytes + suffix.blocks.length;
  out.writeUInt32LE((multiply(suffix.shift, crc32(head)) ^ suffix.crc) >>> 0, end);
  out.writeUInt32LE((headBytes + suffix.byteLength) >>> 0, end + 4);
  return out;
}

/**
 * Levels for answers compressed per request: brotli 5 and gzip 6 take a few hundred microseconds
 * on a 100 kB answer and keep most of the gain of the slowest levels (which the build uses).
 */
export function compress(body: Buffer | string, coding: Coding): Buffer {
  return coding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
        },
      })
    : gzipSync(body, { level: 6 });
}

/**
 * Compresses text answers of at least COMPRESS_MIN_BYTES for clients that accept br or gzip, and
 * says `Vary: Accept-Encoding` on every answer whose form depends on it. Streams (static files,
 * precompressed at build) and answers that already carry a Content-Encoding pass untouched.
 */
export function installCompression(app: FastifyInstance): void {
  app.decorateReply(SPLICE, undefined);
  // A callback hook, not an async one: it never waits, and a promise per request was measurable.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    if (reply.hasHeader('content-encoding') || reply.statusCode === 204 || reply.statusCode === 304)
      return done(null, payload);
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !TEXT_TYPES.test(type)) return done(null, payload);
    // The splice, when it is still what the payload says (an error answered instead has its own).
    const marked = (reply as SplicedReply)[SPLICE];
    const splice =
      marked &&
      typeof payload === 'string' &&
      payload.length === marked.head.length + marked.bulk.length + marked.tail.length
        ? marked
        : undefined;
    // A spliced payload is a string of about 10 kB built per request: measuring it as UTF-8 cost
    // as much as the rest of the hook, and its parts' lengths are known.
    if (
      splice ? !splicedAtLeast(splice, COMPRESS_MIN_BYTES) : Buffer.byteLength(payload) < COMPRESS_MIN_BYTES
    )
      return done(null, payload);
    addVary(reply, 'accept-encoding');
    const accepts = accepted(req.headers['accept-encoding']);
    // The spliced answer exists only as gzip; when the client takes gzip it is the cheap choice.
    const coding = splice && accepts.gzip ? 'gzip' : accepts.best;
    if (!coding) return done(null, payload);
    const body = (splice && coding === 'gzip' && splicedGzip(splice)) || compress(payload, coding);
    reply.header('content-encoding', coding);
    // Fastify sets the length after this hook; only a handler's own would be stale (and deleting
    // an absent key still cost a runtime call per request).
    if (reply.hasHeader('content-length')) reply.removeHeader('content-length');
    done(null, body);
  });
}
