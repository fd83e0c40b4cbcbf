import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';

/**
 * The reset e-mail's link, through real HTTP: the Host a browser sends carries the port, and
 * behind a trusted proxy the forwarded host and protocol are the ones the player used.
 */
async function listening(trustProxy: boolean): Promise<{ t: TestApp; base: string }> {
  const t = await createTestApp({
    configOverrides: { trustProxy },
    // Several links to one member within a minute: no resend gap in this test.
    services: { verification: { resendIntervalMs: 0, perTargetPerHour: 100 } },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return { t, base: `http://127.0.0.1:${port}` };
}

async function resetLink(
  server: { t: TestApp; base: string },
  headers: Record<string, string> = {},
): Promise<string> {
  const res = await fetch(`${server.base}/wps/member/password/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', merchant: 'SEA888', ...headers },
    body: JSON.stringify({ username: 'agent1', email: 'agent1@luckylotus.example' }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const [mail] = await server.t.app.ctx.outbox.list({ to: 'agent1@luckylotus.example', limit: 1 });
  return /(\S+)\/\?resetPasswordToken=/.exec(mail!.body)![1]!;
}

describe(`the reset link keeps the host and port the player used (${testDbKind})`, () => {
  let direct: { t: TestApp; base: string };
  let proxied: { t: TestApp; base: string };
  beforeAll(async () => {
    direct = await listening(false);
    proxied = await listening(true);
  });
  afterAll(async () => {
    await direct?.t.close();
    await proxied?.t.close();
  });

  it('a request to 127.0.0.1:<port> gets a link to 127.0.0.1:<port>, not to port 80', async () => {
    expect(await resetLink(direct)).toBe(direct.base);
  });

  it('without TRUST_PROXY, X-Forwarded-Host and -Proto are ignored', async () => {
    expect(
      await resetLink(direct, { 'x-forwarded-host': 'www.luckylotus.example', 'x-forwarded-proto': 'https' }),
    ).toBe(direct.base);
  });

  it('with TRUST_PROXY, the forwarded host (with its port) and protocol make the link', async () => {
    expect(
      await resetLink(proxied, {
        'x-forwarded-host': 'www.luckylotus.example',
        'x-forwarded-proto': 'https',
      }),
    ).toBe('https://www.luckylotus.example');
    expect(
      await resetLink(proxied, {
        'x-forwarded-host': 'www.luckylotus.example:8443',
        'x-forwarded-proto': 'https',
      }),
    ).toBe('https://www.luckylotus.example:8443');
    // A forwarded host that is not one of the site's domains never gets the token.
    expect(
      await resetLink(proxied, { 'x-forwarded-host': 'evil.example:8080', 'x-forwarded-proto': 'https' }),
    ).toBe('https://www.luckylotus.example');
    // A protocol other than http or https is not copied into the link.
    expect(
      await resetLink(proxied, { 'x-forwarded-host': 'localhost:8097', 'x-forwarded-proto': 'javascript' }),
    ).toBe('http://localhost:8097');
  });
});
