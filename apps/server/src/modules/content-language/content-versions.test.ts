import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type backoffice,
  type Announcements,
  type HelpSection,
  type PointGoods,
  type Promotion,
} from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { memberWithMoney, type TestMember } from '../wallet/wallet-test-kit.ts';
import { auditOf, callerIp, createSignedIn, type SignedIn } from '../backoffice/backoffice-test-kit.ts';

/**
 * Content in the player's language (issue 33, decision 047): the players' calls answer each item in
 * the version of the language asked for, else English (the item's own); a request naming no
 * language reads the brand's default (Burmese for the seeded brand), else English; staff add, change and remove versions through audited, sanitised
 * calls; a language that is none of the site's is refused with 400.
 */
let t: TestApp;
let editor: SignedIn;
let finance: SignedIn;
let player: TestMember;

beforeAll(async () => {
  t = await createTestApp({ configOverrides: { trustProxy: true } });
  editor = await createSignedIn(t, 'versions-ed', 'content');
  finance = await createSignedIn(t, 'versions-fin', 'finance');
  player = await memberWithMoney(t, 0, { prefix: 'lang' });
}, 180_000);
afterAll(async () => t?.close());

function bo(url: string, payload?: object, who = editor) {
  return t.call({
    method: payload === undefined ? 'GET' : 'POST',
    url,
    token: who.token,
    headers: callerIp(),
    ...(payload === undefined ? {} : { payload }),
  });
}

