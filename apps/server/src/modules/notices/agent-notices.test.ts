import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentType, announcementTypes, type AgentAnnouncement } from '@app/contract';
import { demoAnnouncements, SEED_REFERENCE } from '../../seed/demo-content.ts';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { memberWithMoney } from '../wallet/wallet-test-kit.ts';

/**
 * The agent centre's announcements (issue 29, migration 033): the operator addresses a notice to
 * agents (audience AGENTS); agents read those through GET /wps/agent/announcements, a page at a
 * time, and nobody ever reads them through the public announcement call, whatever it asks for.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const path = '/wps/agent/announcements';
const demoForAgents = demoAnnouncements.filter((a) => a.audience === 'AGENTS');

async function agentPage(token: string, query: Record<string, number> = {}) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const res = await t.call({ url: qs ? `${path}?${qs}` : path, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { list: AgentAnnouncement[]; total: number; page: number; size: number };
}

/** Every notice id of every bucket of every public announcement request a client can make. */
async function publicNoticeIds(token?: string): Promise<Set<number>> {
  const ids = new Set<number>();
  for (const execution of ['B', 'L', 'G']) {
    for (const groupName of ['', 'w_promotion']) {
      const query = new URLSearchParams({ types: announcementTypes.join(','), platform: 'W', execution });
      if (groupName) query.set('groupName', groupName);
      const res = await t.call({
        url: `/wps/relay/MCSFE_getListAnnouncements?${query}`,
        ...(token ? { token } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      const v = res.json().value as Record<string, { id: number }[]>;
      for (const bucket of ['popup', 'player', 'promotion', 'hot', 'banners'] as const)
        for (const n of v[bucket]!) if (bucket !== 'banners') ids.add(n.id);
    }
  }
  // The default request (no query) too.
  const plain = (await t.call({ url: '/wps/relay/MCSFE_getListAnnouncements' })).json().value;
  for (const n of [...plain.popup, ...plain.player, ...plain.promotion, ...plain.hot]) ids.add(n.id);
  return ids;
}

describe(`agent announcements (${testDbKind})`, () => {
  it('issue 29 an agent (types 1, 2, 41, 42) reads the announcements for agents: the demo ones, newest first, with title, HTML content as written and publication time', async () => {
    expect(demoForAgents.length).toBeGreaterThan(0);
    const expected = [...demoForAgents]
      .sort((a, b) => a.daysAgo - b.daysAgo)
      .map((a) => ({ title: a.title, content: a.html, time: SEED_REFERENCE - a.daysAgo * 86_400_000 }));
    for (const agentType of [
      AgentType.agent1,
      AgentType.agent2,
      AgentType.agentOnly41,
      AgentType.agentOnly42,
    ]) {
      const agent = await memberWithMoney(t, 0, { agentType });
      const page = await agentPage(agent.token);
      expect(page).toMatchObject({ total: demoForAgents.length, page: 1, size: 10 });
      expect(page.list.map(({ title, content, time }) => ({ title, content, time }))).toEqual(expected);
      for (const n of page.list) expect(Number.isInteger(n.id)).toBe(true);
    }
  });

  it('issue 29 pages on the server: {page, size} gives that slice and the total; a removed notice leaves the list at once; a page past the end is empty', async () => {
    const agent = await memberWithMoney(t, 0, { agentType: 1 });
    const added: number[] = [];
    try {
      // Published now, so newer than every demo notice: they lead the list, the newest first.
      for (let i = 1; i <= 3; i++)
        added.push(
          await t.app.ctx.notices.add({
            type: 'PL',
            title: `Agents ${i}`,
            content: `<p>For agents, number ${i}</p>`,
            audience: 'AGENTS',
          }),
        );
      const total = demoForAgents.length + 3;
      const all = await agentPage(agent.token, { size: 50 });
      expect(all.total).toBe(total);
      expect(all.list.slice(0, 3).map((n) => n.id)).toEqual([...added].reverse());
      expect(all.list[0]).toMatchObject({ title: 'Agents 3', content: '<p>For agents, number 3</p>' });
      expect(Math.abs(all.list[0]!.time - Date.now())).toBeLessThan(60_000);

      const second = await agentPage(agent.token, { page: 2, size: 2 });
      expect(second).toMatchObject({ total, page: 2, size: 2 });
      expect(second.list.map((n) => n.id)).toEqual(all.list.slice(2, 4).map((n) => n.id));
      expect(await agentPage(agent.token, { page: 99, size: 2 })).toEqual({
        list: [],
        total,
        page: 99,
        size: 2,
      });

      await t.app.ctx.notices.remove(added[2]!);
      const after = await agentPage(agent.token, { size: 50 });
      expect(after.total).toBe(total - 1);
      expect(after.list.map((n) => n.id)).not.toContain(added[2]);
    } finally {
      for (const id of added) await t.app.ctx.notices.remove(id);
    }
  });

  it('refuses a page or size out of bounds with a clean 422', async () => {
    const agent = await memberWithMoney(t, 0, { agentType: 1 });
    for (const query of ['page=0', 'size=0', 'size=51', 'page=x']) {
      const res = await t.call({ url: `${path}?${query}`, token: agent.token });
      expect(res.statusCode, query).toBe(422);
      expect(res.json().success).toBe(false);
    }
  });

  it('ER-28 ER-29 a player, a trial account and a non-playing account get 403 agent.only "Non-agents cannot log in. Please contact your agent"; logged out, 401', async () => {
    for (const agentType of [AgentType.member, AgentType.trial, AgentType.nonPlaying]) {
      const who = await memberWithMoney(t, 0, { agentType });
      const res = await t.call({ url: path, token: who.token });
      expect(res.statusCode, `type ${agentType}: ${res.body}`).toBe(403);
      const json = res.json();
      expect(json).toMatchObject({ success: false, errorCode: 'agent.only' });
      expect(json.message).toContain('Non-agents cannot log in');
      expect(json.message).toContain('Please contact your agent');
      expect(json.value ?? null).toBeNull();
    }
    const anonymous = await t.call({ url: path });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ success: false, errorCode: 'user.or.token.invalid' });
  });

  it('NM-03 the public announcement call never answers a notice for agents: every type, execution and group, logged out, as a player and as an agent, with the cache warm or fresh', async () => {
    const agent = await memberWithMoney(t, 0, { agentType: 1 });
    const player = await memberWithMoney(t, 0);
    // Warm the shared cache first: the agents' notice added next must not slip in through it.
    await publicNoticeIds();
    const forAgents = await t.app.ctx.notices.add({
      type: 'PU',
      title: 'Agents only popup',
      content: '<p>Agents only</p>',
      execution: 'B',
      audience: 'AGENTS',
    });
    const forAll = await t.app.ctx.notices.add({ type: 'PU', title: 'Everyone', content: '<p>All</p>' });
    try {
      const agentIds = new Set((await agentPage(agent.token, { size: 50 })).list.map((n) => n.id));
      expect(agentIds.has(forAgents)).toBe(true);
      // A notice for everyone is not an agents' notice: the page holds only what is addressed to agents.
      expect(agentIds.has(forAll)).toBe(false);
      for (const token of [undefined, player.token, agent.token]) {
        const ids = await publicNoticeIds(token);
        expect(ids.has(forAll)).toBe(true);
        for (const id of agentIds) expect(ids.has(id), `agents' notice ${id} in a public answer`).toBe(false);
      }
      // The server's five types stay the original's (NM-03): an agents' notice is one of them, not a sixth.
      expect([...announcementTypes]).toEqual(['B', 'PL', 'PU', 'PR', 'H']);
      // The operator's list shows both, the agents' one marked.
      const all = await t.app.ctx.notices.listAll();
      expect(all.find((n) => n.id === forAgents)?.audience).toBe('AGENTS');
      expect(all.find((n) => n.id === forAll)?.audience).toBe('ALL');
    } finally {
      await t.app.ctx.notices.remove(forAgents);
      await t.app.ctx.notices.remove(forAll);
    }
  });

  it('the database refuses an audience other than ALL or AGENTS, and a notice written without one is for everyone', async () => {
    const db = t.database.db;
    await expect(
      db
        .insertInto('announcement')
        .values({
          type: 'PL',
          title: 'x',
          content: 'x',
          execution: 'B',
          audience: 'STAFF' as never,
          published_at: new Date(),
        })
        .execute(),
    ).rejects.toThrow(/check constraint|violates/i);
    const row = await db
      .insertInto('announcement')
      .values({
        type: 'PL',
        title: 'plain',
        content: 'x',
        execution: 'B',
        active: false,
        published_at: new Date(),
      })
      .returning('audience')
      .executeTakeFirstOrThrow();
    expect(row.audience).toBe('ALL');
  });
});
