import { brotliCompressSync, constants, crc32, deflateRawSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

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
  const text = Array.isArray(current) ? current.join(', ') : current === undefined ? '' : String(current);
  const names = text
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (names.includes('*') || names.includes(name.toLowerCase())) return;
  reply.header('vary', names.length ? `${text}, ${name}` : name);
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

const splices = new WeakMap<FastifyReply, SplicedBody>();

/** Marks the reply's body (which must equal head + bulk + tail) for the spliced gzip. */
export function setSplicedBody(reply: FastifyReply, body: SplicedBody): void {
  splices.set(reply, body);
}

/** The gzip of a bulk string, kept for the last few bulks (one per snapshot in practice). */
const deflatedBulks = new Map<string, { deflated: Buffer; bytes: Buffer }>();
const MAX_BULKS = 4;

function deflatedBulk(bulk: string): { deflated: Buffer; bytes: Buffer } {
  let hit = deflatedBulks.get(bulk);
  if (!hit) {
    const bytes = Buffer.from(bulk);
    // SYNC_FLUSH instead of FINISH: the blocks end byte-aligned and without the final bit, so
    // more blocks may follow them in the same stream.
    hit = { deflated: deflateRawSync(bytes, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }), bytes };
    if (deflatedBulks.size >= MAX_BULKS) deflatedBulks.delete(deflatedBulks.keys().next().value!);
    deflatedBulks.set(bulk, hit);
  }
  return hit;
}

/** A stored (uncompressed) deflate block at a byte boundary (RFC 1951 §3.2.4). */
function storedBlock(data: Buffer, final: boolean): Buffer {
  const header = Buffer.alloc(5);
  header[0] = final ? 1 : 0;
  header.writeUInt16LE(data.length, 1);
  header.writeUInt16LE(~data.length & 0xffff, 3);
  return Buffer.concat([header, data]);
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const STORED_MAX = 0xffff;

/** RFC 1952 gzip of head + bulk + tail, with the bulk's deflate reused. */
export function splicedGzip({ head, bulk, tail }: SplicedBody): Buffer | null {
  const h = Buffer.from(head);
  const t = Buffer.from(tail);
  if (h.length > STORED_MAX || t.length > STORED_MAX) return null;
  const b = deflatedBulk(bulk);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(t, crc32(b.bytes, crc32(h))), 0);
  trailer.writeUInt32LE((h.length + b.bytes.length + t.length) >>> 0, 4);
  return Buffer.concat([GZIP_HEADER, storedBlock(h, false), b.deflated, storedBlock(t, true), trailer]);
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
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding') || reply.statusCode === 204 || reply.statusCode === 304)
      return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !TEXT_TYPES.test(type)) return payload;
    if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) return payload;
    addVary(reply, 'accept-encoding');
    const splice = splices.get(reply);
    // The spliced answer exists only as gzip; when the client takes gzip it is the cheap choice.
    const coding = preferredEncoding(
      req.headers['accept-encoding'],
      splice && preferredEncoding(req.headers['accept-encoding'], ['gzip']) ? ['gzip'] : ['br', 'gzip'],
    );
    if (!coding) return payload;
    const body = (splice && coding === 'gzip' && splicedGzip(splice)) || compress(payload, coding);
    reply.header('content-encoding', coding);
    reply.removeHeader('content-length');
    return body;
  });
}
