import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { JobRunner } from '../../platform/jobs/job-runner.ts';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { MEMBER_MONTHS_EVERY_MS, MEMBER_MONTHS_JOB, registerAgentStatsJobs } from './stats.ts';
import {
  addDays,
  dayOf,
  dayStart,
  eachDay,
  monthEnd,
  monthOf,
  rangePieces,
  rangePiecesThrough,
} from './stats-days.ts';
import { deposit, kitMember, random, settleBets, type KitBet, type KitMember } from './stats-test-kit.ts';

/**
 * The month rows of the team figures (migration 081, decision 063): each equals the sum of its day
 * rows after folds that span a month boundary and after a member moved to another upline (a
 * member's, of its days up to the day its month rows hold, migration 085), and the user P&L read
 * from month rows and edge days equals the day rows' sums for every range.
 */
const TZ = 'Asia/Shanghai';
const DAY = 86_400_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ services: { jobs: { tickMs: 0 } } });
  await t.app.ctx.agentStats.foldAll();
});
afterAll(async () => t?.close());

describe('rangePieces', () => {
  it('month rows plus the days added less the days taken away cover every day of the range once', () => {
    const from = '2025-12-20';
    for (let s = 0; s < 80; s += 1)
      for (let n = 0; n < 95; n += 1) {
        const startDay = addDays(from, s);
        const endDay = addDays(startDay, n);
        const p = rangePieces(startDay, endDay);
        const count = new Map<string, number>();
        const add = (a: string, b: string, k: number) => {
          for (const d of eachDay(a, b)) count.set(d, (count.get(d) ?? 0) + k);
        };
        if (p.months) {
          expect(monthOf(p.months[0])).toBe(p.months[0]);
          add(p.months[0], monthEnd(p.months[1]), 1);
        }
        for (const [a, b] of p.plus) add(a, b, 1);
        for (const [a, b] of p.minus) add(a, b, -1);
        const got = [...count].filter(([, k]) => k !== 0);
        expect(got.every(([, k]) => k === 1)).toBe(true);
        expect(got.map(([d]) => d).sort()).toEqual(eachDay(startDay, endDay));
        // Never more day rows than the days of the range.
        const dayRows = [...p.plus, ...p.minus].reduce((x, [a, b]) => x + eachDay(a, b).length, 0);
        expect(dayRows).toBeLessThanOrEqual(eachDay(startDay, endDay).length);
      }
  });

  it('with month rows that hold the days up to a day (the members\u2019), every day of the range is read once, none after that day from a month row', () => {
    const from = '2025-12-20';
    const throughs = [
      null,
      '2025-11-30',
      '2025-12-31',
      '2026-01-15',
      '2026-01-31',
      '2026-02-02',
      '2026-05-01',
    ];
    for (const through of throughs)
      for (let s = 0; s < 80; s += 3)
        for (let n = 0; n < 95; n += 2) {
          const startDay = addDays(from, s);
          const endDay = addDays(startDay, n);
          const p = rangePiecesThrough(startDay, endDay, through);
          const count = new Map<string, number>();
          const add = (a: string, b: string, k: number) => {
            for (const d of eachDay(a, b)) count.set(d, (count.get(d) ?? 0) + k);
          };
          if (p.months) {
            expect(through).not.toBeNull();
            for (const d of eachDay(p.months[0], monthEnd(p.months[1]))) if (d <= through!) add(d, d, 1);
          }
          for (const [a, b] of p.plus) add(a, b, 1);
          // A day taken away is one a month row holds.
          for (const [a, b] of p.minus) {
            expect(b <= through!).toBe(true);
            add(a, b, -1);
          }
          const got = [...count].filter(([, k]) => k !== 0);
          expect(
            got.every(([, k]) => k === 1),
            `${startDay}..${endDay} through ${through}`,
          ).toBe(true);
          expect(got.map(([d]) => d).sort()).toEqual(eachDay(startDay, endDay));
        }
  });
});

