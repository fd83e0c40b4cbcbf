import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { runOpsCommand } from '../../cli/commands.ts';
import { bindBank, newMember, submitWithdraw, type TestMember } from './withdraw-test-kit.ts';

const MB5 = 5 * 1024 * 1024;

let t: TestApp;
const dataDir = mkdtempSync(join(tmpdir(), 'wd-proofs-'));
beforeAll(async () => {
  t = await createTestApp({ configOverrides: { dataDir }, services: { jobs: { tickMs: 0 } } });
});

/**
 * Where the bytes went: files under DATA_DIR on PGlite, rows on PostgreSQL (decision 017). Either
 * way, one stored image per kept proof and nothing of a refused one.
 */
const storedFiles = () => {
  try {
    return readdirSync(join(dataDir, 'uploads', 'withdrawal-proofs'));
  } catch {
    return [];
  }
};
const expectBytesKept = async (count: number) => {
  if (t.database.kind === 'postgres') {
    const rows = await t.database.db
      .selectFrom('withdrawal_proof')
      .select('id')
      .where('content', 'is not', null)
      .execute();
    expect(rows).toHaveLength(count);
    expect(storedFiles()).toEqual([]);
  } else {
    expect(storedFiles()).toHaveLength(count);
    expect(storedFiles().every((f) => /^[0-9a-f]{64}$/.test(f))).toBe(true);
  }
};
afterAll(async () => t?.close());

/** A real PNG (or JPEG) of exactly `size` bytes: a small image followed by padding after its end. */
async function imageOf(size: number, format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  const img = sharp({ create: { width: 8, height: 8, channels: 3, background: '#2a6' } });
  const head = await (format === 'png' ? img.png() : img.jpeg()).toBuffer();
  return Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]);
}

async function paidRequest(): Promise<{ m: TestMember; id: number }> {
  const m = await newMember(t);
  const bankAccountId = await bindBank(t, m);
  const res = await submitWithdraw(t, m, { bankAccountId, amount: 100 });
  const id = res.json().value.id as number;
  await runOpsCommand(t.app.ctx, ['withdraw', 'approve', String(id)]);
  await runOpsCommand(t.app.ctx, ['withdraw', 'pay', String(id)]);
  return { m, id };
}

const upload = (m: TestMember, id: number, body: Buffer, type = 'image/png') =>
  t.call({
    method: 'POST',
    url: `/wps/withdraw/proof?withdrawalId=${id}`,
    token: m.token,
    payload: body,
    headers: { 'content-type': type },
  });

const storedProofs = async (id: number) =>
  t.database.db
    .selectFrom('withdrawal_proof')
    .select(['id', 'size', 'content_type'])
    .where('withdrawal_id', '=', id)
    .execute();

