import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import Fastify from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imagePaths, inviteQrImage } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { demoBanners } from '../../seed/demo-content.ts';
import { avatarUrl } from '../member/member.service.ts';
import { affiliateUrl } from '../agent/register.service.ts';
import { referralLink } from '../referral/referral.service.ts';
import { ArtCache } from './art-cache.ts';
import { artResourcesOf, resolveArt } from './art-registry.ts';
import { AVATAR_COUNT } from './draw/avatar.ts';
import { bannerCopy } from './draw/banner.ts';
import { browserNames } from './draw/browser.ts';
import { qrLayout, qrSvg, renderQr } from './draw/qr.ts';
import { renderPartner } from './draw/partner.ts';
import { artCacheOf, cdnRoutes } from './cdn.routes.ts';
import { ART_WIDTHS } from './art-formats.ts';
import {
  artPathOf,
  firstVisitArt,
  homeLcpBanner,
  LCP_FORMATS,
  LCP_WIDTHS,
  prerenderArt,
  prerenderArtForms,
} from './prerender.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Expected pixel size of each image family, by the folder after TCG_PROD_IMAGES/. */
const familySizes: Record<string, [number, number]> = {
  LOGO: [360, 96],
  PARTNER: [200, 80],
  PAYMENT: [140, 56],
  SOCIAL: [64, 64],
  APP: [64, 64],
  QR: [240, 240],
  COUNTRY_FLAG: [48, 32],
  SUBMENU_IMG: [300, 200],
  BROWSER: [48, 48],
  AVATAR: [128, 128],
};

function expectedSize(url: string): [number, number] {
  const [, after] = url.split('/TCG_PROD_IMAGES/');
  const [folder, name] = (after ?? '').split('/');
  if (folder === 'BANNER') return name === 'login.png' || name === 'register.png' ? [720, 200] : [1920, 560];
  const size = familySizes[folder ?? ''];
  if (!size) throw new Error(`no expected size for ${url}`);
  return size;
}

