import {
  constants,
  createDecipheriv,
  createPrivateKey,
  generateKeyPair,
  privateDecrypt,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { Errors, PAYLOAD_IV_BYTES, PAYLOAD_MAX_SKEW_MS, PAYLOAD_TAG_BYTES } from '@app/contract';
import type { Database } from '../../db/connection.ts';
import { fail } from '../http/errors.ts';

const generateKeyPairAsync = promisify(generateKeyPair);

/** An encrypted call as it arrived, read from the request at the edge (register-calls.ts). */
export interface SealedPayload {
  /** The Encryption header: the AES key wrapped with the server's RSA key, base64. */
  wrappedKey: unknown;
  /** The Encryption-Key-Id header. */
  keyId: unknown;
  /** The body's `value`: IV, ciphertext and tag, base64. */
  value: unknown;
}

export interface PayloadKeyPolicy {
  /** A new key is made when the newest is this old. */
  rotationMs: number;
  /** How long a superseded key is still accepted (clients that fetched it just before). */
  graceMs: number;
  /** Allowed distance between a payload's ts and the server clock. */
  maxSkewMs: number;
  /** RSA modulus size; 2048 at least. */
  modulusLength: number;
}

export const defaultPayloadKeyPolicy: PayloadKeyPolicy = {
  rotationMs: 24 * 3_600_000,
  graceMs: 3_600_000,
  maxSkewMs: PAYLOAD_MAX_SKEW_MS,
  modulusLength: 2048,
};

interface LoadedKey {
  keyId: string;
  publicPem: string;
  privateKey: KeyObject;
  createdAt: number;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function decodeBase64(text: unknown): Buffer | null {
  if (typeof text !== 'string' || text.length === 0 || text.length % 4 !== 0 || !BASE64.test(text))
    return null;
  return Buffer.from(text, 'base64');
}

/**
 * The server side of encrypted calls (DESIGN.md §2). RSA keys live in the database so that every
 * instance and every restart agree on them; each instance keeps the private keys it has used in
 * memory. Nonces are stored in the database until their timestamp can no longer be accepted, so
 * a replay is refused whichever instance it reaches.
 */
export class PayloadKeys {
  private readonly database: Database;
  private readonly policy: PayloadKeyPolicy;
  private readonly passphrase: string | undefined;
  private readonly keys = new Map<string, LoadedKey>();
  /** Creation times of every key, newest first, as last read from the database. */
  private ring: { keyId: string; createdAt: number }[] = [];
  private ringReadAt = 0;
  private rotating: Promise<void> | null = null;
  private nonceWrites = 0;

  constructor(database: Database, policy: Partial<PayloadKeyPolicy> = {}, passphrase?: string) {
    this.database = database;
    this.policy = { ...defaultPayloadKeyPolicy, ...policy };
    this.passphrase = passphrase || undefined;
  }

  /** The key clients should use now; makes one when there is none or the newest is due. */
  async current(): Promise<{ keyId: string; publicKey: string }> {
    await this.refreshRing(false);
    let newest = this.ring[0];
    if (!newest || Date.now() - newest.createdAt >= this.policy.rotationMs) {
      this.rotating ??= this.rotate().finally(() => (this.rotating = null));
      await this.rotating;
      newest = this.ring[0]!;
    }
    const key = await this.load(newest.keyId);
    return { keyId: key!.keyId, publicKey: key!.publicPem };
  }

  /** Makes a new key now (operators and tests; also the scheduled rotation). */
  async rotate(): Promise<void> {
    const { publicKey, privateKey } = await generateKeyPairAsync('rsa', {
      modulusLength: this.policy.modulusLength,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: this.passphrase
        ? { type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: this.passphrase }
        : { type: 'pkcs8', format: 'pem' },
    });
    const keyId = `k${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;
    await this.database.db
      .insertInto('payload_key')
      .values({ key_id: keyId, public_pem: publicKey, private_pem: privateKey })
      .execute();
    await this.refreshRing(true);
  }

  private async refreshRing(force: boolean): Promise<void> {
    // Other instances may rotate: re-read the (tiny) key list at most every 30 s, or on demand.
    if (!force && this.ring.length && Date.now() - this.ringReadAt < 30_000) return;
    const rows = await this.database.db
      .selectFrom('payload_key')
      .select(['key_id', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('key_id', 'desc')
      .execute();
    this.ring = rows.map((r) => ({ keyId: r.key_id, createdAt: new Date(r.created_at).getTime() }));
    this.ringReadAt = Date.now();
  }

  /** A key is accepted while it is the newest, and for the grace period after a newer one appeared. */
  private accepted(keyId: string): boolean {
    const i = this.ring.findIndex((k) => k.keyId === keyId);
    if (i === -1) return false;
    if (i === 0) return true;
    const successor = this.ring[i - 1]!;
    return Date.now() - successor.createdAt < this.policy.graceMs;
  }

  private async load(keyId: string): Promise<LoadedKey | null> {
    const cached = this.keys.get(keyId);
    if (cached) return cached;
    const row = await this.database.db
      .selectFrom('payload_key')
      .selectAll()
      .where('key_id', '=', keyId)
      .executeTakeFirst();
    if (!row) return null;
    const key: LoadedKey = {
      keyId,
      publicPem: row.public_pem,
      privateKey: createPrivateKey({
        key: row.private_pem,
        format: 'pem',
        ...(this.passphrase ? { passphrase: this.passphrase } : {}),
      }),
      createdAt: new Date(row.created_at).getTime(),
    };
    this.keys.set(keyId, key);
    return key;
  }

  /**
   * Opens the encrypted body of a request and returns the call's fields. Every refusal is a 4xx
   * with its own code: plain body, unknown or expired key, failed unwrap or tag, skewed clock,
   * replayed nonce.
   */
  async open(input: SealedPayload): Promise<unknown> {
    const { wrappedKey: wrappedHeader, keyId, value } = input;
    if (typeof wrappedHeader !== 'string' || typeof keyId !== 'string' || typeof value !== 'string') {
      throw fail(Errors.payloadEncryptionRequired);
    }
    if (keyId.length > 64) throw fail(Errors.payloadKeyInvalid);
    await this.refreshRing(false);
    if (!this.ring.some((k) => k.keyId === keyId)) await this.refreshRing(true);
    if (!this.accepted(keyId)) throw fail(Errors.payloadKeyInvalid);
    const key = await this.load(keyId);
    if (!key) throw fail(Errors.payloadKeyInvalid);

    const wrapped = decodeBase64(wrappedHeader);
    const sealed = decodeBase64(value);
    if (!wrapped || !sealed || sealed.length < PAYLOAD_IV_BYTES + PAYLOAD_TAG_BYTES + 2)
      throw fail(Errors.payloadDecryptFailed);
    let plaintext: string;
    try {
      const aesKey = privateDecrypt(
        { key: key.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        wrapped,
      );
      if (aesKey.length !== 32) throw new Error('not an AES-256 key');
      const iv = sealed.subarray(0, PAYLOAD_IV_BYTES);
      const tag = sealed.subarray(sealed.length - PAYLOAD_TAG_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', aesKey, iv, { authTagLength: PAYLOAD_TAG_BYTES });
      decipher.setAuthTag(tag);
      plaintext = Buffer.concat([
        decipher.update(sealed.subarray(PAYLOAD_IV_BYTES, sealed.length - PAYLOAD_TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw fail(Errors.payloadDecryptFailed);
    }

    let envelope: { payload?: unknown; ts?: unknown; nonce?: unknown };
    try {
      envelope = JSON.parse(plaintext) as typeof envelope;
    } catch {
      throw fail(Errors.payloadMalformed);
    }
    if (
      !envelope ||
      typeof envelope !== 'object' ||
      typeof envelope.ts !== 'number' ||
      !Number.isFinite(envelope.ts)
    ) {
      throw fail(Errors.payloadMalformed);
    }
    const nonceBytes = decodeBase64(envelope.nonce);
    if (!nonceBytes || nonceBytes.length < 16 || nonceBytes.length > 64) throw fail(Errors.payloadMalformed);
    const now = Date.now();
    if (Math.abs(now - envelope.ts) > this.policy.maxSkewMs) throw fail(Errors.payloadClockSkew);
    await this.rememberNonce(envelope.nonce as string, envelope.ts);
    return envelope.payload;
  }

  private async rememberNonce(nonce: string, ts: number): Promise<void> {
    // Kept until no request with this ts can be accepted any more, plus a minute of margin.
    const expires = new Date(Math.max(ts, Date.now()) + this.policy.maxSkewMs + 60_000);
    const inserted = await this.database.db
      .insertInto('payload_nonce')
      .values({ nonce, expires_at: expires })
      .onConflict((oc) => oc.column('nonce').doNothing())
      .returning('nonce')
      .executeTakeFirst();
    if (!inserted) throw fail(Errors.payloadReplayed);
    if (++this.nonceWrites % 500 === 0) {
      await sql`delete from payload_nonce where expires_at < now()`.execute(this.database.db);
    }
  }
}
