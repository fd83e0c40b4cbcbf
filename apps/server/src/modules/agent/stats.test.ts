import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { createTestApp, testDatabaseUrl, testDbKind, type TestApp } from '../../test/test-app.ts';
import { openPostgres, type Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { JobRunner } from '../../platform/jobs/job-runner.ts';
import { AgentStats, FOLD_JOB, registerAgentStatsJobs } from './stats.ts';
import {
  AGENT_CREDIT_EVERY_MS,
  AGENT_CREDIT_JOB,
  AgentRebates,
  REBATE_JOB,
  REBATE_PAY_EVERY_MS,
  registerRebateJobs,
} from './rebate-job.ts';
import {
  correctBet,
  deposit,
  kitMember,
  login,
  random,
  settleBets,
  type KitBet,
  type KitMember,
} from './stats-test-kit.ts';

/**
 * The fold job of the team figures, the agent credit job and the rebate job (decision 028): exactly
 * once across instances
 * and re-runs, all or nothing (a throw or a killed connection leaves the queue, the accruals and the
 * ledger as they were), and report days cut at midnight of the report time zone.
 */
const TZ = 'Asia/Shanghai';
const DAY = 86_400_000;
let t: TestApp;
let stats: AgentStats;
let rebates: AgentRebates;

beforeAll(async () => {
  t = await createTestApp({ services: { jobs: { tickMs: 0 } } });
  stats = t.app.ctx.agentStats;
  rebates = t.app.ctx.agentRebates;
  await stats.foldAll();
});
afterAll(async () => t?.close());

/** A team of an agent and `n` players with rates that earn rebates on LIVE and LOTT. */
async function team(prefix: string, n: number): Promise<{ agent: KitMember; players: KitMember[] }> {
  const agent = await kitMember(t, {
    prefix,
    agent: true,
    series: 1980,
    rates: { LIVE: 100 },
    money: 1_000_000,
  });
  const players: KitMember[] = [];
  for (let i = 0; i < n; i++)
    players.push(
      await kitMember(t, {
        prefix,
        uplineId: agent.memberId,
        series: 1960,
        rates: { LIVE: 40 },
        money: 1_000_000,
      }),
    );
  return { agent, players };
}

function bets(players: KitMember[], count: number, seed: number): KitBet[] {
  const rnd = random(seed);
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => {
    const amount = 1_000 + Math.floor(rnd() * 100_000);
    const betAt = new Date(now - Math.floor(rnd() * 5 * DAY));
    return {
      memberId: players[i % players.length]!.memberId,
      product: rnd() < 0.5 ? 'LIVE' : 'LOTT',
      amount,
      valid: amount,
      payout: rnd() < 0.5 ? 0 : Math.floor(rnd() * 2 * amount),
      betAt,
      settledAt: betAt,
    };
  });
}

/** The team's figures as folded (the agent's own rows and its team's), and as summed from the raw rows. */
async function folded(agentId: number) {
  const r = await sql<{
    bets: number;
    bet_amount: number;
    valid_bet: number;
    payout: number;
    rebate: number;
  }>`
    select coalesce(sum(bets), 0)::bigint as bets, coalesce(sum(bet_amount), 0)::bigint as bet_amount,
      coalesce(sum(valid_bet), 0)::bigint as valid_bet, coalesce(sum(payout), 0)::bigint as payout,
      coalesce(sum(rebate), 0)::bigint as rebate
    from (
      select bets, bet_amount, valid_bet, payout, rebate from agent_member_day
      where member_id = ${agentId} and product = '*'
      union all
      select bets, bet_amount, valid_bet, payout, rebate from agent_team_day
      where ancestor_id = ${agentId} and product = '*'
    ) f`.execute(t.database.db);
  return r.rows[0]!;
}
async function raw(agentId: number) {
  const b = await sql<{ bets: number; bet_amount: number; valid_bet: number; payout: number }>`
    select count(*)::bigint as bets, coalesce(sum(bet_amount), 0)::bigint as bet_amount,
      coalesce(sum(valid_bet), 0)::bigint as valid_bet, coalesce(sum(payout), 0)::bigint as payout
    from bet_record where status = 'SETTLED'
      and member_id in (select descendant_id from member_tree where ancestor_id = ${agentId})`.execute(
    t.database.db,
  );
  const rebate = await sql<{ n: number }>`
    select coalesce(sum(p.amount), 0)::bigint as n from ledger_posting p
    join ledger_account a on a.id = p.account_id join ledger_transaction x on x.id = p.transaction_id
    where x.kind in ('REBATE', 'AGENT_REBATE')
      and a.member_id in (select descendant_id from member_tree where ancestor_id = ${agentId})`.execute(
    t.database.db,
  );
  return { ...b.rows[0]!, rebate: rebate.rows[0]!.n };
}
/**
 * A database on a pool whose clients may be killed: the end of a killed connection is reported to
 * its client and to the pool, heard here instead of crashing the test process.
 */
