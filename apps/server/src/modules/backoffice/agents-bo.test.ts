import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { addZoneDays, periodAt, zoneDayOf, zoneDayStart, type backoffice } from '@app/contract';
import { runOpsCommand } from '../../cli/commands.ts';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { kitMember, settleBets, type KitMember } from '../agent/stats-test-kit.ts';
import { auditOf, callerIp, createSignedIn, type SignedIn } from './backoffice-test-kit.ts';

/**
 * The back office's Agents section (issue 31, decision 037): the tree from the top and by search,
 * an agent's page from the agent module's reads, and the re-run of a settled period through the
 * settlement's own code: the dry run keeps nothing, the re-run credits only the difference, once,
 * also when two people re-run at once, audited with before and after, as the CLI's re-run is.
 */
const TZ = 'Asia/Shanghai';
let t: TestApp;
let finance: SignedIn;
let finance2: SignedIn;
let risk: SignedIn;
let A: KitMember;
let B: KitMember;
let players: KitMember[];
let contractA: number;
let contractB: number;
const day = addZoneDays(zoneDayOf(Date.now(), TZ), -3);
const period = periodAt('D', zoneDayStart(day, TZ), TZ);
const line = { kind: 'dailySalary', productType: 'CONS', period: '' } as const;

beforeAll(async () => {
  t = await createTestApp({
    configOverrides: { trustProxy: true },
    services: { jobs: { tickMs: 0 }, reportTimeZone: TZ },
  });
  finance = await createSignedIn(t, 'agents-finance', 'finance');
  finance2 = await createSignedIn(t, 'agents-finance2', 'finance');
  risk = await createSignedIn(t, 'agents-risk', 'risk');
  // The platform > A > B, two players under B.
  A = await kitMember(t, { prefix: 'boaga', agent: true, rates: { LIVE: 80 } });
  B = await kitMember(t, { prefix: 'boagb', agent: true, uplineId: A.memberId });
  players = [
    await kitMember(t, { prefix: 'boagp', uplineId: B.memberId }),
    await kitMember(t, { prefix: 'boagp', uplineId: B.memberId }),
  ];
  const daily = (rate: number) => ({
    kind: 'dailySalary',
    productType: 'CONS',
    tiers: [{ betVolume: 0, activeMember: 1, rateType: 'P', rate }],
  });
  const write = (uplineId: number | null, downlineId: number, terms: unknown) =>
    t.app.ctx.agentContracts.writeContract(t.database.db, { uplineId, downlineId, terms, status: 'A' });
  await write(null, A.memberId, daily(100));
  await write(A.memberId, B.memberId, daily(60));
  const ids = await t.database.db
    .selectFrom('agent_contract')
    .select(['id', 'downline_id'])
    .where('downline_id', 'in', [A.memberId, B.memberId])
    .execute();
  contractA = Number(ids.find((r) => Number(r.downline_id) === A.memberId)!.id);
  contractB = Number(ids.find((r) => Number(r.downline_id) === B.memberId)!.id);
  await bet(players[0]!, 10_000);
  await bet(players[1]!, 10_000);
  await t.app.ctx.contractSettlement.settleNow(line, period);
}, 120_000);
afterAll(async () => t?.close());

async function bet(p: KitMember, amount: number) {
  const at = new Date(period.start + 3_600_000);
  await settleBets(t, [
    { memberId: p.memberId, product: 'LIVE', amount, valid: amount, payout: 0, betAt: at, settledAt: at },
  ]);
  await t.app.ctx.agentStats.foldAll();
}

function call(token: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return t.call({ method, url, token, headers: callerIp(), ...(payload ? { payload } : {}) });
}

async function paidOf(agentId: number): Promise<number> {
  const r = await sql<{ paid: string }>`
    select paid::text from agent_contract_settlement where agent_id = ${agentId} and period_key = ${period.key}`.execute(
    t.database.db,
  );
  return Number(r.rows[0]?.paid ?? 0);
}

async function creditedTo(agentId: number): Promise<number> {
  const r = await sql<{ s: string }>`
    select coalesce(sum(p.amount), 0)::text as s from ledger_posting p
    join ledger_account a on a.id = p.account_id
    join ledger_transaction x on x.id = p.transaction_id
    where a.member_id = ${agentId} and x.kind = 'AGENT_DAILY_SALARY'`.execute(t.database.db);
  return Number(r.rows[0]!.s);
}

