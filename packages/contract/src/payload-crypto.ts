/**
 * The client side of encrypted calls (DESIGN.md §2), on WebCrypto only so the same code runs in
 * browsers, in Node 24 (tests, benchmarks) and in workers:
 *
 * - a fresh AES-256-GCM key and 12-byte IV per request;
 * - plaintext: UTF-8 JSON `{ payload, ts, nonce }` (ts epoch ms, nonce 16 random bytes, base64);
 * - body `{ value: base64(IV ‖ ciphertext ‖ tag) }`;
 * - header `Encryption`: base64 of the raw AES key wrapped with RSA-OAEP-SHA256 under the
 *   server's public key; header `Encryption-Key-Id`: the key's id from GET /wps/session/publicKey.
 */

export const ENCRYPTION_HEADER = 'Encryption';
export const ENCRYPTION_KEY_ID_HEADER = 'Encryption-Key-Id';
/** How far a payload's `ts` may be from the server's clock. */
export const PAYLOAD_MAX_SKEW_MS = 5 * 60_000;
export const PAYLOAD_IV_BYTES = 12;
export const PAYLOAD_TAG_BYTES = 16;
export const PAYLOAD_NONCE_BYTES = 16;

export interface EncryptedRequest {
  body: { value: string };
  headers: Record<string, string>;
}

export interface ServerPublicKey {
  keyId: string;
  /** SPKI public key in PEM. */
  publicKey: string;
}

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (!s)
    throw new Error(
      'WebCrypto (crypto.subtle) is not available: encrypted calls need a secure context (https or localhost)',
    );
  return s;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk)
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}

export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

function pemBody(pem: string): Uint8Array<ArrayBuffer> {
  const b64 = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  if (!b64) throw new Error('The server public key is empty');
  return base64ToBytes(b64);
}

const importedKeys = new Map<string, Promise<CryptoKey>>();

/** Imports (once per PEM) the server's RSA public key for RSA-OAEP with SHA-256. */
export function importServerPublicKey(pem: string): Promise<CryptoKey> {
  let key = importedKeys.get(pem);
  if (!key) {
    key = subtle().importKey('spki', pemBody(pem), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
    key.catch(() => importedKeys.delete(pem));
    importedKeys.set(pem, key);
  }
  return key;
}

export interface EncryptOptions {
  /** Override the timestamp (tests of the server's clock check). */
  ts?: number;
  /** Override the nonce (tests of the replay check); base64 of at least 16 bytes. */
  nonce?: string;
}

/** Encrypts one call's fields for the server key; the result is the body and headers to send. */
export async function encryptPayload(
  key: ServerPublicKey,
  payload: unknown,
  options: EncryptOptions = {},
): Promise<EncryptedRequest> {
  const s = subtle();
  const rsa = await importServerPublicKey(key.publicKey);
  const aes = await s.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(PAYLOAD_IV_BYTES));
  const nonce =
    options.nonce ?? bytesToBase64(globalThis.crypto.getRandomValues(new Uint8Array(PAYLOAD_NONCE_BYTES)));
  const plaintext = new TextEncoder().encode(
    JSON.stringify({ payload, ts: options.ts ?? Date.now(), nonce }),
  );
  // WebCrypto appends the 16-byte tag to the ciphertext, giving IV ‖ ciphertext ‖ tag once the IV leads.
  const sealed = new Uint8Array(
    await s.encrypt({ name: 'AES-GCM', iv, tagLength: PAYLOAD_TAG_BYTES * 8 }, aes, plaintext),
  );
  const rawKey = new Uint8Array(await s.exportKey('raw', aes));
  const wrapped = new Uint8Array(await s.encrypt({ name: 'RSA-OAEP' }, rsa, rawKey));
  const value = new Uint8Array(iv.length + sealed.length);
  value.set(iv, 0);
  value.set(sealed, iv.length);
  return {
    body: { value: bytesToBase64(value) },
    headers: { [ENCRYPTION_HEADER]: bytesToBase64(wrapped), [ENCRYPTION_KEY_ID_HEADER]: key.keyId },
  };
}
