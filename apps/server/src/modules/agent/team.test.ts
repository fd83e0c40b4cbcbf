import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { HouseAccount } from '../wallet/wallet.service.ts';
import { memberWithMoney, walletMinor } from '../wallet/wallet-test-kit.ts';
import { agentCall, bulkPlayers, teamOf } from './team-test-kit.ts';

/**
 * Team management of the agent centre (issue 29, research §10): the list of direct agents and
 * players with its filters and columns, a member's details, the changes an agent makes to a
 * direct downline, and the refusals: non-agents, and ids outside the caller's team.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Row = {
  userId: number;
  username: string;
  remark: string;
  type: number;
  teamSize: number;
  balance: number;
  teamBalance: number;
  online: boolean;
  lastLogin: number | null;
  registeredAt: number;
  registerMethod: string;
  registerUrl: string;
  status: number;
};

async function list(token: string, query: Record<string, string | number> = {}) {
  const res = await agentCall(t, token, '/wps/agent/team', { query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { list: Row[]; total: number; page: number; size: number };
}

async function memberRow(id: number) {
  return t.database.db
    .selectFrom('member')
    .select(['remark', 'status', 'agent_type'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** A deposit credited at `at`: the ledger's movement and the order that records it, as the deposit module writes them. */
async function successfulDeposit(memberId: number, amount: number, at: Date) {
  const orderNo = `T${memberId}${at.getTime()}${Math.floor(Math.random() * 1e6)}`;
  const moved = await t.app.ctx.wallet.transfer({
    from: { house: HouseAccount.bankDeposits },
    to: { memberId },
    amount,
    kind: 'DEPOSIT',
    reference: orderNo,
    idempotencyKey: `deposit:${orderNo}`,
  });
  await t.database.db
    .insertInto('deposit_order')
    .values({
      order_no: orderNo,
      member_id: memberId,
      channel_code: 'BANK',
      channel_type: 'BANK_TRANSFER',
      amount,
      currency: t.app.ctx.wallet.currency().code,
      status: 'SUCCESS',
      idempotency_key: orderNo,
      bank_account: null,
      ledger_transaction_id: moved.transactionId,
      created_at: at,
      updated_at: at,
      completed_at: at,
    })
    .execute();
}

/** Every agent call that names a member, as an agent would make it for `userId`. */
function memberCalls(userId: number): { url: string; query?: Record<string, number>; body?: unknown }[] {
  return [
    { url: '/wps/agent/team/member', query: { userId } },
    { url: '/wps/agent/team', query: { parentId: userId } },
    { url: '/wps/agent/team/export', query: { parentId: userId } },
    { url: '/wps/agent/team/remark', body: { userId, remark: 'mine now' } },
    { url: '/wps/agent/team/status', body: { userId, status: 2 } },
    { url: '/wps/agent/team/agent', body: { userId } },
    { url: '/wps/agent/team/message', body: { userId, subject: 'Hello', content: 'Hi' } },
  ];
}

