import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { MAX_AMOUNT_MINOR, MAX_BALANCE_MINOR } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { HouseAccount } from '../wallet/wallet.service.ts';
import * as m034 from '../../db/migrations/034-lottery-rebates-by-prize-group.ts';
import { JobRunner } from '../../platform/jobs/job-runner.ts';
import { correctBet, kitMember, settleBets } from './stats-test-kit.ts';
import {
  AGENT_CREDIT_JOB,
  AGENT_CREDIT_EVERY_MS,
  REBATE_JOB,
  REBATE_PAY_EVERY_MS,
  registerRebateJobs,
} from './rebate-job.ts';

/**
 * Rebates on settled bets (issue 29, decision 028): accrued by the fold job, credited by the agent
 * credit job (the agents', once a minute) and the rebate job (everything due, once an hour) through
 * the ledger, from the house's rebate account, exactly once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ services: { jobs: { tickMs: 0 } } });
  // The demo data's own rebates, out of the way.
  await t.app.ctx.agentStats.foldAll();
  await t.app.ctx.agentRebates.payNow();
});
afterAll(async () => t?.close());

/** The fold accrues what the bets earn; the rebate job credits it. */
async function settle() {
  await t.app.ctx.agentStats.foldAll();
  await t.app.ctx.agentRebates.payNow();
}

const now = () => new Date(Date.now() - 60_000);
const bet = (memberId: number, product: string, valid: number) => ({
  memberId,
  product,
  amount: valid,
  valid,
  payout: 0,
  betAt: now(),
  settledAt: now(),
});

/** What the fold's rebate movements credited each member, by `kind:product`. */
async function credits(memberIds: number[]) {
  const rows = await sql<{ member_id: number; kind: string; reference: string; total: number }>`
    select a.member_id, x.kind, x.reference, sum(p.amount)::bigint as total
    from ledger_posting p join ledger_account a on a.id = p.account_id
    join ledger_transaction x on x.id = p.transaction_id
    where x.idempotency_key like 'agent-rebate:%' and a.member_id = any(${memberIds}::bigint[])
    group by 1, 2, 3 order by 1, 2, 3`.execute(t.database.db);
  const out: Record<number, Record<string, number>> = {};
  for (const r of rows.rows) (out[r.member_id] ??= {})[`${r.kind}:${r.reference}`] = Number(r.total);
  return out;
}

async function chain(prefix: string) {
  const a = await kitMember(t, { prefix, agent: true, series: 1980, rates: { LIVE: 100 } });
  const b = await kitMember(t, {
    prefix,
    agent: true,
    uplineId: a.memberId,
    series: 1970,
    rates: { LIVE: 70 },
  });
  const p = await kitMember(t, { prefix, uplineId: b.memberId, series: 1950, rates: { LIVE: 30 } });
  return { a, b, p };
}

