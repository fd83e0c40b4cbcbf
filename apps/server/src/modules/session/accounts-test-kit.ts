import type { LightMyRequestResponse } from 'fastify';
import { encryptPayload, type EncryptOptions, type ServerPublicKey } from '@app/contract';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Helpers for the account tests: encrypted calls made exactly as the web client makes them (the
 * contract's payload-crypto on WebCrypto), logins, and codes read from the outbox.
 */
export async function publicKey(t: TestApp): Promise<ServerPublicKey> {
  const res = await t.call({ url: '/wps/session/publicKey' });
  return res.json().value as ServerPublicKey;
}

export interface SecureCallOptions {
  url: string;
  method?: 'POST' | 'PUT';
  payload: unknown;
  token?: string;
  headers?: Record<string, string>;
  encrypt?: EncryptOptions;
  key?: ServerPublicKey;
}

export async function secureCall(t: TestApp, o: SecureCallOptions): Promise<LightMyRequestResponse> {
  const key = o.key ?? (await publicKey(t));
  const { body, headers } = await encryptPayload(key, o.payload, o.encrypt);
  return t.call({
    url: o.url,
    method: o.method ?? 'POST',
    payload: body,
    headers: { ...headers, ...o.headers },
    ...(o.token ? { token: o.token } : {}),
  });
}

export function loginCall(t: TestApp, payload: Record<string, unknown>, headers?: Record<string, string>) {
  return secureCall(t, {
    url: '/wps/session/login',
    payload: { type: 'username', captcha: '', ...payload },
    ...(headers ? { headers } : {}),
  });
}

/** Logs in and returns the token (fails the test with the server's answer otherwise). */
export async function loginToken(
  t: TestApp,
  username: string,
  password: string,
  headers?: Record<string, string>,
): Promise<string> {
  const res = await loginCall(t, { username, password }, headers);
  if (res.statusCode !== 200) throw new Error(`login of ${username} failed: ${res.statusCode} ${res.body}`);
  return res.json().value.token as string;
}

/** The newest 6-digit code the outbox holds for a recipient. */
export async function latestCode(t: TestApp, recipient: string): Promise<string> {
  const [row] = await t.app.ctx.outbox.list({ to: recipient, limit: 1 });
  const code = row && /\b(\d{6})\b/.exec(row.body)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${recipient}`);
  return code;
}

/** Reads the answer of the captcha bound to `captchaId` straight from the database (the test plays a human reading the image). */
export async function captchaAnswer(t: TestApp, captchaId: string): Promise<string> {
  const { createHash } = await import('node:crypto');
  const row = await t.database.db
    .selectFrom('captcha')
    .select('answer')
    .where('id_hash', '=', createHash('sha256').update(captchaId, 'utf8').digest())
    .executeTakeFirstOrThrow();
  return row.answer;
}

/**
 * The app the original-wire tests call: behind a trusted proxy (so each request group can come
 * from an address of its own), with verification codes that may be texted to the same demo
 * number again at once.
 */
export function createWireTestApp(): Promise<TestApp> {
  return createTestApp({
    configOverrides: { trustProxy: true },
    services: { verification: { resendIntervalMs: 0, perTargetPerHour: 100 } },
  });
}

/**
 * Fresh caller addresses in `prefix` (a documentation range such as '198.51.100'), one per request
 * group, so rate limits and the new-IP gate of one group never touch another.
 */
export function callerAddresses(prefix: string, first = 10): () => Record<string, string> {
  let next = first;
  return () => ({ 'x-forwarded-for': `${prefix}.${next++}` });
}
