import { createDecipheriv, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { FeedbackLimits } from '@app/contract';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { memberWithMoney, type TestMember } from '../wallet/wallet-test-kit.ts';
import { callerAddresses, secureCall } from '../session/accounts-test-kit.ts';

/**
 * Help and customer service (issue 32, decision 043): getService's pathList with the type-3
 * address sealed for the caller, the feedback form's bounds and its images checked by signature.
 */
let t: TestApp;
let m: TestMember;
const ip = callerAddresses('198.51.100', 1);

beforeAll(async () => {
  t = await createTestApp({ configOverrides: { trustProxy: true }, services: { jobs: { tickMs: 0 } } });
  m = await memberWithMoney(t, 0, { prefix: 'fb' });
  await t.database.db
    .insertInto('customer_service')
    .values({ cs_type: 3, name: 'Online service', path: '/helpmc?topic=contact', sort: 99 })
    .execute();
  await t.app.ctx.system.changed('customer-service');
}, 180_000);
afterAll(async () => t?.close());

function open(key: Buffer, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  return Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString(
    'utf8',
  );
}

describe('customer service (getService)', () => {
  it('answers value.version.pathList; the type-3 address is sealed with the key the encrypted request sent', async () => {
    const key = randomBytes(32);
    const res = await secureCall(t, {
      url: '/wps/system/service',
      payload: { responseKey: key.toString('base64') },
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = (
      res.json().value as { version: { pathList: { type: number; name: string; path: string }[] } }
    ).version.pathList;
    const sealed = list.find((p) => p.type === 3)!;
    expect(sealed.name).toBe('Online service');
    expect(sealed.path).not.toContain('helpmc');
    expect(open(key, sealed.path)).toBe('/helpmc?topic=contact');
    // Another key cannot open it; entries of other types are plain.
    expect(() => open(randomBytes(32), sealed.path)).toThrow();
    for (const p of list.filter((e) => e.type !== 3)) expect(p.path).toMatch(/^(\/|https:)/);
  });

  it('is refused unencrypted and with a malformed key', async () => {
    const plain = await t.call({
      method: 'POST',
      url: '/wps/system/service',
      payload: { responseKey: randomBytes(32).toString('base64') },
    });
    expect(plain.statusCode).toBe(400);
    const bad = await secureCall(t, { url: '/wps/system/service', payload: { responseKey: 'short' } });
    expect(bad.statusCode).toBe(422);
  });
});

describe('feedback (PUT /wps/feedback)', () => {
  const send = (payload: object, token?: string) =>
    t.call({ method: 'PUT', url: '/wps/feedback', payload, headers: ip(), ...(token ? { token } : {}) });
  const upload = (body: Buffer, type = 'image/png', token = m.token) =>
    t.call({
      method: 'POST',
      url: '/wps/feedback/image',
      token,
      headers: { ...ip(), 'content-type': type },
      payload: body,
    });

  it('HD-08 takes the original body from a visitor, its content within the character bounds only', async () => {
    const ok = await send({ sender: '', content: 'The lottery page is great', type: 'OTHER', captcha: '' });
    expect(ok.statusCode, ok.body).toBe(200);
    const id = (ok.json().value as { id: number }).id;
    const row = await t.database.db
      .selectFrom('feedback')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ member_id: null, type: 'OTHER', content: 'The lottery page is great' });

    for (const content of ['short', ' '.repeat(20) + 'x', 'x'.repeat(FeedbackLimits.maxChars + 1)]) {
      const res = await send({ content, type: 'OTHER' });
      expect(res.statusCode, content.length.toString()).toBe(422);
      expect(res.json().errorCode).toBe('feedback.length');
    }
    // The bounds themselves pass (characters, not bytes: Thai counts one a letter).
    expect((await send({ content: 'x'.repeat(FeedbackLimits.minChars) })).statusCode).toBe(200);
    expect((await send({ content: 'ก'.repeat(FeedbackLimits.maxChars) })).statusCode).toBe(200);
    expect((await send({ content: 'A proper message here', type: 'NOPE' })).statusCode).toBe(422);
  });

  it('attaches a member’s uploaded images, checked by signature; bad files, strangers’ ids and a fourth image are refused', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#39c' } })
      .png()
      .toBuffer();
    const jpg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#c93' } })
      .jpeg()
      .toBuffer();
    const up = await upload(png);
    expect(up.statusCode, up.body).toBe(200);
    const pngId = (up.json().value as { id: string }).id;
    expect(pngId).toMatch(/^[0-9a-f]{64}$/);
    const jpgId = (await upload(jpg, 'application/octet-stream')).json().value.id as string;
    const stored = await t.database.db
      .selectFrom('feedback_image')
      .select('bytes')
      .where('sha256', '=', pngId)
      .executeTakeFirstOrThrow();
    expect(Buffer.from(stored.bytes).subarray(8, 12).toString('latin1')).toBe('WEBP');

    // A text file named an image, a PNG header over junk, an empty body, a GIF: refused by signature.
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64');
    for (const [body, type] of [
      [Buffer.from('<?php echo 1; ?>'), 'image/png'],
      [Buffer.concat([png.subarray(0, 8), Buffer.alloc(200, 7)]), 'image/png'],
      [gif, 'image/png'],
    ] as const) {
      const res = await upload(body, type);
      expect(res.statusCode).toBe(422);
      expect(res.json().errorCode).toBe('feedback.image.invalid');
    }
    // Over 5 MB: refused from the length before it is read.
    const big = await upload(Buffer.alloc(FeedbackLimits.maxBytes + 1, 1));
    expect(big.statusCode).toBe(413);
    expect(big.json().errorCode).toBe('feedback.image.too.large');
    // Only members upload.
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/wps/feedback/image',
          payload: png,
          headers: { 'content-type': 'image/png' },
        })
      ).statusCode,
    ).toBe(401);

    const sent = await send(
      { content: 'The deposit page froze', type: 'PAYMENT', images: [pngId, jpgId] },
      m.token,
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const row = await t.database.db
      .selectFrom('feedback')
      .selectAll()
      .where('id', '=', sent.json().value.id as number)
      .executeTakeFirstOrThrow();
    expect(row.member_id).toBe(m.memberId);
    expect([...row.images].sort()).toEqual([pngId, jpgId].sort());

    const unknown = await send({ content: 'An image nobody uploaded', images: ['a'.repeat(64)] }, m.token);
    expect(unknown.json().errorCode).toBe('feedback.image.unknown');
    const visitor = await send({ content: 'A visitor with an image', images: [pngId] });
    expect(visitor.json().errorCode).toBe('feedback.image.unknown');
    const four = ['1', '2', '3', '4'].map((c) => c.repeat(64));
    expect((await send({ content: 'Four images attached', images: four }, m.token)).json().errorCode).toBe(
      'feedback.image.unknown',
    );
  });
});
