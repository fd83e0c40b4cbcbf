import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { loginToken } from '../session/accounts-test-kit.ts';

/**
 * The announcement calls as the original web client makes them (research/original-wire.md,
 * "notices"): one path, five requests, each checked for every field the client reads after it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const path = '/wps/relay/MCSFE_getListAnnouncements';
const get = async (query: Record<string, string>, token?: string) => {
  const res = await t.call({ url: `${path}?${new URLSearchParams(query)}`, ...(token ? { token } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
};

function expectNotices(list: unknown, type: string) {
  expect(Array.isArray(list)).toBe(true);
  const notices = list as Record<string, unknown>[];
  expect(notices.length).toBeGreaterThan(0);
  for (const n of notices) {
    expect(n.type).toBe(type);
    expect(typeof n.id).toBe('number');
    expect(typeof n.title).toBe('string');
    expect(typeof n.content).toBe('string');
    expect(['B', 'L', 'G']).toContain(n.execution);
    expect(typeof n.date).toBe('number');
    expect(typeof n.startDate).toBe('number');
  }
}

describe(`the original client's announcement calls (${testDbKind})`, () => {
  it("getAnnouncements: GET /wps/relay/MCSFE_getListAnnouncements answers the original's fields", async () => {
    const v = await get({ types: 'B,PL,PU,PR', platform: 'W', execution: 'B' });
    expect(Array.isArray(v.banners)).toBe(true);
    expect(v.banners.length).toBeGreaterThan(0);
    for (const b of v.banners) {
      // The original shows `url` as the banner's image and follows linkage by linkageType.
      expect(b.url).toMatch(/TCG_PROD_IMAGES\/BANNER\/.+\.png$/);
      expect(['URL', '']).toContain(b.linkageType);
      expect(typeof b.linkage).toBe('string');
      expect(b.linkageType === 'URL').toBe(b.linkage !== '');
    }
    expectNotices(v.player, 'PL');
    expectNotices(v.popup, 'PU');
    expectNotices(v.promotion, 'PR');
    // Type H was not asked for.
    expect(v.hot).toEqual([]);
  });

  it("getAnnouncementsGroup: GET /wps/relay/MCSFE_getListAnnouncements answers the original's fields", async () => {
    const v = await get({ types: 'B,PL,PU', groupName: '', execution: 'B', platform: 'W' });
    expectNotices(v.player, 'PL');
    expectNotices(v.popup, 'PU');
    // An empty group name narrows nothing: every banner group comes.
    const groups = new Set(v.banners.map((b: { groupName: string }) => b.groupName));
    expect([...groups].sort()).toEqual(['index', 'w_login', 'w_register']);
    expect(v.promotion).toEqual([]);
  });

  it("getAnnouncementsPromotion: GET /wps/relay/MCSFE_getListAnnouncements answers the original's fields", async () => {
    const v = await get({ types: 'B,PL,PU,PR', groupName: 'w_promotion', execution: 'B', platform: 'W' });
    expectNotices(v.promotion, 'PR');
    for (const p of v.promotion) {
      expect(Number.isInteger(p.id)).toBe(true);
      expect(p.title.length).toBeGreaterThan(0);
      expect(p.content).toMatch(/<\w+/);
      expect(p.startDate).toBeLessThanOrEqual(Date.now());
    }
    // The group narrows the banners to its own: the demo has no promotion banner.
    expect(v.banners).toEqual([]);
    const register = await get({ types: 'B', groupName: 'w_register', execution: 'B', platform: 'W' });
    expect(register.banners.length).toBeGreaterThan(0);
    for (const b of register.banners) expect(b.groupName).toBe('w_register');
  });

  it("getAnnouncementsWithHot: GET /wps/relay/MCSFE_getListAnnouncements answers the original's fields", async () => {
    const v = await get({ types: 'B,PL,PU,PR,H', platform: 'W' });
    expectNotices(v.player, 'PL');
    expectNotices(v.popup, 'PU');
    expectNotices(v.promotion, 'PR');
    expect(v.banners.length).toBeGreaterThan(0);
    expectNotices(v.hot, 'H');
  });

  it("getAnnouncementsLoggedInPopup: GET /wps/relay/MCSFE_getListAnnouncements answers the original's fields", async () => {
    const token = await loginToken(t, 'demo', 'Demo1234');
    const forPlayers = await t.app.ctx.notices.add({
      type: 'PU',
      title: 'Players only',
      content: '<p>Welcome back</p>',
      execution: 'L',
    });
    const forGuests = await t.app.ctx.notices.add({
      type: 'PU',
      title: 'Guests only',
      content: '<p>Join us</p>',
      execution: 'G',
    });
    try {
      const v = await get({ types: 'PU', platform: 'W' }, token);
      expectNotices(v.popup, 'PU');
      // Without execution every popup comes, each saying whom it is for: the original picks by it.
      const byId = new Map(v.popup.map((n: { id: number; execution: string }) => [n.id, n.execution]));
      expect(byId.get(forPlayers)).toBe('L');
      expect(byId.get(forGuests)).toBe('G');
      expect(v.player).toEqual([]);
      expect(v.banners).toEqual([]);
    } finally {
      await t.app.ctx.notices.remove(forPlayers);
      await t.app.ctx.notices.remove(forGuests);
    }
  });

  it("refuses a group name or execution outside the original's vocabulary with a clean 422", async () => {
    for (const query of ['groupName=%3Cb%3E', 'execution=X', 'types=B,XX', 'platform=M']) {
      const res = await t.call({ url: `${path}?${query}` });
      expect(res.statusCode, query).toBe(422);
      expect(res.json().success).toBe(false);
    }
  });
});
