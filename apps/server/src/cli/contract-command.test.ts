import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodAt } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../test/test-app.ts';
import { CONTRACT_JOBS, SETTLE_LAG_MS } from '../modules/agent/contract-settlement.ts';
import { kitMember, settleBets, type KitMember } from '../modules/agent/stats-test-kit.ts';
import { runOpsCommand, UsageError } from './commands.ts';

/**
 * `npm run ops -- contracts settle realtime`: the window that holds a time settled at once, even
 * open; a second run moves nothing; the scheduled run after the close pays only what came since.
 */
let t: TestApp;
let agent: KitMember;
let player: KitMember;
const ops = (...argv: string[]) => runOpsCommand(t.app.ctx, ['contracts', ...argv]);

/** What the agent's statements of a period paid it, minor units. */
async function paid(periodKey: string): Promise<number> {
  const rows = await t.database.db
    .selectFrom('agent_contract_settlement')
    .select(['paid'])
    .where('agent_id', '=', agent.memberId)
    .where('period_key', '=', periodKey)
    .execute();
  return rows.reduce((s, r) => s + Number(r.paid), 0);
}

/** What the ledger credited the agent as real-time salary, every settlement key, minor units. */
async function credited(): Promise<number> {
  const r = await sql<{ total: string | null }>`
    select sum(p.amount)::text as total
    from ledger_posting p join ledger_account a on a.id = p.account_id
    join ledger_transaction x on x.id = p.transaction_id
    where x.kind = 'AGENT_REALTIME_SALARY' and a.member_id = ${agent.memberId}`.execute(t.database.db);
  return Number(r.rows[0]?.total ?? 0);
}

beforeAll(async () => {
  t = await createTestApp({ services: { jobs: { tickMs: 0 } } });
  agent = await kitMember(t, { prefix: 'rta', agent: true });
  player = await kitMember(t, { prefix: 'rtp', uplineId: agent.memberId });
  // From a single-draw bet of 1.00: 0.5% of a won draw's bet, 1% of a lost one's.
  await t.app.ctx.agentContracts.writeContract(t.database.db, {
    uplineId: null,
    downlineId: agent.memberId,
    terms: {
      kind: 'realTimeSalary',
      productType: 'LOTT',
      tiers: [{ betAmount: 100, lossRate: 100, winRate: 50 }],
    },
    status: 'A',
  });
});
afterAll(async () => {
  await t?.close();
});

describe(`npm run ops -- contracts (${testDbKind})`, () => {
  it('settles the open real-time window at once; a re-run moves nothing; the scheduled run after the close pays only the later draw', async () => {
    const at = new Date(Date.now() - 1_000);
    const period = periodAt('fiveMinutes', at.getTime(), t.app.ctx.contractSettlement.timeZone);
    // A lost draw of 10.00 in the window: 1% of it.
    await settleBets(t, [
      {
        memberId: player.memberId,
        product: 'LOTT',
        amount: 1_000,
        valid: 1_000,
        payout: 0,
        betAt: at,
        settledAt: at,
      },
    ]);
    const first = await ops('settle', 'realtime', '--at', at.toISOString());
    expect(first).toMatch(
      new RegExp(
        `^Real-time salary, window ${new Date(period.start).toISOString()}–${new Date(period.end).toISOString()}: `,
      ),
    );
    expect(await paid(period.key)).toBe(10);
    expect(await credited()).toBe(10);
    // Again: the same statement, nothing paid twice.
    expect(await ops('settle', 'realtime', '--at', at.toISOString())).toContain(' 0 credited');
    expect(await paid(period.key)).toBe(10);
    // Another ticket of the same player-draw (the kit's tickets carry no game or numero: one draw),
    // 4.00 that paid 8.00: the draw is now 14.00 bet, 8.00 back, still lost, 1% = 0.14. Then the
    // job's own run of the window that settles this period (its end plus the lag): only the
    // difference, 0.04, moves.
    await settleBets(t, [
      {
        memberId: player.memberId,
        product: 'ELOTT',
        amount: 400,
        valid: 400,
        payout: 800,
        betAt: at,
        settledAt: at,
      },
    ]);
    const outcome = await t.app.ctx.jobs.runWindow(
      CONTRACT_JOBS.realTime,
      new Date(period.end + SETTLE_LAG_MS.window - 300_000),
    );
    expect(outcome).toBe('ran');
    expect(await paid(period.key)).toBe(14);
    expect(await credited()).toBe(14);
  });

  it('refuses what it cannot do with a usage error: an unknown window kind, a time to come, a bad time, an unknown option', async () => {
    await expect(ops('settle', 'weekly')).rejects.toBeInstanceOf(UsageError);
    await expect(ops('settle')).rejects.toBeInstanceOf(UsageError);
    await expect(
      ops('settle', 'realtime', '--at', new Date(Date.now() + 600_000).toISOString()),
    ).rejects.toThrow(/future/);
    await expect(ops('settle', 'realtime', '--at', 'yesterday')).rejects.toThrow(/ISO time/);
    await expect(ops('settle', 'realtime', '--when', 'now')).rejects.toThrow(/Unknown option/);
  });
});
