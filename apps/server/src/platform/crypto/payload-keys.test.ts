import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64, encryptPayload } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { loginCall, publicKey, secureCall } from '../../modules/session/accounts-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const login = { username: 'demo', password: 'Demo1234', captcha: '', type: 'username' };

describe(`encrypted calls (${testDbKind})`, () => {
  it('LG-16 GET /wps/session/publicKey serves an RSA key of 2048 bits or more as SPKI PEM, by key id', async () => {
    const res = await t.call({ url: '/wps/session/publicKey' });
    const v = res.json().value;
    expect(v.keyId).toMatch(/^k[a-z0-9]+$/);
    expect(v.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n?$/);
    const { createPublicKey } = await import('node:crypto');
    const key = createPublicKey(v.publicKey);
    expect(key.asymmetricKeyType).toBe('rsa');
    expect(key.asymmetricKeyDetails?.modulusLength).toBeGreaterThanOrEqual(2048);
    // A second instance on the same database serves the same key: keys live in the database.
    const second = await buildApp({ config: t.config, database: t.database });
    try {
      const again = await second.inject({ url: '/wps/session/publicKey', headers: { merchant: 'SEA888' } });
      expect(again.json().value.keyId).toBe(v.keyId);
    } finally {
      await second.close();
    }
  });

  it('refuses a plain body on an encrypted call with payload.encryption.required', async () => {
    const res = await t.call({ url: '/wps/session/login', method: 'POST', payload: login });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'payload.encryption.required' });
    const noHeaders = await t.call({ url: '/wps/session/login', method: 'POST', payload: { value: 'AAAA' } });
    expect(noHeaders.json().errorCode).toBe('payload.encryption.required');
  });

  it('refuses an unknown key id with payload.key.invalid', async () => {
    const res = await secureCall(t, {
      url: '/wps/session/login',
      payload: login,
      headers: { 'Encryption-Key-Id': 'k-unknown' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('payload.key.invalid');
  });

  it('refuses tampered ciphertext, a tampered wrapped key and a truncated body with payload.decrypt.failed', async () => {
    const key = await publicKey(t);
    const { body, headers } = await encryptPayload(key, login);
    const bytes = base64ToBytes(body.value);
    bytes[20] = bytes[20]! ^ 0x01;
    const flipped = await t.call({
      url: '/wps/session/login',
      method: 'POST',
      payload: { value: bytesToBase64(bytes) },
      headers,
    });
    expect(flipped.statusCode).toBe(400);
    expect(flipped.json().errorCode).toBe('payload.decrypt.failed');

    const fresh = await encryptPayload(key, login);
    const wrapped = base64ToBytes(fresh.headers.Encryption!);
    wrapped[5] = wrapped[5]! ^ 0x80;
    const badKey = await t.call({
      url: '/wps/session/login',
      method: 'POST',
      payload: fresh.body,
      headers: { ...fresh.headers, Encryption: bytesToBase64(wrapped) },
    });
    expect(badKey.json().errorCode).toBe('payload.decrypt.failed');

    const short = await encryptPayload(key, login);
    const cut = await t.call({
      url: '/wps/session/login',
      method: 'POST',
      payload: { value: short.body.value.slice(0, 24) },
      headers: short.headers,
    });
    expect(cut.json().errorCode).toBe('payload.decrypt.failed');

    const garbage = await t.call({
      url: '/wps/session/login',
      method: 'POST',
      payload: { value: 'not base64 at all!' },
      headers: short.headers,
    });
    expect(garbage.statusCode).toBe(400);
  });

  it('refuses a replayed request (same nonce) with payload.replayed, whichever instance it reaches', async () => {
    const key = await publicKey(t);
    const { body, headers } = await encryptPayload(key, login);
    const first = await t.call({ url: '/wps/session/login', method: 'POST', payload: body, headers });
    expect(first.statusCode).toBe(200);
    const replay = await t.call({ url: '/wps/session/login', method: 'POST', payload: body, headers });
    expect(replay.statusCode).toBe(409);
    expect(replay.json().errorCode).toBe('payload.replayed');
    // Another instance on the same database refuses it as well: nonces are stored, not remembered.
    const second = await buildApp({ config: t.config, database: t.database });
    try {
      const elsewhere = await second.inject({
        url: '/wps/session/login',
        method: 'POST',
        payload: body,
        headers: { merchant: 'SEA888', ...headers },
      });
      expect(elsewhere.json().errorCode).toBe('payload.replayed');
    } finally {
      await second.close();
    }
    // The same nonce in a new envelope is refused too.
    const nonce = bytesToBase64(crypto.getRandomValues(new Uint8Array(16)));
    expect(
      (await secureCall(t, { url: '/wps/session/login', payload: login, encrypt: { nonce } })).statusCode,
    ).toBe(200);
    expect(
      (await secureCall(t, { url: '/wps/session/login', payload: login, encrypt: { nonce } })).json()
        .errorCode,
    ).toBe('payload.replayed');
  });

  it('refuses a timestamp more than 5 minutes off with payload.timestamp.invalid', async () => {
    for (const ts of [Date.now() - 6 * 60_000, Date.now() + 6 * 60_000]) {
      const res = await secureCall(t, { url: '/wps/session/login', payload: login, encrypt: { ts } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errorCode).toBe('payload.timestamp.invalid');
    }
    expect(
      (
        await secureCall(t, {
          url: '/wps/session/login',
          payload: login,
          encrypt: { ts: Date.now() - 4 * 60_000 },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses a short nonce and decrypted fields that break the schema with 4xx codes', async () => {
    const short = await secureCall(t, {
      url: '/wps/session/login',
      payload: login,
      encrypt: { nonce: bytesToBase64(new Uint8Array(8)) },
    });
    expect(short.json().errorCode).toBe('payload.malformed');
    const badFields = await secureCall(t, {
      url: '/wps/session/login',
      payload: { username: 5, password: [] },
    });
    expect(badFields.statusCode).toBe(422);
    expect(badFields.json().errorCode).toBe('invalid.input');
    expect(badFields.json().message).toMatch(/username/);
  });
});

describe(`key rotation (${testDbKind})`, () => {
  let r: TestApp;
  beforeAll(async () => {
    r = await createTestApp({ services: { payloadKeys: { rotationMs: 60_000, graceMs: 4000 } } });
  });
  afterAll(async () => r?.close());

  it('rotates by key id and accepts the previous key only for the grace period', async () => {
    const oldKey = await publicKey(r);
    await r.app.ctx.payloadKeys.rotate();
    const newKey = await publicKey(r);
    expect(newKey.keyId).not.toBe(oldKey.keyId);
    expect((await loginCall(r, login)).statusCode).toBe(200);
    expect((await secureCall(r, { url: '/wps/session/login', payload: login, key: oldKey })).statusCode).toBe(
      200,
    );
    // Past the grace period; generous margins because an argon2 login under load takes ~1 s.
    await new Promise((done) => setTimeout(done, 4500));
    const late = await secureCall(r, { url: '/wps/session/login', payload: login, key: oldKey });
    expect(late.statusCode).toBe(400);
    expect(late.json().errorCode).toBe('payload.key.invalid');
    expect((await secureCall(r, { url: '/wps/session/login', payload: login, key: newKey })).statusCode).toBe(
      200,
    );
  });
});
