import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exportAgentReport,
  getAgentIncome,
  getAgentOverview,
  getAgentProfitLoss,
  getAgentTeamBets,
  getAgentTransactions,
  type AgentProfitLoss,
} from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { createSession } from '../../platform/auth/session.ts';
import { deposit, kitMember, settleBets, type KitMember } from './stats-test-kit.ts';

/**
 * The agent reports' doors (issue 29): who may call them (ER-28, ER-29), and that an agent reads its
 * own team only, whichever username or cursor it passes (IDOR), plus the CSV export of each.
 */
let t: TestApp;
const m: Record<string, KitMember> = {};
const calls = [getAgentOverview, getAgentTeamBets, getAgentProfitLoss, getAgentIncome, getAgentTransactions];

beforeAll(async () => {
  t = await createTestApp({ services: { jobs: { tickMs: 0 } } });
  // A > B1 > p1 and A > B2 > p2: B1 and B2 are siblings; X is another tree.
  m.A = await kitMember(t, { prefix: 'idA', agent: true, money: 100_000 });
  m.B1 = await kitMember(t, { prefix: 'idB1', agent: true, uplineId: m.A.memberId, money: 100_000 });
  m.B2 = await kitMember(t, { prefix: 'idB2', agent: true, uplineId: m.A.memberId, money: 100_000 });
  m.p1 = await kitMember(t, { prefix: 'idp1', uplineId: m.B1.memberId, money: 100_000 });
  m.p2 = await kitMember(t, { prefix: 'idp2', uplineId: m.B2.memberId, money: 100_000 });
  m.X = await kitMember(t, { prefix: 'idX', agent: true, money: 100_000 });
  const at = new Date(Date.now() - 60_000);
  for (const name of ['p1', 'p2', 'X']) {
    await deposit(t, m[name]!.memberId, 1_000 * (name.length + 1));
    await settleBets(t, [
      {
        memberId: m[name]!.memberId,
        product: 'LIVE',
        amount: 700,
        valid: 700,
        payout: 100,
        betAt: at,
        settledAt: at,
      },
    ]);
  }
  await t.app.ctx.agentStats.foldAll();
});
afterAll(async () => t?.close());

/** The last day and a half: what the tests wrote a minute ago is in it, whatever the time of day. */
const recent = () => `startTime=${Date.now() - 36 * 3_600_000}`;

function get(token: string | undefined, url: string) {
  return t.call({ method: 'GET', url, ...(token ? { token } : {}) });
}

