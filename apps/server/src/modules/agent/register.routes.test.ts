import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAffiliateLink,
  deleteAffiliateLink,
  getAgentRegisterSettings,
  getDownlineRebate,
  listAffiliateLinks,
  listLinkRegistrations,
  registerDownline,
  setDownlineRebate,
  type CallDef,
} from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { loginCall, loginToken } from '../session/accounts-test-kit.ts';
import { centre, freshName, memberState, teamMember } from './register-test-kit.ts';

/**
 * The register centre's agent side (issue 29, "Account" and "Tree rules"): who may call it, the
 * settings and bounds an agent reads, registering a downline, and raising a downline's rebates,
 * never above the agent's own and never lowered, also when two edits race.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ configOverrides: { trustProxy: true } });
});
afterAll(async () => t?.close());

const memberCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('member')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A valid request of each call of the centre (ids are filled in by the caller). */
function sampleRequests(ids: { downline: number; link: number }): [CallDef, Record<string, unknown>][] {
  return [
    [getAgentRegisterSettings, {}],
    [
      registerDownline,
      { accountType: 0, username: freshName(), password: 'Lotus2024', lotterySeries: 1900, rebates: {} },
    ],
    [getDownlineRebate, { memberId: ids.downline }],
    [setDownlineRebate, { memberId: ids.downline, lotterySeries: 1902 }],
    [
      createAffiliateLink,
      { accountType: 0, lotterySeries: 1900, rebates: {}, expiry: 'PERMANENT', channel: 'FORUM' },
    ],
    [listAffiliateLinks, {}],
    [deleteAffiliateLink, { id: ids.link }],
    [listLinkRegistrations, { id: ids.link }],
  ];
}

describe(`register centre: access (${testDbKind})`, () => {
  it('a player, a trial account and a logged-out caller are refused on every call of the centre, and nothing is written', async () => {
    const agent = await teamMember(t, { series: 1950 });
    const downline = await teamMember(t, { agentType: 0, uplineId: agent.memberId, series: 1900 });
    const link = (
      await centre(t, agent, 'POST', createAffiliateLink.path, {
        accountType: 0,
        lotterySeries: 1900,
        expiry: 'PERMANENT',
        channel: 'FORUM',
      })
    ).json().value;
    const player = await teamMember(t, { agentType: 0, uplineId: agent.memberId });
    const trial = await teamMember(t, { agentType: 4 });
    const before = await memberCount();
    for (const [def, data] of sampleRequests({ downline: downline.memberId, link: link.id })) {
      for (const [who, status, code] of [
        [player, 403, 'agent.only'],
        [trial, 403, 'agent.only'],
        [null, 401, 'user.or.token.invalid'],
      ] as const) {
        const res = await centre(t, who, def.method as 'GET' | 'POST', def.path, data);
        const where = `${def.method} ${def.path} as ${who ? who.username : 'nobody'}: ${res.body}`;
        expect(res.statusCode, where).toBe(status);
        expect(res.json(), where).toMatchObject({ success: false, errorCode: code });
      }
    }
    expect(await memberCount()).toBe(before);
    expect((await memberState(t, { id: downline.memberId }))!.lottery_series).toBe(1900);
    const still = await centre(t, agent, 'GET', listAffiliateLinks.path);
    expect(still.json().value.list.map((l: { id: number }) => l.id)).toEqual([link.id]);
  });

  it('every agent type (1, 2, 41, 42) reads its settings: its prize group and rates, and the bounds of a downline', async () => {
    for (const agentType of [1, 2, 41, 42]) {
      const agent = await teamMember(t, { agentType, series: 1930, rebates: { LIVE: 80, SPORTS: 120 } });
      const res = await centre(t, agent, 'GET', getAgentRegisterSettings.path);
      expect(res.statusCode, res.body).toBe(200);
      const v = res.json().value;
      expect(v.lottery).toEqual({
        base: 2000,
        platformMax: 1956,
        step: 2,
        own: 1930,
        // (1930 − 1700) ÷ 2000: the most rebate group 1930 allows.
        ownRebatePercent: 11.5,
        min: 1700,
        max: 1930,
      });
      expect(v.products).toEqual([
        { product: 'LIVE', own: 80, min: 0, max: 80 },
        { product: 'RNG', own: 0, min: 0, max: 0 },
        { product: 'SPORTS', own: 120, min: 0, max: 120 },
        { product: 'FISH', own: 0, min: 0, max: 0 },
        { product: 'PVP', own: 0, min: 0, max: 0 },
      ]);
      expect(v.switches).toEqual({ registerDownline: true, createLink: true, manageLinks: true });
      const { mainDomain } = await t.app.ctx.system.info();
      expect(v.platformUrl).toBe(mainDomain ? `https://${mainDomain}` : 'http://localhost:80');
    }
  });
});