describe(`agent rebates (${testDbKind})`, () => {
  it('decision 028: on 100.00 of valid lottery (LOTT and ELOTT) and live bets under A > B > player, each agent earns its differential and the player its own live rate, paid by the house; the player\u2019s own lottery rebate, in both categories, is left to the lottery', async () => {
    const { a, b, p } = await chain('rb');
    await settleBets(t, [
      bet(p.memberId, 'LOTT', 10_000),
      bet(p.memberId, 'ELOTT', 10_000),
      bet(p.memberId, 'LIVE', 10_000),
    ]);
    const house = async () =>
      Number(
        (
          await sql<{ n: number }>`select coalesce(sum(balance), 0)::bigint as n from ledger_account
            where code like 'HOUSE_REBATE:%'`.execute(t.database.db)
        ).rows[0]!.n,
      );
    const before = await house();
    await settle();
    expect(await credits([a.memberId, b.memberId, p.memberId])).toEqual({
      // LOTT and ELOTT: (1980 − 1970) ÷ 2000 and (1970 − 1950) ÷ 2000 of 10,000; LIVE: 30, 40 and
      // 30 bp.
      [a.memberId]: { 'AGENT_REBATE:LOTT': 50, 'AGENT_REBATE:ELOTT': 50, 'AGENT_REBATE:LIVE': 30 },
      [b.memberId]: { 'AGENT_REBATE:LOTT': 100, 'AGENT_REBATE:ELOTT': 100, 'AGENT_REBATE:LIVE': 40 },
      [p.memberId]: { 'REBATE:LIVE': 30 },
    });
    expect(before - (await house())).toBe(400);
    // Folding and paying again credit nothing more.
    await settle();
    expect(before - (await house())).toBe(400);
    expect((await t.app.ctx.wallet.check()).ok).toBe(true);
  });

  it('decision 028: fractions of a cent accrue across folds and are paid once whole: 11 bets earning 0.099 of a minor unit each pay 1, not 0', async () => {
    const { p } = await chain('frac');
    for (let i = 0; i < 11; i++) {
      await settleBets(t, [bet(p.memberId, 'LIVE', 33)]);
      await settle();
    }
    // 33 × 30 bp = 0.099 each; 11 of them: 1.089, one whole minor unit.
    expect((await credits([p.memberId]))[p.memberId]).toEqual({ 'REBATE:LIVE': 1 });
    const acc = await t.database.db
      .selectFrom('agent_rebate_accrual')
      .select(['owed', 'paid'])
      .where('member_id', '=', p.memberId)
      .executeTakeFirstOrThrow();
    expect(acc).toEqual({ owed: String(11 * 33 * 30 * 2), paid: 1 });
  });

  it('decision 028: a correction that lowers a valid bet takes nothing back; later rebates are held until it is made up', async () => {
    const { a, p } = await chain('corr');
    const [no] = await settleBets(t, [bet(p.memberId, 'LIVE', 100_000)]);
    await settle();
    expect((await credits([a.memberId]))[a.memberId]).toEqual({ 'AGENT_REBATE:LIVE': 300 });
    await correctBet(t, no!, { cancel: true });
    await settle();
    await settleBets(t, [bet(p.memberId, 'LIVE', 150_000)]);
    await settle();
    // Owed now: 30 bp of 150,000 = 450; 300 of it was paid before the cancellation.
    expect((await credits([a.memberId]))[a.memberId]).toEqual({ 'AGENT_REBATE:LIVE': 450 });
  });

  it('decision 028: a trial account\u2019s bets earn nobody anything; a downline set above its upline earns its upline nothing, never a debit', async () => {
    const agent = await kitMember(t, { prefix: 'trial', agent: true, series: 1980, rates: { LIVE: 100 } });
    const trial = await kitMember(t, { prefix: 'trial', series: 1950, rates: { LIVE: 30 } });
    await t.database.db
      .updateTable('member')
      .set({ agent_type: 4 })
      .where('id', '=', trial.memberId)
      .execute();
    const above = await kitMember(t, {
      prefix: 'above',
      uplineId: agent.memberId,
      series: 2000,
      rates: { LIVE: 500 },
    });
    await settleBets(t, [bet(trial.memberId, 'LIVE', 100_000), bet(above.memberId, 'LOTT', 100_000)]);
    await settleBets(t, [bet(above.memberId, 'LIVE', 100_000)]);
    await settle();
    expect(await credits([agent.memberId, trial.memberId, above.memberId])).toEqual({
      [above.memberId]: { 'REBATE:LIVE': 5_000 },
    });
  });

  it('decision 028: the rebates of 450 members go out in movements of at most 50 members each, every member credited once', async () => {
    const ids = (
      await sql<{ id: number }>`
        insert into member (username, agent_type, lottery_series)
        select 'many' || g || ${String(process.pid)}, 0, 1956 from generate_series(1, 450) g returning id`.execute(
        t.database.db,
      )
    ).rows.map((r) => Number(r.id));
    await sql`insert into member_rebate (member_id, product, rate_bp) select x, 'RNG', 100 from unnest(${ids}::bigint[]) x`.execute(
      t.database.db,
    );
    await settleBets(
      t,
      ids.map((id) => bet(id, 'RNG', 1_000)),
    );
    await settle();
    const credited = await credits(ids);
    expect(Object.keys(credited)).toHaveLength(450);
    expect(Object.values(credited).every((c) => c['REBATE:RNG'] === 10)).toBe(true);
    const parts = await sql<{ key: string; members: number }>`
      select x.idempotency_key as key, count(a.member_id)::integer as members
      from ledger_transaction x join ledger_posting p on p.transaction_id = x.id
      join ledger_account a on a.id = p.account_id
      where x.idempotency_key like 'agent-rebate:%:REBATE:RNG:%' and a.member_id = any(${ids}::bigint[])
      group by x.idempotency_key order by x.idempotency_key`.execute(t.database.db);
    expect(parts.rows.map((r) => r.members)).toEqual(Array(9).fill(50));
    expect(parts.rows.map((r) => Number(r.key.split(':').at(-1))).sort((a, b) => a - b)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8,
    ]);
  });

  it('decision 028: the agent credit job credits the agents\u2019 differentials only, once per window; the hour\u2019s run that starts at the same time credits the rest under keys of its own', async () => {
    const { a, b, p } = await chain('minute');
    const jobs = new JobRunner(t.database, { tickMs: 0 });
    registerRebateJobs(jobs, t.app.ctx.agentRebates);
    // A minute's window and an hour's that start at the same time, both closed.
    const start = new Date(
      Math.floor(Date.now() / REBATE_PAY_EVERY_MS) * REBATE_PAY_EVERY_MS - 2 * REBATE_PAY_EVERY_MS,
    );
    expect(start.getTime() % AGENT_CREDIT_EVERY_MS).toBe(0);
    await settleBets(t, [bet(p.memberId, 'LIVE', 10_000)]);
    await t.app.ctx.agentStats.foldAll();
    expect(await jobs.runWindow(AGENT_CREDIT_JOB, start)).toBe('ran');
    expect(await jobs.runWindow(AGENT_CREDIT_JOB, start)).toBe('done-already');
    expect(await credits([a.memberId, b.memberId, p.memberId])).toEqual({
      [a.memberId]: { 'AGENT_REBATE:LIVE': 30 },
      [b.memberId]: { 'AGENT_REBATE:LIVE': 40 },
    });
    // More bets; the hour's run credits the agents' new differentials and the player's own.
    await settleBets(t, [bet(p.memberId, 'LIVE', 10_000)]);
    await t.app.ctx.agentStats.foldAll();
    expect(await jobs.runWindow(REBATE_JOB, start)).toBe('ran');
    expect(await credits([a.memberId, b.memberId, p.memberId])).toEqual({
      [a.memberId]: { 'AGENT_REBATE:LIVE': 60 },
      [b.memberId]: { 'AGENT_REBATE:LIVE': 80 },
      [p.memberId]: { 'REBATE:LIVE': 60 },
    });
    expect((await t.app.ctx.wallet.check()).ok).toBe(true);
  });

  it('decision 028: a member whose wallet is at the balance ceiling is paid once there is room, the fold going on for everyone else', async () => {
    const { a, b, p } = await chain('ceil');
    for (let left = MAX_BALANCE_MINOR - 10; left > 0; left -= Math.min(left, MAX_AMOUNT_MINOR))
      await t.app.ctx.wallet.transfer({
        from: { house: HouseAccount.cash },
        to: { memberId: a.memberId },
        amount: Math.min(left, MAX_AMOUNT_MINOR),
        kind: 'ADJUSTMENT',
        reference: 'ceiling',
        idempotencyKey: `ceiling:${a.memberId}:${left}`,
      });
    await settleBets(t, [bet(p.memberId, 'LIVE', 100_000)]);
    await settle();
    expect(await credits([a.memberId, b.memberId])).toEqual({ [b.memberId]: { 'AGENT_REBATE:LIVE': 400 } });
    // Room made: the next run that finds A's accrual due pays all it is owed.
    await t.app.ctx.wallet.transfer({
      from: { memberId: a.memberId },
      to: { house: HouseAccount.cash },
      amount: 1_000_000,
      kind: 'ADJUSTMENT',
      reference: 'ceiling',
      idempotencyKey: `ceiling:${a.memberId}:out`,
    });
    await settleBets(t, [bet(p.memberId, 'LIVE', 1_000)]);
    await settle();
    expect((await credits([a.memberId]))[a.memberId]).toEqual({ 'AGENT_REBATE:LIVE': 303 });
    expect((await t.app.ctx.wallet.check()).ok).toBe(true);
  });
});