async function killablePostgres(): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: testDatabaseUrl(t),
    max: 1,
  });
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'postgres',
    listen: () => Promise.reject(new Error('not here')),
    close: () => db.destroy(),
  };
}

async function rebateMovements(): Promise<number> {
  const r = await sql<{ n: number }>`
    select count(*)::bigint as n from ledger_transaction where idempotency_key like 'agent-rebate:%'`.execute(
    t.database.db,
  );
  return Number(r.rows[0]!.n);
}
/** Rows waiting for the agent figures: the queue's and the settled bets not yet handed on to it. */
async function queued(): Promise<number> {
  const r = await sql<{ n: number }>`
    select (select count(*) from agent_stat_queue) + (select count(*) from bet_queue) as n`.execute(
    t.database.db,
  );
  return Number(r.rows[0]!.n);
}

/** Folds, pays the rebates, and folds their credits: the figures then hold everything. */
async function settle(): Promise<void> {
  await stats.foldAll();
  await rebates.payNow();
  await stats.foldAll();
}

/** The rebate movements' credits to `memberId`, by kind. */
async function creditedTo(memberId: number): Promise<Record<string, number>> {
  const r = await sql<{ kind: string; total: number }>`
    select x.kind, sum(p.amount)::bigint as total
    from ledger_posting p join ledger_account a on a.id = p.account_id
    join ledger_transaction x on x.id = p.transaction_id
    where x.idempotency_key like 'agent-rebate:%' and a.member_id = ${memberId}
    group by x.kind`.execute(t.database.db);
  return Object.fromEntries(r.rows.map((x) => [x.kind, Number(x.total)]));
}

/**
 * On PostgreSQL: holds a row lock (`lock`, another connection) that `work` (on a connection of its
 * own) then waits for, and kills `work`'s backend as it waits, as kill -9 of its server would end it.
 */
async function killWhileWaiting(
  lock: (db: Kysely<DB>) => Promise<unknown>,
  work: (database: Database) => Promise<unknown>,
) {
  // One connection: the backend to kill is known before the work starts, and no other is touched
  // (test files share the database, each in its own schema).
  const other = await killablePostgres();
  const victim = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(other.db)).rows[0]!.pid;
  const blocker = await openPostgres({
    url: testDatabaseUrl(t),
    poolSize: 1,
  });
  try {
    const holding = blocker.db.transaction().execute(async (trx) => {
      await lock(trx);
      await sql`select pg_sleep(3)`.execute(trx);
    });
    await new Promise((r) => setTimeout(r, 300));
    // Its failure is taken at once: the killed connection's error can arrive before the check
    // below, and a rejection nobody handles yet is reported by Vitest as an error of the run.
    const working = work(other).then(
      () => null,
      (e: unknown) => e,
    );
    let waiting = false;
    for (let i = 0; i < 50 && !waiting; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const w = await sql<{ n: number }>`
        select count(*)::integer as n from pg_stat_activity
        where pid = ${victim} and wait_event_type = 'Lock'`.execute(t.database.db);
      waiting = w.rows[0]!.n === 1;
    }
    expect(waiting).toBe(true);
    await sql`select pg_terminate_backend(${victim})`.execute(t.database.db);
    expect(await working).toBeInstanceOf(Error);
    await holding;
  } finally {
    await other.close();
    await blocker.close();
  }
}

