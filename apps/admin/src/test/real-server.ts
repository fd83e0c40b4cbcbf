import { vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../server/src/test/test-app.ts';
import { totpCode } from '../../../server/src/modules/backoffice/totp.ts';

/**
 * The console's tests talk to the real server: a test app on its own database (the server tests'
 * PGlite template), reached through `fetch` handed to its inject(), so each request goes through
 * the real routes, access checks and audit log. Nothing of the server is imitated.
 */
export async function startRealServer(): Promise<TestApp> {
  // These tests run in Node (the server's modules need Node's URL, which jsdom replaces): the
  // console keeps its token in sessionStorage, so it gets a plain one.
  if (!('sessionStorage' in globalThis)) {
    const items = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, String(v)),
      removeItem: (k: string) => void items.delete(k),
      clear: () => items.clear(),
    });
  }
  const t = await createTestApp();
  let ip = 1;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url =
      typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
    const res = await t.app.inject({
      method: (init.method ?? 'GET') as 'GET' | 'POST',
      url,
      headers: {
        ...(init.headers as Record<string, string>),
        // A distinct caller address per request: the sign-in limits count per IP.
        'x-forwarded-for': `203.0.113.${(ip++ % 250) + 1}`,
      },
      ...(init.body !== undefined ? { payload: init.body as string } : {}),
    });
    return new Response(res.body, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? '') },
    });
  });
  return t;
}

/** Creates a member of staff as the CLI does: the account and its one-time password. */
export async function createStaff(
  t: TestApp,
  username: string,
  role: 'admin' | 'support' | 'risk' | 'finance' = 'admin',
) {
  return t.app.ctx.staff.create(
    { kind: 'cli', id: null, name: 'console-test', ip: null },
    {
      username,
      displayName: username,
      role,
    },
  );
}

/** A code of the authenticator for a step the account has not spent yet (each code works once). */
export async function nextCode(t: TestApp, username: string, secret: string): Promise<string> {
  const row = await t.database.db
    .selectFrom('staff')
    .select('totp_last_step')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  for (const offset of [-1, 0, 1]) {
    const at = Date.now() + offset * 30_000;
    if (Math.floor(at / 30_000) > row.totp_last_step) return totpCode(secret, at);
  }
  throw new Error('every step an authenticator may use now is spent: wait 30 s');
}
