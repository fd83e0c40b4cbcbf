import { Transform, type Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ErrorDef } from '@app/contract';
import { fail } from './errors.ts';

/**
 * Lets one call of a plugin take a raw upload body (an image) of at most `maxBytes`, refused with
 * the call's own error, `tooLarge`, whichever way the body comes:
 * - with a Content-Length over the limit, from the header, before a byte is read;
 * - chunked (no length to read), counted as it arrives and refused once past the limit. Left to
 *   the parser, that refusal would be Fastify's generic one naming the server's 1 MB.
 * The parser is scoped to the plugin; the bytes' own signature decides their type later, not the
 * Content-Type header.
 */
export function acceptUploadBody(
  app: FastifyInstance,
  upload: { callId: string; types: string[]; maxBytes: number; tooLarge: ErrorDef },
): void {
  app.addContentTypeParser(
    upload.types,
    { parseAs: 'buffer', bodyLimit: upload.maxBytes },
    (_req, body, done) => done(null, body),
  );
  app.addHook('preParsing', async (req, _reply, payload) => {
    if (req.routeOptions.config.call?.id !== upload.callId) return payload;
    if (Number(req.headers['content-length'] ?? 0) > upload.maxBytes) throw fail(upload.tooLarge);
    return limitBody(payload, upload.maxBytes, upload.tooLarge);
  });
}

/** The body stream, failing with `tooLarge` as soon as more than `max` bytes came. */
function limitBody(payload: Readable, max: number, tooLarge: ErrorDef): Readable {
  let seen = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > max) done(fail(tooLarge));
      else done(null, chunk);
    },
  });
  payload.on('error', (err) => counted.destroy(err));
  return payload.pipe(counted);
}