describe(`migration 034 (${testDbKind})`, () => {
  it('decision 028: ELOTT has no member_rebate rate of its own: the migration removes such rates, from members and links, and the table refuses one', async () => {
    const db = t.database.db as unknown as Kysely<unknown>;
    const p = await kitMember(t, { prefix: 'm34', rates: { LIVE: 20 } });
    await m034.down(db);
    await sql`insert into member_rebate (member_id, product, rate_bp) values (${p.memberId}, 'ELOTT', 40)`.execute(
      t.database.db,
    );
    const link = await sql<{ id: number }>`
      insert into affiliate_link (member_id, code, account_type, lottery_series, rebates)
      values (${p.memberId}, 'm34link', 0, 1950, '{"LIVE": 10, "ELOTT": 40}'::jsonb) returning id`.execute(
      t.database.db,
    );
    await m034.up(db);
    const rates = await sql<{ product: string; rate_bp: number }>`
      select product, rate_bp from member_rebate where member_id = ${p.memberId} order by product`.execute(
      t.database.db,
    );
    expect(rates.rows).toEqual([{ product: 'LIVE', rate_bp: 20 }]);
    const rebates = await sql<{ rebates: unknown }>`
      select rebates from affiliate_link where id = ${link.rows[0]!.id}`.execute(t.database.db);
    expect(rebates.rows[0]!.rebates).toEqual({ LIVE: 10 });
    await expect(
      sql`insert into member_rebate (member_id, product, rate_bp) values (${p.memberId}, 'ELOTT', 40)`.execute(
        t.database.db,
      ),
    ).rejects.toThrow(/member_rebate_product_check/);
  });
});
