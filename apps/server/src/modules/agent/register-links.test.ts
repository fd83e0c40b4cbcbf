import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import {
  createAffiliateLink,
  deleteAffiliateLink,
  getAgentRegisterSettings,
  listAffiliateLinks,
  listLinkRegistrations,
  inviteQrImage,
  registerDownline,
} from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { captchaAnswer, secureCall } from '../session/accounts-test-kit.ts';
import { up as addRegisterCentreSwitches } from '../../db/migrations/031-agent-register-switches.ts';
import { qrSvg } from '../cdn/draw/qr.ts';
import { affiliateUrl, LINK_CODE_LENGTH } from './register.service.ts';
import { centre, freshName, memberState, teamMember } from './register-test-kit.ts';

/**
 * Registration links (issue 29, "Account" and "Tree rules"): an agent makes, lists and deletes
 * them; a player registers through one and lands under the agent with the link's account type,
 * prize group and rebates; an expired or deleted link registers nobody; ten registrations at once
 * through one link all attach to it; the URL follows the switches.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ configOverrides: { trustProxy: true } });
});
afterAll(async () => t?.close());

let ipSeq = 10;
const newIp = () => ({ 'x-forwarded-for': `203.0.113.${ipSeq++ % 250}` });

/** Registers through the site's form (encrypted PUT, image captcha) with an affiliate code. */
async function registerWith(affiliateCode: string, username = freshName('pl')) {
  const headers = newIp();
  const cap = await t.call({ url: '/wps/captcha', headers });
  const id = cap.headers['captcha-id'] as string;
  const res = await secureCall(t, {
    url: '/wps/member/register',
    method: 'PUT',
    headers: { ...headers, 'captcha-id': id },
    payload: {
      username,
      password: 'Lotus2024',
      confirmPassword: 'Lotus2024',
      captcha: await captchaAnswer(t, id),
      affiliateCode,
      domain: 'www.luckylotus.example',
      registerUrl: 'https://www.luckylotus.example/register',
      registerMethod: 'WEB',
    },
  });
  return { res, username };
}

const checkCode = (code: string) =>
  t.call({
    url: `/wps/agent/affiliate?code=${encodeURIComponent(code)}&domain=www.luckylotus.example`,
    headers: newIp(),
  });

const linkBody = (o: Record<string, unknown> = {}) => ({
  accountType: 0,
  lotterySeries: 1900,
  rebates: {},
  expiry: 'PERMANENT',
  channel: 'FORUM',
  ...o,
});

async function makeLink(agent: { token: string }, o: Record<string, unknown> = {}) {
  const res = await centre(t, agent, 'POST', createAffiliateLink.path, linkBody(o));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as {
    id: number;
    code: string;
    url: string;
    createdAt: number;
    expiresAt: number | null;
  };
}

const listOf = async (agent: { token: string }, q: Record<string, unknown> = {}) =>
  (await centre(t, agent, 'GET', listAffiliateLinks.path, q)).json().value;

const site = async () => {
  const { mainDomain } = await t.app.ctx.system.info();
  return mainDomain ? { protocol: 'https', host: mainDomain } : { protocol: 'http', host: 'localhost:80' };
};

