import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ART_WIDTHS, negotiateArtFormat, requestedWidth } from './art-formats.ts';

const BANNER = '/cdn/img1/TCG_PROD_IMAGES/BANNER/welcome.png';
const CHROME_IMAGE_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

// The first request of a form encodes it: a 1920-pixel banner as AVIF is seconds of CPU, and on a
// loaded 2-core CI machine the first test passed the 30 s default a test gets. These get 120 s.
describe('the drawn art as AVIF and WebP on the spec .png paths (decision 015)', { timeout: 120_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const get = (url: string, accept?: string) =>
    t.app.inject({ method: 'GET', url, headers: accept === undefined ? {} : { accept } });

  it('answers AVIF, WebP or PNG by the Accept header, same size and picture, with Vary: Accept', async () => {
    const avif = await get(BANNER, CHROME_IMAGE_ACCEPT);
    const webp = await get(BANNER, 'image/webp,*/*');
    const png = await get(BANNER);
    const anyImage = await get(BANNER, 'image/*');
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(png.headers['content-type']).toBe('image/png');
    expect(anyImage.headers['content-type']).toBe('image/png');
    for (const res of [avif, webp, png]) {
      expect(res.statusCode).toBe(200);
      expect(String(res.headers.vary).toLowerCase()).toContain('accept');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([1920, 560]);
    }
    expect((await sharp(avif.rawPayload).metadata()).format).toBe('heif');
    expect((await sharp(webp.rawPayload).metadata()).format).toBe('webp');
    // The point of it: the banner AVIF is a fraction of the PNG.
    expect(avif.rawPayload.length).toBeLessThan(png.rawPayload.length / 4);
    expect(webp.rawPayload.length).toBeLessThan(png.rawPayload.length / 2);
    // Each form has its own validator, and a revalidation of that form answers 304.
    expect(avif.headers.etag).not.toBe(png.headers.etag);
    const again = await t.app.inject({
      method: 'GET',
      url: BANNER,
      headers: { accept: CHROME_IMAGE_ACCEPT, 'if-none-match': String(avif.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('?w= gives a narrower copy at the same aspect ratio; other widths are no such image', async () => {
    for (const w of [360, 720, 1440]) {
      const res = await get(`${BANNER}?w=${w}`, CHROME_IMAGE_ACCEPT);
      expect(res.statusCode).toBe(200);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.width).toBe(w);
      expect(meta.height).toBe(Math.round((w * 560) / 1920));
    }
    // A width above the drawn size is the drawn size (never enlarged).
    const small = await get(`/cdn/img1/TCG_PROD_IMAGES/SOCIAL/telegram.png?w=480`, 'image/webp');
    expect(small.statusCode).toBe(200);
    expect((await sharp(small.rawPayload).metadata()).width).toBe(64);
    for (const bad of ['500', 'abc', '-1', '99999', '']) {
      const res = await get(`${BANNER}?w=${bad}`, CHROME_IMAGE_ACCEPT);
      expect(res.statusCode).toBe(404);
      expect(JSON.parse(res.body)).toMatchObject({ success: false });
    }
  });

  it('HEAD answers the negotiated type without a body', async () => {
    const head = await t.app.inject({
      method: 'HEAD',
      url: BANNER,
      headers: { accept: CHROME_IMAGE_ACCEPT },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/avif');
    expect(head.rawPayload.length).toBe(0);
  });

  it('negotiation and width parsing', () => {
    expect(negotiateArtFormat(CHROME_IMAGE_ACCEPT)).toBe('avif');
    expect(negotiateArtFormat('image/avif;q=0,image/webp')).toBe('webp');
    expect(negotiateArtFormat('*/*')).toBe('png');
    expect(negotiateArtFormat(undefined)).toBe('png');
    expect(requestedWidth({})).toEqual({ ok: true, width: null });
    expect(requestedWidth({ w: String(ART_WIDTHS[0]) })).toEqual({ ok: true, width: ART_WIDTHS[0] });
    expect(requestedWidth({ w: ['360', '720'] })).toEqual({ ok: false });
  });
});