describe(`team management (${testDbKind})`, () => {
  it('ER-28 ER-29 a player, a trial account and a logged-out caller are refused every team call, and nothing changes', async () => {
    const team = await teamOf(t, { players: 1 });
    const target = team.players[0]!;
    const player = await memberWithMoney(t, 0);
    const trial = await memberWithMoney(t, 0, { agentType: 4 });
    for (const call of memberCalls(target.memberId)) {
      for (const who of [player, trial]) {
        const res = await agentCall(t, who.token, call.url, call);
        expect(res.statusCode, `${call.url}: ${res.body}`).toBe(403);
        const json = res.json();
        expect(json).toMatchObject({ success: false, errorCode: 'agent.only' });
        // ER-28 and ER-29: the original's two sentences.
        expect(json.message).toContain('Non-agents cannot log in');
        expect(json.message).toContain('Please contact your agent');
      }
      const anonymous = await agentCall(t, undefined, call.url, call);
      expect(anonymous.statusCode, call.url).toBe(401);
      expect(anonymous.json()).toMatchObject({ success: false, errorCode: 'user.or.token.invalid' });
    }
    expect(await memberRow(target.memberId)).toEqual({ remark: '', status: 'active', agent_type: 0 });
  });

  it('lists direct agents and direct players in their tabs, newest first, paged on the server, with every column', async () => {
    const team = await teamOf(t, { players: 3, agents: 2, memberMoney: 1_000, agentMoney: 50 });
    const [p1, p2, p3] = team.players;
    const [a1] = team.agents;
    // A grandchild under the first sub-agent: counted in its team, never in the caller's lists.
    const grandchild = await memberWithMoney(t, 2_500, { uplineId: a1!.memberId });
    await t.database.db
      .updateTable('member')
      .set({
        last_login_at: new Date('2025-03-04T05:06:07Z'),
        register_method: 'MOBILE',
        register_url: 'https://m.example.test/r',
      })
      .where('id', '=', p1!.memberId)
      .execute();

    const players = await list(team.agent.token, { tab: 'players' });
    expect(players.total).toBe(3);
    expect(players.list.map((r) => r.userId)).toEqual([p3!.memberId, p2!.memberId, p1!.memberId]);
    const first = players.list.find((r) => r.userId === p1!.memberId)!;
    expect(first).toEqual({
      userId: p1!.memberId,
      username: p1!.username,
      remark: '',
      type: 0,
      teamSize: 0,
      balance: 10,
      teamBalance: 0,
      // Summed for this answer: a small team.
      teamBalanceAsOf: null,
      // memberWithMoney opened a live session that was seen just now.
      online: true,
      lastLogin: Date.parse('2025-03-04T05:06:07Z'),
      registeredAt: expect.any(Number),
      registerMethod: 'MOBILE',
      registerUrl: 'https://m.example.test/r',
      status: 1,
    });
    expect(Math.abs(first.registeredAt - Date.now())).toBeLessThan(120_000);

    const agents = await list(team.agent.token, { tab: 'agents' });
    expect(agents.total).toBe(2);
    const sub = agents.list.find((r) => r.userId === a1!.memberId)!;
    expect(sub).toMatchObject({ type: 1, teamSize: 1, balance: 10, teamBalance: 25 });
    expect(agents.list.map((r) => r.userId)).not.toContain(grandchild.memberId);

    // Paging: size 2, page 2 holds the oldest player only.
    const page2 = await list(team.agent.token, { tab: 'players', page: 2, size: 2 });
    expect(page2).toMatchObject({ total: 3, page: 2, size: 2 });
    expect(page2.list.map((r) => r.userId)).toEqual([p1!.memberId]);

    // Online: a member whose sessions ended is offline.
    await t.database.db
      .updateTable('session')
      .set({ revoked_at: new Date() })
      .where('member_id', '=', p2!.memberId)
      .execute();
    const after = await list(team.agent.token, { tab: 'players' });
    expect(after.list.find((r) => r.userId === p2!.memberId)!.online).toBe(false);
  });

  it('searches by part of the username or the remark, and filters by login record and by deposits', async () => {
    const team = await teamOf(t, { players: 4, prefix: 'srch' });
    const [p1, p2, p3, p4] = team.players.map((p) => p.memberId) as [number, number, number, number];
    await t.database.db.updateTable('member').set({ remark: 'VIP whale_1%' }).where('id', '=', p2).execute();
    await t.database.db
      .updateTable('member')
      .set({ last_login_at: new Date() })
      .where('id', 'in', [p1, p3])
      .execute();
    const day = 86_400_000;
    const now = Date.now();
    await successfulDeposit(p1, 1_000, new Date(now - 10 * day));
    await successfulDeposit(p1, 2_000, new Date(now - 1 * day));
    await successfulDeposit(p2, 500, new Date(now - 5 * day));
    // A failed order is no deposit.
    await t.database.db
      .insertInto('deposit_order')
      .values({
        order_no: `F${p3}`,
        member_id: p3,
        channel_code: 'BANK',
        channel_type: 'BANK_TRANSFER',
        amount: 700,
        currency: t.app.ctx.wallet.currency().code,
        status: 'FAILED',
        idempotency_key: `failed-${p3}`,
        bank_account: null,
      })
      .execute();

    const ids = async (query: Record<string, string | number>) =>
      (await list(team.agent.token, { tab: 'players', ...query })).list.map((r) => r.userId).sort();
    const sorted = (...xs: number[]) => [...xs].sort();

    const username = team.players[3]!.username;
    expect(await ids({ search: username.toUpperCase() })).toEqual([p4]);
    expect(await ids({ search: 'whale' })).toEqual([p2]);
    // Pattern characters are text: "_1%" matches the remark's own characters only.
    expect(await ids({ search: '_1%' })).toEqual([p2]);
    expect(await ids({ search: 'e_1' })).toEqual([p2]);
    expect(await ids({ search: 'nobody-by-that-name' })).toEqual([]);

    expect(await ids({ login: 'has' })).toEqual(sorted(p1, p3));
    expect(await ids({ login: 'none' })).toEqual(sorted(p2, p4));

    expect(await ids({ deposit: 'has' })).toEqual(sorted(p1, p2));
    expect(await ids({ deposit: 'none' })).toEqual(sorted(p3, p4));
    expect(await ids({ deposit: 'first' })).toEqual(sorted(p1, p2));
    expect(await ids({ deposit: 'last' })).toEqual(sorted(p1, p2));
    // The last 7 days: p1 deposited in it (its latest, not its first), p2 too (its only one).
    const week = { depositStart: now - 7 * day, depositEnd: now + day };
    expect(await ids({ deposit: 'first', ...week })).toEqual([p2]);
    expect(await ids({ deposit: 'last', ...week })).toEqual(sorted(p1, p2));
    expect(await ids({ deposit: 'has', ...week })).toEqual(sorted(p1, p2));
    expect(await ids({ deposit: 'none', ...week })).toEqual(sorted(p3, p4));
    // Up to 3 days ago: p2's only deposit was then; p1 deposited again later.
    const before = { depositEnd: now - 3 * day };
    expect(await ids({ deposit: 'last', ...before })).toEqual([p2]);
    expect(await ids({ deposit: 'first', ...before })).toEqual(sorted(p1, p2));
    // Filters combine, and the total counts the filtered rows.
    const combined = await list(team.agent.token, { tab: 'players', deposit: 'has', login: 'has' });
    expect({ total: combined.total, ids: combined.list.map((r) => r.userId) }).toEqual({
      total: 1,
      ids: [p1],
    });

    const bad = await agentCall(t, team.agent.token, '/wps/agent/team', {
      query: { depositStart: now, depositEnd: now - 1 },
    });
    expect(bad.statusCode).toBe(422);
  });

  it('counts a wide team from the tab index: 2,000 direct players, a page of 20, team size computed for the page only', async () => {
    const team = await teamOf(t, { prefix: 'wide' });
    await bulkPlayers(t, team.agent.memberId, 2_000, `wide${team.agent.memberId}x`);
    const started = performance.now();
    const page = await list(team.agent.token, { tab: 'players', size: 20 });
    const elapsed = performance.now() - started;
    expect(page.total).toBe(2_000);
    expect(page.list).toHaveLength(20);
    expect(page.list[0]!.username).toBe(`wide${team.agent.memberId}x2000`);
    expect((await list(team.agent.token, { tab: 'agents' })).total).toBe(0);
    // Generous for a loaded PGlite; the bench holds PostgreSQL to 100 ms for 50,000.
    expect(elapsed).toBeLessThan(5_000);
  });

  it('lists the direct downlines of a sub-agent of the team (parentId), never those of another team', async () => {
    const top = await teamOf(t, { agents: 1 });
    const sub = top.agents[0]!;
    const subPlayer = await memberWithMoney(t, 0, { uplineId: sub.memberId });
    const res = await list(top.agent.token, { tab: 'players', parentId: sub.memberId });
    expect(res.list.map((r) => r.userId)).toEqual([subPlayer.memberId]);
    // The sub-agent sees its own; it cannot look up at its upline's list.
    expect((await list(sub.token, { tab: 'players' })).list.map((r) => r.userId)).toEqual([
      subPlayer.memberId,
    ]);
    const up = await agentCall(t, sub.token, '/wps/agent/team', { query: { parentId: top.agent.memberId } });
    expect(up.statusCode).toBe(404);
  });

  it('details of a member at any depth: label, upline, level, last login and deposit, balance and totals', async () => {
    const top = await teamOf(t, { agents: 1, memberMoney: 0 });
    const sub = top.agents[0]!;
    const player = await memberWithMoney(t, 12_345, { uplineId: sub.memberId });
    await t.database.db
      .updateTable('member')
      .set({
        member_label: 'Loyal',
        club_label: 'Gold',
        rank_level: 3,
        last_login_at: new Date('2025-01-02T03:04:05Z'),
      })
      .where('id', '=', player.memberId)
      .execute();
    const day = 86_400_000;
    await successfulDeposit(player.memberId, 10_000, new Date(Date.now() - 3 * day));
    await successfulDeposit(player.memberId, 2_500, new Date(Date.now() - day));
    const res = await agentCall(t, top.agent.token, '/wps/agent/team/member', {
      query: { userId: player.memberId },
    });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({
      userId: player.memberId,
      username: player.username,
      nickname: player.username,
      type: 0,
      memberLabel: 'Loyal',
      clubLabel: 'Gold',
      rankLevel: 3,
      upline: sub.username,
      level: 2,
      lastLogin: Date.parse('2025-01-02T03:04:05Z'),
      // 123.45 opened with, 125.00 deposited.
      balance: 248.45,
      teamSize: 0,
      teamBalance: 0,
      totalDeposit: 125,
      totalWithdrawal: 0,
      status: 1,
    });
    expect(v.lastDeposit.amount).toBe(25);
    expect(Math.abs(v.lastDeposit.time - (Date.now() - day))).toBeLessThan(60_000);
    // The sub-agent's details show its team.
    const subDetails = await agentCall(t, top.agent.token, '/wps/agent/team/member', {
      query: { userId: sub.memberId },
    });
    expect(subDetails.json().value).toMatchObject({
      level: 1,
      teamSize: 1,
      teamBalance: 248.45,
      upline: top.agent.username,
    });
    // Not in the team: the caller itself, its upline, a stranger, an id that does not exist.
    const stranger = await memberWithMoney(t, 0);
    for (const userId of [top.agent.memberId, stranger.memberId, 999_999_999]) {
      const refused = await agentCall(t, top.agent.token, '/wps/agent/team/member', { query: { userId } });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ success: false, errorCode: 'not.found' });
    }
    const upward = await agentCall(t, sub.token, '/wps/agent/team/member', {
      query: { userId: top.agent.memberId },
    });
    expect(upward.statusCode).toBe(404);
  });

  it('edits the remark of a direct downline; it shows in the list and is searched', async () => {
    const team = await teamOf(t, { players: 1 });
    const p = team.players[0]!;
    const res = await agentCall(t, team.agent.token, '/wps/agent/team/remark', {
      body: { userId: p.memberId, remark: '  big spender  ' },
    });
    expect(res.json()).toEqual({ success: true, value: { userId: p.memberId, remark: 'big spender' } });
    expect((await list(team.agent.token, { search: 'spender' })).list.map((r) => r.remark)).toEqual([
      'big spender',
    ]);
    const tooLong = await agentCall(t, team.agent.token, '/wps/agent/team/remark', {
      body: { userId: p.memberId, remark: 'x'.repeat(51) },
    });
    expect(tooLong.statusCode).toBe(422);
  });

  it('forbids a direct downline to log in (its session ends) and makes it normal again; never deletes; an operator block is not the agent’s to lift', async () => {
    const team = await teamOf(t, { players: 2 });
    const p = team.players[0]!;
    const q = team.players[1]!;
    const forbid = await agentCall(t, team.agent.token, '/wps/agent/team/status', {
      body: { userId: p.memberId, status: 2 },
    });
    expect(forbid.json()).toEqual({ success: true, value: { userId: p.memberId, status: 2 } });
    expect((await memberRow(p.memberId)).status).toBe('login_forbidden');
    const ended = await t.call({ url: '/wps/member/info', token: p.token });
    expect(ended.statusCode).toBe(401);
    expect((await list(team.agent.token)).list.find((r) => r.userId === p.memberId)).toMatchObject({
      status: 2,
      online: false,
    });
    const normal = await agentCall(t, team.agent.token, '/wps/agent/team/status', {
      body: { userId: p.memberId, status: 1 },
    });
    expect(normal.json().value).toEqual({ userId: p.memberId, status: 1 });
    expect((await memberRow(p.memberId)).status).toBe('active');
    // The forbidden period's revoked session stays ended.
    expect((await t.call({ url: '/wps/member/info', token: p.token })).statusCode).toBe(401);

    // Any other status is the operator's: shown as 0 blocked, and the agent cannot change it.
    await t.database.db
      .updateTable('member')
      .set({ status: 'suspended' })
      .where('id', '=', q.memberId)
      .execute();
    expect((await list(team.agent.token)).list.find((r) => r.userId === q.memberId)!.status).toBe(0);
    const lift = await agentCall(t, team.agent.token, '/wps/agent/team/status', {
      body: { userId: q.memberId, status: 1 },
    });
    expect(lift.statusCode).toBe(409);
    expect((await memberRow(q.memberId)).status).toBe('suspended');
    for (const status of [0, 7, 3]) {
      const bad = await agentCall(t, team.agent.token, '/wps/agent/team/status', {
        body: { userId: p.memberId, status },
      });
      expect(bad.statusCode, `status ${status}`).toBe(422);
    }
    expect(
      await t.database.db.selectFrom('member').select('id').where('id', '=', p.memberId).execute(),
    ).toHaveLength(1);
  });

  it('sets a direct downline player as an agent (type 1), once; agents, forbidden players and deeper members are refused', async () => {
    const team = await teamOf(t, { players: 2, agents: 1 });
    const p = team.players[0]!;
    const forbidden = team.players[1]!;
    const deep = await memberWithMoney(t, 0, { uplineId: team.agents[0]!.memberId });
    const res = await agentCall(t, team.agent.token, '/wps/agent/team/agent', {
      body: { userId: p.memberId },
    });
    expect(res.json()).toEqual({ success: true, value: { userId: p.memberId, type: 1 } });
    expect((await memberRow(p.memberId)).agent_type).toBe(1);
    // It is an agent now: it moved tabs, and the agent centre opens for it.
    expect((await list(team.agent.token, { tab: 'agents' })).list.map((r) => r.userId)).toContain(p.memberId);
    expect((await agentCall(t, p.token, '/wps/agent/team')).statusCode).toBe(200);
    const again = await agentCall(t, team.agent.token, '/wps/agent/team/agent', {
      body: { userId: p.memberId },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('conflict');
    await t.database.db
      .updateTable('member')
      .set({ status: 'login_forbidden' })
      .where('id', '=', forbidden.memberId)
      .execute();
    const refused = await agentCall(t, team.agent.token, '/wps/agent/team/agent', {
      body: { userId: forbidden.memberId },
    });
    expect(refused.statusCode).toBe(409);
    expect((await memberRow(forbidden.memberId)).agent_type).toBe(0);
    const deeper = await agentCall(t, team.agent.token, '/wps/agent/team/agent', {
      body: { userId: deep.memberId },
    });
    expect(deeper.statusCode).toBe(404);
    expect((await memberRow(deep.memberId)).agent_type).toBe(0);
  });

  it('sends a message to a direct downline’s inbox, the agent named and the text escaped', async () => {
    const team = await teamOf(t, { players: 1 });
    const p = team.players[0]!;
    const res = await agentCall(t, team.agent.token, '/wps/agent/team/message', {
      body: { userId: p.memberId, subject: 'Weekend bonus', content: 'Deposit <b>now</b>\nand win' },
    });
    expect(res.json()).toEqual({ success: true, value: { userId: p.memberId, sent: true } });
    const inbox = await t.call({ url: '/wps/relay/CSP_getInbox', token: p.token });
    expect(inbox.json().value.content[0]).toMatchObject({
      subject: `[${team.agent.username}] Weekend bonus`,
      content: 'Deposit &lt;b&gt;now&lt;/b&gt;<br>and win',
      read: false,
    });
    const empty = await agentCall(t, team.agent.token, '/wps/agent/team/message', {
      body: { userId: p.memberId, subject: '  ', content: 'x' },
    });
    expect(empty.statusCode).toBe(422);
  });

  it('IDOR: every id of every team call answers 404 for a member of another team (or a deeper one for changes), and nothing changes', async () => {
    const mine = await teamOf(t, { players: 1, agents: 1, prefix: 'idora' });
    const other = await teamOf(t, { players: 1, agents: 1, prefix: 'idorb' });
    const deep = await memberWithMoney(t, 0, { uplineId: mine.agents[0]!.memberId });
    const foreign = [other.players[0]!, other.agents[0]!, other.agent];
    const inboxBefore = await t.database.db
      .selectFrom('member_message')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const target of foreign) {
      for (const call of memberCalls(target.memberId)) {
        const res = await agentCall(t, mine.agent.token, call.url, call);
        expect(res.statusCode, `${call.url} ${target.username}: ${res.body}`).toBe(404);
        expect(res.json()).toMatchObject({ success: false, errorCode: 'not.found' });
      }
    }
    // A member two levels down is readable, but changes are for direct downlines only.
    for (const call of memberCalls(deep.memberId)) {
      const res = await agentCall(t, mine.agent.token, call.url, call);
      expect(res.statusCode, call.url).toBe(call.body ? 404 : 200);
    }
    for (const m of [...foreign, deep])
      expect(await memberRow(m.memberId)).toEqual({
        remark: '',
        status: 'active',
        agent_type: m === other.agent || m === other.agents[0] ? 1 : 0,
      });
    const inboxAfter = await t.database.db
      .selectFrom('member_message')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(inboxAfter.n)).toBe(Number(inboxBefore.n));
    // The sessions of the foreign members still work: none was forbidden.
    for (const m of foreign)
      expect((await t.call({ url: '/wps/member/info', token: m.token })).statusCode).toBe(200);
  });

  it('exports the list with the same filters as a CSV file', async () => {
    const team = await teamOf(t, { players: 2, memberMoney: 1_050 });
    await t.database.db
      .updateTable('member')
      .set({ remark: '=cmd|x' })
      .where('id', '=', team.players[0]!.memberId)
      .execute();
    const res = await agentCall(t, team.agent.token, '/wps/agent/team/export', { query: { tab: 'players' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="team-players-\d{8}\.csv"$/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Username,Remark,Type,Team size,Balance,Team balance,Online,Last login,Registered,Method,URL,Status',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      new RegExp(
        `^${team.players[1]!.username},,Player,0,10\\.50,0\\.00,Yes,,\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d,WEB,,Normal$`,
      ),
    );
    // A remark a spreadsheet would run as a formula is written as text.
    expect(lines[2]).toContain(`${team.players[0]!.username},'=cmd|x,Player`);
    const filtered = await agentCall(t, team.agent.token, '/wps/agent/team/export', {
      query: { tab: 'players', search: team.players[0]!.username },
    });
    expect(filtered.body.trimEnd().split('\r\n')).toHaveLength(2);
  });

  it('team balance sums the main wallets of the whole team below the member', async () => {
    const top = await teamOf(t, { agents: 1, agentMoney: 100 });
    const sub = top.agents[0]!;
    const a = await memberWithMoney(t, 300, { uplineId: sub.memberId, agentType: 1 });
    await memberWithMoney(t, 700, { uplineId: a.memberId });
    const row = (await list(top.agent.token, { tab: 'agents' })).list[0]!;
    expect(row).toMatchObject({ userId: sub.memberId, teamSize: 2, teamBalance: 10, balance: 0 });
    expect(await walletMinor(t, top.agent.memberId)).toBe(100);
    const count = await sql<{
      n: number;
    }>`select count(*)::int as n from member_tree where ancestor_id = ${top.agent.memberId} and depth > 0`.execute(
      t.database.db,
    );
    expect(count.rows[0]!.n).toBe(3);
  });
});
