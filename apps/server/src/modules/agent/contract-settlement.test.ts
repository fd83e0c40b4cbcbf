import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import {
  addZoneDays,
  buildStatements,
  carryClears,
  periodAt,
  zoneDayOf,
  zoneDayStart,
  type ContractStatement,
  type ContractTerms,
  type PeriodCode,
  type SettlementPeriod,
  type StatementInput,
  type TeamFigures,
} from '@app/contract';
import { createTestApp, testDatabaseUrl, testDbKind, type TestApp } from '../../test/test-app.ts';
import { openPostgres, type Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { JobRunner } from '../../platform/jobs/job-runner.ts';
import {
  CONTRACT_JOBS,
  ContractSettlement,
  HOUSE_AGENT_CONTRACT,
  registerContractJobs,
  SETTLE_LAG_MS,
  type ContractLine,
} from './contract-settlement.ts';
import { correctBet, kitMember, random, settleBets, type KitBet, type KitMember } from './stats-test-kit.ts';

/**
 * Contract settlement (issue 30, decision 030 "Settlement"): a generated month of a 4-level tree
 * settled by the jobs, every stored statement recomputed here from the raw bets (figures summed in
 * this file, not read from the aggregates) and the pure core, the ledger's credits equal to the
 * statements' pay; re-runs change nothing; a corrected result moves only the difference; two
 * instances and a killed connection still pay each (contract, period) once.
 */
const TZ = 'Asia/Shanghai';
const DAY = 86_400_000;
let t: TestApp;
let settlement: ContractSettlement;

beforeAll(async () => {
  t = await createTestApp({ services: { jobs: { tickMs: 0 }, reportTimeZone: TZ } });
  settlement = t.app.ctx.contractSettlement;
  await t.app.ctx.agentStats.foldAll();
});
afterAll(async () => t?.close());

// ---------------------------------------------------------------------------------------------
// A 4-level tree: A (the platform's) > B > C > D, and A > B2; three players under each agent.

interface Tree {
  agents: Record<'A' | 'B' | 'B2' | 'C' | 'D', KitMember>;
  players: KitMember[];
  /** member → its uplines (nearest first). */
  uplines: Map<number, number[]>;
}

async function tree(prefix: string): Promise<Tree> {
  const A = await kitMember(t, { prefix: `${prefix}a`, agent: true });
  const B = await kitMember(t, { prefix: `${prefix}b`, agent: true, uplineId: A.memberId });
  const B2 = await kitMember(t, { prefix: `${prefix}e`, agent: true, uplineId: A.memberId });
  const C = await kitMember(t, { prefix: `${prefix}c`, agent: true, uplineId: B.memberId });
  const D = await kitMember(t, { prefix: `${prefix}d`, agent: true, uplineId: C.memberId });
  const agents = { A, B, B2, C, D };
  const players: KitMember[] = [];
  for (const a of Object.values(agents))
    for (let i = 0; i < 3; i++)
      players.push(await kitMember(t, { prefix: `${prefix}p`, uplineId: a.memberId }));
  const up = new Map<number, number | null>();
  for (const m of [...Object.values(agents), ...players]) up.set(m.memberId, m.uplineId);
  const uplines = new Map<number, number[]>();
  for (const id of up.keys()) {
    const chain: number[] = [];
    for (let u = up.get(id) ?? null; u !== null; u = up.get(u) ?? null) chain.push(u);
    uplines.set(id, chain);
  }
  return { agents, players, uplines };
}

const P = (betVolume: number, activeMember: number, rate: number) => ({
  betVolume,
  activeMember,
  rateType: 'P' as const,
  rate,
});

/** Contracts of every kind down the tree: B can reach a rate A reaches only higher (deficits). */
async function contracts(tr: Tree): Promise<void> {
  const { A, B, B2, C, D } = tr.agents;
  const write = (uplineId: number | null, downlineId: number, terms: unknown) =>
    t.app.ctx.agentContracts.writeContract(t.database.db, { uplineId, downlineId, terms, status: 'A' });
  const daily = (tiers: ReturnType<typeof P>[]) => ({ kind: 'dailySalary', productType: 'CONS', tiers });
  await write(null, A.memberId, daily([P(0, 1, 100), P(400_000, 6, 200)]));
  await write(A.memberId, B.memberId, daily([P(0, 1, 120), P(50_000, 2, 200)]));
  await write(A.memberId, B2.memberId, daily([P(0, 1, 80)]));
  await write(B.memberId, C.memberId, daily([P(0, 1, 90)]));
  await write(C.memberId, D.memberId, daily([P(0, 1, 60)]));
  const div = (rate: number) => ({
    kind: 'dividend',
    productType: 'CONS',
    computationPeriod: 'W',
    resetFrequency: 1,
    periodicTotalBetRequired: 'N',
    tiers: [{ minimumBet: 0, netLoss: 0, activeMember: 1, periodicTotalBet: 0, contractRate: rate }],
  });
  await write(null, A.memberId, div(3000));
  await write(A.memberId, B.memberId, div(2000));
  await write(B.memberId, C.memberId, div(1000));
  const rt = (loss: number, win: number) => ({
    kind: 'realTimeSalary',
    productType: 'LOTT',
    tiers: [{ betAmount: 100, lossRate: loss, winRate: win }],
  });
  await write(null, A.memberId, rt(100, 50));
  await write(A.memberId, B.memberId, rt(80, 40));
  await write(B.memberId, C.memberId, rt(50, 20));
  const hourly = (rate: number) => ({
    kind: 'hourlySalary',
    productType: 'CONS',
    frequency: 'H',
    unitValue: null,
    tiers: [{ minimumBet: 0, activeMember: 1, rateType: 'P', rate }],
  });
  await write(null, A.memberId, hourly(50));
  await write(A.memberId, B.memberId, hourly(30));
}

const PRODUCTS = ['LIVE', 'RNG', 'LOTT', 'ELOTT', 'SPORTS'];

/** Bets on `days` days from `firstDay` (GMT+8), settled at random instants of each day. */
function monthBets(tr: Tree, firstDay: string, days: number, perDay: number, seed: number): KitBet[] {
  const rnd = random(seed);
  const out: KitBet[] = [];
  for (let d = 0; d < days; d++) {
    const start = zoneDayStart(addZoneDays(firstDay, d), TZ);
    for (let i = 0; i < perDay; i++) {
      const p = tr.players[Math.floor(rnd() * tr.players.length)]!;
      const amount = 100 + Math.floor(rnd() * 20_000);
      const payout = rnd() < 0.45 ? Math.floor(amount * (1 + rnd() * 2)) : 0;
      const at = new Date(start + Math.floor(rnd() * (DAY - 1)));
      out.push({
        memberId: p.memberId,
        product: PRODUCTS[Math.floor(rnd() * PRODUCTS.length)]!,
        amount,
        valid: amount,
        payout,
        betAt: at,
        settledAt: at,
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The independent recomputation: figures summed from the raw bets in this file.

function rawFigures(
  tr: Tree,
  bets: readonly KitBet[],
  kind: ContractTerms['kind'],
  agentId: number,
  period: SettlementPeriod,
): TeamFigures {
  const inTeam = (m: number) => tr.uplines.get(m)!.includes(agentId);
  const within = bets.filter(
    (b) => inTeam(b.memberId) && b.settledAt.getTime() >= period.start && b.settledAt.getTime() < period.end,
  );
  const active = new Set(within.map((b) => b.memberId)).size;
  if (kind === 'realTimeSalary') {
    const draws = new Map<number, { bet: number; payout: number }>();
    for (const b of within.filter((x) => x.product === 'LOTT' || x.product === 'ELOTT')) {
      const d = draws.get(b.memberId) ?? { bet: 0, payout: 0 };
      d.bet += b.valid;
      d.payout += b.payout;
      draws.set(b.memberId, d);
    }
    return { kind, draws: [...draws.values()] };
  }
  const bet = within.reduce((s, b) => s + b.valid, 0);
  if (kind === 'dividend')
    return {
      kind,
      figures: {
        validBet: bet,
        netLoss: within.reduce((s, b) => s + b.amount - b.payout, 0),
        promotion: 0,
        rebate: 0,
        fees: 0,
        adjustment: 0,
        activeMembers: active,
      },
      carriedIn: 0,
      clearCarry: false,
    };
  return { kind, figures: { bet, activeMembers: active } };
}

interface StoredStatement {
  contract_id: number;
  agent_id: number;
  upline_id: number | null;
  period_key: string;
  terms: ContractTerms;
  statement: ContractStatement;
  paid: string;
}

async function stored(line: ContractLine, agentIds: number[]): Promise<StoredStatement[]> {
  const r = await sql<StoredStatement>`
    select contract_id, agent_id, upline_id, period_key, terms, statement, paid::text from agent_contract_settlement
    where kind = ${line.kind} and product_type = ${line.productType} and period = ${line.period}
      and agent_id = any(${agentIds}::integer[])
    order by period_start, agent_id`.execute(t.database.db);
  return r.rows;
}

/**
 * Every stored period of a line for the tree, recomputed in order from the raw bets with the
 * carry and deficit threaded here; each equal to the stored statement to the cent.
 */
async function expectRecomputed(tr: Tree, line: ContractLine, bets: readonly KitBet[], code: PeriodCode) {
  const ids = Object.values(tr.agents).map((a) => a.memberId);
  const rows = await stored(line, ids);
  expect(rows.length).toBeGreaterThan(0);
  // Every contract of the tree on the line: a statement with nothing in it is not stored, but its
  // agent still stands in its upline's deductions.
  const holders = (
    await sql<{ id: number; downline_id: number; upline_id: number | null; accepted_terms: ContractTerms }>`
      select id, downline_id, upline_id, accepted_terms from agent_contract
      where kind = ${line.kind} and product_type = ${line.productType} and period = ${line.period}
        and downline_id = any(${ids}::integer[])
      order by downline_id`.execute(t.database.db)
  ).rows;
  const inSet = new Set(holders.map((h) => Number(h.downline_id)));
  const carry = new Map<number, number>();
  const deficit = new Map<number, number>();
  const byPeriod = new Map<string, StoredStatement[]>();
  for (const r of rows) byPeriod.set(r.period_key, [...(byPeriod.get(r.period_key) ?? []), r]);
  let checked = 0;
  for (const group of byPeriod.values()) {
    const period = periodAt(code, group[0]!.statement.periodStart, TZ);
    const inputs: StatementInput[] = holders.map((h) => {
      const id = Number(h.downline_id);
      const terms = h.accepted_terms;
      const team = rawFigures(tr, bets, terms.kind, id, period);
      return {
        agentId: id,
        uplineId: h.upline_id !== null && inSet.has(Number(h.upline_id)) ? Number(h.upline_id) : null,
        contractId: Number(h.id),
        terms,
        team:
          team.kind === 'dividend' && terms.kind === 'dividend'
            ? { ...team, carriedIn: carry.get(id) ?? 0, clearCarry: carryClears(terms, period, TZ) }
            : team,
        deficitIn: deficit.get(id) ?? 0,
      };
    });
    const expected = buildStatements(period, inputs);
    expected.forEach((e) => {
      const id = Number(e.agentId);
      const g = group.find((x) => Number(x.agent_id) === id);
      if (g) {
        expect(g.statement).toEqual(e);
        expect(Number(g.paid)).toBe(e.pay);
        checked++;
      } else {
        // Not stored: nothing in it.
        expect([e.inputs.bet, e.amount, e.pay, e.deficitOut - (deficit.get(id) ?? 0)]).toEqual([0, 0, 0, 0]);
      }
      carry.set(id, e.carryOut ?? 0);
      deficit.set(id, e.deficitOut);
    });
  }
  return checked;
}

/** What the ledger credited each agent under a kind (every settlement key). */
async function credited(kind: string): Promise<Map<number, number>> {
  const r = await sql<{ member_id: number; total: string }>`
    select a.member_id, sum(p.amount)::text as total
    from ledger_posting p join ledger_account a on a.id = p.account_id
    join ledger_transaction x on x.id = p.transaction_id
    where x.kind = ${kind} and a.member_id is not null
    group by a.member_id`.execute(t.database.db);
  return new Map(r.rows.map((x) => [Number(x.member_id), Number(x.total)]));
}

async function paidBy(kind: string): Promise<Map<number, number>> {
  const r = await sql<{ agent_id: number; total: string }>`
    select agent_id, sum(paid)::text as total from agent_contract_settlement where kind = ${kind}
    group by agent_id`.execute(t.database.db);
  return new Map(r.rows.map((x) => [Number(x.agent_id), Number(x.total)]));
}

async function snapshot() {
  const balances = await sql`select id, balance from ledger_account order by id`.execute(t.database.db);
  const rows = await sql`
    select contract_id, period_key, agent_id, statement, paid, revision from agent_contract_settlement
    order by contract_id, period_key`.execute(t.database.db);
  const state =
    await sql`select * from agent_contract_state order by member_id, kind, product_type, period`.execute(
      t.database.db,
    );
  return {
    balances: balances.rows,
    rows: rows.rows,
    state: state.rows.map((s) => ({ ...(s as Record<string, unknown>), updated_at: null })),
  };
}

/**
 * A database on a pool whose clients may be killed (the stats tests' kit): the end of a killed
 * connection is reported to its client and to the pool, heard here instead of crashing the test.
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

/**
 * Holds a row lock (`lock`, another connection) that `work` (on a connection of its own) then
 * waits for, and kills `work`'s backend as it waits, as kill -9 of its server would end it.
 */
async function killWhileWaiting(
  lock: (db: Kysely<DB>) => Promise<unknown>,
  work: (database: Database) => Promise<unknown>,
) {
  const other = await killablePostgres();
  const victim = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(other.db)).rows[0]!.pid;
  const blocker = await openPostgres({
    url: testDatabaseUrl(t),
    poolSize: 1,
  });
  try {
    // The blocker rolls back: what it held must not stay.
    const holding = blocker.db
      .transaction()
      .execute(async (trx) => {
        await lock(trx);
        await sql`select pg_sleep(3)`.execute(trx);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await new Promise((r) => setTimeout(r, 300));
    // Its failure is taken at once: the killed connection's error can arrive before the check below.
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

const lines = {
  daily: { kind: 'dailySalary', productType: 'CONS', period: '' },
  dividend: { kind: 'dividend', productType: 'CONS', period: 'W' },
  realTime: { kind: 'realTimeSalary', productType: 'LOTT', period: '' },
  hourly: { kind: 'hourlySalary', productType: 'CONS', period: '' },
} as const satisfies Record<string, ContractLine>;

/** The daily job's window that settles the day-based periods ending at `day`'s midnight. */
function dailyWindow(endDay: string): Date {
  return new Date(zoneDayStart(endDay, TZ) + SETTLE_LAG_MS.day - DAY);
}

/** The distinct periods of a code holding some bet. */
function periodsOf(bets: readonly KitBet[], code: PeriodCode): SettlementPeriod[] {
  const m = new Map<string, SettlementPeriod>();
  for (const b of bets) {
    const p = periodAt(code, b.settledAt.getTime(), TZ);
    m.set(p.key, p);
  }
  return [...m.values()].sort((a, b) => a.start - b.start);
}

describe(`contract settlement (${testDbKind})`, () => {
  let tr: Tree;
  let bets: KitBet[];
  const FIRST = '2026-10-04'; // a Sunday: four whole weeks

  it('issue 30: a generated month of a 4-level tree settled by the jobs: every statement of every kind recomputed from the raw bets matches to the cent, each agent credited exactly its statements\u2019 pay, the ledger check exact', async () => {
    tr = await tree('mon');
    await contracts(tr);
    bets = monthBets(tr, FIRST, 28, 12, 30);
    // A player under D wins big in the second week: C, B and A's teams lose it, and carry it.
    const win = new Date(zoneDayStart(addZoneDays(FIRST, 9), TZ) + 3_600_000);
    bets.push({
      memberId: tr.players.find((p) => p.uplineId === tr.agents.D.memberId)!.memberId,
      product: 'LIVE',
      amount: 10_000,
      valid: 10_000,
      payout: 3_000_000,
      betAt: win,
      settledAt: win,
    });
    await settleBets(t, bets);
    await t.app.ctx.agentStats.foldAll();
    const jobs = new JobRunner(t.database, { tickMs: 0 });
    registerContractJobs(jobs, settlement);
    // Every day's window: the daily salary of the day, the weekly dividend on Saturday nights.
    for (let d = 1; d <= 28; d++)
      expect(await jobs.runWindow(CONTRACT_JOBS.daily, dailyWindow(addZoneDays(FIRST, d)))).toBe('ran');
    // The windows holding lottery bets and the hours holding bets, each settled once.
    for (const p of periodsOf(bets, 'fiveMinutes')) await settlement.settleNow(lines.realTime, p);
    for (const p of periodsOf(bets, 'hour')) await settlement.settleNow(lines.hourly, p);

    expect(await expectRecomputed(tr, lines.daily, bets, 'D')).toBeGreaterThanOrEqual(28 * 3);
    expect(await expectRecomputed(tr, lines.dividend, bets, 'W')).toBe(4 * 3);
    expect(await expectRecomputed(tr, lines.realTime, bets, 'fiveMinutes')).toBeGreaterThan(0);
    expect(await expectRecomputed(tr, lines.hourly, bets, 'hour')).toBeGreaterThan(0);
    for (const kind of [
      'AGENT_DAILY_SALARY',
      'AGENT_DIVIDEND',
      'AGENT_REALTIME_SALARY',
      'AGENT_HOURLY_SALARY',
    ]) {
      const paid = await paidBy(
        {
          AGENT_DAILY_SALARY: 'dailySalary',
          AGENT_DIVIDEND: 'dividend',
          AGENT_REALTIME_SALARY: 'realTimeSalary',
          AGENT_HOURLY_SALARY: 'hourlySalary',
        }[kind]!,
      );
      const got = await credited(kind);
      for (const [agent, total] of paid) expect(got.get(agent) ?? 0, `${kind} ${agent}`).toBe(total);
      expect([...got.values()].reduce((s, v) => s + v, 0)).toBeGreaterThan(0);
    }
    // Something the differential has to handle: a deficit carried somewhere, and a dividend carry.
    const state = await sql<{
      deficit: string;
      carry: string;
    }>`select deficit::text, carry::text from agent_contract_state`.execute(t.database.db);
    expect(state.rows.some((s) => Number(s.deficit) > 0)).toBe(true);
    expect(state.rows.some((s) => Number(s.carry) < 0)).toBe(true);
    expect((await t.app.ctx.wallet.check()).ok).toBe(true);
  });

  it('issue 30: re-running every settled period (the jobs\u2019 windows and each line directly) changes no statement, no state and no balance', async () => {
    const before = await snapshot();
    const jobs = new JobRunner(t.database, { tickMs: 0 });
    registerContractJobs(jobs, settlement);
    for (let d = 1; d <= 28; d++)
      expect(await jobs.runWindow(CONTRACT_JOBS.daily, dailyWindow(addZoneDays(FIRST, d)))).toBe(
        'done-already',
      );
    for (let d = 0; d < 28; d++) {
      const p = periodAt('D', zoneDayStart(addZoneDays(FIRST, d), TZ), TZ);
      expect(await settlement.settleNow(lines.daily, p)).toEqual({
        statements: 0,
        credited: 0,
        corrected: 0,
      });
    }
    for (const p of periodsOf(bets, 'fiveMinutes'))
      expect(await settlement.settleNow(lines.realTime, p)).toEqual({
        statements: 0,
        credited: 0,
        corrected: 0,
      });
    expect(await snapshot()).toEqual(before);
    expect((await t.app.ctx.wallet.check()).ok).toBe(true);
  });

  it('issue 30: the simulator on a settled contract gives, period by period, the very statement settlement stored, for every agent of the tree and every kind (the same figures, the same function)', async () => {
    const reads = t.app.ctx.contractReads;
    const now = {
      dailySalary: zoneDayStart(addZoneDays(FIRST, 28), TZ) + 1,
      dividend: zoneDayStart(addZoneDays(FIRST, 28), TZ) + 1,
      realTimeSalary: periodsOf(bets, 'fiveMinutes').at(-1)!.end + 1,
      hourlySalary: periodsOf(bets, 'hour').at(-1)!.end + 1,
    };
    let compared = 0;
    for (const [kind, line] of [
      ['dailySalary', lines.daily],
      ['dividend', lines.dividend],
      ['realTimeSalary', lines.realTime],
      ['hourlySalary', lines.hourly],
    ] as const) {
      const rows = await stored(
        line,
        Object.values(tr.agents).map((a) => a.memberId),
      );
      const contractOf = new Map(rows.map((r) => [Number(r.agent_id), Number(r.contract_id)]));
      for (const [agentId, contractId] of contractOf) {
        // Asked by the agent itself (the contract's downline).
        const sim = await reads.simulate(agentId, { contractId }, now[kind]);
        expect(sim.periods).toHaveLength(4);
        for (const p of sim.periods) {
          const s = rows.find((r) => Number(r.contract_id) === contractId && r.period_key === p.period.key);
          if (!s) {
            expect(p.statement.pay).toBe(0);
            continue;
          }
          expect(p.statement).toEqual(s.statement);
          // Tier by tier: the paid tier is the statement's.
          if (kind !== 'realTimeSalary') expect(p.tiers.findIndex((x) => x.paid)).toBe(p.statement.tier);
          expect(p.downlines.map((d) => d.amount)).toEqual(p.statement.deductions.map((d) => d.amount));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThanOrEqual(4 * 3 + 4 * 3);
  });

  it('issue 30: property: on generated teams (random trees up to 4 levels, random tiers within the upline\u2019s rates, random bets), the simulator\u2019s statement for every agent and each of the last 4 periods equals what settlement stored, to the cent', async () => {
    let compared = 0;
    for (const seed of [1, 2, 3]) {
      const rnd = random(1000 + seed);
      const pick = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
      // The tree: a top agent, then 1-3 agents under each agent down to the 4th level, 1-3 players each.
      const agents: KitMember[] = [await kitMember(t, { prefix: `g${seed}a`, agent: true })];
      const depth = new Map<number, number>([[agents[0]!.memberId, 0]]);
      for (let i = 0; i < agents.length && agents.length < 12; i++) {
        const a = agents[i]!;
        if (depth.get(a.memberId)! >= 3) continue;
        for (let c = pick(1, 3); c > 0; c--) {
          const child = await kitMember(t, { prefix: `g${seed}a`, agent: true, uplineId: a.memberId });
          depth.set(child.memberId, depth.get(a.memberId)! + 1);
          agents.push(child);
        }
      }
      const players: KitMember[] = [];
      for (const a of agents)
        for (let c = pick(1, 3); c > 0; c--)
          players.push(await kitMember(t, { prefix: `g${seed}p`, uplineId: a.memberId }));
      const up = new Map<number, number | null>([...agents, ...players].map((m) => [m.memberId, m.uplineId]));
      const uplines = new Map<number, number[]>();
      for (const id of up.keys()) {
        const chain: number[] = [];
        for (let u = up.get(id) ?? null; u !== null; u = up.get(u) ?? null) chain.push(u);
        uplines.set(id, chain);
      }
      // Terms: each agent's rates at most its upline's highest.
      const dailyMax = new Map<number, number>();
      const divMax = new Map<number, number>();
      for (const a of agents) {
        const capD = a.uplineId === null ? 300 : dailyMax.get(a.uplineId)!;
        const rates = Array.from({ length: pick(1, 3) }, () => pick(10, capD)).sort((x, y) => x - y);
        let volume = 0;
        let active = 0;
        const tiers = rates.map((rate, i) => {
          if (i > 0) volume += pick(1, 60_000);
          active += pick(0, 1);
          return P(volume, active, rate);
        });
        dailyMax.set(a.memberId, rates.at(-1)!);
        const capV = a.uplineId === null ? 40 : divMax.get(a.uplineId)!;
        const pct = pick(1, capV);
        divMax.set(a.memberId, pct);
        const write = (terms: unknown) =>
          t.app.ctx.agentContracts.writeContract(t.database.db, {
            uplineId: a.uplineId,
            downlineId: a.memberId,
            terms,
            status: 'A',
          });
        await write({ kind: 'dailySalary', productType: 'CONS', tiers });
        await write({
          kind: 'dividend',
          productType: 'CONS',
          computationPeriod: 'D',
          resetFrequency: pick(0, 3),
          periodicTotalBetRequired: 'N',
          tiers: [
            {
              minimumBet: 0,
              netLoss: pick(0, 5_000),
              activeMember: pick(0, 2),
              periodicTotalBet: 0,
              contractRate: pct * 100,
            },
          ],
        });
      }
      const first = `2026-06-${String(1 + 6 * seed).padStart(2, '0')}`;
      const gen = monthBets({ agents: {} as Tree['agents'], players, uplines }, first, 4, pick(5, 25), seed);
      await settleBets(t, gen);
      await t.app.ctx.agentStats.foldAll();
      const jobs = new JobRunner(t.database, { tickMs: 0 });
      registerContractJobs(jobs, settlement);
      for (let d = 1; d <= 4; d++)
        expect(await jobs.runWindow(CONTRACT_JOBS.daily, dailyWindow(addZoneDays(first, d)))).toBe('ran');
      // Each day's job re-ran the day before, on unchanged figures: no statement was rewritten.
      const rewritten = await sql<{ n: string }>`
        select count(*)::text as n from agent_contract_settlement
        where revision > 1 and agent_id = any(${agents.map((a) => a.memberId)}::integer[])`.execute(
        t.database.db,
      );
      expect(rewritten.rows[0]!.n).toBe('0');
      const now = zoneDayStart(addZoneDays(first, 4), TZ) + 1;
      for (const [kind, period] of [
        ['dailySalary', ''],
        ['dividend', 'D'],
      ] as const) {
        const rows = await sql<{
          contract_id: number;
          agent_id: number;
          period_key: string;
          statement: ContractStatement;
        }>`
          select contract_id, agent_id, period_key, statement from agent_contract_settlement
          where kind = ${kind} and period = ${period} and agent_id = any(${agents.map((a) => a.memberId)}::integer[])`.execute(
          t.database.db,
        );
        for (const a of agents) {
          const id = (
            await sql<{
              id: number;
            }>`select id from agent_contract where downline_id = ${a.memberId} and kind = ${kind}`.execute(
              t.database.db,
            )
          ).rows[0]!.id;
          const sim = await t.app.ctx.contractReads.simulate(a.memberId, { contractId: Number(id) }, now);
          expect(sim.periods.map((p) => p.period.startDay)).toEqual(
            [0, 1, 2, 3].map((d) => addZoneDays(first, d)),
          );
          for (const p of sim.periods) {
            const s = rows.rows.find(
              (r) => Number(r.agent_id) === a.memberId && r.period_key === p.period.key,
            );
            if (s) {
              expect(p.statement).toEqual(s.statement);
              compared++;
            } else expect([p.statement.amount, p.statement.pay]).toEqual([0, 0]);
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(30);
    expect((await t.app.ctx.wallet.check()).ok).toBe(true);
  });

  it('issue 30: My Income shows each agent\u2019s salary and dividend as its statements credited, Transaction Details and the member\u2019s account records list the new transaction types as income', async () => {
    const { B } = tr.agents;
    const sums = await sql<{ kind: string; total: string }>`
      select kind, sum(paid)::text as total from agent_contract_settlement
      where agent_id = ${B.memberId} and period_end > ${new Date(zoneDayStart(FIRST, TZ))}
        and period_end <= ${new Date(zoneDayStart(addZoneDays(FIRST, 28), TZ))}
      group by kind`.execute(t.database.db);
    const minor = Object.fromEntries(sums.rows.map((r) => [r.kind, Number(r.total)]));
    const salary = (minor.dailySalary ?? 0) + (minor.hourlySalary ?? 0) + (minor.realTimeSalary ?? 0);
    expect(salary).toBeGreaterThan(0);
    const res = await t.call({
      method: 'GET',
      url: `/wps/agent/report/income?startDay=${FIRST}&endDay=${addZoneDays(FIRST, 27)}`,
      token: B.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const income = res.json().value as { totals: { salary: number; dividend: number; total: number } };
    const precision = t.app.ctx.wallet.currency().precision;
    expect(income.totals.salary).toBe(salary / 10 ** precision);
    expect(income.totals.dividend).toBe((minor.dividend ?? 0) / 10 ** precision);
    // Transaction Details of A lists its team's contract credits, B's among them.
    const tx = await t.call({
      method: 'GET',
      url: `/wps/agent/report/transactions?username=${B.username}&kind=AGENT_DAILY_SALARY`,
      token: tr.agents.A.token,
    });
    expect(tx.statusCode, tx.body).toBe(200);
    const txList = tx.json().value.list as { kind: string; type: string }[];
    expect(txList.length).toBeGreaterThan(0);
    expect(txList.every((x) => x.kind === 'AGENT_DAILY_SALARY' && x.type === 'BONUS')).toBe(true);
    // The member's own account records.
    const kinds = new Set<string>();
    for (let page = 1, pages = 1; page <= pages; page++) {
      const rec = await t.call({
        method: 'GET',
        url: `/wps/relay/ODSFE2_getAccountRecords?type=BONUS&size=100&page=${page}`,
        token: B.token,
      });
      expect(rec.statusCode, rec.body).toBe(200);
      const v = rec.json().value as { content: { kind: string }[]; totalPages: number };
      pages = v.totalPages;
      for (const r of v.content) kinds.add(r.kind);
    }
    for (const k of ['AGENT_DAILY_SALARY', 'AGENT_DIVIDEND', 'AGENT_REALTIME_SALARY', 'AGENT_HOURLY_SALARY'])
      expect(kinds.has(k), k).toBe(true);
  });

  it('issue 30: the statements call lists the caller\u2019s statements newest first with named downline deductions; the simulator refuses bad terms (422), a contract of someone else (404) and a member not its direct downline (404)', async () => {
    const { A, B, C } = tr.agents;
    const res = await t.call({
      method: 'GET',
      url: '/wps/agent/contracts/statements?kind=dailySalary&size=5',
      token: B.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().value as {
      list: {
        period: { start: number };
        statement: { agentId: number; deductions: unknown[] };
        downlines: { username: string; contractId: number }[];
      }[];
      total: number;
    };
    expect(page.total).toBeGreaterThanOrEqual(28);
    expect(page.list).toHaveLength(5);
    expect(page.list[0]!.period.start).toBeGreaterThan(page.list[1]!.period.start);
    expect(page.list.every((r) => r.statement.agentId === B.memberId)).toBe(true);
    expect(page.list[0]!.downlines.map((d) => d.username)).toEqual([C.username]);
    expect(page.list[0]!.downlines[0]!.contractId).toBeGreaterThan(0);
    // A range of days: the periods within it.
    const ranged = await t.call({
      method: 'GET',
      url: `/wps/agent/contracts/statements?kind=dailySalary&startDay=${addZoneDays(FIRST, 2)}&endDay=${addZoneDays(FIRST, 4)}`,
      token: B.token,
    });
    expect(ranged.statusCode, ranged.body).toBe(200);
    expect(
      (ranged.json().value.list as { period: { startDay: string } }[]).map((r) => r.period.startDay),
    ).toEqual([addZoneDays(FIRST, 4), addZoneDays(FIRST, 3), addZoneDays(FIRST, 2)]);
    const badQuery = await t.call({
      method: 'GET',
      url: '/wps/agent/contracts/statements?size=1000',
      token: B.token,
    });
    expect(badQuery.statusCode).toBe(422);
    const bad = await t.call({
      method: 'POST',
      url: '/wps/agent/contracts/simulate',
      token: A.token,
      payload: {
        downlineId: B.memberId,
        terms: { kind: 'dailySalary', productType: 'CONS', tiers: [P(100, 1, 50), P(10, 1, 60)] },
      },
    });
    expect(bad.statusCode, bad.body).toBe(422);
    const foreign = await sql<{
      id: number;
    }>`select id from agent_contract where downline_id = ${A.memberId} limit 1`.execute(t.database.db);
    const nf = await t.call({
      method: 'POST',
      url: '/wps/agent/contracts/simulate',
      token: C.token,
      payload: { contractId: Number(foreign.rows[0]!.id) },
    });
    expect(nf.statusCode, nf.body).toBe(404);
    const notDown = await t.call({
      method: 'POST',
      url: '/wps/agent/contracts/simulate',
      token: A.token,
      payload: {
        downlineId: C.memberId,
        terms: { kind: 'dailySalary', productType: 'CONS', tiers: [P(0, 1, 50)] },
      },
    });
    expect(notDown.statusCode, notDown.body).toBe(404);
    // Draft terms with a fixed-amount tier A does not hold, and a percentage below what B gave C:
    // both warned.
    const warn = await t.call({
      method: 'POST',
      url: '/wps/agent/contracts/simulate',
      token: A.token,
      payload: {
        downlineId: B.memberId,
        terms: {
          kind: 'dailySalary',
          productType: 'CONS',
          tiers: [P(0, 1, 50), { betVolume: 500_000, activeMember: 1, rateType: 'F', rate: 1_000 }],
        },
      },
    });
    expect(warn.statusCode, warn.body).toBe(200);
    const sim = warn.json().value as { warnings: { code: string; username?: string }[]; periods: unknown[] };
    expect(sim.periods).toHaveLength(4);
    expect(sim.warnings.map((w) => w.code).sort()).toEqual(['higherRate', 'rateAboveOwn']);
    expect(sim.warnings.find((w) => w.code === 'higherRate')!.username).toBe(C.username);
  });

  it('issue 30: a corrected result in a closed day moves only the difference: a higher figure credits the rise once, a lower one pays nothing back and adds the overpayment to the deficit; the recomputation still matches', async () => {
    // The biggest losing bet of day 3 becomes a win (lower net, same bet: the daily salary is on
    // the bet, so it stays; the weekly dividend falls) and a bet of day 5 grows (higher bet).
    const day3 = periodAt('D', zoneDayStart(addZoneDays(FIRST, 2), TZ), TZ);
    const betNos = (
      await sql<{ bet_no: string; member_id: number; settled_at: Date; bet_amount: string }>`
        select bet_no, member_id, settled_at, bet_amount::text from bet_record
        where vendor = 'KIT' and member_id = any(${tr.players.map((p) => p.memberId)}::bigint[])
          and settled_at >= ${new Date(day3.start)} and settled_at < ${new Date(day3.end)} and payout = 0
        order by bet_amount desc limit 1`.execute(t.database.db)
    ).rows[0]!;
    const bet = bets.find(
      (b) =>
        b.memberId === Number(betNos.member_id) &&
        b.settledAt.getTime() === new Date(betNos.settled_at).getTime(),
    )!;
    const newPayout = bet.amount * 5;
    await correctBet(t, betNos.bet_no, { payout: newPayout });
    bet.payout = newPayout;
    await t.app.ctx.agentStats.foldAll();
    const week = periodAt('W', day3.start, TZ);
    const beforeRows = await stored(lines.dividend, [tr.agents.A.memberId]);
    const before = beforeRows.find((r) => r.period_key === week.key)!;
    const ledgerBefore = await credited('AGENT_DIVIDEND');
    const r = await settlement.settleNow(lines.dividend, week);
    expect(r.credited).toBe(0);
    const after = (await stored(lines.dividend, [tr.agents.A.memberId])).find(
      (x) => x.period_key === week.key,
    )!;
    expect(after.statement.pay).toBeLessThanOrEqual(before.statement.pay);
    // Nothing taken back: paid stays, the ledger did not move.
    expect(Number(after.paid)).toBe(Number(before.paid));
    expect(await credited('AGENT_DIVIDEND')).toEqual(ledgerBefore);
    if (after.statement.pay < before.statement.pay) {
      const rev = await sql<{ revision: number }>`
        select revision from agent_contract_settlement where contract_id = ${after.contract_id} and period_key = ${week.key}`.execute(
        t.database.db,
      );
      expect(rev.rows[0]!.revision).toBe(2);
    }
    // The daily salary of day 3 is on the bet, which did not change: nothing moves.
    expect(await settlement.settleNow(lines.daily, day3)).toEqual({
      statements: 0,
      credited: 0,
      corrected: 0,
    });
    // A higher figure: a bet of day 5 doubles its stake.
    const day5 = periodAt('D', zoneDayStart(addZoneDays(FIRST, 4), TZ), TZ);
    const big = (
      await sql<{ bet_no: string; member_id: number; settled_at: Date }>`
        select bet_no, member_id, settled_at from bet_record
        where vendor = 'KIT' and member_id = any(${tr.players.map((p) => p.memberId)}::bigint[])
          and settled_at >= ${new Date(day5.start)} and settled_at < ${new Date(day5.end)}
        order by bet_amount desc limit 1`.execute(t.database.db)
    ).rows[0]!;
    const b5 = bets.find(
      (b) =>
        b.memberId === Number(big.member_id) && b.settledAt.getTime() === new Date(big.settled_at).getTime(),
    )!;
    await sql`update bet_record set bet_amount = bet_amount * 2, valid_bet = valid_bet * 2 where vendor = 'KIT' and bet_no = ${big.bet_no}`.execute(
      t.database.db,
    );
    b5.amount *= 2;
    b5.valid *= 2;
    await t.app.ctx.agentStats.foldAll();
    const paidBefore = await paidBy('dailySalary');
    const creditedBefore = await credited('AGENT_DAILY_SALARY');
    const up = await settlement.settleNow(lines.daily, day5);
    expect(up.corrected).toBeGreaterThan(0);
    const paidAfter = await paidBy('dailySalary');
    const creditedAfter = await credited('AGENT_DAILY_SALARY');
    let rise = 0;
    for (const [agent, total] of paidAfter) {
      const d = total - (paidBefore.get(agent) ?? 0);
      expect(d).toBeGreaterThanOrEqual(0);
      expect((creditedAfter.get(agent) ?? 0) - (creditedBefore.get(agent) ?? 0)).toBe(d);
      rise += d;
    }
    expect(up.credited).toBe(rise);
    // Once more: nothing.
    expect(await settlement.settleNow(lines.daily, day5)).toEqual({
      statements: 0,
      credited: 0,
      corrected: 0,
    });
    expect((await t.app.ctx.wallet.check()).ok).toBe(true);
  });

  it('AG-18 real-time salary settles every 5 minutes: the job\u2019s windows are 5 minutes apart, and the window after a draw\u2019s 5 minutes pays its tickets', async () => {
    const jobs = new JobRunner(t.database, { tickMs: 0 });
    registerContractJobs(jobs, settlement);
    const due = jobs.dueWindows(CONTRACT_JOBS.realTime, new Date(Date.UTC(2026, 10, 20, 4, 7, 30)));
    expect(due.length).toBeGreaterThan(1);
    for (const w of due) expect(w.end.getTime() - w.start.getTime()).toBe(300_000);
    for (let i = 1; i < due.length; i++)
      expect(due[i]!.start.getTime() - due[i - 1]!.start.getTime()).toBe(300_000);
    // A ticket settled at 12:03 (GMT+8) on a day of its own: the 12:00-12:05 window's run pays it.
    const at = new Date(Date.UTC(2026, 10, 20, 4, 3));
    const player = tr.players.find((p) => p.uplineId === tr.agents.C.memberId)!;
    await settleBets(t, [
      {
        memberId: player.memberId,
        product: 'ELOTT',
        amount: 5_000,
        valid: 5_000,
        payout: 0,
        betAt: at,
        settledAt: at,
      },
    ]);
    const period = periodAt('fiveMinutes', at.getTime(), TZ);
    expect(period.key).toBe('fiveMinutes:2026-11-20T12:00+08:00');
    const window = new Date(period.end + SETTLE_LAG_MS.window - 300_000);
    expect(await jobs.runWindow(CONTRACT_JOBS.realTime, window)).toBe('ran');
    const rows = await sql<{ agent_id: number; pay: string }>`
      select agent_id, pay::text from agent_contract_settlement where period_key = ${period.key} order by agent_id`.execute(
      t.database.db,
    );
    // C, B and A hold real-time contracts over the player: 50, 80 and 100 bp of a lost 5,000.
    const pay = new Map(rows.rows.map((r) => [Number(r.agent_id), Number(r.pay)]));
    expect(pay.get(tr.agents.C.memberId)).toBe(25);
    expect(pay.get(tr.agents.B.memberId)).toBe(40 - 25);
    expect(pay.get(tr.agents.A.memberId)).toBe(50 - 40);
    expect(await jobs.runWindow(CONTRACT_JOBS.realTime, window)).toBe('done-already');
  });

  it('AG-19 daily salary is paid the next day: the daily job\u2019s window for a day closes 10 minutes into the next day (GMT+8), not before, and its run pays that day', async () => {
    const jobs = new JobRunner(t.database, { tickMs: 0 });
    registerContractJobs(jobs, settlement);
    const day = '2026-11-21';
    const at = new Date(zoneDayStart(day, TZ) + 10 * 3_600_000);
    const player = tr.players.find((p) => p.uplineId === tr.agents.B.memberId)!;
    await settleBets(t, [
      {
        memberId: player.memberId,
        product: 'LIVE',
        amount: 20_000,
        valid: 20_000,
        payout: 0,
        betAt: at,
        settledAt: at,
      },
    ]);
    await t.app.ctx.agentStats.foldAll();
    const window = dailyWindow(addZoneDays(day, 1));
    const settles = (now: number) =>
      jobs.dueWindows(CONTRACT_JOBS.daily, new Date(now)).some((w) => w.start.getTime() === window.getTime());
    expect(settles(zoneDayStart(addZoneDays(day, 1), TZ) - 60_000)).toBe(false);
    expect(settles(zoneDayStart(addZoneDays(day, 1), TZ) + 9 * 60_000)).toBe(false);
    expect(settles(zoneDayStart(addZoneDays(day, 1), TZ) + 11 * 60_000)).toBe(true);
    expect(zoneDayOf(window.getTime() + DAY, TZ)).toBe(addZoneDays(day, 1));
    expect(await jobs.runWindow(CONTRACT_JOBS.daily, window)).toBe('ran');
    const b = await sql<{ pay: string; period_key: string }>`
      select pay::text, period_key from agent_contract_settlement
      where agent_id = ${tr.agents.B.memberId} and kind = 'dailySalary' and period_key = ${`D:${day}`}`.execute(
      t.database.db,
    );
    expect(b.rows).toHaveLength(1);
    expect(Number(b.rows[0]!.pay)).toBeGreaterThan(0);
  });

  it('issue 30: a settlement run that throws after posting its credits leaves no credit, no statement and no state; the next run pays once', async () => {
    const th = await tree('thr');
    await contracts(th);
    const day = '2026-07-26';
    await settleBets(t, monthBets(th, day, 1, 10, 33));
    await t.app.ctx.agentStats.foldAll();
    const period = periodAt('D', zoneDayStart(day, TZ), TZ);
    const before = await snapshot();
    await expect(settlement.settleNow(lines.daily, period, { failAfterPosting: true })).rejects.toThrow(
      /stopped after its credits/,
    );
    expect(await snapshot()).toEqual(before);
    const first = await settlement.settleNow(lines.daily, period);
    expect(first.statements).toBeGreaterThan(0);
    expect(first.credited).toBeGreaterThan(0);
    expect(await settlement.settleNow(lines.daily, period)).toEqual({
      statements: 0,
      credited: 0,
      corrected: 0,
    });
    expect((await t.app.ctx.wallet.check()).ok).toBe(true);
  });

  it.skipIf(testDbKind !== 'postgres')(
    'AG-20 two server instances on one PostgreSQL database running the same settlement windows (real-time, hourly, daily, and dividends of every period D/W/H/M) at once pay each (contract, period) once, every statement as the raw bets say; windows run again are done already and settling a period again from both changes nothing; the ledger check exact',
    async () => {
      const tw = await tree('two');
      await contracts(tw);
      // Every dividend period too: daily, semimonthly and monthly lines beside the weekly one.
      for (const period of ['D', 'H', 'M'] as const)
        for (const [upline, downline, rate] of [
          [null, tw.agents.A.memberId, 3000],
          [tw.agents.A.memberId, tw.agents.B.memberId, 2000],
          [tw.agents.B.memberId, tw.agents.C.memberId, 1000],
        ] as const)
          await t.app.ctx.agentContracts.writeContract(t.database.db, {
            uplineId: upline,
            downlineId: downline,
            status: 'A',
            terms: {
              kind: 'dividend',
              productType: 'CONS',
              computationPeriod: period,
              resetFrequency: 1,
              periodicTotalBetRequired: 'N',
              tiers: [
                { minimumBet: 0, netLoss: 0, activeMember: 1, periodicTotalBet: 0, contractRate: rate },
              ],
            },
          });
      const FIRST2 = '2026-09-06';
      const twoBets = monthBets(tw, FIRST2, 7, 10, 31);
      await settleBets(t, twoBets);
      await t.app.ctx.agentStats.foldAll();
      const other = await openPostgres({
        url: testDatabaseUrl(t),
        poolSize: 3,
      });
      try {
        const runners = [t.database, other].map((database) => {
          const jobs = new JobRunner(database, { tickMs: 0, onError: () => undefined });
          registerContractJobs(
            jobs,
            new ContractSettlement({ database, wallet: t.app.ctx.wallet, timeZone: TZ }),
          );
          return jobs;
        });
        const outcomes: string[] = [];
        // The days of the bets and on to October 1st: the first half of September and September.
        for (let d = 1; d <= 25; d++) {
          const w = dailyWindow(addZoneDays(FIRST2, d));
          outcomes.push(
            ...(await Promise.all(runners.map((jobs) => jobs.runWindow(CONTRACT_JOBS.daily, w)))),
          );
        }
        // The real-time windows and the hours that hold bets, from both instances at once too.
        const windows = [
          ...periodsOf(twoBets, 'fiveMinutes').map((p) => ({
            job: CONTRACT_JOBS.realTime,
            start: new Date(p.end + SETTLE_LAG_MS.window - 300_000),
          })),
          ...periodsOf(twoBets, 'hour').map((p) => ({
            job: CONTRACT_JOBS.hourly,
            start: new Date(p.end + SETTLE_LAG_MS.window - 1_800_000),
          })),
        ];
        for (const w of windows)
          outcomes.push(...(await Promise.all(runners.map((jobs) => jobs.runWindow(w.job, w.start)))));
        // Each window ran on one instance; the other found it done or running.
        expect(outcomes.filter((o) => o === 'ran')).toHaveLength(25 + windows.length);
        // Run again from each: done already.
        for (const w of windows.slice(0, 20))
          for (const jobs of runners) expect(await jobs.runWindow(w.job, w.start)).toBe('done-already');
        // Every statement of every kind as the raw bets say, paid exactly its pay.
        for (const [line, code] of [
          [lines.daily, 'D'],
          [lines.dividend, 'W'],
          [{ ...lines.dividend, period: 'D' }, 'D'],
          [{ ...lines.dividend, period: 'H' }, 'H'],
          [{ ...lines.dividend, period: 'M' }, 'M'],
          [lines.realTime, 'fiveMinutes'],
          [lines.hourly, 'hour'],
        ] as const)
          expect(await expectRecomputed(tw, line, twoBets, code)).toBeGreaterThan(0);
        expect(outcomes.every((o) => o === 'ran' || o === 'busy' || o === 'done-already')).toBe(true);
        // Settling the same line and period from both instances directly: one first run, one re-run.
        const p = periodAt('D', zoneDayStart(addZoneDays(FIRST2, 2), TZ), TZ);
        const second = new ContractSettlement({ database: other, wallet: t.app.ctx.wallet, timeZone: TZ });
        const both = await Promise.all([
          settlement.settleNow(lines.daily, p),
          second.settleNow(lines.daily, p),
        ]);
        expect(both).toEqual([
          { statements: 0, credited: 0, corrected: 0 },
          { statements: 0, credited: 0, corrected: 0 },
        ]);
        const ids = Object.values(tw.agents).map((a) => a.memberId);
        const keys = await sql<{ key: string; n: string }>`
          select idempotency_key as key, count(*)::text as n from ledger_transaction
          where idempotency_key like 'agent-contract:dailySalary:CONS:D:2026-09-%' group by idempotency_key`.execute(
          t.database.db,
        );
        expect(keys.rows.every((k) => k.n === '1')).toBe(true);
        const rows = await sql<{ n: string; distinct_keys: string }>`
          select count(*)::text as n, count(distinct (contract_id, period_key))::text as distinct_keys
          from agent_contract_settlement where agent_id = any(${ids}::integer[]) and kind = 'dailySalary'`.execute(
          t.database.db,
        );
        expect(rows.rows[0]!.n).toBe(rows.rows[0]!.distinct_keys);
        for (const [kind, ledgerKind] of [
          ['dailySalary', 'AGENT_DAILY_SALARY'],
          ['dividend', 'AGENT_DIVIDEND'],
          ['realTimeSalary', 'AGENT_REALTIME_SALARY'],
          ['hourlySalary', 'AGENT_HOURLY_SALARY'],
        ] as const) {
          const paid = await paidBy(kind);
          const got = await credited(ledgerKind);
          for (const id of ids) expect(got.get(id) ?? 0, `${kind} ${id}`).toBe(paid.get(id) ?? 0);
        }
        expect((await t.app.ctx.wallet.check()).ok).toBe(true);
      } finally {
        await other.close();
      }
    },
  );

  it.skipIf(testDbKind !== 'postgres')(
    'issue 30: a settlement run whose connection dies after its credits (kill -9 of its server) leaves no credit, no statement and no state; the next run pays each (contract, period) once',
    async () => {
      const tk = await tree('kil');
      await contracts(tk);
      const FIRST3 = '2026-08-02';
      const killBets = monthBets(tk, FIRST3, 3, 10, 32);
      await settleBets(t, killBets);
      await t.app.ctx.agentStats.foldAll();
      const day1 = periodAt('D', zoneDayStart(FIRST3, TZ), TZ);
      const day2 = periodAt('D', zoneDayStart(addZoneDays(FIRST3, 1), TZ), TZ);
      await settlement.settleNow(lines.daily, day1);
      const before = await snapshot();
      // The run waits on its own statement row of A (another transaction inserting the same key),
      // which it writes after posting its credits; killed there, everything it did goes with it.
      const contract = (
        await sql<{ id: number }>`
          select id from agent_contract where downline_id = ${tk.agents.A.memberId} and kind = 'dailySalary'`.execute(
          t.database.db,
        )
      ).rows[0]!.id;
      await killWhileWaiting(
        (db) =>
          sql`
            insert into agent_contract_settlement (contract_id, period_key, agent_id, kind, product_type, period_start,
              period_end, terms, statement, amount, pay)
            values (${contract}, ${day2.key}, ${tk.agents.A.memberId}, 'dailySalary', 'CONS', now(), now(), '{}', '{}', 0, 0)`.execute(
            db,
          ),
        (database) =>
          new ContractSettlement({ database, wallet: t.app.ctx.wallet, timeZone: TZ }).settleNow(
            lines.daily,
            day2,
          ),
      );
      expect(await snapshot()).toEqual(before);
      const first = await settlement.settleNow(lines.daily, day2);
      expect(first.statements).toBeGreaterThan(0);
      expect(await settlement.settleNow(lines.daily, day2)).toEqual({
        statements: 0,
        credited: 0,
        corrected: 0,
      });
      const keys = await sql<{ n: string }>`
        select count(*)::text as n from ledger_transaction where idempotency_key like ${`agent-contract:dailySalary:CONS:${day2.key}:%`}`.execute(
        t.database.db,
      );
      expect(Number(keys.rows[0]!.n)).toBeGreaterThan(0);
      const house = await sql<{ total: string }>`
        select coalesce(sum(p.amount), 0)::text as total from ledger_posting p
        join ledger_account a on a.id = p.account_id
        join ledger_transaction x on x.id = p.transaction_id
        where x.idempotency_key like ${`agent-contract:dailySalary:CONS:${day2.key}:%`} and a.member_id is null`.execute(
        t.database.db,
      );
      expect(-Number(house.rows[0]!.total)).toBe(first.credited);
      expect(HOUSE_AGENT_CONTRACT).toBe('HOUSE_AGENT_CONTRACT');
      expect((await t.app.ctx.wallet.check()).ok).toBe(true);
    },
  );
});
