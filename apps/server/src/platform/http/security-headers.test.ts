import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config.ts';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';

/**
 * The headers helmet and the per-answer hook give (security-headers.ts): every policy the
 * hand-written hook sent before, unchanged or stricter, on documents, static files, JSON answers
 * and JSON errors, including those Fastify answers itself.
 */
let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'security-headers-test-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), readFileSync(join(repoRoot, 'apps/web/index.html'), 'utf8'));
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await createTestApp({ configOverrides: { webDist: dist, trustProxy: true } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

/** A policy's directives, as a set of normalised strings: the separator's spacing carries no meaning. */
const directives = (csp: unknown) =>
  new Set(
    String(csp)
      .split(';')
      .map((d) => d.trim().replace(/\s+/g, ' '))
      .filter(Boolean),
  );

const DOCUMENT_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
];

describe(`security headers from @fastify/helmet (${testDbKind})`, () => {
  it("a document and a static file carry the app's full policy, the referrer policy, nosniff and framing by this origin only", async () => {
    for (const url of ['/lottery', '/assets/app-abc123.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(directives(res.headers['content-security-policy']), url).toEqual(new Set(DOCUMENT_POLICY));
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin-allow-popups');
      expect(res.headers['x-permitted-cross-domain-policies'], url).toBe('none');
      expect(res.headers['origin-agent-cluster'], url).toBe('?1');
      expect(res.headers['x-powered-by'], url).toBeUndefined();
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('a JSON answer, a JSON error and an error Fastify itself answers let nothing load or frame them, with no referrer policy', async () => {
    const answers = [
      await t.call({ url: '/wps/system/location' }),
      await t.call({ url: '/wps/no/such/call' }),
      await t.call({
        method: 'POST',
        url: '/wps/member/login',
        payload: '{"not json',
        headers: { 'content-type': 'application/json' },
      }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 404, 400]);
    for (const res of answers) {
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBeUndefined();
    }
  });

  it('HSTS without includeSubDomains goes with every answer that came over TLS (here a trusted proxy says so), and only then', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const page = await t.app.inject({ method: 'GET', url: '/lottery', headers: https });
    const json = await t.call({ url: '/wps/system/status', headers: https });
    for (const res of [page, json]) expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    const plain = await t.call({ url: '/wps/system/status' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});
