import { type CallDef, type CallValue, encryptPayload, Errors, type ServerPublicKey } from '@app/contract';
import { isApiError } from './api-error.ts';
import { call, setEncryptedBodyEncoder, type CallOptions } from './client.ts';
import { getPublicKeyRef } from './call-refs/session.ts';

export { getPublicKeyRef as publicKeyCall };

let keyPromise: Promise<ServerPublicKey> | null = null;

/** The server's current key, fetched once and kept until the server says it has rotated away. */
function currentKey(): Promise<ServerPublicKey> {
  if (!keyPromise) {
    const pending = call(getPublicKeyRef);
    keyPromise = pending;
    // A failed fetch must not stick: the next encrypted call asks again.
    pending.catch(() => {
      if (keyPromise === pending) keyPromise = null;
    });
  }
  return keyPromise;
}

export function forgetPublicKey(): void {
  keyPromise = null;
}

let installed = false;

/**
 * Plugs the encrypted-call encoder of DESIGN.md §2 into the http client. Only the account dialogs
 * need it, so it is installed by their chunks, never by the entry (WebCrypto and the key fetch
 * stay off the home page's path).
 */
export function ensurePayloadEncryption(): void {
  if (installed) return;
  installed = true;
  setEncryptedBodyEncoder(async (_def, body) => encryptPayload(await currentKey(), body));
}

/**
 * An encrypted call. When the server has rotated its key past the grace period it refuses the
 * key id; the call is then sent once more under the fresh key, so a page left open for days
 * still logs in.
 */
export async function secureCall<C extends CallDef>(
  def: C,
  options: CallOptions<C> = {},
): Promise<CallValue<C>> {
  ensurePayloadEncryption();
  try {
    return await call(def, options);
  } catch (error) {
    if (!isApiError(error) || error.errorCode !== Errors.payloadKeyInvalid.code) throw error;
    forgetPublicKey();
    return call(def, options);
  }
}