describe(`agent month figures (${testDbKind})`, () => {
  const tables = [
    'bets',
    'bet_amount',
    'valid_bet',
    'payout',
    'deposits',
    'deposit',
    'rebate',
    'registrations',
  ];
  const sums = sql.raw(tables.map((c) => `sum(${c})::bigint as ${c}`).join(', '));
  const list = sql.raw(tables.join(', '));

  /**
   * Rows where the month rows and their day rows' sums differ, for the members of `ids` (a member's
   * month rows: of its days up to the day agent_stat_state says they hold).
   */
  async function differences(ids: number[]): Promise<number> {
    const db = t.database.db;
    const r = await sql<{ n: number }>`
      with tm as (
        select ancestor_id, product, date_trunc('month', day)::date as month, ${sums} from agent_team_day
        where ancestor_id = any(${ids}::bigint[]) group by 1, 2, 3
      ),
      mm as (
        select member_id, product, date_trunc('month', day)::date as month, ${sums} from agent_member_day
        where member_id = any(${ids}::bigint[]) and product = '*'
          and day <= (select member_month_through from agent_stat_state)
        group by 1, 2, 3
      )
      select (
        (select count(*) from (select * from tm except all
          select ancestor_id, product, month, ${list} from agent_team_month where ancestor_id = any(${ids}::bigint[])) a) +
        (select count(*) from (select ancestor_id, product, month, ${list} from agent_team_month
          where ancestor_id = any(${ids}::bigint[]) except all select * from tm) b) +
        (select count(*) from (select * from mm except all
          select member_id, product, month, ${list} from agent_member_month where member_id = any(${ids}::bigint[])) c) +
        (select count(*) from (select member_id, product, month, ${list} from agent_member_month
          where member_id = any(${ids}::bigint[]) except all select * from mm) d)
      )::integer as n`.execute(db);
    return r.rows[0]!.n;
  }

  /** The P&L's figures of `memberId` with its team from the day rows (the reference). */
  async function fromDays(memberId: number, product: string, startDay: string, endDay: string) {
    const r = await sql<{
      bet_amount: number;
      valid_bet: number;
      payout: number;
      deposit: number;
      rebate: number;
    }>`
      select coalesce(sum(bet_amount), 0)::bigint as bet_amount, coalesce(sum(valid_bet), 0)::bigint as valid_bet,
        coalesce(sum(payout), 0)::bigint as payout, coalesce(sum(deposit), 0)::bigint as deposit,
        coalesce(sum(rebate), 0)::bigint as rebate
      from (
        select bet_amount, valid_bet, payout, deposit, rebate from agent_member_day
        where member_id = ${memberId} and product = ${product} and day between ${startDay}::date and ${endDay}::date
        union all
        select bet_amount, valid_bet, payout, deposit, rebate from agent_team_day
        where ancestor_id = ${memberId} and product = ${product} and day between ${startDay}::date and ${endDay}::date
      ) f`.execute(t.database.db);
    const major = (n: number) => t.app.ctx.wallet.toMajor(Number(n));
    const f = r.rows[0]!;
    return {
      betAmount: major(f.bet_amount),
      validBet: major(f.valid_bet),
      payout: major(f.payout),
      deposit: major(f.deposit),
      rebate: major(f.rebate),
    };
  }

  async function checkProfitLoss(
    top: KitMember,
    directs: KitMember[],
    product: string,
    ranges: [string, string][],
  ) {
    for (const [startDay, endDay] of ranges) {
      const pl = await t.app.ctx.agentReports.profitLoss(top.memberId, {
        startDay,
        endDay,
        page: 1,
        size: 50,
        ...(product === '*' ? {} : { product }),
      });
      const pick = (f: {
        betAmount: number;
        validBet: number;
        payout: number;
        deposit: number;
        rebate: number;
      }) => ({
        betAmount: f.betAmount,
        validBet: f.validBet,
        payout: f.payout,
        deposit: f.deposit,
        rebate: f.rebate,
      });
      const whole = await fromDays(top.memberId, product, startDay, endDay);
      expect(pick(pl.totals), `${product} ${startDay}..${endDay}`).toEqual(whole);
      for (const d of directs) {
        const row = pl.list.find((r) => r.memberId === d.memberId)!;
        expect(pick(row), `${d.username} ${product} ${startDay}..${endDay}`).toEqual(
          await fromDays(d.memberId, product, startDay, endDay),
        );
      }
    }
  }

  it('decision 063: month rows equal their day rows\u2019 sums across a month boundary and after a member moves to another upline; the P&L over any range equals the day rows\u2019', async () => {
    const top = await kitMember(t, { prefix: 'mo', agent: true, series: 1990, rates: { LIVE: 100 } });
    const a = await kitMember(t, {
      prefix: 'mo',
      agent: true,
      uplineId: top.memberId,
      series: 1980,
      rates: { LIVE: 80 },
    });
    const b = await kitMember(t, {
      prefix: 'mo',
      agent: true,
      uplineId: top.memberId,
      series: 1980,
      rates: { LIVE: 80 },
    });
    const players: KitMember[] = [];
    for (const up of [a, a, b, top])
      players.push(
        await kitMember(t, { prefix: 'mo', uplineId: up.memberId, series: 1960, money: 1_000_000 }),
      );
    const everyone = [top, a, b, ...players];
    const ids = everyone.map((m) => m.memberId);
    const rnd = random(63);
    const now = Date.now();
    const today = dayOf(now, TZ);
    // The start of this month in the report zone, and the same of the two before.
    const thisMonth = dayStart(monthOf(today), TZ);
    const lastMonth = dayStart(monthOf(addDays(monthOf(today), -1)), TZ);
    const bets = (n: number, who: KitMember[]): KitBet[] =>
      Array.from({ length: n }, (_, i) => {
        let at = now - 1_000 - Math.floor(rnd() * 75 * DAY);
        // Some right at a month's first midnight (the fold's month cut), on either side.
        if (i % 5 === 0)
          at =
            (i % 2 ? thisMonth : lastMonth) + (rnd() < 0.5 ? -1 : 1) * (1_000 + Math.floor(rnd() * 60_000));
        at = Math.min(at, now - 1_000);
        const amount = 1_000 + Math.floor(rnd() * 50_000);
        return {
          memberId: who[i % who.length]!.memberId,
          product: rnd() < 0.5 ? 'LIVE' : 'LOTT',
          amount,
          valid: amount,
          payout: rnd() < 0.5 ? 0 : Math.floor(rnd() * 2 * amount),
          betAt: new Date(at),
          settledAt: new Date(at),
        };
      });
    const stats = t.app.ctx.agentStats;
    const roll = (through: string) =>
      t.database.db.transaction().execute((trx) => stats.rollMemberMonths(trx, through));
    const heldThrough = async () =>
      (
        await sql<{ d: string | null }>`
          select to_char(member_month_through, 'YYYY-MM-DD') as d from agent_stat_state`.execute(
          t.database.db,
        )
      ).rows[0]!.d;
    await settleBets(t, bets(60, [...players, a]));
    for (const p of players) await deposit(t, p.memberId, 10_000 + Math.floor(rnd() * 100_000));
    // Folded in two parts: the month rows are added to, not written once; the members' month rows
    // hold the days up to 40 days ago in between (the job's run of an earlier day).
    await stats.foldAll();
    expect(await heldThrough()).toBeNull();
    // The hourly job's run of the hour that ended at the midnight 39 days ago adds the day before.
    const jobs = new JobRunner(t.database, { tickMs: 0 });
    registerAgentStatsJobs(jobs, stats);
    const hourStart = new Date(dayStart(addDays(today, -39), TZ) - MEMBER_MONTHS_EVERY_MS);
    expect(await jobs.runWindow(MEMBER_MONTHS_JOB, hourStart)).toBe('ran');
    expect(await jobs.runWindow(MEMBER_MONTHS_JOB, hourStart)).toBe('done-already');
    expect(await heldThrough()).toBe(addDays(today, -40));
    await settleBets(t, bets(40, players));
    await stats.foldAll();
    await t.app.ctx.agentRebates.payNow();
    await stats.foldAll();
    expect(await differences(ids)).toBe(0);
    // The P&L with the members' month rows holding the days up to 40 days ago, then yesterday.
    const someRanges: [string, string][] = [
      [addDays(today, -74), today],
      [addDays(today, -45), addDays(today, -35)],
      [monthOf(addDays(today, -40)), addDays(today, -40)],
    ];
    await checkProfitLoss(top, [a, b, players[3]!], '*', someRanges);
    // The job and a fold at once (two instances, on PostgreSQL): whichever takes the fold's lock
    // first, each bet of a day the job adds is in the month rows once.
    await settleBets(t, bets(30, players));
    const [, rolled] = await Promise.all([stats.foldAll(), roll(addDays(today, -1))]);
    expect(rolled).toBeGreaterThan(0);
    expect(await heldThrough()).toBe(addDays(today, -1));
    // A day already held is not added twice.
    expect(await roll(addDays(today, -1))).toBe(0);
    expect(await roll(addDays(today, -5))).toBe(0);
    expect(await heldThrough()).toBe(addDays(today, -1));
    expect(await differences(ids)).toBe(0);
    // Bets settled late into days the month rows hold are added to them by the fold.
    await settleBets(t, bets(30, players));
    await stats.foldAll();
    expect(await differences(ids)).toBe(0);
    const months = await sql<{ n: number }>`
      select count(distinct month)::integer as n from agent_team_month where ancestor_id = ${top.memberId}`.execute(
      t.database.db,
    );
    expect(months.rows[0]!.n).toBeGreaterThanOrEqual(3);

    // A player moves from a to b (its subtree with it): its history stays with the uplines it was
    // folded under, as the day rows'; what it does next goes to its new uplines.
    const moved = players[0]!;
    await t.database.db
      .updateTable('member')
      .set({ upline_id: b.memberId })
      .where('id', '=', moved.memberId)
      .execute();
    await settleBets(t, bets(20, [moved]));
    await t.app.ctx.agentStats.foldAll();
    expect(await differences(ids)).toBe(0);

    const ranges: [string, string][] = [
      [monthOf(addDays(monthOf(today), -1)), addDays(monthOf(today), -1)],
      [monthOf(today), today],
      [addDays(today, -74), today],
      [addDays(monthOf(today), -3), addDays(monthOf(today), 2)],
      [addDays(monthOf(addDays(monthOf(today), -1)), 1), addDays(monthOf(today), -2)],
      [monthOf(addDays(monthOf(addDays(monthOf(today), -1)), -1)), today],
      [addDays(today, -40), addDays(today, -20)],
      [today, today],
    ];
    await checkProfitLoss(top, [a, b, players[3]!], '*', ranges);
    await checkProfitLoss(top, [a, b, players[3]!], 'LIVE', ranges);
  });
});
