import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffice } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { runOpsCommand } from '../../cli/commands.ts';
import { auditOf, callerIp, createSignedIn, type SignedIn } from './backoffice-test-kit.ts';

/**
 * The back office's Content section (issue 31, decision 036): notices, promotions, banners and
 * help articles written through one audited service, their HTML sanitised on the server, shown to
 * players exactly while published (and inside their schedule), and the CLI's notice commands
 * through the same service as the CLI actor.
 */
const { ContentErrors: CE, BackofficeErrors: E } = backoffice;

let t: TestApp;
let editor: SignedIn;
let finance: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ configOverrides: { trustProxy: true } });
  editor = await createSignedIn(t, 'content-ed', 'content');
  finance = await createSignedIn(t, 'content-fin', 'finance');
}, 120_000);
afterAll(async () => t?.close());

function bo(url: string, payload?: unknown, token = editor.token) {
  return t.call({
    method: payload === undefined ? 'GET' : 'POST',
    url,
    token,
    headers: callerIp(),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function ok<T = Record<string, unknown>>(url: string, payload?: unknown): Promise<T> {
  const res = await bo(url, payload);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json().value as T;
}

const announcements = async (query = '') =>
  (await t.call({ url: `/wps/relay/MCSFE_getListAnnouncements${query}` })).json().value as {
    player: { id: number; content: string; title: string }[];
    promotion: { id: number }[];
    popup: { id: number }[];
    banners: { id: number; groupName: string; url: string; linkage: string }[];
  };

const EVIL =
  '<p onclick="steal()">Deposit <b>bonus</b><script>alert(1)</script>' +
  '<a href="javascript:alert(2)">x</a> <a href="https://partner.example/terms">terms</a>' +
  '<img src="/x.png" onerror="alert(3)"><iframe src="https://evil.example"></iframe></p>';

function expectClean(html: string) {
  expect(html).not.toMatch(/script|onclick|onerror|javascript:|iframe/i);
  expect(html).toContain('<b>bonus</b>');
  expect(html).toContain('href="https://partner.example/terms"');
  expect(html).toMatch(/target="_blank"/);
  expect(html).toMatch(/rel="noopener noreferrer"/);
}

describe(`back-office content (${testDbKind})`, () => {
  it('NM-12 a notice is stored sanitised, shown to players only once published, hidden again when unpublished, and every step is audited before/after', async () => {
    const created = await ok<backoffice.ContentNotice>('/bo/api/content/notices/create', {
      type: 'PL',
      title: 'Weekend maintenance',
      content: EVIL,
    });
    expect(created).toMatchObject({ state: 'draft', published: false, audience: 'ALL', execution: 'B' });
    expectClean(created.content);
    expect((await announcements()).player.map((n) => n.id)).not.toContain(created.id);

    const published = await ok<backoffice.ContentNotice>('/bo/api/content/notices/publish', {
      id: created.id,
      published: true,
    });
    expect(published.state).toBe('live');
    const shown = (await announcements()).player.find((n) => n.id === created.id);
    expect(shown?.content).toBe(created.content);

    const list = await ok<{ list: backoffice.ContentNotice[] }>(
      '/bo/api/content/notices?group=notices&state=live',
    );
    expect(list.list.map((n) => n.id)).toContain(created.id);

    await ok('/bo/api/content/notices/publish', { id: created.id, published: false });
    expect((await announcements()).player.map((n) => n.id)).not.toContain(created.id);

    const entries = (await auditOf(t, 'content.notice.create')).filter(
      (e) => e.target_id === String(created.id),
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor_kind: 'staff', actor_name: 'content-ed', before: null });
    expect((entries[0]!.after as { content: string }).content).toBe(created.content);
    const pub = (await auditOf(t, 'content.notice.publish')).find((e) => e.target_id === String(created.id))!;
    expect(pub.before).toMatchObject({ published: false });
    expect(pub.after).toMatchObject({ published: true });
    expect(
      (await auditOf(t, 'content.notice.unpublish')).some((e) => e.target_id === String(created.id)),
    ).toBe(true);

    await ok('/bo/api/content/notices/delete', { id: created.id });
    const gone = await bo(`/bo/api/content/notice?id=${created.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().errorCode).toBe(CE.boContentNotFound.code);
    expect((await auditOf(t, 'content.notice.delete')).at(-1)).toMatchObject({
      target_id: String(created.id),
      after: null,
    });
  });

  it('a schedule: a later start keeps a published notice off the players’ list until its start; an end before the start is refused', async () => {
    const hour = 3_600_000;
    const later = await ok<backoffice.ContentNotice>('/bo/api/content/notices/create', {
      type: 'PL',
      title: 'Starts in an hour',
      content: '<p>soon</p>',
      startsAt: Date.now() + hour,
      publish: true,
    });
    expect(later.state).toBe('scheduled');
    expect((await announcements()).player.map((n) => n.id)).not.toContain(later.id);
    // Its start moved back: it shows, until its end passes.
    await ok('/bo/api/content/notices/update', {
      id: later.id,
      type: 'PL',
      title: 'Started',
      content: '<p>now</p>',
      startsAt: Date.now() - hour,
      endsAt: Date.now() + hour,
    });
    expect((await announcements()).player.map((n) => n.id)).toContain(later.id);
    await ok('/bo/api/content/notices/update', {
      id: later.id,
      type: 'PL',
      title: 'Ended',
      content: '<p>over</p>',
      startsAt: Date.now() - 2 * hour,
      endsAt: Date.now() - hour,
    });
    expect((await announcements()).player.map((n) => n.id)).not.toContain(later.id);
    expect((await ok<backoffice.ContentNotice>(`/bo/api/content/notice?id=${later.id}`)).state).toBe('ended');

    const bad = await bo('/bo/api/content/notices/create', {
      type: 'PL',
      title: 'Backwards',
      content: '<p>x</p>',
      startsAt: Date.now() + hour,
      endsAt: Date.now(),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errorCode).toBe(CE.boContentSchedule.code);
  });

  it('promotions are the PR and PU notices: a published one is in the promotion bucket and the promotions list; agents-only notices never reach the public call', async () => {
    const promo = await ok<backoffice.ContentNotice>('/bo/api/content/notices/create', {
      type: 'PR',
      title: '100% first deposit',
      content: '<h3>Rules</h3><ol><li>Deposit 100</li></ol>',
      publish: true,
    });
    expect((await announcements()).promotion.map((n) => n.id)).toContain(promo.id);
    const promos = await ok<{ list: backoffice.ContentNotice[] }>('/bo/api/content/notices?group=promotions');
    expect(promos.list.every((n) => n.type === 'PR' || n.type === 'PU')).toBe(true);
    expect(promos.list.map((n) => n.id)).toContain(promo.id);

    const agents = await ok<backoffice.ContentNotice>('/bo/api/content/notices/create', {
      type: 'PL',
      title: 'For agents',
      content: '<p>commission</p>',
      audience: 'AGENTS',
      publish: true,
    });
    const all = await announcements();
    expect(all.player.map((n) => n.id)).not.toContain(agents.id);
  });

  it('reorder sets the players’ order (first given first) and refuses an unknown id', async () => {
    const make = (title: string) =>
      ok<backoffice.ContentNotice>('/bo/api/content/notices/create', {
        type: 'H',
        title,
        content: `<p>${title}</p>`,
        publish: true,
      });
    const a = await make('Head A');
    const b = await make('Head B');
    await ok('/bo/api/content/notices/reorder', { ids: [a.id, b.id] });
    const hot = (await announcements('?types=H')) as unknown as { hot: { id: number }[] };
    const order = hot.hot.map((n) => n.id).filter((id) => id === a.id || id === b.id);
    expect(order).toEqual([a.id, b.id]);
    const bad = await bo('/bo/api/content/notices/reorder', { ids: [a.id, 99_999_999] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errorCode).toBe(CE.boContentReorder.code);
    const dup = await bo('/bo/api/content/notices/reorder', { ids: [a.id, a.id] });
    expect(dup.statusCode).toBe(422);
  });

  it('banners: a link that is not a path or an http(s) address is refused; a published banner of a slot reaches the player’s call, in its order, and leaves when hidden', async () => {
    for (const linkUrl of ['javascript:alert(1)', '//evil.example/x', 'data:text/html,x']) {
      const res = await bo('/bo/api/content/banners/create', {
        group: 'index',
        title: 'Bad',
        imageUrl: '/x.png',
        linkUrl,
      });
      expect(res.statusCode, linkUrl).toBe(422);
    }
    const badGroup = await bo('/bo/api/content/banners/create', {
      group: 'nowhere',
      title: 'x',
      imageUrl: '/x.png',
    });
    expect(badGroup.statusCode).toBe(422);

    const first = await ok<backoffice.ContentBanner>('/bo/api/content/banners/create', {
      group: 'w_login',
      title: 'Login one',
      imageUrl: '/cdn/content/a.webp',
      linkUrl: '/promotions',
      publish: true,
    });
    const second = await ok<backoffice.ContentBanner>('/bo/api/content/banners/create', {
      group: 'w_login',
      title: 'Login two',
      imageUrl: 'https://images.example/b.png',
      publish: true,
    });
    const loginIds = async () => (await announcements('?types=B&groupName=w_login')).banners.map((b) => b.id);
    const group = (await ok<{ list: backoffice.ContentBanner[] }>('/bo/api/content/banners?group=w_login'))
      .list;
    const ids = group.map((b) => b.id);
    expect(ids.slice(-2)).toEqual([first.id, second.id]);
    const reversed = [...ids].reverse();
    await ok('/bo/api/content/banners/reorder', { ids: reversed });
    expect((await loginIds()).filter((id) => id === first.id || id === second.id)).toEqual([
      second.id,
      first.id,
    ]);
    // A slot's order names every banner of that one slot.
    const partial = await bo('/bo/api/content/banners/reorder', { ids: [first.id] });
    expect(partial.statusCode).toBe(422);

    await ok('/bo/api/content/banners/publish', { id: second.id, published: false });
    expect(await loginIds()).not.toContain(second.id);
    expect(await loginIds()).toContain(first.id);
    await ok('/bo/api/content/banners/delete', { id: first.id });
    expect(await loginIds()).not.toContain(first.id);
    expect((await bo(`/bo/api/content/banner?id=${first.id}`)).statusCode).toBe(404);
    const audit = (await auditOf(t, 'content.banner.delete')).at(-1)!;
    expect(audit).toMatchObject({ target_id: String(first.id), after: null });
    expect(audit.before).toMatchObject({ title: 'Login one', group: 'w_login' });
  });

  it('an uploaded image is checked by its signature: a PNG is re-encoded and served, a renamed text file and a PNG header over junk are refused', async () => {
    const png = await sharp({ create: { width: 64, height: 24, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const upload = (body: Buffer, type = 'image/png') =>
      t.call({
        method: 'POST',
        url: '/bo/api/content/images',
        token: editor.token,
        headers: { ...callerIp(), 'content-type': type },
        payload: body,
      });
    const res = await upload(png);
    expect(res.statusCode, res.body).toBe(200);
    const image = res.json().value as backoffice.ContentImage;
    expect(image).toMatchObject({ width: 64, height: 24 });
    expect(image.url).toMatch(/^\/cdn\/content\/[0-9a-f]{64}\.webp$/);
    const served = await t.call({ url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect((await auditOf(t, 'content.image.upload')).at(-1)).toMatchObject({ actor_name: 'content-ed' });

    const text = await upload(Buffer.from('<?php echo 1; ?>'), 'image/png');
    expect(text.statusCode).toBe(422);
    expect(text.json().errorCode).toBe(CE.boContentImageInvalid.code);
    const junk = await upload(Buffer.concat([png.subarray(0, 8), Buffer.alloc(200, 7)]));
    expect(junk.statusCode).toBe(422);
    expect((await t.call({ url: '/cdn/content/nothing.webp' })).statusCode).toBe(404);
  });

  it('NM-12 help articles: stored sanitised, in the help centre while published, a key taken twice is a 409', async () => {
    const helpIds = async () =>
      (
        (await t.call({ url: '/wps/system/helpCenter' })).json().value as {
          children: { tag: string; content: string }[];
        }[]
      ).flatMap((s) => s.children);
    const created = await ok<backoffice.ContentHelpArticle>('/bo/api/content/help/create', {
      id: 'bonus-rules',
      categoryId: 'promotions',
      categoryTitle: 'Promotions',
      title: 'Bonus rules',
      content: EVIL,
      publish: true,
    });
    expectClean(created.content);
    expect((await helpIds()).find((a) => a.tag === 'bonus-rules')?.content).toBe(created.content);
    const again = await bo('/bo/api/content/help/create', {
      id: 'bonus-rules',
      categoryId: 'x',
      categoryTitle: 'X',
      title: 'Again',
      content: '<p>x</p>',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe(CE.boContentExists.code);
    const badKey = await bo('/bo/api/content/help/create', {
      id: 'Bad Key!',
      categoryId: 'x',
      categoryTitle: 'X',
      title: 'x',
      content: '<p>x</p>',
    });
    expect(badKey.statusCode).toBe(422);

    await ok('/bo/api/content/help/publish', { id: 'bonus-rules', published: false });
    expect((await helpIds()).map((a) => a.tag)).not.toContain('bonus-rules');
    await ok('/bo/api/content/help/delete', { id: 'bonus-rules' });
    expect((await bo('/bo/api/content/help/article?id=bonus-rules')).statusCode).toBe(404);
    expect((await auditOf(t, 'content.help.delete')).at(-1)!.before).toMatchObject({ title: 'Bonus rules' });
  });

  it('NM-12 the preview answers the HTML a player would be shown, and says when something was taken out', async () => {
    const p = await ok<{ html: string; changed: boolean }>('/bo/api/content/preview', { html: EVIL });
    expect(p.changed).toBe(true);
    expectClean(p.html);
    const plain = await ok<{ html: string; changed: boolean }>('/bo/api/content/preview', {
      html: '<p>Plain <em>text</em></p>',
    });
    expect(plain).toEqual({ html: '<p>Plain <em>text</em></p>', changed: false });
  });

  it('bad input gets a clear 422, never a 500; a role without content.edit is refused every content call', async () => {
    for (const payload of [
      { type: 'B', title: 'x', content: '<p>x</p>' },
      { type: 'PL', title: '', content: '<p>x</p>' },
      { type: 'PL', title: 'x', content: '' },
      { type: 'PL', title: 'x', content: 'x'.repeat(100_001) },
      { type: 'PL', title: 'x', content: '<p>x</p>', execution: 'Z' },
    ]) {
      const res = await bo('/bo/api/content/notices/create', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(422);
    }
    expect((await bo('/bo/api/content/notice?id=abc')).statusCode).toBe(422);
    expect(
      (await bo('/bo/api/content/notices/publish', { id: 99_999_999, published: true })).statusCode,
    ).toBe(404);

    for (const call of backoffice.contentCalls) {
      const res = await t.call({
        method: call.method,
        url: call.path,
        token: finance.token,
        headers: callerIp(),
        ...(call.method === 'GET' ? {} : { payload: {} }),
      });
      expect(res.statusCode, call.id).toBe(403);
      expect(res.json().errorCode).toBe(E.boPermissionDenied.code);
    }
  });

  it('the CLI’s notice add and remove act through the same service, sanitised and audited as the OS user who ran them', async () => {
    const out = await runOpsCommand(
      t.app.ctx,
      ['notice', 'add', '--title', 'From the CLI', '--html', '<p onclick="x()">hi<script>1</script></p>'],
      'ops-alice',
    );
    const id = Number(/^Notice (\d+) published\.$/.exec(out)?.[1]);
    expect(id).toBeGreaterThan(0);
    const shown = (await announcements()).player.find((n) => n.id === id);
    expect(shown?.content).toBe('<p>hi</p>');
    const created = (await auditOf(t, 'content.notice.create')).find((e) => e.target_id === String(id))!;
    expect(created).toMatchObject({ actor_kind: 'cli', actor_name: 'ops-alice', ip: null, before: null });
    expect(created.after).toMatchObject({ title: 'From the CLI', published: true });

    expect(await runOpsCommand(t.app.ctx, ['notice', 'remove', String(id)], 'ops-bob')).toBe(
      `Notice ${id} removed.`,
    );
    const removed = (await auditOf(t, 'content.notice.delete')).find((e) => e.target_id === String(id))!;
    expect(removed).toMatchObject({ actor_kind: 'cli', actor_name: 'ops-bob', after: null });
    expect((await announcements()).player.map((n) => n.id)).not.toContain(id);
  });
});
