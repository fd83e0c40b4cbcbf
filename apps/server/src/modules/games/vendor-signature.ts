import { createHmac, timingSafeEqual } from 'node:crypto';
import { Errors } from '@app/contract';
import { fail } from '../../platform/http/errors.ts';
import type { SignedCallback } from './vendor-adapter.ts';

/**
 * Signed requests between this platform and a game vendor (decision 019), both ways:
 *
 *   X-Vendor-Timestamp: <unix milliseconds>
 *   X-Vendor-Signature: hex(HMAC-SHA256(secret, "<timestamp>\n<METHOD>\n<path>\n<raw body>"))
 *
 * A request more than MAX_SKEW_MS from the receiver's clock is refused as stale, so a captured
 * request cannot be replayed later; within the window a replay is harmless (every movement is
 * idempotent per transaction id).
 */
export const TIMESTAMP_HEADER = 'x-vendor-timestamp';
export const SIGNATURE_HEADER = 'x-vendor-signature';
export const MAX_SKEW_MS = 5 * 60_000;

export function signRequest(
  secret: string,
  timestamp: string,
  method: string,
  path: string,
  rawBody: string,
): string {
  return createHmac('sha256', secret)
    .update(`${timestamp}\n${method.toUpperCase()}\n${path}\n${rawBody}`)
    .digest('hex');
}

/** The headers of a signed request sent now. */
export function signedHeaders(
  secret: string,
  method: string,
  path: string,
  rawBody: string,
  now = Date.now(),
) {
  const timestamp = String(now);
  return {
    [TIMESTAMP_HEADER]: timestamp,
    [SIGNATURE_HEADER]: signRequest(secret, timestamp, method, path, rawBody),
  };
}

function header(h: SignedCallback['headers'], name: string): string | undefined {
  const v = h[name];
  return typeof v === 'string' ? v : undefined;
}

/** Throws vendor.signature.invalid (401) unless the request is signed with `secret` within the window. */
export function verifySigned(secret: string, callback: SignedCallback, now = Date.now()): void {
  const timestamp = header(callback.headers, TIMESTAMP_HEADER);
  const signature = header(callback.headers, SIGNATURE_HEADER);
  if (!timestamp || !/^\d{1,15}$/.test(timestamp) || Math.abs(now - Number(timestamp)) > MAX_SKEW_MS)
    throw fail(Errors.vendorSignatureInvalid, { message: 'The request timestamp is missing or stale' });
  const expected = Buffer.from(
    signRequest(secret, timestamp, callback.method, callback.path, callback.rawBody),
    'hex',
  );
  const given = Buffer.from(signature && /^[0-9a-f]{64}$/i.test(signature) ? signature : '', 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw fail(Errors.vendorSignatureInvalid);
}