describe(`register centre: registering a downline (${testDbKind})`, () => {
  it('registers a player under the agent with the group and rates given; it logs in with the password, and the dialog gets username, password and the site', async () => {
    const agent = await teamMember(t, { series: 1950, rebates: { LIVE: 100, RNG: 50 } });
    const username = freshName();
    const res = await centre(t, agent, 'POST', registerDownline.path, {
      accountType: 0,
      username,
      password: 'Lotus2024',
      lotterySeries: 1920,
      rebates: { LIVE: 60 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    const { mainDomain } = await t.app.ctx.system.info();
    expect(v).toEqual({
      memberId: expect.any(Number),
      username,
      password: 'Lotus2024',
      accountType: 0,
      platformUrl: mainDomain ? `https://${mainDomain}` : 'http://localhost:80',
    });
    expect(await memberState(t, { username })).toEqual({
      id: v.memberId,
      username,
      agent_type: 0,
      upline_id: agent.memberId,
      lottery_series: 1920,
      register_method: 'AGENT',
      affiliate_link_id: null,
      rates: { LIVE: 60 },
    });
    // In the agent's team at depth 1 (the closure table's trigger).
    const tree = await t.database.db
      .selectFrom('member_tree')
      .select('depth')
      .where('ancestor_id', '=', agent.memberId)
      .where('descendant_id', '=', v.memberId)
      .executeTakeFirst();
    expect(tree?.depth).toBe(1);
    await expect(
      loginToken(t, username, 'Lotus2024', { 'x-forwarded-for': '198.51.100.31' }),
    ).resolves.toMatch(/.{40,}/);
  });

  it('an agent-type downline recruits in turn; a player-type downline cannot', async () => {
    const agent = await teamMember(t, { series: 1950, rebates: { LIVE: 100 } });
    const subName = freshName('sa');
    const made = await centre(t, agent, 'POST', registerDownline.path, {
      accountType: 1,
      username: subName,
      password: 'Lotus2024',
      lotterySeries: 1940,
      rebates: { LIVE: 90 },
    });
    expect(made.statusCode, made.body).toBe(200);
    const sub = { token: await loginToken(t, subName, 'Lotus2024', { 'x-forwarded-for': '198.51.100.32' }) };
    const settings = (await centre(t, sub, 'GET', getAgentRegisterSettings.path)).json().value;
    expect(settings.lottery).toMatchObject({ own: 1940, max: 1940 });
    expect(settings.products[0]).toEqual({ product: 'LIVE', own: 90, min: 0, max: 90 });
    const playerName = freshName('pl');
    const grand = await centre(t, sub, 'POST', registerDownline.path, {
      accountType: 0,
      username: playerName,
      password: 'Lotus2024',
      lotterySeries: 1940,
      rebates: { LIVE: 90 },
    });
    expect(grand.statusCode, grand.body).toBe(200);
    const player = {
      token: await loginToken(t, playerName, 'Lotus2024', { 'x-forwarded-for': '198.51.100.33' }),
    };
    const refused = await centre(t, player, 'POST', registerDownline.path, {
      accountType: 0,
      username: freshName(),
      password: 'Lotus2024',
      lotterySeries: 1900,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('agent.only');
  });

  it('refuses a taken username, a username or password of the wrong format and a rebate above the agent’s or below the floor, each with its code, writing nothing', async () => {
    const agent = await teamMember(t, { series: 1930, rebates: { LIVE: 80 } });
    const taken = freshName();
    expect(
      (
        await centre(t, agent, 'POST', registerDownline.path, {
          accountType: 0,
          username: taken,
          password: 'Lotus2024',
          lotterySeries: 1900,
        })
      ).statusCode,
    ).toBe(200);
    const before = await memberCount();
    const cases: [Record<string, unknown>, number, string, RegExp][] = [
      [{ username: taken.toUpperCase() }, 409, 'user.exists', /already registered/],
      [{ username: '1abc' }, 422, 'account.format.invalid', /^Account format incorrect: /],
      [{ password: 'lettersonly' }, 422, 'password.format.invalid', /^Password format incorrect: /],
      [{ lotterySeries: 1932 }, 422, 'invalid.rebate.value', /prize group must be 1700–1930 in steps of 2/],
      [{ lotterySeries: 1698 }, 422, 'invalid.rebate.value', /prize group must be 1700–1930/],
      [{ lotterySeries: 1901 }, 422, 'invalid.rebate.value', /steps of 2/],
      [{ rebates: { LIVE: 81 } }, 422, 'invalid.rebate.value', /LIVE rebate must be 0–80 bp/],
      [{ rebates: { RNG: 1 } }, 422, 'invalid.rebate.value', /RNG rebate must be 0–0 bp/],
    ];
    for (const [change, status, code, message] of cases) {
      const username = (change.username as string | undefined) ?? freshName();
      const res = await centre(t, agent, 'POST', registerDownline.path, {
        accountType: 0,
        username,
        password: 'Lotus2024',
        lotterySeries: 1900,
        rebates: {},
        ...change,
      });
      const where = `${JSON.stringify(change)}: ${res.body}`;
      expect(res.statusCode, where).toBe(status);
      expect(res.json().errorCode, where).toBe(code);
      expect(res.json().message, where).toMatch(message);
      if (code !== 'user.exists') expect(await memberState(t, { username })).toBeUndefined();
    }
    expect(await memberCount()).toBe(before);
  });

  it('the agent’s default password 123456 is taken (the rule’s one exception): the downline logs in with it and is made to change it', async () => {
    const agent = await teamMember(t, { series: 1950 });
    const username = freshName();
    const res = await centre(t, agent, 'POST', registerDownline.path, {
      accountType: 0,
      username,
      password: '123456',
      lotterySeries: 1900,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ username, password: '123456' });
    const login = await loginCall(
      t,
      { username, password: '123456' },
      { 'x-forwarded-for': '198.51.100.34' },
    );
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().value).toMatchObject({ forceChangePassword: true, changePasswordReason: 'weak' });
  });

  it('two registrations of one username racing: one is made, the other hears the name is taken', async () => {
    const agent = await teamMember(t, { series: 1950 });
    const username = freshName();
    const results = await Promise.all(
      [0, 1].map(() =>
        centre(t, agent, 'POST', registerDownline.path, {
          accountType: 0,
          username,
          password: 'Lotus2024',
          lotterySeries: 1900,
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.database.db
      .selectFrom('member')
      .select('id')
      .where('username', '=', username)
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe(`register centre: a downline's rebates (${testDbKind})`, () => {
  it('raises a direct downline’s group and rates up to the agent’s own; the read shows current values and the maximum', async () => {
    const agent = await teamMember(t, { series: 1940, rebates: { LIVE: 100, FISH: 30 } });
    const d = await teamMember(t, {
      agentType: 0,
      uplineId: agent.memberId,
      series: 1900,
      rebates: { LIVE: 40 },
    });
    const read = await centre(t, agent, 'GET', getDownlineRebate.path, { memberId: d.memberId });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().value).toEqual({
      memberId: d.memberId,
      username: d.username,
      accountType: 0,
      lotterySeries: 1900,
      lotteryRebatePercent: 10,
      rebates: { LIVE: 40, RNG: 0, SPORTS: 0, FISH: 0, PVP: 0 },
      max: { lotterySeries: 1940, rebates: { LIVE: 100, RNG: 0, SPORTS: 0, FISH: 30, PVP: 0 } },
    });
    const res = await centre(t, agent, 'POST', setDownlineRebate.path, {
      memberId: d.memberId,
      lotterySeries: 1940,
      rebates: { LIVE: 100, FISH: 10 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({
      lotterySeries: 1940,
      rebates: { LIVE: 100, RNG: 0, SPORTS: 0, FISH: 10, PVP: 0 },
    });
    expect(await memberState(t, { id: d.memberId })).toMatchObject({
      lottery_series: 1940,
      rates: { FISH: 10, LIVE: 100 },
    });
    // A product left out stays as it is.
    const partial = await centre(t, agent, 'POST', setDownlineRebate.path, {
      memberId: d.memberId,
      rebates: { FISH: 30 },
    });
    expect(partial.json().value.rebates).toMatchObject({ LIVE: 100, FISH: 30 });
  });

  it('refuses to lower the group or a rate ("series rebate can not be lowered") or to raise above the agent’s own, writing nothing', async () => {
    const agent = await teamMember(t, { series: 1940, rebates: { LIVE: 100 } });
    const d = await teamMember(t, {
      agentType: 1,
      uplineId: agent.memberId,
      series: 1910,
      rebates: { LIVE: 50 },
    });
    const cases: [Record<string, unknown>, string, string | RegExp][] = [
      [{ lotterySeries: 1908 }, 'downline.rebate.update.lower.reb', 'series rebate can not be lowered'],
      [
        { lotterySeries: 1920, rebates: { LIVE: 49 } },
        'downline.rebate.update.lower.reb',
        'series rebate can not be lowered',
      ],
      [{ lotterySeries: 1942 }, 'invalid.rebate.value', /prize group must be 1700–1940/],
      [{ rebates: { LIVE: 101 } }, 'invalid.rebate.value', /LIVE rebate must be 0–100 bp/],
      [{ lotterySeries: 1915 }, 'invalid.rebate.value', /steps of 2/],
    ];
    for (const [change, code, message] of cases) {
      const res = await centre(t, agent, 'POST', setDownlineRebate.path, { memberId: d.memberId, ...change });
      const where = `${JSON.stringify(change)}: ${res.body}`;
      expect(res.statusCode, where).toBe(422);
      expect(res.json().errorCode, where).toBe(code);
      if (typeof message === 'string') expect(res.json().message, where).toBe(message);
      else expect(res.json().message, where).toMatch(message);
      expect(await memberState(t, { id: d.memberId }), where).toMatchObject({
        lottery_series: 1910,
        rates: { LIVE: 50 },
      });
    }
  });

  it('IDOR: another agent’s downline, a downline’s downline and a missing id all answer the same 404, and nothing changes', async () => {
    const agent = await teamMember(t, { series: 1950 });
    const mine = await teamMember(t, { agentType: 1, uplineId: agent.memberId, series: 1920 });
    const grand = await teamMember(t, { agentType: 0, uplineId: mine.memberId, series: 1900 });
    const sibling = await teamMember(t, { series: 1950 });
    const theirs = await teamMember(t, { agentType: 0, uplineId: sibling.memberId, series: 1900 });
    const answers = new Set<string>();
    for (const memberId of [theirs.memberId, grand.memberId, sibling.memberId, 999_999_999]) {
      for (const [def, data] of [
        [getDownlineRebate, { memberId }],
        [setDownlineRebate, { memberId, lotterySeries: 1910 }],
      ] as const) {
        const res = await centre(t, agent, def.method as 'GET' | 'POST', def.path, data);
        expect(res.statusCode, res.body).toBe(404);
        answers.add(res.body);
      }
    }
    // One body for all: nothing tells a foreign member from a missing one.
    expect([...answers]).toEqual([
      JSON.stringify({ success: false, errorCode: 'agent.downline.not.found', message: 'No such downline' }),
    ]);
    expect((await memberState(t, { id: theirs.memberId }))!.lottery_series).toBe(1900);
    expect((await memberState(t, { id: grand.memberId }))!.lottery_series).toBe(1900);
  });

  it('two edits racing (one raising to 1920, one to 1910, from 1900): never does the lower land after the higher, in 12 rounds', async () => {
    const agent = await teamMember(t, { series: 1950, rebates: { LIVE: 100 } });
    for (let round = 0; round < 12; round++) {
      const d = await teamMember(t, {
        agentType: 0,
        uplineId: agent.memberId,
        series: 1900,
        rebates: { LIVE: 10 },
      });
      const edit = (series: number, live: number) =>
        centre(t, agent, 'POST', setDownlineRebate.path, {
          memberId: d.memberId,
          lotterySeries: series,
          rebates: { LIVE: live },
        });
      // Alternate which is sent first so either may win the lock.
      const [high, low] =
        round % 2
          ? await Promise.all([edit(1920, 60), edit(1910, 30)])
          : (await Promise.all([edit(1910, 30), edit(1920, 60)])).reverse();
      expect(high!.statusCode, high!.body).toBe(200);
      if (low!.statusCode !== 200) expect(low!.json().errorCode).toBe('downline.rebate.update.lower.reb');
      expect(await memberState(t, { id: d.memberId })).toMatchObject({
        lottery_series: 1920,
        rates: { LIVE: 60 },
      });
    }
  });
});
