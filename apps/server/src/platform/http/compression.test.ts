import { rmSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { decodeBody, writeBuiltDist } from '../../test/built-dist.ts';
import { preferredEncoding, splicedGzip } from './compression.ts';

/** The body as the client reads it once the Content-Encoding is undone. */
const decoded = (res: { rawPayload: Buffer; headers: Record<string, unknown> }): Buffer =>
  decodeBody(res.rawPayload, res.headers['content-encoding']);

const varies = (res: { headers: Record<string, unknown> }) =>
  String(res.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/);

describe('compressed answers (decision 015)', () => {
  let t: TestApp;
  let dist: string;
  const script = Buffer.from(
    Array.from({ length: 400 }, (_, i) => `export const value${i} = "${'x'.repeat(i % 17)}";`).join('\n'),
  );

  beforeAll(async () => {
    const html = `<!doctype html><html><head><title>t</title></head><body>${'<p>hello</p>'.repeat(120)}</body></html>`;
    dist = writeBuiltDist('compression-test-', {
      'index.html': Buffer.from(html),
      'assets/app-abc123.js': script,
    });
    t = await createTestApp({ configOverrides: { webDist: dist } });
  });

  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('a built asset goes out as br, gzip or as it is, by Accept-Encoding, with the same content and Vary', async () => {
    const asked = async (acceptEncoding: string | undefined) =>
      t.app.inject({
        method: 'GET',
        url: '/assets/app-abc123.js',
        headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
      });
    const br = await asked('gzip, deflate, br, zstd');
    const gzip = await asked('gzip');
    const none = await asked(undefined);
    const identity = await asked('identity');
    for (const res of [br, gzip, none, identity]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(varies(res)).toContain('accept-encoding');
      expect(decoded(res).equals(script)).toBe(true);
    }
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    // q=0 refuses a coding: br refused, gzip taken.
    const noBr = await asked('br;q=0, gzip');
    expect(noBr.headers['content-encoding']).toBe('gzip');
  });

  it('the app page (history fallback) is compressed too, and HEAD answers its headers without a body', async () => {
    const get = await t.app.inject({ method: 'GET', url: '/rng', headers: { 'accept-encoding': 'br' } });
    expect(get.statusCode).toBe(200);
    expect(get.headers['content-encoding']).toBe('br');
    expect(decoded(get).toString()).toContain('<p>hello</p>');

    const head = await t.app.inject({
      method: 'HEAD',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.rawPayload.length).toBe(0);
    const getJs = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(head.headers['content-length']).toBe(getJs.headers['content-length']);
  });

  it('a range request answers 206 with the asked bytes of the form it names', async () => {
    const plain = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { range: 'bytes=0-99' },
    });
    expect(plain.statusCode).toBe(206);
    expect(plain.headers['content-range']).toBe(`bytes 0-99/${script.length}`);
    expect(plain.rawPayload.equals(script.subarray(0, 100))).toBe(true);

    // With a coding the range counts bytes of the encoded file (RFC 9110 §14: ranges apply to
    // the selected representation), and the encoded bytes are what the answer says they are.
    const full = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    const ranged = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip', range: 'bytes=10-49' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-encoding']).toBe('gzip');
    expect(ranged.headers['content-range']).toBe(`bytes 10-49/${full.rawPayload.length}`);
    expect(ranged.rawPayload.equals(full.rawPayload.subarray(10, 50))).toBe(true);

    const outside = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { range: `bytes=${script.length + 10}-` },
    });
    expect(outside.statusCode).toBe(416);
  });

  it('the status call (about 10 kB of JSON) goes out compressed with the same content; gzip is the spliced form', async () => {
    const status = (acceptEncoding?: string) =>
      t.call({
        method: 'GET',
        url: '/wps/system/status?url=localhost',
        headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
      });
    const none = await status();
    const browser = await status('gzip, deflate, br, zstd');
    const brOnly = await status('br');
    const gzipOnly = await status('gzip');
    expect(none.statusCode).toBe(200);
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.rawPayload.length).toBeGreaterThan(1024);
    expect(browser.headers['content-encoding']).toBe('gzip');
    expect(brOnly.headers['content-encoding']).toBe('br');
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    for (const res of [none, browser, brOnly, gzipOnly]) {
      expect(res.statusCode).toBe(200);
      expect(varies(res)).toContain('accept-encoding');
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(decoded(res).toString()).toBe(none.body);
    }
    expect(browser.rawPayload.length).toBeLessThan(none.rawPayload.length / 3);
    expect(JSON.parse(none.body)).toMatchObject({ success: true, value: { status: 0 } });

    const head = await t.call({
      method: 'HEAD',
      url: '/wps/system/status?url=localhost',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(head.rawPayload.length).toBe(0);
  });

  it('small answers and error envelopes go out as they are', async () => {
    const missing = await t.call({
      method: 'GET',
      url: '/wps/no/such/call',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(missing.body)).toMatchObject({ success: false });
  });
});

describe('compression helpers', () => {
  it('picks the coding by q-value, br first on a tie, none when nothing acceptable is named', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding(undefined)).toBeNull();
  });

  it('the spliced gzip of head + bulk + tail inflates to exactly their concatenation', () => {
    const bulk = JSON.stringify({ rows: Array.from({ length: 300 }, (_, i) => ({ i, name: `row ${i}` })) });
    const cases = [
      ['{"a":1,"bulk":', '}'],
      ['', ''],
      ['{"ü":"ñ","bulk":', `,"ip":"${'9'.repeat(3000)}"}`],
      ['{"b":2,"bulk":', '}'],
    ] as const;
    // Twice per bulk: the second round splices the suffixes as they were kept from the first, and
    // a bulk's suffixes are its own (a tail spliced after one bulk is summed afresh after another).
    for (const b of [bulk, bulk.replace(/row/g, 'wor'), bulk]) {
      for (const [head, tail] of [...cases, ...cases]) {
        const gz = splicedGzip({ head, bulk: b, tail })!;
        expect(gunzipSync(gz).toString()).toBe(head + b + tail);
      }
    }
  });

  it('a head or tail too long for one stored block is not spliced', () => {
    const bulk = JSON.stringify({ rows: Array.from({ length: 50 }, (_, i) => ({ i })) });
    const long = 'x'.repeat(0x10000);
    expect(splicedGzip({ head: long, bulk, tail: '}' })).toBeNull();
    expect(splicedGzip({ head: '{', bulk, tail: long })).toBeNull();
    expect(gunzipSync(splicedGzip({ head: '{', bulk, tail: '}' })!).toString()).toBe(`{${bulk}}`);
  });
});