describe(`withdrawal proof images (${testDbKind})`, () => {
  it('WD-09 png or jpg by file signature, at most 5 MB each (5,242,880 accepted, 5,242,881 refused), at most 3; a refused upload stores nothing', async () => {
    const { m, id } = await paidRequest();
    // Exactly 5 MB: accepted and kept whole.
    const exact = await imageOf(MB5);
    expect(exact.length).toBe(5_242_880);
    const ok = await upload(m, id, exact);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value).toMatchObject({ contentType: 'image/png', size: 5_242_880 });
    // One byte more: refused, nothing stored.
    const over = await upload(m, id, await imageOf(MB5 + 1));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ success: false, errorCode: 'withdraw.proof.too.large' });
    expect(await storedProofs(id)).toHaveLength(1);
    await expectBytesKept(1);
    // A text file renamed .png (sent as image/png) and a PDF: refused by their signature.
    const renamed = await upload(
      m,
      id,
      Buffer.from('this is not an image, just text renamed to proof.png\n'.repeat(50)),
    );
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json().errorCode).toBe('withdraw.proof.type');
    const pdf = await upload(
      m,
      id,
      Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'),
      'application/octet-stream',
    );
    expect(pdf.json().errorCode).toBe('withdraw.proof.type');
    // Only the magic bytes of a PNG, nothing of an image after them: refused too.
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(2000, 7),
    ]);
    expect((await upload(m, id, fake)).json().errorCode).toBe('withdraw.proof.type');
    expect(await storedProofs(id)).toHaveLength(1);
    await expectBytesKept(1);
    // A jpg (its type taken from its bytes, not from the header the client sent) and a second png.
    const jpg = await upload(m, id, await imageOf(40_000, 'jpeg'), 'application/octet-stream');
    expect(jpg.json().value.contentType).toBe('image/jpeg');
    expect((await upload(m, id, await imageOf(1_000), 'image/jpeg')).json().value.contentType).toBe(
      'image/png',
    );
    // The 4th file: refused, nothing stored.
    const fourth = await upload(m, id, await imageOf(1_000));
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().errorCode).toBe('withdraw.proof.too.many');
    const rows = await storedProofs(id);
    expect(rows.map((r) => r.content_type)).toEqual(['image/png', 'image/jpeg', 'image/png']);
    await expectBytesKept(3);
    expect(rows[0]!.size).toBe(MB5);
    // The detail lists them; each reads back byte for byte.
    const detail = (await t.call({ url: `/wps/withdraw/detail?id=${id}`, token: m.token })).json().value;
    expect(detail.proofs).toHaveLength(3);
    const back = (await t.call({ url: `/wps/withdraw/proof?id=${rows[1]!.id}`, token: m.token })).json()
      .value;
    expect(back.dataUrl.startsWith('data:image/jpeg;base64,')).toBe(true);
    expect(Buffer.from(back.dataUrl.split(',')[1], 'base64').equals(await imageOf(40_000, 'jpeg'))).toBe(
      true,
    );
    // Megabytes through the whole stack on a shared 2-core machine: allow for a slow moment.
  }, 90_000);

  it("issue 28 (9a): a chunked upload (no Content-Length) past 5 MB is refused with the 5 MB limit, not the server's 1 MB; a chunked one within it is kept", async () => {
    const { m, id } = await paidRequest();
    const chunked = (body: Buffer) =>
      t.call({
        method: 'POST',
        url: `/wps/withdraw/proof?withdrawalId=${id}`,
        token: m.token,
        // A stream in 64 kB pieces: sent with Transfer-Encoding chunked, no length announced.
        payload: Readable.from(
          Array.from({ length: Math.ceil(body.length / 65_536) }, (_, i) =>
            body.subarray(i * 65_536, (i + 1) * 65_536),
          ),
        ),
        headers: { 'content-type': 'image/png' },
      });
    const over = await chunked(await imageOf(MB5 + 1));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({
      success: false,
      errorCode: 'withdraw.proof.too.large',
      message: 'A proof image is at most 5 MB',
    });
    expect(await storedProofs(id)).toHaveLength(0);
    const within = await chunked(await imageOf(2 * 1024 * 1024));
    expect(within.statusCode, within.body).toBe(200);
    expect(within.json().value).toMatchObject({ contentType: 'image/png', size: 2 * 1024 * 1024 });
    expect(await storedProofs(id)).toHaveLength(1);
    // Removed again, so the stored-bytes counts of the other tests hold.
    const removed = await t.call({
      method: 'POST',
      url: '/wps/withdraw/proof/delete',
      token: m.token,
      payload: { id: within.json().value.id },
    });
    expect(removed.statusCode, removed.body).toBe(200);
  });

  it('a proof can be removed before the payout is answered, making room for another; not after', async () => {
    const { m, id } = await paidRequest();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await upload(m, id, await imageOf(2_000 + i))).json().value.id);
    const del = await t.call({
      method: 'POST',
      url: '/wps/withdraw/proof/delete',
      token: m.token,
      payload: { id: ids[0] },
    });
    expect(del.json()).toEqual({ success: true, value: { deleted: true } });
    expect((await upload(m, id, await imageOf(3_000))).statusCode).toBe(200);
    const answer = await t.call({
      method: 'POST',
      url: '/wps/relay/MCSFE_processC2CTransaction',
      token: m.token,
      payload: { id, result: 'NOT_RECEIVED' },
    });
    expect(answer.json().value.status).toBe('NOT_RECEIVED');
    const late = await t.call({
      method: 'POST',
      url: '/wps/withdraw/proof/delete',
      token: m.token,
      payload: { id: ids[1] },
    });
    expect(late.statusCode).toBe(409);
    expect((await upload(m, id, await imageOf(2_000))).statusCode).toBe(409);
    expect(await storedProofs(id)).toHaveLength(3);
    // The removed proof's image went with it: 3 kept here and 3 by the test before.
    await expectBytesKept(6);
  });

  it('proof uploads need a paid-out request of the member and a logged-in caller', async () => {
    const m = await newMember(t);
    const bankAccountId = await bindBank(t, m);
    const pending = (await submitWithdraw(t, m, { bankAccountId, amount: 100 })).json().value.id as number;
    const early = await upload(m, pending, await imageOf(1_000));
    expect(early.statusCode).toBe(409);
    const anon = await t.call({
      method: 'POST',
      url: `/wps/withdraw/proof?withdrawalId=${pending}`,
      payload: await imageOf(1_000),
      headers: { 'content-type': 'image/png' },
    });
    expect(anon.statusCode).toBe(401);
    const missing = await upload(m, 999_999_999, await imageOf(1_000));
    expect(missing.statusCode).toBe(404);
    const json = await t.call({
      method: 'POST',
      url: `/wps/withdraw/proof?withdrawalId=${pending}`,
      token: m.token,
      payload: { image: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(await storedProofs(pending)).toHaveLength(0);
    await expectBytesKept(6);
  });
});