describe(`agent stats fold and rebate job (${testDbKind})`, () => {
  it('decision 028: a fold takes every queued change once and credits nothing, the agent credit job credits the agents\u2019 differentials once, the rebate job the players\u2019 own once; folding, crediting, paying and running their job windows again change neither the figures nor the ledger', async () => {
    const { agent, players } = await team('once', 4);
    await settleBets(t, bets(players, 40, 1));
    expect(await queued()).toBeGreaterThan(0);
    const before = await rebateMovements();
    const first = await stats.foldNow();
    expect(first.folded).toBeGreaterThan(0);
    expect(first.accrued).toBeGreaterThan(0);
    expect(await queued()).toBe(0);
    expect(await rebateMovements()).toBe(before);
    // The agent's differential: credited by the agent credit job, the players' own left for the hour.
    expect(await rebates.creditAgentsNow()).toBeGreaterThan(0);
    expect(Object.keys(await creditedTo(agent.memberId))).toEqual(['AGENT_REBATE']);
    expect(await creditedTo(players[0]!.memberId)).toEqual({});
    expect(await rebates.creditAgentsNow()).toBe(0);
    const agentCredits = await creditedTo(agent.memberId);
    expect(await rebates.payNow()).toBeGreaterThan(0);
    expect(await creditedTo(agent.memberId)).toEqual(agentCredits);
    expect(Object.keys(await creditedTo(players[0]!.memberId))).toEqual(['REBATE']);
    await stats.foldAll();
    const after = await folded(agent.memberId);
    expect(after).toEqual(await raw(agent.memberId));
    expect(after.rebate).toBeGreaterThan(0);
    const movements = await rebateMovements();
    const balance = await sql`select id, balance from ledger_account order by id`.execute(t.database.db);

    expect(await stats.foldNow()).toEqual({ folded: 0, accrued: 0, busy: 0 });
    expect(await rebates.creditAgentsNow()).toBe(0);
    expect(await rebates.payNow()).toBe(0);
    const jobs = new JobRunner(t.database, { tickMs: 0 });
    registerAgentStatsJobs(jobs, stats);
    registerRebateJobs(jobs, rebates);
    for (const job of [FOLD_JOB, AGENT_CREDIT_JOB, REBATE_JOB]) {
      const window = jobs.dueWindows(job)[0]!;
      expect(await jobs.runWindow(job, window.start)).toBe('ran');
      expect(await jobs.runWindow(job, window.start)).toBe('done-already');
    }
    expect(await folded(agent.memberId)).toEqual(after);
    expect(await rebateMovements()).toBe(movements);
    expect(
      (await sql`select id, balance from ledger_account order by id`.execute(t.database.db)).rows,
    ).toEqual(balance.rows);
    expect((await t.app.ctx.wallet.check()).ok).toBe(true);
  });

  it('decision 028: two job runners (two instances) folding and crediting the agents while bets settle, then paying at once: every change folded once, every rebate credited once, the ledger check exact', async () => {
    const { agent, players } = await team('race', 6);
    // On PostgreSQL each runner has a pool of its own, as another server would.
    const other: Database | null =
      t.database.kind === 'postgres'
        ? await openPostgres({
            url: testDatabaseUrl(t),
            poolSize: 3,
          })
        : null;
    try {
      const runners = [t.database, other ?? t.database].map((database) => {
        const jobs = new JobRunner(database, { tickMs: 0, onError: () => undefined });
        const instanceRebates = new AgentRebates({ database, wallet: t.app.ctx.wallet });
        // Windows of 5 s (the job's period is configurable: AGENT_STATS_FOLD_S), many in a short test.
        registerAgentStatsJobs(jobs, new AgentStats({ database, timeZone: TZ, foldEveryMs: 5_000 }));
        registerRebateJobs(jobs, instanceRebates);
        return jobs;
      });
      let windowStart = Math.floor(Date.now() / 5_000) * 5_000 - 600 * 5_000;
      const minute = Math.floor(Date.now() / AGENT_CREDIT_EVERY_MS) * AGENT_CREDIT_EVERY_MS;
      const all = bets(players, 120, 2);
      const outcomes: string[] = [];
      for (let round = 0; round < 6; round++) {
        // Each instance folds a window and credits the agents for a minute of its own, as the bets
        // settle: the credits wait for a fold, a fold that finds them crediting leaves its rows.
        await Promise.all([
          settleBets(t, all.slice(round * 20, round * 20 + 10)),
          settleBets(t, all.slice(round * 20 + 10, round * 20 + 20)),
          ...runners.map(async (jobs, i) => {
            outcomes.push(await jobs.runWindow(FOLD_JOB, new Date(windowStart + i * 5_000)));
          }),
          ...runners.map(async (jobs, i) => {
            const at = minute - (round * 2 + i + 10) * AGENT_CREDIT_EVERY_MS;
            outcomes.push(await jobs.runWindow(AGENT_CREDIT_JOB, new Date(at)));
          }),
        ]);
        windowStart += 10_000;
      }
      await stats.foldAll();
      // Two instances' rebate windows at once (two different hours): one pays, the other finds nothing due.
      const hour = Math.floor(Date.now() / REBATE_PAY_EVERY_MS) * REBATE_PAY_EVERY_MS;
      outcomes.push(
        ...(await Promise.all(
          runners.map((jobs, i) =>
            jobs.runWindow(REBATE_JOB, new Date(hour - (i + 10) * REBATE_PAY_EVERY_MS)),
          ),
        )),
      );
      expect(outcomes.every((o) => o === 'ran' || o === 'busy')).toBe(true);
      // The agent credit job paid the agent's differentials; the hour found them paid.
      expect(Object.keys(await creditedTo(agent.memberId))).toEqual(['AGENT_REBATE']);
      await stats.foldAll();
      expect(await queued()).toBe(0);
      expect(await folded(agent.memberId)).toEqual(await raw(agent.memberId));
      // The rebates credited are what the accruals say was paid, and what the bets owe.
      const paid = await sql<{
        member_id: number;
        product: string;
        kind: string;
        paid: number;
        owed: string;
      }>`
        select member_id, product, kind, paid, owed::text as owed from agent_rebate_accrual
        where member_id in (select descendant_id from member_tree where ancestor_id = ${agent.memberId})`.execute(
        t.database.db,
      );
      const owedLive = all.filter((b) => b.product === 'LIVE').reduce((s, b) => s + BigInt(b.valid), 0n);
      const owedLott = all.filter((b) => b.product === 'LOTT').reduce((s, b) => s + BigInt(b.valid), 0n);
      const agentLive = paid.rows.find((r) => r.member_id === agent.memberId && r.product === 'LIVE')!;
      const agentLott = paid.rows.find((r) => r.member_id === agent.memberId && r.product === 'LOTT')!;
      expect(BigInt(agentLive.owed)).toBe(owedLive * 60n * 2n);
      expect(BigInt(agentLott.owed)).toBe(owedLott * 20n * 10n);
      expect(agentLive.paid).toBe(Number((owedLive * 60n * 2n) / 20_000n));
      expect(agentLott.paid).toBe(Number((owedLott * 20n * 10n) / 20_000n));
      const credited = await sql<{ member_id: number; reference: string; kind: string; total: number }>`
        select a.member_id, x.reference, x.kind, sum(p.amount)::bigint as total
        from ledger_posting p join ledger_account a on a.id = p.account_id
        join ledger_transaction x on x.id = p.transaction_id
        where x.idempotency_key like 'agent-rebate:%'
          and a.member_id in (select descendant_id from member_tree where ancestor_id = ${agent.memberId})
        group by 1, 2, 3`.execute(t.database.db);
      expect(
        new Map(credited.rows.map((r) => [`${r.member_id}:${r.reference}:${r.kind}`, Number(r.total)])),
      ).toEqual(
        new Map(
          paid.rows.filter((r) => r.paid > 0).map((r) => [`${r.member_id}:${r.product}:${r.kind}`, r.paid]),
        ),
      );
      expect((await t.app.ctx.wallet.check()).ok).toBe(true);
    } finally {
      await other?.close();
    }
  });

  it('decision 028: a fold that fails after its accruals, an agent credit and a payment that fail after their credits, leave nothing: the queue, the accruals and the ledger as they were; the next runs do it all once', async () => {
    const { agent, players } = await team('fail', 2);
    await settleBets(t, bets(players, 10, 3));
    const accruals = async () =>
      (await sql`select * from agent_rebate_accrual order by member_id, product, kind`.execute(t.database.db))
        .rows;
    const before = {
      queued: await queued(),
      movements: await rebateMovements(),
      figures: await folded(agent.memberId),
      accruals: await accruals(),
    };
    await expect(stats.foldNow({ failAfterAccrual: true })).rejects.toThrow(/stopped after the accruals/);
    expect(await queued()).toBe(before.queued);
    expect(await rebateMovements()).toBe(before.movements);
    expect(await folded(agent.memberId)).toEqual(before.figures);
    expect(await accruals()).toEqual(before.accruals);
    const fold = await stats.foldNow();
    expect(fold.accrued).toBeGreaterThan(0);
    // The agent credit job: the agent's differential, once it does not fail.
    let accrued = await accruals();
    expect(accrued).not.toEqual(before.accruals);
    await expect(rebates.creditAgentsNow({ failAfterPosting: true })).rejects.toThrow(
      /stopped after its credits/,
    );
    expect(await rebateMovements()).toBe(before.movements);
    expect(await accruals()).toEqual(accrued);
    expect(await rebates.creditAgentsNow()).toBeGreaterThan(0);
    accrued = await accruals();
    const movements = await rebateMovements();
    expect(movements).toBeGreaterThan(before.movements);
    // The hourly payment: the players' own.
    await expect(rebates.payNow({ failAfterPosting: true })).rejects.toThrow(/stopped after its credits/);
    expect(await rebateMovements()).toBe(movements);
    expect(await accruals()).toEqual(accrued);
    expect(await rebates.payNow()).toBeGreaterThan(0);
    await stats.foldAll();
    expect(await folded(agent.memberId)).toEqual(await raw(agent.memberId));
    expect(await rebateMovements()).toBeGreaterThan(movements);
  });

  it.skipIf(testDbKind !== 'postgres')(
    'decision 028: a fold, an agent credit and a payment whose connection dies mid-way (kill -9 of its server) leave the queue, the accruals and the ledger as they were',
    async () => {
      const { agent, players } = await team('kill', 2);
      // Earlier bets, folded and paid: the agent has its accruals.
      await settleBets(t, bets(players, 4, 40));
      await settle();
      await settleBets(t, bets(players, 10, 4));
      const before = { queued: await queued(), movements: await rebateMovements() };
      // The fold waits on the agent's accrual, after it has taken the queue rows.
      await killWhileWaiting(
        (db) =>
          sql`select 1 from agent_rebate_accrual where member_id = ${agent.memberId} for update`.execute(db),
        (database) => new AgentStats({ database, timeZone: TZ }).foldNow(),
      );
      expect(await queued()).toBe(before.queued);
      expect(await rebateMovements()).toBe(before.movements);
      await stats.foldAll();
      const accruals = async () =>
        (
          await sql`select * from agent_rebate_accrual order by member_id, product, kind`.execute(
            t.database.db,
          )
        ).rows;
      let accrued = await accruals();
      // The agent credit waits on the agent's wallet.
      await killWhileWaiting(
        (db) => sql`select 1 from ledger_account where member_id = ${agent.memberId} for update`.execute(db),
        (database) => new AgentRebates({ database, wallet: t.app.ctx.wallet }).creditAgentsNow(),
      );
      expect(await rebateMovements()).toBe(before.movements);
      expect(await accruals()).toEqual(accrued);
      expect(await rebates.creditAgentsNow()).toBeGreaterThan(0);
      const movements = await rebateMovements();
      accrued = await accruals();
      // The players' own rebates wait in their figures until the hourly payment (decision 059).
      const ownPending = async () =>
        (
          await sql`
            select member_id, product, day::text as day, own_rebate::text as own_rebate from agent_member_day
            where own_rebate <> 0 order by 1, 2, 3`.execute(t.database.db)
        ).rows;
      const own = await ownPending();
      expect(own.length).toBeGreaterThan(0);
      // The payment waits on a player's wallet (the players' own rebates are the hourly job's).
      await killWhileWaiting(
        (db) =>
          sql`select 1 from ledger_account where member_id = ${players[0]!.memberId} for update`.execute(db),
        (database) => new AgentRebates({ database, wallet: t.app.ctx.wallet }).payNow(),
      );
      expect(await rebateMovements()).toBe(movements);
      expect(
        (
          await sql`select * from agent_rebate_accrual order by member_id, product, kind`.execute(
            t.database.db,
          )
        ).rows,
      ).toEqual(accrued);
      expect(await ownPending()).toEqual(own);
      await settle();
      expect(await ownPending()).toEqual([]);
      expect(await folded(agent.memberId)).toEqual(await raw(agent.memberId));
    },
  );

  it.skipIf(testDbKind !== 'postgres')(
    'migration 039: a fold updates the rows of a day it has folded before in place (heap-only: no index entry written), at fillfactor 70',
    async () => {
      const { players } = await team('hot', 3);
      const now = (i: number) => new Date(Date.now() - 60_000 - i * 1_000);
      const live = (i: number) =>
        players.map((p) => ({
          memberId: p.memberId,
          product: 'LIVE',
          amount: 1_000,
          valid: 1_000,
          payout: 0,
          betAt: now(i),
          settledAt: now(i),
        }));
      await settleBets(t, live(1));
      await stats.foldAll();
      await settleBets(t, live(2));
      // A bettor's active days are its whole-day rows (migration 052): agent_member_active is not written.
      const tables = ['agent_member_day', 'agent_team_day', 'agent_rebate_accrual'];
      const counts = await t.database.db.transaction().execute(async (trx) => {
        expect((await stats.fold(trx)).folded).toBeGreaterThan(0);
        // This transaction's own counts, before it commits.
        return (
          await sql<{ relname: string; upd: number; hot: number }>`
            select relname, n_tup_upd::integer as upd, n_tup_hot_upd::integer as hot
            from pg_stat_xact_user_tables
            where schemaname = current_schema() and relname = any(${tables}::text[])
            order by relname`.execute(trx)
        ).rows;
      });
      expect(counts.map((c) => c.relname)).toEqual([...tables].sort());
      for (const c of counts) {
        expect(c.upd, c.relname).toBeGreaterThan(0);
        expect(c.hot, c.relname).toBe(c.upd);
      }
    },
  );

  it('report days: a bet settled at 23:30 GMT+8 counts on that day, one at 00:30 on the next; a correction and a cancellation after settling move the figures out of the day they were in', async () => {
    const { agent, players } = await team('zone', 1);
    const p = players[0]!;
    // 15:30 and 16:30 UTC of a day: 23:30 of that day and 00:30 of the next in GMT+8.
    const d = new Date(Date.now() - 3 * DAY).toISOString().slice(0, 10);
    const late = new Date(`${d}T15:30:00Z`);
    const early = new Date(`${d}T16:30:00Z`);
    const next = new Date(Date.parse(d) + DAY).toISOString().slice(0, 10);
    const [a, b] = await settleBets(t, [
      {
        memberId: p.memberId,
        product: 'LIVE',
        amount: 1_000,
        valid: 1_000,
        payout: 0,
        betAt: late,
        settledAt: late,
      },
      {
        memberId: p.memberId,
        product: 'LIVE',
        amount: 2_000,
        valid: 2_000,
        payout: 5_000,
        betAt: early,
        settledAt: early,
      },
    ]);
    await stats.foldAll();
    const days = async () =>
      (
        await sql<{ day: string; bets: number; bet_amount: number; payout: number }>`
          select day::text as day, bets, bet_amount, payout from agent_member_day
          where member_id = ${p.memberId} and product = 'LIVE' and day in (${d}::date, ${next}::date)
          order by day`.execute(t.database.db)
      ).rows;
    expect(await days()).toEqual([
      { day: d, bets: 1, bet_amount: 1_000, payout: 0 },
      { day: next, bets: 1, bet_amount: 2_000, payout: 5_000 },
    ]);
    await correctBet(t, b!, { payout: 1_500 });
    await correctBet(t, a!, { cancel: true });
    await stats.foldAll();
    expect(await days()).toEqual([
      { day: d, bets: 0, bet_amount: 0, payout: 0 },
      { day: next, bets: 1, bet_amount: 2_000, payout: 1_500 },
    ]);
    // The upline's rows follow, and the member is no bettor on the day its only bet left.
    const active = await sql<{ day: string; members: number }>`
      select day::text as day, sum(members)::integer as members from agent_team_active
      where ancestor_id = ${agent.memberId} and metric = 2 group by day order by day`.execute(t.database.db);
    expect(active.rows).toEqual([
      { day: d, members: 0 },
      { day: next, members: 1 },
    ]);
  });

  it('distinct members over a range: a member active on days folded out of order counts once in a week and once on each day', async () => {
    const { agent, players } = await team('gaps', 1);
    const p = players[0]!;
    const today = Date.now();
    const at = (days: number) => new Date(today - days * DAY);
    for (const d of [1, 5]) await login(t, p.memberId, at(d));
    await stats.foldAll();
    await login(t, p.memberId, at(3));
    await login(t, p.memberId, at(3));
    await deposit(t, p.memberId, 500);
    await stats.foldAll();
    const week = await sql<{ day: string; gap: number; members: number }>`
      select day::text as day, gap, members from agent_team_active
      where ancestor_id = ${agent.memberId} and metric = 1 and members <> 0 order by day`.execute(
      t.database.db,
    );
    const day = (d: number) => new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(at(d));
    expect(week.rows.map((r) => r.day)).toEqual([day(5), day(3), day(1)]);
    // Counted in [day 6 .. day 0] once: only its first active day there has a gap past the range's start.
    const start = day(6);
    const counted = week.rows.filter((r) => r.gap > (Date.parse(r.day) - Date.parse(start)) / DAY);
    expect(counted.map((r) => r.day)).toEqual([day(5)]);
  });
});