describe(`agent reports: access and team scope (${testDbKind})`, () => {
  it('ER-28 ER-29 a player, a trial account and a non-playing account get 403 agent.only "Non-agents cannot log in. Please contact your agent" on every report; logged out, 401', async () => {
    for (const agentType of [0, 4, 40]) {
      const memberId = await t.app.ctx.members.create({
        username: `idnon${agentType}x`,
        agentType,
        password: null,
      });
      const token = await createSession(t.database, memberId, '127.0.0.1');
      for (const call of [...calls, exportAgentReport]) {
        const url = call === exportAgentReport ? `${call.path}?report=income` : call.path;
        const res = await get(token, url);
        expect(res.statusCode, `${agentType} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({
          success: false,
          errorCode: 'agent.only',
          message: 'Non-agents cannot log in. Please contact your agent',
        });
      }
    }
    for (const call of calls) {
      const res = await get(undefined, call.path);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ errorCode: 'user.or.token.invalid' });
    }
  });

  it('every agent type (1, 2, 41, 42) reads its reports', async () => {
    for (const agentType of [1, 2, 41, 42]) {
      const memberId = await t.app.ctx.members.create({
        username: `idag${agentType}x`,
        agentType,
        password: null,
      });
      const token = await createSession(t.database, memberId, '127.0.0.1');
      for (const call of calls)
        expect((await get(token, call.path)).statusCode, `${agentType} ${call.path}`).toBe(200);
    }
  });

  it('IDOR: B2 naming its sibling B1, B1\u2019s player, its own upline A, another tree\u2019s agent or nobody gets the same 404 not.found, on every call that takes a username', async () => {
    const token = m.B2!.token;
    const urls = (u: string) => [
      `${getAgentTeamBets.path}?username=${u}&${recent()}`,
      `${getAgentProfitLoss.path}?username=${u}&range=last7Days`,
      `${getAgentTransactions.path}?username=${u}&${recent()}`,
      `${exportAgentReport.path}?report=bets&username=${u}`,
      `${exportAgentReport.path}?report=profitLoss&username=${u}`,
      `${exportAgentReport.path}?report=transactions&username=${u}`,
    ];
    const nobody = urls('nosuchmember99').map(async (url) => (await get(token, url)).body);
    const answers = await Promise.all(nobody);
    for (const name of ['B1', 'p1', 'A', 'X']) {
      const list = urls(m[name]!.username);
      for (let i = 0; i < list.length; i++) {
        const res = await get(token, list[i]!);
        expect(res.statusCode, `${name} ${list[i]}`).toBe(404);
        expect(res.json()).toMatchObject({ errorCode: 'not.found' });
        expect(res.body).toBe(answers[i]);
      }
    }
    // Its own player and itself are its team.
    for (const u of [m.p2!.username, m.B2!.username])
      for (const url of urls(u)) expect((await get(token, url)).statusCode, url).toBe(200);
  });

  it('IDOR: a sibling\u2019s bets, money and figures never reach B2\u2019s lists and totals, not even through a cursor made from the sibling\u2019s bet', async () => {
    const token = m.B2!.token;
    const bets = (await get(token, `${getAgentTeamBets.path}?size=100&${recent()}`)).json().value;
    expect(bets.list.map((b: { username: string }) => b.username)).toEqual([m.p2!.username]);
    const sibling = await t.database.db
      .selectFrom('bet_record')
      .select(['id', 'bet_at'])
      .where('member_id', '=', m.p1!.memberId)
      .executeTakeFirstOrThrow();
    const d = new Date(new Date(sibling.bet_at).getTime() + 1);
    const cursor = `${d.toISOString().replace(/\D/g, '').slice(0, 17)}000_${Number(sibling.id) + 1}`;
    const after = (await get(token, `${getAgentTeamBets.path}?cursor=${cursor}&${recent()}`)).json().value;
    expect(after.list.every((b: { username: string }) => b.username === m.p2!.username)).toBe(true);
    const tx = (await get(token, `${getAgentTransactions.path}?size=100&${recent()}`)).json().value;
    expect(new Set(tx.list.map((p: { username: string }) => p.username))).toEqual(
      new Set([m.p2!.username, m.B2!.username]),
    );
    const pnl = (await get(token, `${getAgentProfitLoss.path}?range=last7Days`)).json()
      .value as AgentProfitLoss;
    expect(pnl.list.map((r) => r.username)).toEqual([m.p2!.username]);
    expect(pnl.totals).toMatchObject({ betAmount: 7, payout: 1, deposit: 30 });
    const overview = (await get(token, `${getAgentOverview.path}?range=last7Days`)).json().value;
    expect(overview.range.amounts).toMatchObject({ betAmount: 7, deposit: 30, betCount: 1 });
    expect(overview.members).toEqual({ team: 1, direct: 1 });
    // A sees both branches.
    const top = (await get(m.A!.token, `${getAgentOverview.path}?range=last7Days`)).json().value;
    expect(top.range.amounts).toMatchObject({ betAmount: 14, deposit: 60, betCount: 2 });
    expect(top.members).toEqual({ team: 4, direct: 2 });
  });

  it('CSV export: each report as a file with its header, one line per row of the page\u2019s query, and the total row', async () => {
    const token = m.A!.token;
    const csv = async (q: string) => {
      const res = await get(token, `${exportAgentReport.path}?${q}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[a-z-]+-\d{8}-\d{8}\.csv"$/);
      return res.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
    };
    const bets = await csv(`report=bets&${recent()}`);
    expect(bets[0]).toBe(
      'Order no.,Username,Bet time,Settlement time,Product,Game,Bet amount,Valid bet,Win,Win/loss,Status',
    );
    expect(bets.length).toBe(3);
    const pnl = await csv('report=profitLoss&range=last7Days');
    expect(pnl[0]).toMatch(/^Username,Level,Type,Deposit,Withdrawal,Betting/);
    expect(pnl.map((l) => l.split(',')[0])).toEqual([
      'Username',
      m.A!.username,
      m.B1!.username,
      m.B2!.username,
      'TOTAL',
    ]);
    expect(pnl[4]).toBe('TOTAL,,,60.00,0.00,14.00,14.00,2.00,-12.00,0.00,0.00,-12.00');
    expect((await csv('report=income'))[0]).toBe('Product,Agent rebate,Own rebate');
    const tx = await csv(`report=transactions&username=${m.p1!.username}&type=DEPOSIT&${recent()}`);
    expect(tx.length).toBe(2);
    expect(tx[1]).toContain(',DEPOSIT,DEPOSIT,MAIN,30.00,');
  });
});