describe(`registration links: the agent's side (${testDbKind})`, () => {
  it('creates a link with a random 12-character code, the settings given, each expiry and a channel; the list shows it newest first with its URL, status and count', async () => {
    const agent = await teamMember(t, { series: 1950, rebates: { LIVE: 100, RNG: 40 } });
    const made = await makeLink(agent, {
      accountType: 1,
      lotterySeries: 1930,
      rebates: { LIVE: 70 },
      expiry: '7D',
      channel: 'CUSTOM',
      channelText: 'Telegram group',
    });
    expect(made.code).toMatch(new RegExp(`^[a-z0-9]{${LINK_CODE_LENGTH}}$`));
    const s = await site();
    expect(made).toEqual({
      id: expect.any(Number),
      code: made.code,
      url: affiliateUrl(made.code, s, { codeInQuery: false, simplified: false, registerPage: false }),
      accountType: 1,
      lotterySeries: 1930,
      lotteryRebatePercent: 11.5,
      rebates: { LIVE: 70, RNG: 0, SPORTS: 0, FISH: 0, PVP: 0 },
      channel: 'CUSTOM',
      channelText: 'Telegram group',
      createdAt: expect.any(Number),
      expiresAt: made.createdAt + 7 * 86_400_000,
      status: 'NORMAL',
      registrations: 0,
    });
    expect(Math.abs(made.createdAt - Date.now())).toBeLessThan(60_000);
    const day = 86_400_000;
    for (const [expiry, span] of [
      ['PERMANENT', null],
      ['1D', day],
      ['30D', 30 * day],
    ] as const) {
      const l = await makeLink(agent, { expiry, channel: 'QQ_GROUP' });
      expect(l.expiresAt === null ? null : l.expiresAt - l.createdAt, expiry).toBe(span);
    }
    const year = await makeLink(agent, { expiry: '1Y' });
    const inAYear = new Date(year.createdAt);
    inAYear.setUTCFullYear(inAYear.getUTCFullYear() + 1);
    expect(year.expiresAt).toBe(inAYear.getTime());

    const all = await listOf(agent);
    expect(all.total).toBe(5);
    expect(all.list[4]).toEqual(made);
    expect(all.list.map((l: { expiresAt: number | null }) => l.expiresAt)).toEqual([
      year.expiresAt,
      expect.any(Number),
      expect.any(Number),
      null,
      made.expiresAt,
    ]);
    expect(new Set(all.list.map((l: { code: string }) => l.code)).size).toBe(5);
    const page2 = await listOf(agent, { page: 2, size: 2 });
    expect(page2).toMatchObject({ total: 5, page: 2, size: 2 });
    expect(page2.list).toEqual(all.list.slice(2, 4));
  });

  it('refuses settings above the agent’s own, below the floor, and a custom channel without its text, making no link', async () => {
    const agent = await teamMember(t, { series: 1920, rebates: { LIVE: 50 } });
    for (const [o, status, code] of [
      [{ lotterySeries: 1922 }, 422, 'invalid.rebate.value'],
      [{ lotterySeries: 1690 }, 422, 'invalid.rebate.value'],
      [{ rebates: { LIVE: 51 } }, 422, 'invalid.rebate.value'],
      [{ rebates: { PVP: 1 } }, 422, 'invalid.rebate.value'],
      [{ channel: 'CUSTOM' }, 422, 'invalid.input'],
      [{ expiry: '2D' }, 422, 'invalid.input'],
      [{ accountType: 4 }, 422, 'invalid.input'],
    ] as const) {
      const res = await centre(t, agent, 'POST', createAffiliateLink.path, linkBody(o));
      expect(res.statusCode, `${JSON.stringify(o)} ${res.body}`).toBe(status);
      expect(res.json().errorCode).toBe(code);
    }
    expect((await listOf(agent)).total).toBe(0);
  });

  it('deletes a link: it leaves the list, a second delete and its registrations answer 404; another agent’s link answers the same 404 and stays', async () => {
    const agent = await teamMember(t, { series: 1950 });
    const other = await teamMember(t, { series: 1950 });
    const mine = await makeLink(agent);
    const theirs = await makeLink(other);
    const missing = JSON.stringify({
      success: false,
      errorCode: 'agent.link.not.found',
      message: 'No such registration link',
    });
    for (const id of [theirs.id, 999_999_999]) {
      const del = await centre(t, agent, 'POST', deleteAffiliateLink.path, { id });
      expect([del.statusCode, del.body]).toEqual([404, missing]);
      const regs = await centre(t, agent, 'GET', listLinkRegistrations.path, { id });
      expect([regs.statusCode, regs.body]).toEqual([404, missing]);
    }
    expect((await listOf(other)).list.map((l: { id: number }) => l.id)).toEqual([theirs.id]);
    expect((await listOf(agent)).list.map((l: { id: number }) => l.id)).toEqual([mine.id]);

    const del = await centre(t, agent, 'POST', deleteAffiliateLink.path, { id: mine.id });
    expect(del.json()).toEqual({ success: true, value: { id: mine.id, deleted: true } });
    const row = await t.database.db
      .selectFrom('affiliate_link')
      .select('deleted_at')
      .where('id', '=', mine.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect(await listOf(agent)).toMatchObject({ list: [], total: 0 });
    const again = await centre(t, agent, 'POST', deleteAffiliateLink.path, { id: mine.id });
    expect([again.statusCode, again.body]).toEqual([404, missing]);
    const regs = await centre(t, agent, 'GET', listLinkRegistrations.path, { id: mine.id });
    expect([regs.statusCode, regs.body]).toEqual([404, missing]);
  });
});

describe(`registration links: registering through one (${testDbKind})`, () => {
  it('a live code passes GET /wps/agent/affiliate (any case); registering with it puts the member under the agent with the link’s type, group and rebates', async () => {
    const agent = await teamMember(t, { series: 1950, rebates: { LIVE: 100, RNG: 40 } });
    const link = await makeLink(agent, {
      accountType: 1,
      lotterySeries: 1930,
      rebates: { LIVE: 70, RNG: 40 },
    });
    for (const code of [link.code, link.code.toUpperCase()]) {
      const res = await checkCode(code);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        value: { code: link.code, kind: 'AFFILIATE', valid: true },
      });
    }
    const { res, username } = await registerWith(link.code.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ userName: username, type: 1 });
    const m = (await memberState(t, { username }))!;
    expect(m).toEqual({
      id: expect.any(Number),
      username,
      agent_type: 1,
      upline_id: agent.memberId,
      lottery_series: 1930,
      register_method: 'AFFILIATE_URL',
      affiliate_link_id: link.id,
      rates: { LIVE: 70, RNG: 40 },
    });
    // The new member is an agent: it opens its own register centre with the link's settings.
    const own = await centre(t, { token: res.json().value.token }, 'GET', getAgentRegisterSettings.path);
    expect(own.json().value.lottery).toMatchObject({ own: 1930, max: 1930 });

    const listed = (await listOf(agent)).list[0];
    expect(listed).toMatchObject({ id: link.id, registrations: 1 });
    const regs = await centre(t, agent, 'GET', listLinkRegistrations.path, { id: link.id });
    expect(regs.json().value).toEqual({
      list: [{ memberId: m.id, username, accountType: 1, registeredAt: expect.any(Number) }],
      total: 1,
      page: 1,
      size: 10,
    });
  });

  it('an expired link and a deleted one register nobody: the check and the registration are refused with their own messages and nothing is written', async () => {
    const agent = await teamMember(t, { series: 1950 });
    const expired = await makeLink(agent, { expiry: '1D' });
    await t.database.db
      .updateTable('affiliate_link')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expired.id)
      .execute();
    expect((await listOf(agent)).list[0]).toMatchObject({ id: expired.id, status: 'EXPIRED' });
    const deleted = await makeLink(agent);
    await centre(t, agent, 'POST', deleteAffiliateLink.path, { id: deleted.id });
    // A link whose agent is no longer an agent registers nobody either.
    const demoted = await teamMember(t, { series: 1950 });
    const orphan = await makeLink(demoted);
    await t.database.db
      .updateTable('member')
      .set({ agent_type: 0 })
      .where('id', '=', demoted.memberId)
      .execute();

    const before = await t.database.db
      .selectFrom('member')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    for (const [code, errorCode, message] of [
      [expired.code, 'affiliate.link.expired', 'This registration link has expired'],
      [deleted.code, 'affiliate.link.withdrawn', 'This registration link is no longer valid'],
      [orphan.code, 'affiliate.link.withdrawn', 'This registration link is no longer valid'],
    ] as const) {
      const check = await checkCode(code);
      expect([check.statusCode, check.json()]).toEqual([422, { success: false, errorCode, message }]);
      const { res, username } = await registerWith(code);
      expect([res.statusCode, res.json()]).toEqual([422, { success: false, errorCode, message }]);
      expect(await memberState(t, { username })).toBeUndefined();
    }
    const after = await t.database.db
      .selectFrom('member')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    // An unknown code is still the invitation code error (ER-03's dialog text).
    const unknown = await checkCode('zzzz0000zzzz');
    expect(unknown.json()).toMatchObject({
      errorCode: 'invitation.code.error',
      message: 'invitation code error',
    });
  });

  it('ten registrations at once through one link are all attached to it, under its agent', async () => {
    const agent = await teamMember(t, { series: 1950, rebates: { SPORTS: 90 } });
    const link = await makeLink(agent, { lotterySeries: 1910, rebates: { SPORTS: 60 } });
    const results = await Promise.all(Array.from({ length: 10 }, () => registerWith(link.code)));
    for (const { res } of results) expect(res.statusCode, res.body).toBe(200);
    const rows = await t.database.db
      .selectFrom('member')
      .select(['username', 'upline_id', 'agent_type', 'lottery_series', 'register_method'])
      .where('affiliate_link_id', '=', link.id)
      .orderBy('username')
      .execute();
    expect(rows).toEqual(
      results
        .map((r) => r.username)
        .sort()
        .map((username) => ({
          username,
          upline_id: agent.memberId,
          agent_type: 0,
          lottery_series: 1910,
          register_method: 'AFFILIATE_URL',
        })),
    );
    const rates = await t.database.db
      .selectFrom('member_rebate')
      .innerJoin('member', 'member.id', 'member_rebate.member_id')
      .select(['member_rebate.product', 'member_rebate.rate_bp'])
      .where('member.affiliate_link_id', '=', link.id)
      .execute();
    expect(rates).toEqual(Array.from({ length: 10 }, () => ({ product: 'SPORTS', rate_bp: 60 })));
    expect((await listOf(agent)).list[0]).toMatchObject({ id: link.id, registrations: 10 });
    const page = await centre(t, agent, 'GET', listLinkRegistrations.path, { id: link.id, size: 4, page: 3 });
    expect(page.json().value).toMatchObject({ total: 10, page: 3, size: 4 });
    expect(page.json().value.list).toHaveLength(2);
  });

  it('a plain invitation code (the seed’s LOTUS8) still registers under its agent as before, register method WEB', async () => {
    const inviter = await t.database.db
      .selectFrom('invitation_code')
      .select(['code', 'member_id'])
      .where('kind', '=', 'AFFILIATE')
      .where('active', '=', true)
      .where('domain', 'is', null)
      .executeTakeFirst();
    if (!inviter) return; // a database seeded without demo codes has none to try
    const { res, username } = await registerWith(inviter.code);
    expect(res.statusCode, res.body).toBe(200);
    expect(await memberState(t, { username })).toMatchObject({
      upline_id: inviter.member_id,
      agent_type: 0,
      lottery_series: 1956,
      register_method: 'WEB',
      affiliate_link_id: null,
      rates: {},
    });
  });
});