async function expectPng(
  res: { statusCode: number; headers: Record<string, unknown>; rawPayload: Buffer },
  url: string,
) {
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type'], url).toBe('image/png');
  expect(res.headers['cache-control'], url).toBe('public, max-age=86400');
  expect(res.headers.etag, url).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
  expect(res.rawPayload.subarray(0, 8).equals(PNG_SIGNATURE), url).toBe(true);
  const meta = await sharp(res.rawPayload).metadata();
  expect([meta.width, meta.height], url).toEqual(expectedSize(url));
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe(`platform art under the CDN paths (${testDbKind})`, () => {
  it(
    'every image the seed references (status resources, QR codes, banners) is a PNG of its family size',
    { timeout: 120_000 },
    async () => {
      const status = (await t.call({ url: '/wps/system/status' })).json().value;
      const notices = (
        await t.call({ url: '/wps/relay/MCSFE_getListAnnouncements?types=B,PL,PU,PR&execution=B' })
      ).json().value;
      const urls = new Set<string>();
      for (const r of status.info.resources as { imageUrl: string; qrCodeUrl: string }[]) {
        if (r.imageUrl) urls.add(r.imageUrl);
        if (r.qrCodeUrl) urls.add(r.qrCodeUrl);
      }
      for (const b of notices.banners as { url: string }[]) urls.add(b.url);
      expect([...urls].filter((u) => u.includes('/BANNER/'))).toHaveLength(demoBanners.length);
      expect(urls.size).toBeGreaterThan(25);
      for (const url of urls) {
        expect(url.startsWith(`${status.info.imageCDNs[0]}/TCG_PROD_IMAGES/`), url).toBe(true);
        await expectPng(await t.call({ url }), url);
      }
    },
  );

  it(
    'serves every family, on every listed image host, including names the seed does not use',
    { timeout: 60_000 },
    async () => {
      const status = (await t.call({ url: '/wps/system/status' })).json().value;
      const hosts: string[] = [...status.info.imageCDNs, ...status.info.launchGameCDNs];
      const paths = [
        'LOGO/logo.png',
        'PARTNER/RNG/NEWSTUDIO.png',
        'PARTNER/N2/AG.png',
        'PAYMENT/ALIPAY.png',
        'SOCIAL/zalo.png',
        'APP/android.png',
        'QR/appAndroid.png',
        'COUNTRY_FLAG/GB.png',
        'COUNTRY_FLAG/FR.png',
        'BROWSER/chrome.png',
        'BROWSER/firefox.png',
        'BROWSER/ie.png',
      ];
      for (const [i, path] of paths.entries()) {
        const url = `${hosts[i % hosts.length]}/TCG_PROD_IMAGES/${path}`;
        await expectPng(await t.call({ url }), url);
      }
      for (const [type, vassalage] of [
        ['LIVE', 'EVO'],
        ['RNG', 'PG'],
        ['FISH', 'JILI'],
        ['SPORTS', 'SABA'],
        ['ESPORTS', 'IMES'],
        ['LOTT', 'TCG_SEA'],
        ['ELOTT', 'TCG_SEA'],
        ['PVP', 'KM'],
        ['BINGO', 'TCG_SEA'],
        ['CASUAL', 'NEW_VENDOR'],
      ] as const) {
        const url = imagePaths.vendor(hosts[0]!, type, vassalage);
        await expectPng(await t.call({ url }), url);
      }
      for (const code of ['VN', 'TH', 'MM', 'MY', 'PH', 'ID', 'KH', 'CN', 'JP', 'BR', 'US', 'GB', 'KR']) {
        const url = imagePaths.countryFlag(hosts[1]!, code);
        await expectPng(await t.call({ url }), url);
      }
    },
  );

  it('the same path draws the same bytes on every host and in a fresh server', async () => {
    const path = 'TCG_PROD_IMAGES/SUBMENU_IMG/STYLE2/LIVE-EVO.png';
    const a = await t.call({ url: `/cdn/img1/${path}` });
    const b = await t.call({ url: `/cdn/img2/${path}` });
    expect(a.rawPayload.equals(b.rawPayload)).toBe(true);
    expect(a.headers.etag).toBe(b.headers.etag);

    // A second app has its own cache, so this is a fresh render of the same path. It has no
    // services, so it is asked for art that spells no name from the site's data.
    const plain = 'TCG_PROD_IMAGES/PAYMENT/VISA.png';
    const other = Fastify();
    await other.register(cdnRoutes);
    const c = await other.inject({ url: `/cdn/img1/${plain}` });
    expect(c.rawPayload.equals((await t.call({ url: `/cdn/img2/${plain}` })).rawPayload)).toBe(true);
    await other.close();

    const d = await t.call({ url: '/cdn/img1/TCG_PROD_IMAGES/SUBMENU_IMG/STYLE2/LIVE-SEXY.png' });
    expect(d.headers.etag).not.toBe(a.headers.etag);
  });

  it('answers 304 when If-None-Match carries the current ETag, and the image otherwise', async () => {
    const url = '/cdn/img1/TCG_PROD_IMAGES/PAYMENT/VISA.png';
    const first = await t.call({ url });
    const etag = String(first.headers.etag);
    for (const inm of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await t.call({ url, headers: { 'if-none-match': inm } });
      expect(again.statusCode, inm).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('public, max-age=86400');
    }
    const stale = await t.call({ url, headers: { 'if-none-match': '"stale"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(first.rawPayload)).toBe(true);

    const head = await t.call({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/png');
  });

  it('unknown names, traversal, overlong and odd paths answer 404 envelopes, never a 500', async () => {
    const bad = [
      '/cdn/img1/TCG_PROD_IMAGES/BANNER/nope.png',
      '/cdn/img1/TCG_PROD_IMAGES/LOGO/logo.jpg',
      '/cdn/img1/TCG_PROD_IMAGES/LOGO/logo.png.png',
      '/cdn/img1/TCG_PROD_IMAGES/LOGO/logo',
      '/cdn/img1/TCG_PROD_IMAGES/LOGO.png',
      '/cdn/img1/TCG_PROD_IMAGES/BANNER/welcome.png/extra.png',
      '/cdn/img1/TCG_PROD_IMAGES/%2e%2e/%2e%2e/etc/passwd.png',
      '/cdn/img1/TCG_PROD_IMAGES/BANNER/..%2f..%2fwelcome.png',
      '/cdn/img1/TCG_PROD_IMAGES/BANNER/wel%20come.png',
      '/cdn/img1/TCG_PROD_IMAGES/BANNER/%E6%AC%A2%E8%BF%8E.png',
      '/cdn/img1/TCG_PROD_IMAGES/BANNER/constructor.png',
      '/cdn/img1/TCG_PROD_IMAGES/__proto__/logo.png',
      '/cdn/img1/TCG_PROD_IMAGES/hasOwnProperty/x.png',
      '/cdn/img1/TCG_PROD_IMAGES/NOSUCHFOLDER/x.png',
      '/cdn/img1/TCG_PROD_IMAGES/COUNTRY_FLAG/vn.png',
      '/cdn/img1/TCG_PROD_IMAGES/COUNTRY_FLAG/VNM.png',
      '/cdn/img1/TCG_PROD_IMAGES/PARTNER/XX/EVO.png',
      '/cdn/img1/TCG_PROD_IMAGES/PARTNER/RNG/EVO-1.png',
      '/cdn/img1/TCG_PROD_IMAGES/PAYMENT/visa.png',
      '/cdn/img1/TCG_PROD_IMAGES/SOCIAL/myspace.png',
      '/cdn/img1/TCG_PROD_IMAGES/QR/appWindows.png',
      '/cdn/img1/TCG_PROD_IMAGES/SUBMENU_IMG/STYLE1/LIVE-EVO.png',
      '/cdn/img1/TCG_PROD_IMAGES/SUBMENU_IMG/STYLE2/LIVEEVO.png',
      '/cdn/img1/TCG_PROD_IMAGES/SUBMENU_IMG/STYLE2/live-EVO.png',
      '/cdn/img1/TCG_PROD_IMAGES/SUBMENU_IMG/STYLE2/LIVE-.png',
      `/cdn/img1/TCG_PROD_IMAGES/SUBMENU_IMG/STYLE2/LIVE-${'E'.repeat(60)}.png`,
      `/cdn/img1/TCG_PROD_IMAGES/${'A/'.repeat(120)}x.png`,
      `/cdn/img1/TCG_PROD_IMAGES/PAYMENT/${'V'.repeat(5000)}.png`,
      '/cdn/bad_host!/TCG_PROD_IMAGES/LOGO/logo.png',
      `/cdn/${'h'.repeat(40)}/TCG_PROD_IMAGES/LOGO/logo.png`,
      '/cdn/img1/OTHER_IMAGES/LOGO/logo.png',
      '/cdn/img1/TCG_PROD_IMAGES/',
    ];
    for (const url of bad) {
      const res = await t.call({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toMatchObject({
        success: false,
        errorCode: 'not.found',
        message: expect.any(String),
      });
    }
    // A NUL byte is refused at the edge for every route (hardening defect 3), before any lookup.
    const nul = await t.call({ url: '/cdn/img1/TCG_PROD_IMAGES/BANNER/welcome%00.png' });
    expect(nul.statusCode).toBe(422);
    expect(nul.json()).toMatchObject({ success: false, errorCode: 'invalid.input' });
    const post = await t.call({
      method: 'POST',
      url: '/cdn/img1/TCG_PROD_IMAGES/LOGO/logo.png',
      payload: {},
    });
    expect(post.statusCode).toBe(404);
    expect(post.json().success).toBe(false);
  });

  it('QR codes encode the absolute download address on the caller’s own host', async () => {
    const read = async (png: Buffer) => {
      const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) => data[Math.floor(y) * info.width + Math.floor(x)]!;
      // Mean of the four pixels around the point: robust to which pixel "the centre" falls in.
      return (x: number, y: number) =>
        (at(x - 0.5, y - 0.5) + at(x + 0.5, y - 0.5) + at(x - 0.5, y + 0.5) + at(x + 0.5, y + 0.5)) / 4 < 128;
    };
    const check = async (name: string, host: string, expected: string) => {
      const res = await t.call({ url: `/cdn/img1/TCG_PROD_IMAGES/QR/${name}.png`, headers: { host } });
      await expectPng(res, `/cdn/img1/TCG_PROD_IMAGES/QR/${name}.png`);
      const dark = await read(res.rawPayload);
      const layout = qrLayout(expected);
      let compared = 0;
      for (let r = 0; r < layout.size; r++) {
        for (let c = 0; c < layout.size; c++) {
          const inBadge =
            layout.badge &&
            r >= layout.badge[0] &&
            r <= layout.badge[1] &&
            c >= layout.badge[0] &&
            c <= layout.badge[1];
          if (inBadge) continue;
          const centre = (i: number) => layout.offset + i * layout.cell + layout.cell / 2;
          expect(dark(centre(c), centre(r)), `${expected} module ${r},${c}`).toBe(layout.dark(r, c));
          compared++;
        }
      }
      // The badge hides at most 6% of the modules: error correction level H restores up to 30%.
      expect(compared / layout.size ** 2).toBeGreaterThan(0.94);
      return res;
    };
    const ios = await check(
      'appIos',
      'play.example.com:8080',
      'http://play.example.com:8080/download/lucky-lotus.ipa',
    );
    await check(
      'appAndroid',
      'play.example.com:8080',
      'http://play.example.com:8080/download/lucky-lotus.apk',
    );
    const elsewhere = await check(
      'appIos',
      'm.luckylotus.example',
      'http://m.luckylotus.example/download/lucky-lotus.ipa',
    );
    expect(elsewhere.headers.etag).not.toBe(ios.headers.etag);

    const forged = await t.call({
      url: '/cdn/img1/TCG_PROD_IMAGES/QR/appIos.png',
      headers: { host: 'evil host<script>' },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ success: false, errorCode: 'invalid.input' });
  });

  it('invitation QR codes: an SVG of the site’s own link for the code on the caller’s host, cached, 304 on its ETag; anything else 404, never a 500', async () => {
    const get = (url: string, headers: Record<string, string> = {}) =>
      t.call({ url, headers: { host: 'play.example.com:8080', ...headers } });
    // The modules at their centres, rasterised as a browser would: the code reads as the link.
    const expectQrOf = async (
      res: { statusCode: number; headers: Record<string, unknown>; body: string },
      link: string,
    ) => {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.body).toBe(qrSvg(link));
      // Nothing of the request is written into the SVG: only the modules of the code.
      expect(res.body).not.toContain('referralCode');
      const { data, info } = await sharp(Buffer.from(res.body))
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const layout = qrLayout(link);
      const centre = (i: number) => Math.floor(layout.offset + i * layout.cell + layout.cell / 2);
      let compared = 0;
      for (let r = 0; r < layout.size; r++)
        for (let c = 0; c < layout.size; c++) {
          const b = layout.badge;
          if (b && r >= b[0] && r <= b[1] && c >= b[0] && c <= b[1]) continue;
          expect(data[centre(r) * info.width + centre(c)]! < 128, `${link} module ${r},${c}`).toBe(
            layout.dark(r, c),
          );
          compared++;
        }
      expect(compared / layout.size ** 2).toBeGreaterThan(0.94);
    };
    const url = inviteQrImage('/cdn/img1', 'REFERRAL', 'ab12cd34');
    expect(url).toBe('/cdn/img1/TCG_PROD_IMAGES/INVITE_QR/REFERRAL/ab12cd34.svg');
    const referral = await get(url);
    await expectQrOf(referral, referralLink('http://play.example.com:8080', 'ab12cd34'));
    expect(referral.headers['cache-control']).toBe('public, max-age=86400');
    expect((await get(url, { 'if-none-match': referral.headers.etag as string })).statusCode).toBe(304);
    // Another host is another link, hence another image.
    const elsewhere = await get(url, { host: 'm.luckylotus.example' });
    await expectQrOf(elsewhere, 'http://m.luckylotus.example/?referralCode=ab12cd34');
    expect(elsewhere.headers.etag).not.toBe(referral.headers.etag);

    // An agent's link as its list writes it (the seed's switches: the code in the first host label).
    const { mainDomain } = await t.app.ctx.system.info();
    const site = mainDomain
      ? { protocol: 'https', host: mainDomain }
      : { protocol: 'http', host: 'play.example.com:8080' };
    const link = await get(inviteQrImage('/cdn/img1', 'LINK', 'k3y4x9q2w8e7'));
    await expectQrOf(
      link,
      affiliateUrl('k3y4x9q2w8e7', site, { codeInQuery: false, simplified: false, registerPage: false }),
    );
    expect(link.headers['cache-control']).toBe('private, max-age=300');

    const bad = [
      'INVITE_QR/REFERRAL/ab_12cd34.svg',
      'INVITE_QR/REFERRAL/ab1.svg',
      `INVITE_QR/REFERRAL/${'a'.repeat(33)}.svg`,
      `INVITE_QR/REFERRAL/${'a'.repeat(5000)}.svg`,
      'INVITE_QR/REFERRAL/ab12cd34.png',
      'INVITE_QR/REFERRAL/ab12cd34',
      'INVITE_QR/REFERRAL/ab12-cd34.svg',
      'INVITE_QR/REFERRAL/ab12cd34.svg/x.svg',
      'INVITE_QR/referral/ab12cd34.svg',
      'INVITE_QR/ANY/ab12cd34.svg',
      'INVITE_QR/ab12cd34.svg',
      'INVITE_QR/',
      'INVITE_QR/REFERRAL/..%2fab12cd34.svg',
      'INVITE_QR/REFERRAL/%68ttp%3a%2f%2fevil.example.svg',
      'INVITE_QR/LINK/%E6%AC%A2%E8%BF%8E.svg',
      'INVITE_QR/LINK/ab12cd34.svg?w=480&data=http://evil.example',
    ];
    for (const path of bad) {
      const res = await get(`/cdn/img1/TCG_PROD_IMAGES/${path}`);
      const ok = path.includes('?') ? 200 : 404;
      expect(res.statusCode, path).toBe(ok);
      if (ok === 404) expect(res.json(), path).toMatchObject({ success: false, errorCode: 'not.found' });
      // A query adds nothing: the image is the code's link.
      else
        expect(res.body).toBe(
          qrSvg(
            affiliateUrl('ab12cd34', site, { codeInQuery: false, simplified: false, registerPage: false }),
          ),
        );
    }
    const forged = await get(url, { host: 'evil host<script>' });
    expect(forged.statusCode).toBe(400);
    expect((await get(`${url.slice(0, -4)}%00.svg`)).statusCode).toBe(422);

    // An app of the CDN routes alone draws the referral codes, and has no agent links to write.
    const bare = Fastify();
    await bare.register(cdnRoutes);
    const alone = await bare.inject({ url, headers: { host: 'play.example.com:8080' } });
    expect(alone.body).toBe(referral.body);
    expect((await bare.inject({ url: inviteQrImage('/cdn/img1', 'LINK', 'k3y4x9q2w8e7') })).statusCode).toBe(
      404,
    );
    await bare.close();
  });

  it('images are served without any database: the route stands on its own', async () => {
    const bare = Fastify();
    await bare.register(cdnRoutes);
    const res = await bare.inject({ url: '/cdn/img1/TCG_PROD_IMAGES/COUNTRY_FLAG/VN.png' });
    await expectPng(res, '/cdn/img1/TCG_PROD_IMAGES/COUNTRY_FLAG/VN.png');
    await bare.close();
  });

  it('a raw request with dot segments (not normalised by a client) reaches the route and gets a 404', async () => {
    // inject() normalises "..", as browsers do; a hand-made request does not, so send one over a socket.
    const bare = Fastify();
    await bare.register(cdnRoutes);
    await bare.listen({ host: '127.0.0.1', port: 0 });
    const { port } = bare.server.address() as { port: number };
    try {
      for (const path of [
        '/cdn/img1/TCG_PROD_IMAGES/../../../etc/passwd',
        '/cdn/img1/TCG_PROD_IMAGES/BANNER/../../../../etc/passwd.png',
        '/cdn/img1/TCG_PROD_IMAGES/./LOGO/logo.png',
      ]) {
        const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
          const req = request({ host: '127.0.0.1', port, path }, (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (text += chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
          });
          req.on('error', reject);
          req.end();
        });
        expect(status, path).toBe(404);
        expect(JSON.parse(body), path).toMatchObject({ success: false, errorCode: 'not.found' });
      }
    } finally {
      await bare.close();
    }
  });

  it(
    'member avatars 1..12 are distinct round 128×128 PNGs at the URL the member calls give',
    { timeout: 60_000 },
    async () => {
      const status = (await t.call({ url: '/wps/system/status' })).json().value;
      const host: string = status.info.imageCDNs[0];
      const etags = new Set<string>();
      for (let n = 1; n <= AVATAR_COUNT; n++) {
        const url = `${host}${avatarUrl(String(n), 'STATIC')}`;
        const res = await t.call({ url });
        await expectPng(res, url);
        etags.add(String(res.headers.etag));
        // Round: the corners are transparent, the centre is opaque.
        const { data, info } = await sharp(res.rawPayload)
          .ensureAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true });
        const alpha = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3];
        for (const [x, y] of [
          [0, 0],
          [127, 0],
          [0, 127],
          [127, 127],
          [6, 6],
        ] as const)
          expect(alpha(x, y), `${url} corner ${x},${y}`).toBe(0);
        expect(alpha(64, 64), url).toBe(255);
        expect(alpha(64, 2), url).toBe(255);
      }
      expect(etags.size).toBe(AVATAR_COUNT);
      expect(AVATAR_COUNT).toBe(12);

      for (const name of ['0', '13', '99', '01', '-1', 'a', 'one', 'x1', '1e1', 'avatar']) {
        const res = await t.call({ url: `${host}/TCG_PROD_IMAGES/AVATAR/${name}.png` });
        expect(res.statusCode, name).toBe(404);
        expect(res.json(), name).toMatchObject({ success: false, errorCode: 'not.found' });
      }
      for (const url of [
        `${host}/TCG_PROD_IMAGES/AVATAR/1.jpg`,
        `${host}/TCG_PROD_IMAGES/AVATAR/1/2.png`,
        `${host}/TCG_PROD_IMAGES/AVATAR.png`,
        `${host}/TCG_PROD_IMAGES/avatar/1.png`,
      ]) {
        expect((await t.call({ url })).statusCode, url).toBe(404);
      }
    },
  );

  it('the first-visit images are every banner, every resource image and the browser icons, all drawable', async () => {
    const urls = await firstVisitArt(t.app.ctx);
    const status = (await t.call({ url: '/wps/system/status' })).json().value;
    const notices = (
      await t.call({ url: '/wps/relay/MCSFE_getListAnnouncements?types=B&execution=B' })
    ).json().value;
    const expected = new Set<string>([
      ...(notices.banners as { url: string }[]).map((b) => b.url),
      ...(status.info.resources as { imageUrl: string }[]).map((r) => r.imageUrl),
      ...browserNames.map((b) => `${status.info.imageCDNs[0]}/TCG_PROD_IMAGES/BROWSER/${b}.png`),
    ]);
    expect(new Set(urls)).toEqual(expected);
    expect(urls.length).toBe(expected.size);
    // Banners first: they are the slowest to draw and the first thing the home page shows.
    expect(urls.slice(0, demoBanners.length).every((u) => u.includes('/BANNER/'))).toBe(true);
    expect(urls.some((u) => u.endsWith('/LOGO/logo.png'))).toBe(true);
    const resources = artResourcesOf(status.info.resources);
    for (const url of urls)
      expect(resolveArt(artPathOf(url) ?? '', { origin: 'http://localhost', resources }), url).not.toBeNull();
  });

  it('prerendering fills the cache the CDN route answers from, and skips what it cannot or should not draw', async () => {
    expect(artCacheOf(t.app)).toBeInstanceOf(ArtCache);
    const cache = new ArtCache();
    const bare = Fastify();
    await bare.register(cdnRoutes, { cache });
    try {
      expect(artCacheOf(bare)).toBe(cache);
      const drawable = [
        '/cdn/img1/TCG_PROD_IMAGES/LOGO/logo.png',
        '/cdn/img2/TCG_PROD_IMAGES/BROWSER/chrome.png',
        'TCG_PROD_IMAGES/AVATAR/7.png',
        '/cdn/img1/TCG_PROD_IMAGES/PAYMENT/VISA.png?v=2',
      ];
      const report = await prerenderArt(bare, [
        ...drawable,
        '/cdn/img1/TCG_PROD_IMAGES/BROWSER/chrome.png',
        '/cdn/img1/TCG_PROD_IMAGES/QR/appIos.png',
        '/cdn/img1/TCG_PROD_IMAGES/BANNER/nope.png',
        'https://elsewhere.example/banner.png',
        '/cdn/img1/XTCG_PROD_IMAGES/LOGO/logo.png',
      ]);
      expect(report).toMatchObject({ rendered: 4, cached: 1, skipped: 4, failed: 0 });
      expect(report.ms).toBeGreaterThanOrEqual(0);
      expect(cache.size).toBe(4);
      for (const key of ['LOGO/logo', 'BROWSER/chrome', 'AVATAR/7', 'PAYMENT/VISA'])
        expect(cache.has(key), key).toBe(true);

      // The route serves the prerendered bytes.
      const kept = await cache.get('AVATAR/7', () => Promise.reject(new Error('not cached')));
      const res = await bare.inject({ url: '/cdn/img1/TCG_PROD_IMAGES/AVATAR/7.png' });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(kept.body)).toBe(true);
      expect(res.headers.etag).toBe(kept.etag);

      // A stop request ends the run before the next image.
      let left = 1;
      const stopped = await prerenderArt(
        bare,
        ['/cdn/img1/TCG_PROD_IMAGES/AVATAR/1.png', '/cdn/img1/TCG_PROD_IMAGES/AVATAR/2.png'],
        { stop: () => left-- <= 0 },
      );
      expect(stopped).toMatchObject({ rendered: 1, cached: 0, skipped: 0, failed: 0 });
      expect(cache.has('AVATAR/2')).toBe(false);
    } finally {
      await bare.close();
    }
    await expect(prerenderArt(Fastify(), [])).rejects.toThrow(/not registered/);
  });

  it("prerendering the LCP banner's forms fills the cache the route answers a phone's AVIF and WebP from", async () => {
    const lcp = await homeLcpBanner(t.app.ctx);
    const notices = (
      await t.call({ url: '/wps/relay/MCSFE_getListAnnouncements?types=B&execution=B' })
    ).json().value as { banners: { url: string; groupName: string }[] };
    expect(lcp).toBe(notices.banners.find((b) => b.groupName === 'index')!.url);
    for (const width of LCP_WIDTHS) expect(ART_WIDTHS).toContain(width);

    const cache = new ArtCache();
    const bare = Fastify();
    await bare.register(cdnRoutes, { cache });
    try {
      const forms = { formats: LCP_FORMATS, widths: [720] };
      expect(await prerenderArtForms(bare, lcp!, forms)).toMatchObject({ rendered: 2, cached: 0, failed: 0 });
      // Again: every form is there already.
      expect(await prerenderArtForms(bare, lcp!, forms)).toMatchObject({ rendered: 0, cached: 2 });
      const path = lcp!.slice(lcp!.indexOf('TCG_PROD_IMAGES/'));
      for (const [accept, type] of [
        ['image/avif,image/webp,*/*', 'image/avif'],
        ['image/webp,*/*', 'image/webp'],
      ] as const) {
        const entries = cache.size;
        const res = await bare.inject({ url: `/cdn/img1/${path}?w=720`, headers: { accept } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe(type);
        // Answered from the cache: nothing new was encoded.
        expect(cache.size).toBe(entries);
      }
      // A QR code encodes the caller's host: never prerendered.
      expect(await prerenderArtForms(bare, '/cdn/img1/TCG_PROD_IMAGES/QR/appIos.png', forms)).toMatchObject({
        rendered: 0,
        skipped: 2,
      });
    } finally {
      await bare.close();
    }
  });

  it('banner headlines read as the seeded banner titles', () => {
    for (const banner of demoBanners) {
      const name = banner.image.split('/').pop()!.replace('.png', '') as keyof typeof bannerCopy;
      expect(bannerCopy[name].lines.join(' ')).toBe(banner.title);
    }
  });

  it('the art reads partner names and QR targets from the database, never from the demo data', async () => {
    const sources = readdirSync(import.meta.dirname, { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    );
    for (const file of sources)
      expect(readFileSync(join(import.meta.dirname, file), 'utf8'), file).not.toMatch(/seed\//);

    const partnerUrl = '/cdn/img1/TCG_PROD_IMAGES/PARTNER/RNG/PG.png';
    const qrUrl = '/cdn/img1/TCG_PROD_IMAGES/QR/appIos.png';
    const before = (await t.call({ url: partnerUrl })).rawPayload;
    expect(before.equals(await renderPartner('RNG', 'PG', 'PG Soft'))).toBe(true);
    const db = t.database.db;
    const saved = await db
      .selectFrom('resource')
      .select(['name', 'label_name_en', 'url'])
      .where('name', 'in', ['partnerPG', 'appIos'])
      .execute();
    try {
      await db
        .updateTable('resource')
        .set({ label_name_en: 'Pocket Games' })
        .where('name', '=', 'partnerPG')
        .execute();
      await db
        .updateTable('resource')
        .set({ url: '/download/renamed.ipa' })
        .where('name', '=', 'appIos')
        .execute();
      t.app.ctx.feed.invalidateAll();
      const after = (await t.call({ url: partnerUrl })).rawPayload;
      expect(after.equals(await renderPartner('RNG', 'PG', 'Pocket Games'))).toBe(true);
      const qr = await t.call({ url: qrUrl, headers: { host: 'play.example.com' } });
      expect(qr.rawPayload.equals(await renderQr('http://play.example.com/download/renamed.ipa'))).toBe(true);
    } finally {
      for (const row of saved)
        await db
          .updateTable('resource')
          .set({ label_name_en: row.label_name_en, url: row.url })
          .where('name', '=', row.name)
          .execute();
      t.app.ctx.feed.invalidateAll();
    }
  });
});