describe(`back-office agents (${testDbKind})`, () => {
  it('issue 31: the tree lists the top agents and an agent’s direct downlines a page at a time, and a username prefix finds an agent', async () => {
    const top = await call(risk.token, 'GET', '/bo/api/agents/tree?size=100');
    expect(top.statusCode, top.body).toBe(200);
    const topList = top.json().value as backoffice.AgentTree;
    // A's row may be on a later page of the top agents: page through by search instead.
    expect(topList.parent).toBeNull();
    expect(topList.list.every((a) => a.uplineId === null)).toBe(true);
    const under = (await call(risk.token, 'GET', `/bo/api/agents/tree?parentId=${A.memberId}`)).json()
      .value as backoffice.AgentTree;
    expect(under.parent?.id).toBe(A.memberId);
    expect(under.list.map((x) => x.id)).toEqual([B.memberId]);
    expect(under.list[0]).toMatchObject({ directDownlines: 2, directAgents: 0 });
    const all = (await call(risk.token, 'GET', `/bo/api/agents/tree?parentId=${B.memberId}&show=all`)).json()
      .value as backoffice.AgentTree;
    expect(all.total).toBe(2);
    expect(all.list.map((x) => x.id).sort()).toEqual(players.map((p) => p.memberId).sort());
    const found = (
      await call(risk.token, 'GET', `/bo/api/agents/search?q=${encodeURIComponent(A.username.toUpperCase())}`)
    ).json().value;
    expect(found.list.map((x: backoffice.AgentNode) => x.id)).toContain(A.memberId);
    const missing = await call(risk.token, 'GET', '/bo/api/agents/tree?parentId=999999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errorCode).toBe('bo.agent.not.found');
  });

  it('issue 31: an agent’s page reads its profile, rebates, team figures (the agent centre’s overview), contracts with their history and statements', async () => {
    const p = (
      await call(risk.token, 'GET', `/bo/api/agents/profile?id=${B.memberId}&range=last7Days`)
    ).json().value as backoffice.AgentProfile;
    expect(p.agent.username).toBe(B.username);
    expect(p.uplines).toEqual([{ id: A.memberId, username: A.username }]);
    expect(p.team.members).toEqual({ team: 2, direct: 2 });
    expect(p.team.range.amounts.betAmount).toBe(t.app.ctx.wallet.toMajor(20_000));
    const pa = (await call(risk.token, 'GET', `/bo/api/agents/profile?id=${A.memberId}`)).json().value;
    expect(pa.rebates).toEqual([{ product: 'LIVE', rateBp: 80 }]);
    const c = (await call(risk.token, 'GET', `/bo/api/agents/contracts?id=${A.memberId}`)).json()
      .value as backoffice.AgentContracts;
    expect(c.held.map((x) => x.id)).toEqual([contractA]);
    expect(c.held[0]!.uplineUsername).toBeNull();
    expect(c.given.map((x) => x.id)).toEqual([contractB]);
    expect(c.given[0]!.downlineUsername).toBe(B.username);
    const s = (await call(risk.token, 'GET', `/bo/api/agents/statements?id=${A.memberId}`)).json()
      .value as backoffice.AgentStatements;
    const row = s.list.find((r) => r.period.key === period.key)!;
    // A's own amount is 1 % of 20,000; it owes B 0.6 %; it is paid the difference.
    expect(row.statement).toMatchObject({ amount: 200, pay: 80 });
    expect(row.downlines).toEqual([
      { downlineId: B.memberId, username: B.username, contractId: contractB, amount: 120 },
    ]);
    expect(row.paid).toBe(80);
    const bad = await call(risk.token, 'GET', '/bo/api/agents/statements?id=abc');
    expect(bad.statusCode).toBe(422);
  });

  it('issue 31: a re-run is refused without agent.settle, and for a period never settled (409)', async () => {
    const denied = await call(risk.token, 'POST', '/bo/api/agents/rerun', {
      contractId: contractA,
      periodKey: period.key,
      reason: 'x',
    });
    expect(denied.statusCode).toBe(403);
    const never = await call(finance.token, 'POST', '/bo/api/agents/rerun/preview', {
      contractId: contractA,
      periodKey: `D:${addZoneDays(day, -20)}`,
    });
    expect(never.statusCode, never.body).toBe(409);
    expect(never.json().errorCode).toBe('bo.agent.period.not.settled');
    const noReason = await call(finance.token, 'POST', '/bo/api/agents/rerun', {
      contractId: contractA,
      periodKey: period.key,
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(422);
  });

  it('issue 31: a late bet: the dry run shows the difference and keeps nothing; the re-run credits exactly the difference once, audited before and after; again it moves nothing', async () => {
    await bet(players[0]!, 10_000);
    const aBefore = await creditedTo(A.memberId);
    const bBefore = await creditedTo(B.memberId);
    const auditsBefore = (await auditOf(t, 'agent.settle.rerun')).length;
    const preview = await call(finance.token, 'POST', '/bo/api/agents/rerun/preview', {
      contractId: contractB,
      periodKey: period.key,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const dry = preview.json().value as backoffice.AgentRerunResult;
    expect(dry.dryRun).toBe(true);
    expect(dry.credited).toBe(100);
    const byAgent = new Map(dry.changes.map((c) => [c.agentId, c]));
    expect(byAgent.get(A.memberId)).toMatchObject({
      paidBefore: 80,
      paidAfter: 120,
      credit: 40,
      changed: true,
    });
    expect(byAgent.get(B.memberId)).toMatchObject({
      paidBefore: 120,
      paidAfter: 180,
      credit: 60,
      changed: true,
    });
    // Nothing kept.
    expect(await paidOf(A.memberId)).toBe(80);
    expect(await creditedTo(A.memberId)).toBe(aBefore);
    expect((await auditOf(t, 'agent.settle.rerun')).length).toBe(auditsBefore);

    const run = await call(finance.token, 'POST', '/bo/api/agents/rerun', {
      contractId: contractB,
      periodKey: period.key,
      reason: 'late bet of the day',
    });
    expect(run.statusCode, run.body).toBe(200);
    const r = run.json().value as backoffice.AgentRerunResult;
    expect(r).toMatchObject({ dryRun: false, credited: 100, corrected: 2 });
    expect(await creditedTo(A.memberId)).toBe(aBefore + 40);
    expect(await creditedTo(B.memberId)).toBe(bBefore + 60);
    const audits = await auditOf(t, 'agent.settle.rerun');
    expect(audits.length).toBe(auditsBefore + 1);
    const entry = audits.at(-1)!;
    expect(entry).toMatchObject({
      actor_kind: 'staff',
      actor_name: finance.username,
      target_type: 'contract-period',
    });
    expect(entry.target_id).toBe(`dailySalary:CONS:${period.key}`);
    const before = entry.before as { statements: { agentId: number; paid: number }[] };
    const after = entry.after as {
      statements: { agentId: number; paid: number }[];
      reason: string;
      credited: number;
    };
    expect(before.statements.find((x) => x.agentId === A.memberId)!.paid).toBe(80);
    expect(after.statements.find((x) => x.agentId === A.memberId)!.paid).toBe(120);
    expect(after).toMatchObject({ reason: 'late bet of the day', credited: 100 });

    const again = (
      await call(finance.token, 'POST', '/bo/api/agents/rerun', {
        contractId: contractA,
        periodKey: period.key,
        reason: 'again',
      })
    ).json().value as backoffice.AgentRerunResult;
    expect(again).toMatchObject({ credited: 0, corrected: 0 });
    expect(again.changes.every((c) => !c.changed && c.credit === 0)).toBe(true);
    expect(await creditedTo(A.memberId)).toBe(aBefore + 40);
    expect((await t.app.ctx.wallet.check()).ok).toBe(true);
  });

  it('issue 31: two staff re-running one period at once give one payout (settlement is safe to re-run); the CLI re-runs and settles a window through the same audited path as its OS user; the ledger check is exact and the audit chain holds', async () => {
    await bet(players[1]!, 20_000);
    const aBefore = await creditedTo(A.memberId);
    const bBefore = await creditedTo(B.memberId);
    const body = { contractId: contractA, periodKey: period.key, reason: 'race' };
    const [one, two] = await Promise.all([
      call(finance.token, 'POST', '/bo/api/agents/rerun', body),
      call(finance2.token, 'POST', '/bo/api/agents/rerun', body),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    const credited = [one, two].map((x) => (x.json().value as backoffice.AgentRerunResult).credited).sort();
    // 1 % and 0.6 % of 20,000 more: 200 to the chain, once.
    expect(credited).toEqual([0, 200]);
    expect(await creditedTo(A.memberId)).toBe(aBefore + 80);
    expect(await creditedTo(B.memberId)).toBe(bBefore + 120);
    expect(await paidOf(A.memberId)).toBe(200);
    expect(await paidOf(B.memberId)).toBe(300);

    // The CLI: a dry run, then a re-run with a reason, audited as the operator.
    const dry = await runOpsCommand(
      t.app.ctx,
      ['contracts', 'rerun', String(contractA), period.key],
      'ops-anna',
    );
    expect(dry).toContain('Dry run');
    const out = await runOpsCommand(
      t.app.ctx,
      ['contracts', 'rerun', String(contractA), period.key, '--reason', 'check'],
      'ops-anna',
    );
    expect(out).toContain('0 credited');
    const last = (await auditOf(t, 'agent.settle.rerun')).at(-1)!;
    expect(last).toMatchObject({ actor_kind: 'cli', actor_name: 'ops-anna' });
    await expect(
      runOpsCommand(t.app.ctx, ['contracts', 'rerun', 'x', period.key], 'ops-anna'),
    ).rejects.toThrow(/Usage: contracts rerun/);
    // The CLI's window settlement goes through the same audited service.
    const settledWindow = await runOpsCommand(t.app.ctx, ['contracts', 'settle', 'realtime'], 'ops-anna');
    expect(settledWindow).toContain('Real-time salary, window');
    const window = (await auditOf(t, 'agent.settle.window')).at(-1)!;
    expect(window).toMatchObject({
      actor_kind: 'cli',
      actor_name: 'ops-anna',
      target_type: 'contract-window',
    });
    expect((await t.app.ctx.wallet.check()).ok).toBe(true);
    expect((await t.app.ctx.audit.verify()).ok).toBe(true);
  });
});
