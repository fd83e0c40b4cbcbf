import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrandConfig } from '@app/contract';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { repoRoot } from '../../config.ts';
import { renderAppDocument } from './app-document.ts';

/** The app's own template, as the web build copies it to dist (the markers are its own). */
const TEMPLATE = readFileSync(join(repoRoot, 'apps/web/index.html'), 'utf8');

const demoBrand = (): BrandConfig => JSON.parse(readFileSync(join(repoRoot, 'config/brand.json'), 'utf8'));

describe('the app document: a start screen with the brand before any script runs (decision 015)', () => {
  it("writes the brand's name, escaped, into the title and the start screen", () => {
    const html = renderAppDocument(TEMPLATE, { ...demoBrand(), brandName: 'Golden <Dragon> & "Co" $1 $&' });
    const name = 'Golden &lt;Dragon&gt; &amp; &quot;Co&quot; $1 $&amp;';
    expect(html).toContain(`<title>${name}</title>`);
    expect(html).toContain(`<span class="boot-brand" data-brand-name>${name}</span>`);
    expect(html).not.toContain('Lucky Lotus');
    expect(html).not.toContain('<Dragon>');
  });

  it('puts theme tokens on the root element, leaving out any name or value that could leave the attribute', () => {
    const html = renderAppDocument(TEMPLATE, {
      ...demoBrand(),
      theme: {
        'color-accent': '#ff3366',
        'gradient-accent': 'linear-gradient(180deg, #fff 0%, #f36 100%)',
        'color-bg': 'red"><script>alert(1)</script>',
        'color-text': 'red; background: url(x)',
        'Bad Name': 'blue',
      },
    });
    expect(html).toContain(
      '<html lang="en" style="--color-accent:#ff3366;--gradient-accent:linear-gradient(180deg, #fff 0%, #f36 100%)">',
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('background: url');
    expect(html).not.toContain('Bad Name');
  });

  it('leaves the root element alone when the brand has no theme', () => {
    expect(renderAppDocument(TEMPLATE, { ...demoBrand(), theme: {} })).toContain('<html lang="en">');
  });

  describe('as the server answers a route of the app', () => {
    let t: TestApp;
    let dist: string;
    let brandPath: string;

    beforeAll(async () => {
      dist = mkdtempSync(join(tmpdir(), 'app-document-test-'));
      mkdirSync(join(dist, 'assets'));
      writeFileSync(join(dist, 'index.html'), TEMPLATE);
      brandPath = join(dist, 'brand.json');
      writeFileSync(brandPath, JSON.stringify({ ...demoBrand(), brandName: 'Mekong Star' }));
      t = await createTestApp({ configOverrides: { webDist: dist, brandConfigPath: brandPath } });
    });

    afterAll(async () => {
      await t.close();
      rmSync(dist, { recursive: true, force: true });
    });

    it("answers every history route with the brand's document, revalidated by its entity tag, HEAD without a body", async () => {
      const page = await t.app.inject({ method: 'GET', url: '/lottery' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain('<title>Mekong Star</title>');
      expect(page.body).toContain('<span class="boot-brand" data-brand-name>Mekong Star</span>');
      const etag = page.headers.etag;
      expect(etag).toMatch(/^"[\w-]{22}"$/);

      // The template's own file name answers the rendered document too (SH-02 counts it a route).
      for (const url of ['/', '/index.html']) {
        const home = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
        expect(home.statusCode, url).toBe(200);
        expect(home.body, url).toBe(page.body);
        expect(home.headers.etag, url).toBe(etag);
      }

      const again = await t.app.inject({
        method: 'GET',
        url: '/rng',
        headers: { 'if-none-match': String(etag) },
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);

      const head = await t.app.inject({ method: 'HEAD', url: '/promotions' });
      expect(head.statusCode).toBe(200);
      expect(head.rawPayload.length).toBe(0);
    });

    it("guards the document with the app's policy and a JSON answer with one that lets nothing load or frame it", async () => {
      const page = await t.app.inject({ method: 'GET', url: '/lottery' });
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(page.headers['x-content-type-options']).toBe('nosniff');

      // A call's answer, and an error answer, are data: never a document.
      for (const url of ['/wps/system/location', '/wps/no/such/call']) {
        const res = await t.call({ url });
        expect(res.headers['content-type'], url).toMatch(/^application\/json/);
        expect(res.headers['content-security-policy'], url).toBe(
          "default-src 'none'; frame-ancestors 'none'",
        );
        expect(res.headers['x-content-type-options'], url).toBe('nosniff');
        expect(res.headers['referrer-policy'], url).toBeUndefined();
      }
    });

    it('follows an edit of the brand config without a restart: new name, new entity tag', async () => {
      const before = await t.app.inject({ method: 'GET', url: '/noticePage' });
      writeFileSync(brandPath, JSON.stringify({ ...demoBrand(), brandName: 'Irrawaddy Luck' }));
      // The store looks at the file's modification time at most once a second.
      const later = new Date(Date.now() + 5000);
      utimesSync(brandPath, later, later);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const after = await t.app.inject({
        method: 'GET',
        url: '/noticePage',
        headers: { 'if-none-match': String(before.headers.etag) },
      });
      expect(after.statusCode).toBe(200);
      expect(after.body).toContain('<title>Irrawaddy Luck</title>');
      expect(after.headers.etag).not.toBe(before.headers.etag);
    });
  });
});
