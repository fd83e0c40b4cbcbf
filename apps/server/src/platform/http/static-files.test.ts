import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { repoRoot } from '../../config.ts';

/**
 * The web build served from one wildcard route (decision 026): a file is looked up when asked, not
 * registered at the start, and whatever is no file (a folder, a missing asset) goes on to the
 * not-found handler as it did with a route per file.
 */
describe('the web build’s files, served from one wildcard route', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'static-files-test-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), readFileSync(join(repoRoot, 'apps/web/index.html'), 'utf8'));
    writeFileSync(join(dist, 'assets/app-abc123.js'), 'console.log("app");\n');
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp({ configOverrides: { webDist: dist } });
  });

  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves a hashed asset as immutable and any other file as no-cache, GET and HEAD', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/^application\/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toBe('console.log("app");\n');
    const head = await t.app.inject({ method: 'HEAD', url: '/assets/app-abc123.js' });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('serves a file written after the start (nothing is listed at the start)', async () => {
    writeFileSync(join(dist, 'assets/late-def456.js'), 'late();\n');
    const late = await t.app.inject({ method: 'GET', url: '/assets/late-def456.js' });
    expect(late.statusCode).toBe(200);
    expect(late.body).toBe('late();\n');
  });

  it('answers a folder with the app’s document, and a missing file or call with the JSON not-found', async () => {
    for (const url of ['/', '/assets/', '/assets']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.app.inject({ method, url, headers: { 'accept-encoding': 'identity' } });
        expect(res.statusCode, `${method} ${url}`).toBe(200);
        expect(res.headers['content-type'], `${method} ${url}`).toBe('text/html; charset=utf-8');
      }
    }
    for (const url of ['/assets/missing-000000.js', '/no-such-file.png', '/wps/no/such/call', '/.hidden']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ success: false, errorCode: 'not.found' });
    }
  });
});