const announcements = async (language: string) => {
  const res = await t.call({
    url: '/wps/relay/MCSFE_getListAnnouncements?types=B,PL,PU,PR,H',
    headers: { language },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as Announcements;
};
const help = async (query: string, language = 'en') => {
  const res = await t.call({ url: `/wps/system/helpCenter${query}`, headers: { language } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as HelpSection[];
};
const promotions = async (language: string) =>
  (await t.call({ url: '/wps/relay/MCSFE_getMerchantAvailablePromotions', headers: { language } })).json()
    .value as Promotion[];
const goods = async (language: string) =>
  (
    await t.call({ url: '/wps/relay/MCSFE_getPointReward', token: player.token, headers: { language } })
  ).json().value.list as PointGoods[];

const noticeId = async (title: string) =>
  (
    await t.database.db
      .selectFrom('announcement')
      .select('id')
      .where('title', '=', title)
      .executeTakeFirstOrThrow()
  ).id;

const EVIL =
  '<p onclick="steal()">ဘောနပ်စ် <b>bonus</b><script>alert(1)</script>' +
  '<a href="javascript:alert(2)">x</a> <a href="https://partner.example/terms">terms</a>' +
  '<img src="/x.png" onerror="alert(3)"><iframe src="https://evil.example"></iframe></p>';

function expectClean(html: string) {
  expect(html).not.toMatch(/script|onclick|onerror|javascript:|iframe/i);
  expect(html).toContain('<b>bonus</b>');
  expect(html).toMatch(
    /href="https:\/\/partner\.example\/terms"[^>]*target="_blank"|target="_blank"[^>]*href/,
  );
  expect(html).toMatch(/rel="noopener noreferrer"/);
}

describe(`content in the player's language (${testDbKind})`, () => {
  it("answers each kind in the player's language: the seeded notices, popup, promotion, headline, banners, help and goods in Burmese, Chinese, Thai and Vietnamese, and English in English", async () => {
    const welcome = await noticeId('Welcome bonus: 100% on your first deposit');
    const my = await announcements('my');
    expect(my.popup.find((n) => n.id === welcome)?.title).toBe('ကြိုဆိုရေးဘောနပ်စ် - ပထမဆုံး ငွေသွင်းမှုအပေါ် 100%');
    expect(my.player.every((n) => /[\u1000-\u109f]/.test(n.title))).toBe(true);
    expect(my.promotion.every((n) => /[\u1000-\u109f]/.test(n.title))).toBe(true);
    expect(my.hot.every((n) => /[\u1000-\u109f]/.test(n.title))).toBe(true);
    expect(my.banners.every((b) => /[\u1000-\u109f]/.test(b.title))).toBe(true);
    // The wire's shape is the original's: the same fields, only the words change.
    const en = await announcements('en');
    expect(Object.keys(my.player[0]!).sort()).toEqual(Object.keys(en.player[0]!).sort());
    expect(en.popup.find((n) => n.id === welcome)?.title).toBe('Welcome bonus: 100% on your first deposit');
    expect((await announcements('zh-CN')).popup.find((n) => n.id === welcome)?.title).toBe(
      '新会员首存 100% 红利',
    );
    expect((await announcements('th')).popup.find((n) => n.id === welcome)?.title).toMatch(/โบนัสต้อนรับ/);
    expect((await announcements('vi')).popup.find((n) => n.id === welcome)?.title).toMatch(
      /Thưởng chào mừng/,
    );

    const sections = await help('?lang=my&device=WEB');
    expect(sections.find((s) => s.tag === 'general')?.title).toBe('ကျွန်ုပ်တို့အကြောင်း');
    const about = sections.flatMap((s) => s.children).find((a) => a.tag === 'about')!;
    expect(about.title).toBe('Lucky Lotus အကြောင်း');
    expect(sections.find((s) => s.tag === 'general')?.content).toContain('<li>Lucky Lotus အကြောင်း</li>');
    // The original's label ("CN") names a language as its code does.
    expect((await help('?lang=CN&device=WEB')).find((s) => s.tag === 'banking')?.title).toBe('存款与提款');

    expect((await promotions('th')).map((p) => p.title)).toContain('โบนัสเติมเงินรายวัน 10%');
    expect((await goods('vi')).map((g) => g.name)).toContain('Cốc Lucky Lotus');
    expect((await goods('en')).map((g) => g.name)).toContain('Lucky Lotus mug');
  });

  it("falls back from the player's language to English; a request naming no language reads the brand's default (Burmese)", async () => {
    const english = 'Scheduled maintenance of PG Soft games on Tuesday 02:00–04:00 GMT+7';
    const maintenance = await noticeId(english);
    const burmese = 'PG Soft ဂိမ်းများ အင်္ဂါနေ့ 02:00–04:00 (GMT+7) ပြုပြင်ထိန်းသိမ်းမည်';
    // Japanese has no version: the item's own English, not the brand's Burmese.
    expect((await announcements('ja')).player.find((n) => n.id === maintenance)?.title).toBe(english);
    expect((await announcements('my')).player.find((n) => n.id === maintenance)?.title).toBe(burmese);
    // No language at all: the brand's default.
    const none = await t.call({
      url: '/wps/relay/MCSFE_getListAnnouncements?types=PL',
      headers: { language: '' },
    });
    expect((none.json().value as Announcements).player.find((n) => n.id === maintenance)?.title).toBe(
      burmese,
    );

    // A notice with a Thai version only: Thai for Thai, English (no Burmese either) for Japanese.
    const created = (await (
      await bo('/bo/api/content/notices/create', {
        type: 'PL',
        title: 'Only in English and Thai',
        content: '<p>English text</p>',
        publish: true,
      })
    ).json().value) as backoffice.ContentNotice;
    const saved = await bo('/bo/api/content/versions/save', {
      kind: 'notice',
      id: String(created.id),
      language: 'th',
      title: 'มีเฉพาะภาษาไทย',
      content: '<p>ข้อความภาษาไทย</p>',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await announcements('th')).player.find((n) => n.id === created.id)).toMatchObject({
      title: 'มีเฉพาะภาษาไทย',
      content: '<p>ข้อความภาษาไทย</p>',
    });
    expect((await announcements('ja')).player.find((n) => n.id === created.id)?.title).toBe(
      'Only in English and Thai',
    );
    expect((await announcements('my')).player.find((n) => n.id === created.id)?.title).toBe(
      'Only in English and Thai',
    );
    // With a Burmese version added, Burmese and a request naming no language read it; Japanese
    // still reads English (English comes before the brand's default).
    await bo('/bo/api/content/versions/save', {
      kind: 'notice',
      id: String(created.id),
      language: 'MY',
      title: 'မြန်မာဘာသာ',
      content: '<p>မြန်မာ</p>',
    });
    expect((await announcements('my')).player.find((n) => n.id === created.id)?.title).toBe('မြန်မာဘာသာ');
    expect((await announcements('')).player.find((n) => n.id === created.id)?.title).toBe('မြန်မာဘာသာ');
    expect((await announcements('ja')).player.find((n) => n.id === created.id)?.title).toBe(
      'Only in English and Thai',
    );
    // Removed again: English.
    const removed = await bo('/bo/api/content/versions/delete', {
      kind: 'notice',
      id: String(created.id),
      language: 'my',
    });
    expect(removed.json().value).toEqual({ removed: true });
    expect((await announcements('my')).player.find((n) => n.id === created.id)?.title).toBe(
      'Only in English and Thai',
    );
  });

  it('answers Persian (fa) and Bengali (bn) players in English where their language has no version, never in the brand default Burmese; a Persian version, once written, in Persian', async () => {
    const myanmar = /[\u1000-\u109f\uaa60-\uaa7f\ua9e0-\ua9ff]/;
    const [en, my] = await Promise.all([promotions('en'), promotions('my')]);
    // The seeded promotions have Burmese versions: the brand default would be Burmese.
    expect(en.length).toBeGreaterThan(0);
    expect(my.some((p) => myanmar.test(p.title))).toBe(true);
    const words = (list: Promotion[]) => list.map((p) => ({ id: p.id, title: p.title, content: p.content }));
    for (const language of ['fa', 'bn', 'FA']) {
      const list = await promotions(language);
      expect(words(list), language).toEqual(words(en));
      expect(JSON.stringify(list), language).not.toMatch(myanmar);
      // The other kinds alike: notices and banners, help, goods.
      expect(JSON.stringify(await announcements(language)), language).not.toMatch(myanmar);
      expect(JSON.stringify(await help('', language)), language).not.toMatch(myanmar);
      expect(JSON.stringify(await goods(language)), language).not.toMatch(myanmar);
    }

    // A Persian version of one promotion: Persian players read it; Bengali players still English.
    const first = en[0]!;
    const saved = await bo('/bo/api/content/versions/save', {
      kind: 'notice',
      id: String(first.id),
      language: 'fa',
      title: 'پاداش روزانه',
      content: '<p>متن فارسی</p>',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      expect((await promotions('fa')).find((p) => p.id === first.id)).toMatchObject({
        title: 'پاداش روزانه',
        content: '<p>متن فارسی</p>',
      });
      expect((await promotions('bn')).find((p) => p.id === first.id)?.title).toBe(first.title);
    } finally {
      await bo('/bo/api/content/versions/delete', { kind: 'notice', id: String(first.id), language: 'fa' });
    }
  });

  it('sanitises every language version of notices, promotions and help as the item itself, and audits each add, change and removal with the version before and after', async () => {
    const reload = await noticeId('Daily reload bonus 10%');
    for (const [kind, id] of [
      ['notice', String(reload)],
      ['help', 'deposit'],
    ] as const) {
      for (const language of ['my', 'zh-CN', 'th', 'vi', 'km']) {
        const res = await bo('/bo/api/content/versions/save', {
          kind,
          id,
          language,
          title: `${kind} ${language}`,
          content: EVIL,
          categoryTitle: 'Section',
        });
        expect(res.statusCode, res.body).toBe(200);
        expectClean((res.json().value as backoffice.ContentVersion).content);
      }
      const listed = (await bo(`/bo/api/content/versions?kind=${kind}&id=${id}`)).json()
        .value as backoffice.ContentVersions;
      expect(listed).toMatchObject({ baseLanguage: 'en', defaultLanguage: 'my' });
      expect(listed.versions.map((v) => v.language).sort()).toEqual(['km', 'my', 'th', 'vi', 'zh-CN']);
      for (const v of listed.versions) expectClean(v.content);
    }
    // What the player receives is the stored, clean text.
    const promo = (await promotions('km')).find((p) => p.id === reload)!;
    expectClean(promo.content);
    const article = (await help('?lang=km')).flatMap((s) => s.children).find((a) => a.tag === 'deposit')!;
    expectClean(article.content);

    const saves = await auditOf(t, 'content.version.save');
    const mine = saves.filter((a) => a.target_id === `${reload}:my`);
    expect(mine.length).toBeGreaterThan(0);
    const last = mine.at(-1)!;
    expect(last).toMatchObject({ actor_kind: 'staff', actor_id: editor.id, target_type: 'notice' });
    expect(last.before).toMatchObject({ language: 'my', title: 'နေ့စဉ် ငွေဖြည့်ဘောနပ်စ် 10%' });
    expect(last.after).toMatchObject({ language: 'my', title: 'notice my' });

    await bo('/bo/api/content/versions/delete', { kind: 'help', id: 'deposit', language: 'km' });
    const deletes = await auditOf(t, 'content.version.delete');
    expect(deletes.at(-1)).toMatchObject({ target_type: 'help', target_id: 'deposit:km', after: null });
    expect(deletes.at(-1)!.before).toMatchObject({ language: 'km', title: 'help km' });
  });

  it('banners and goods carry a title (and a banner its own image) per language; a bad language, English, an unknown item and a role without content.edit are refused', async () => {
    const banner = await t.database.db
      .selectFrom('banner')
      .select('id')
      .where('title', '=', 'Live casino around the clock')
      .executeTakeFirstOrThrow();
    const res = await bo('/bo/api/content/versions/save', {
      kind: 'banner',
      id: String(banner.id),
      language: 'ko',
      title: '24시간 라이브 카지노',
      imageUrl: '/cdn/content/ko-live.webp',
      content: '<p>ignored</p>',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ content: '', imageUrl: '/cdn/content/ko-live.webp' });
    const shown = (await announcements('ko')).banners.find((b) => b.id === banner.id)!;
    expect(shown).toMatchObject({ title: '24시간 라이브 카지노', url: '/cdn/content/ko-live.webp' });

    // A language that is none of the site's: 400 on the players' calls and on the staff's.
    for (const language of ['xx', 'klingon', 'en-XX']) {
      const bad = await t.call({
        url: '/wps/relay/MCSFE_getListAnnouncements?types=PL',
        headers: { language },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ success: false, errorCode: 'language.invalid' });
    }
    expect((await t.call({ url: '/wps/system/helpCenter?lang=XX&device=WEB' })).statusCode).toBe(400);
    const badBo = await bo('/bo/api/content/versions/save', {
      kind: 'banner',
      id: String(banner.id),
      language: 'xx',
      title: 'x',
    });
    expect(badBo.statusCode).toBe(400);
    expect(badBo.json().errorCode).toBe('language.invalid');
    // English is the item's own text.
    const english = await bo('/bo/api/content/versions/save', {
      kind: 'banner',
      id: String(banner.id),
      language: 'en',
      title: 'x',
    });
    expect(english.statusCode).toBe(422);
    const unknown = await bo('/bo/api/content/versions/save', {
      kind: 'goods',
      id: '999999',
      language: 'my',
      title: 'x',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await bo('/bo/api/content/versions?kind=help&id=nope')).statusCode).toBe(404);
    const denied = await bo(
      '/bo/api/content/versions/save',
      { kind: 'banner', id: String(banner.id), language: 'my', title: 'x' },
      finance,
    );
    expect(denied.statusCode).toBe(403);
  });
});