describe(`registration links: URLs and switches (${testDbKind})`, () => {
  it('the URL puts the code in the first host label by default, in ?affiliateCode= with SUFAFFCODE3, in ?r= with SIMPLIFIEDURL3, with /register.html under AFFURLEXT3', () => {
    const s = { protocol: 'https', host: 'www.brand.com' };
    const off = { codeInQuery: false, simplified: false, registerPage: false };
    expect(affiliateUrl('abc123', s, off)).toBe('https://abc123.brand.com');
    expect(affiliateUrl('abc123', { protocol: 'https', host: 'brand.com' }, off)).toBe(
      'https://abc123.brand.com',
    );
    expect(affiliateUrl('abc123', s, { ...off, registerPage: true })).toBe(
      'https://abc123.brand.com/register.html',
    );
    expect(affiliateUrl('abc123', s, { ...off, codeInQuery: true })).toBe(
      'https://www.brand.com/?affiliateCode=abc123',
    );
    expect(affiliateUrl('abc123', s, { ...off, codeInQuery: true, registerPage: true })).toBe(
      'https://www.brand.com/register.html?affiliateCode=abc123',
    );
    expect(affiliateUrl('abc123', s, { ...off, simplified: true })).toBe('https://www.brand.com/?r=abc123');
    expect(affiliateUrl('abc123', s, { codeInQuery: true, simplified: true, registerPage: true })).toBe(
      'https://www.brand.com/register.html?r=abc123',
    );
    // An address without host names cannot take a label: the code goes in the query.
    expect(affiliateUrl('abc123', { protocol: 'http', host: '127.0.0.1:3000' }, off)).toBe(
      'http://127.0.0.1:3000/?affiliateCode=abc123',
    );
    expect(affiliateUrl('abc123', { protocol: 'http', host: 'localhost:5173' }, off)).toBe(
      'http://abc123.localhost:5173',
    );
  });

  it('migration 031 adds the switches to a seeded database; the list’s URLs follow them, and with AGEREGDOWN3, CREATEAFF3 or AFFMAN3 off their calls answer "function not enabled"', async () => {
    await addRegisterCentreSwitches(t.database.db as unknown as Kysely<unknown>);
    const rows = await t.database.db
      .selectFrom('feature_switch')
      .select(['mod_id', 'parent_mod_id', 'enabled'])
      .where('mod_id', 'in', [
        'REGCEN',
        'AGEREGDOWN3',
        'CREATEAFF3',
        'AFFMAN3',
        'SUFAFFCODE3',
        'SIMPLIFIEDURL3',
        'AFFURLEXT3',
      ])
      .orderBy('mod_id')
      .execute();
    expect(rows).toEqual([
      { mod_id: 'AFFMAN3', parent_mod_id: 'REGCEN', enabled: true },
      { mod_id: 'AFFURLEXT3', parent_mod_id: 'REGCEN', enabled: false },
      { mod_id: 'AGEREGDOWN3', parent_mod_id: 'REGCEN', enabled: true },
      { mod_id: 'CREATEAFF3', parent_mod_id: 'REGCEN', enabled: true },
      { mod_id: 'REGCEN', parent_mod_id: null, enabled: true },
      { mod_id: 'SIMPLIFIEDURL3', parent_mod_id: 'REGCEN', enabled: false },
      { mod_id: 'SUFAFFCODE3', parent_mod_id: 'REGCEN', enabled: false },
    ]);
    const { system } = t.app.ctx;
    // Reload the snapshot after the direct insert: setting a switch to its value publishes a change.
    await system.setSwitch('REGCEN', true);
    const agent = await teamMember(t, { series: 1950 });
    const link = await makeLink(agent);
    const s = await site();
    // The link's QR image (the CDN's INVITE_QR) draws the address the list writes, whatever the switches.
    const urlNow = async () => {
      const url = (await listOf(agent)).list[0].url as string;
      const qr = await t.call({ url: inviteQrImage('/cdn/img1', 'LINK', link.code) });
      expect(qr.body, url).toBe(qrSvg(url));
      return url;
    };
    const bare = s.host.replace(/^www\./, '');
    try {
      expect(await urlNow()).toBe(`${s.protocol}://${link.code}.${bare}`);
      await system.setSwitch('AFFURLEXT3', true);
      expect(await urlNow()).toBe(`${s.protocol}://${link.code}.${bare}/register.html`);
      await system.setSwitch('SUFAFFCODE3', true);
      expect(await urlNow()).toBe(`${s.protocol}://${s.host}/register.html?affiliateCode=${link.code}`);
      await system.setSwitch('AFFURLEXT3', false);
      expect(await urlNow()).toBe(`${s.protocol}://${s.host}/?affiliateCode=${link.code}`);
      await system.setSwitch('SIMPLIFIEDURL3', true);
      expect(await urlNow()).toBe(`${s.protocol}://${s.host}/?r=${link.code}`);
      // Whatever the format, the code registers.
      const { res } = await registerWith(link.code);
      expect(res.statusCode, res.body).toBe(200);

      const off = async (modId: string, calls: [string, 'GET' | 'POST', Record<string, unknown>][]) => {
        await system.setSwitch(modId, false);
        for (const [path, method, data] of calls) {
          const r = await centre(t, agent, method, path, data);
          expect([r.statusCode, r.json().errorCode], `${modId} ${path}`).toEqual([403, 'function.disabled']);
        }
        const settings = (await centre(t, agent, 'GET', getAgentRegisterSettings.path)).json().value;
        await system.setSwitch(modId, true);
        return settings.switches;
      };
      const username = freshName();
      expect(
        await off('AGEREGDOWN3', [
          [
            registerDownline.path,
            'POST',
            { accountType: 0, username, password: 'Lotus2024', lotterySeries: 1900 },
          ],
        ]),
      ).toEqual({ registerDownline: false, createLink: true, manageLinks: true });
      expect(await memberState(t, { username })).toBeUndefined();
      expect(await off('CREATEAFF3', [[createAffiliateLink.path, 'POST', linkBody()]])).toEqual({
        registerDownline: true,
        createLink: false,
        manageLinks: true,
      });
      expect(
        await off('AFFMAN3', [
          [listAffiliateLinks.path, 'GET', {}],
          [deleteAffiliateLink.path, 'POST', { id: link.id }],
          [listLinkRegistrations.path, 'GET', { id: link.id }],
        ]),
      ).toEqual({ registerDownline: true, createLink: true, manageLinks: false });
      expect((await listOf(agent)).total).toBe(1);
    } finally {
      for (const modId of ['AFFURLEXT3', 'SUFAFFCODE3', 'SIMPLIFIEDURL3'])
        await system.setSwitch(modId, false);
      for (const modId of ['AGEREGDOWN3', 'CREATEAFF3', 'AFFMAN3']) await system.setSwitch(modId, true);
    }
  });
});
