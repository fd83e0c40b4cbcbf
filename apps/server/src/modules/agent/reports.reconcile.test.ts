import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { agentReportRanges, betProducts, type AgentOverview, type AgentProfitLoss } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import {
  correctBet,
  deposit,
  kitMember,
  login,
  lotteryOwnRebate,
  pendingBet,
  promotion,
  random,
  settleBets,
  toUpline,
  withdraw,
  type KitBet,
  type KitMember,
} from './stats-test-kit.ts';
import { REBATE_UNITS_PER_MINOR } from './rebate-job.ts';

/**
 * Issue 29 "Reports that stay fast": the figures reconcile. A generated team (three levels under a
 * top agent, 20 members, and a sibling tree beside it) bets across products and moves money over
 * three rounds, each folded by the fold job and paid by the rebate job; then every row of every report is compared with sums
 * over the raw bet records and ledger postings, to the cent, and every rebate credited with an
 * independent computation of what the rates and the valid bets owe.
 */
const TZ = 'Asia/Shanghai';
const DAY = 86_400_000;
let t: TestApp;
let rnd: () => number;
const m: Record<string, KitMember> = {};
const logins: { memberId: number; at: Date }[] = [];
const tokens: Record<string, string> = {};
const offline = ['p2', 'p9', 's2'];
/** Exact rebate owed (1/20000 minor) and modelled payments per member:product:kind, round by round. */
const owed = new Map<string, bigint>();
const paid = new Map<string, bigint>();

const int = (n: number) => Math.floor(rnd() * n);
const major = (minor: number | bigint) => t.app.ctx.wallet.toMajor(Number(minor));

beforeAll(async () => {
  t = await createTestApp({ services: { jobs: { tickMs: 0 } } });
  rnd = random(29);
  const money = 5_000_000;
  const mk = async (name: string, o: Omit<Parameters<typeof kitMember>[1], 'prefix'>) => {
    m[name] = await kitMember(t, { money, ...o, prefix: `rc${name}` });
  };
  await mk('A', { agent: true, series: 1980, rates: { LIVE: 100, RNG: 50, SPORTS: 40 } });
  await mk('B1', {
    agent: true,
    uplineId: m.A!.memberId,
    series: 1970,
    rates: { LIVE: 80, RNG: 50, SPORTS: 40 },
  });
  await mk('B2', { agent: true, uplineId: m.A!.memberId, series: 1960, rates: { LIVE: 60, RNG: 20 } });
  await mk('C1', { agent: true, uplineId: m.B1!.memberId, series: 1960, rates: { LIVE: 50, RNG: 30 } });
  const players: [string, string][] = [
    ['p1', 'A'],
    ['p2', 'A'],
    ['p3', 'A'],
    ['p4', 'B1'],
    ['p5', 'B1'],
    ['p6', 'B1'],
    ['p7', 'B1'],
    ['p8', 'B2'],
    ['p9', 'B2'],
    ['p10', 'B2'],
    ['p11', 'C1'],
    ['p12', 'C1'],
    ['p13', 'C1'],
    ['p14', 'C1'],
    ['p15', 'C1'],
    ['p16', 'B2'],
  ];
  const limits: Record<string, { series: number; LIVE: number; RNG: number; SPORTS: number }> = {
    A: { series: 1980, LIVE: 100, RNG: 50, SPORTS: 40 },
    B1: { series: 1970, LIVE: 80, RNG: 50, SPORTS: 40 },
    B2: { series: 1960, LIVE: 60, RNG: 20, SPORTS: 0 },
    C1: { series: 1960, LIVE: 50, RNG: 30, SPORTS: 0 },
  };
  for (const [name, up] of players) {
    const l = limits[up]!;
    await mk(name, {
      uplineId: m[up]!.memberId,
      series: l.series - 2 * int(8),
      rates: { LIVE: int(l.LIVE + 1), RNG: int(l.RNG + 1), SPORTS: int(l.SPORTS + 1) },
    });
  }
  // The sibling tree: its figures must never show in A's reports, nor A's in its.
  await mk('S', { agent: true, series: 1980, rates: { LIVE: 100 } });
  await mk('s1', { uplineId: m.S!.memberId, rates: { LIVE: 30 } });
  await mk('s2', { uplineId: m.S!.memberId });

  await loadSettings();
  const names = Object.keys(m);
  const products = ['LOTT', 'LIVE', 'RNG', 'ELOTT', 'SPORTS'];
  const now = Date.now();
  const allBets: { no: string; bet: KitBet; round: number }[] = [];
  for (let round = 1; round <= 3; round++) {
    const bets: KitBet[] = [];
    for (const name of names) {
      const memberId = m[name]!.memberId;
      const n = 3 + int(6);
      for (let i = 0; i < n; i++) {
        // Over the last 40 days, a few right at a report day's edge (00:00 GMT+8 is 16:00 UTC).
        let betAt = now - int(40 * DAY);
        if (i === 0) betAt = Math.floor(betAt / DAY) * DAY + 16 * 3_600_000 - 1_000 + int(2) * 2_000;
        const settledAt = Math.min(now - 1_000, betAt + int(3 * 3_600_000));
        const amount = 100 + int(50_000);
        const product = products[int(products.length)]!;
        const valid = rnd() < 0.1 ? 0 : rnd() < 0.2 ? Math.floor(amount / 2) : amount;
        const payout = rnd() < 0.5 ? 0 : int(amount * 3);
        bets.push({
          memberId,
          product,
          amount,
          valid,
          payout,
          betAt: new Date(betAt),
          settledAt: new Date(settledAt),
        });
      }
      if (rnd() < 0.7) await deposit(t, memberId, 1_000 + int(500_000));
      if (rnd() < 0.4) await withdraw(t, memberId, 1_000 + int(100_000));
      if (rnd() < 0.3) await promotion(t, memberId, 100 + int(10_000));
      if (rnd() < 0.2 && m[name]!.uplineId) await toUpline(t, memberId, m[name]!.uplineId!, 100 + int(5_000));
      for (let k = int(3); k > 0; k--) {
        const at = new Date(now - int(40 * DAY));
        await login(t, memberId, at);
        logins.push({ memberId, at });
      }
    }
    const nos = await settleBets(t, bets);
    const settledNow = bets.map((bet, i) => ({ no: nos[i]!, bet, round }));
    // Corrections of earlier rounds' bets: a payout changed, a bet cancelled after settling (never
    // a member's first, so "first bet" stays the first settled bet there is).
    const cancelled: { bet: KitBet }[] = [];
    if (round > 1) {
      for (const b of allBets.filter(() => rnd() < 0.08)) {
        const earlier = allBets.some(
          (o) => o.bet.memberId === b.bet.memberId && o.bet.settledAt.getTime() < b.bet.settledAt.getTime(),
        );
        if (earlier && rnd() < 0.5) {
          await correctBet(t, b.no, { cancel: true });
          allBets.splice(allBets.indexOf(b), 1);
          cancelled.push(b);
        } else {
          b.bet.payout = int(b.bet.amount * 2);
          await correctBet(t, b.no, { payout: b.bet.payout });
        }
      }
    }
    allBets.push(...settledNow);
    if (round === 3) {
      await lotteryOwnRebate(t, m.p4!.memberId, 777);
      await pendingBet(t, m.p5!.memberId, 'LIVE', 5_000, new Date(now - 60_000));
    }
    model(
      settledNow.map((s) => s.bet),
      1n,
    );
    model(
      cancelled.map((c) => c.bet),
      -1n,
    );
    pay();
    // The fold job, then the rebate job, then the fold of the credits it made.
    expect(await t.app.ctx.agentStats.foldAll()).toBeGreaterThan(0);
    await t.app.ctx.agentRebates.payNow();
    await t.app.ctx.agentStats.foldAll();
  }
  // Every kit member has a live session; these three logged out.
  for (const name of Object.keys(m)) tokens[name] = m[name]!.token;
  await t.database.db
    .updateTable('session')
    .set({ revoked_at: new Date() })
    .where(
      'member_id',
      'in',
      offline.map((n) => m[n]!.memberId),
    )
    .execute();
}, 240_000);
afterAll(async () => t?.close());

/** The rebates a set of bets owes (sign -1: bets leaving), added to what is owed. */
function model(bets: KitBet[], sign: bigint) {
  const series = (id: number) => seriesOf.get(id)!;
  const rate = (id: number, product: string) => BigInt(ratesOf.get(id)?.[product] ?? 0);
  const add = (k: string, units: bigint) => owed.set(k, (owed.get(k) ?? 0n) + units);
  for (const b of bets) {
    const valid = BigInt(b.valid) * sign;
    if (valid === 0n) continue;
    const lottery = b.product === 'LOTT' || b.product === 'ELOTT';
    if (!lottery) add(`${b.memberId}:${b.product}:REBATE`, valid * rate(b.memberId, b.product) * 2n);
    // Up the chain: each upline against the member the bet came through.
    let child = b.memberId;
    let up = uplineOf.get(child) ?? null;
    while (up) {
      const diff = lottery
        ? BigInt(Math.max(series(up) - series(child), 0)) * 10n
        : (rate(up, b.product) > rate(child, b.product) ? rate(up, b.product) - rate(child, b.product) : 0n) *
          2n;
      add(`${up}:${b.product}:AGENT_REBATE`, valid * diff);
      child = up;
      up = uplineOf.get(child) ?? null;
    }
  }
}

/** A payment moves the whole minor units owed beyond what was paid before (never takes any back). */
function pay() {
  for (const [k, units] of owed) {
    const whole = units > 0n ? units / REBATE_UNITS_PER_MINOR : 0n;
    if (whole > (paid.get(k) ?? 0n)) paid.set(k, whole);
  }
}
const seriesOf = new Map<number, number>();
const ratesOf = new Map<number, Record<string, number>>();
const uplineOf = new Map<number, number | null>();
async function loadSettings() {
  // What the setup stored, read back: the model reads the database's settings, not the kit's arguments.
  for (const r of await t.database.db
    .selectFrom('member')
    .select(['id', 'lottery_series', 'upline_id'])
    .execute()) {
    seriesOf.set(Number(r.id), r.lottery_series);
    uplineOf.set(Number(r.id), r.upline_id === null ? null : Number(r.upline_id));
  }
  for (const r of await t.database.db.selectFrom('member_rebate').selectAll().execute()) {
    const e = ratesOf.get(Number(r.member_id)) ?? {};
    e[r.product] = r.rate_bp;
    ratesOf.set(Number(r.member_id), e);
  }
}

// ---- raw sums --------------------------------------------------------------------------------

async function teamIds(ancestor: number): Promise<number[]> {
  const rows = await t.database.db
    .selectFrom('member_tree')
    .select('descendant_id')
    .where('ancestor_id', '=', ancestor)
    .execute();
  return rows.map((r) => Number(r.descendant_id));
}

interface Raw {
  bets: number;
  betAmount: number;
  validBet: number;
  payout: number;
  deposits: number;
  deposit: number;
  withdrawals: number;
  withdrawal: number;
  promotions: number;
  promotion: number;
  rebate: number;
  agentRebate: number;
  registrations: number;
  firstBets: number;
  firstDeposits: number;
  registeredFirstDeposits: number;
  logins: number;
  bettors: number;
  depositors: number;
  withdrawers: number;
  promotionClaimers: number;
}

const productOfRebate = (reference: string) =>
  (betProducts as readonly string[]).includes(reference) ? reference : 'LOTT';

async function raw(ids: number[], startDay: string, endDay: string, product = '*'): Promise<Raw> {
  const db = t.database.db;
  const day = (col: string) => sql.raw(`(${col} at time zone '${TZ}')::date`);
  const bets = await sql<{ n: number; amount: number; valid: number; payout: number; members: number }>`
    select count(*)::bigint as n, coalesce(sum(bet_amount), 0)::bigint as amount,
      coalesce(sum(valid_bet), 0)::bigint as valid, coalesce(sum(payout), 0)::bigint as payout,
      count(distinct member_id)::bigint as members
    from bet_record
    where status = 'SETTLED' and member_id = any(${ids}::bigint[])
      and ${day('coalesce(settled_at, bet_at)')} between ${startDay}::date and ${endDay}::date
      ${product === '*' ? sql`` : sql`and product = ${product}`}`.execute(db);
  const money = await sql<{ kind: string; reference: string; amount: number; member_id: number }>`
    select t.kind, t.reference, p.amount, a.member_id
    from ledger_posting p join ledger_account a on a.id = p.account_id
    join ledger_transaction t on t.id = p.transaction_id
    where a.member_id = any(${ids}::bigint[]) and ${day('p.created_at')} between ${startDay}::date and ${endDay}::date`.execute(
    db,
  );
  const firsts = await sql<{
    first_bets: number;
    first_deposits: number;
    reg_first: number;
    registrations: number;
  }>`
    with fb as (
      select member_id, min(${day('coalesce(settled_at, bet_at)')}) as d from bet_record
      where status = 'SETTLED' and member_id = any(${ids}::bigint[]) group by member_id
    ),
    fd as (
      select a.member_id, min(${day('p.created_at')}) as d
      from ledger_posting p join ledger_account a on a.id = p.account_id
      join ledger_transaction t on t.id = p.transaction_id
      where t.kind = 'DEPOSIT' and p.amount > 0 and a.member_id = any(${ids}::bigint[]) group by a.member_id
    )
    select
      (select count(*) from fb where d between ${startDay}::date and ${endDay}::date)::bigint as first_bets,
      (select count(*) from fd where d between ${startDay}::date and ${endDay}::date)::bigint as first_deposits,
      (select count(*) from fd join member mm on mm.id = fd.member_id
       where fd.d between ${startDay}::date and ${endDay}::date and ${day('mm.created_at')} = fd.d)::bigint as reg_first,
      (select count(*) from member where id = any(${ids}::bigint[])
       and ${day('created_at')} between ${startDay}::date and ${endDay}::date)::bigint as registrations`.execute(
    db,
  );
  const b = bets.rows[0]!;
  const f = firsts.rows[0]!;
  const all = product === '*';
  const of = (kind: string) => money.rows.filter((r) => r.kind === kind);
  const sum = (rows: { amount: number }[]) => rows.reduce((s, r) => s + Number(r.amount), 0);
  const distinct = (rows: { member_id: number }[]) => new Set(rows.map((r) => Number(r.member_id))).size;
  const rebates = money.rows.filter(
    (r) =>
      (r.kind === 'REBATE' || r.kind === 'AGENT_REBATE') && (all || productOfRebate(r.reference) === product),
  );
  const inDay = (at: Date) => {
    const d = new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(at);
    return d >= startDay && d <= endDay;
  };
  const idSet = new Set(ids);
  return {
    bets: Number(b.n),
    betAmount: Number(b.amount),
    validBet: Number(b.valid),
    payout: Number(b.payout),
    deposits: all ? of('DEPOSIT').filter((r) => r.amount > 0).length : 0,
    deposit: all ? sum(of('DEPOSIT')) : 0,
    withdrawals: all ? of('WITHDRAW_PAYOUT').filter((r) => r.amount < 0).length : 0,
    withdrawal: all ? -sum(of('WITHDRAW_PAYOUT')) : 0,
    promotions: all ? of('BONUS_GRANT').filter((r) => r.amount > 0).length : 0,
    promotion: all ? sum(of('BONUS_GRANT')) : 0,
    rebate: sum(rebates),
    agentRebate: sum(rebates.filter((r) => r.kind === 'AGENT_REBATE')),
    registrations: all ? Number(f.registrations) : 0,
    firstBets: all ? Number(f.first_bets) : 0,
    firstDeposits: all ? Number(f.first_deposits) : 0,
    registeredFirstDeposits: all ? Number(f.reg_first) : 0,
    logins: new Set(logins.filter((l) => idSet.has(l.memberId) && inDay(l.at)).map((l) => l.memberId)).size,
    bettors: Number(b.members),
    depositors: distinct(of('DEPOSIT').filter((r) => r.amount > 0)),
    withdrawers: distinct(of('WITHDRAW_PAYOUT')),
    promotionClaimers: distinct(of('BONUS_GRANT').filter((r) => r.amount > 0)),
  };
}

function expectCounts(got: AgentOverview['range']['counts'], r: Raw, where: string) {
  expect(got, where).toEqual({
    logins: r.logins,
    registrations: r.registrations,
    firstBets: r.firstBets,
    firstDeposits: r.firstDeposits,
    registeredFirstDeposits: r.registeredFirstDeposits,
    depositors: r.depositors,
    withdrawers: r.withdrawers,
    bettors: r.bettors,
    promotionClaimers: r.promotionClaimers,
  });
}

function expectAmounts(got: AgentOverview['range']['amounts'], r: Raw, where: string) {
  expect(got, where).toEqual({
    deposit: major(r.deposit),
    depositCount: r.deposits,
    withdrawal: major(r.withdrawal),
    withdrawalCount: r.withdrawals,
    betCount: r.bets,
    betAmount: major(r.betAmount),
    validBet: major(r.validBet),
    payout: major(r.payout),
    winLoss: major(r.payout - r.betAmount),
    promotion: major(r.promotion),
    promotionCount: r.promotions,
    rebate: major(r.rebate),
  });
}

function pnlOf(r: Raw) {
  return {
    deposit: major(r.deposit),
    withdrawal: major(r.withdrawal),
    betAmount: major(r.betAmount),
    validBet: major(r.validBet),
    payout: major(r.payout),
    winLoss: major(r.payout - r.betAmount),
    rebate: major(r.rebate),
    promotion: major(r.promotion),
    profit: major(r.payout - r.betAmount + r.rebate + r.promotion),
  };
}

async function get(name: string, url: string) {
  const res = await t.call({ method: 'GET', url, token: tokens[name]! });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
}

describe(`agent reports reconcile with the raw bets and ledger (${testDbKind})`, () => {
  it('rebates: every member, product and kind credited exactly what the rates and prize groups owe on the valid bets (both lottery categories by prize group), floor of the exact sum, through the ledger; the ledger check holds', async () => {
    const rows = await sql<{ member_id: number; kind: string; reference: string; total: number }>`
      select a.member_id, t.kind, t.reference, sum(p.amount)::bigint as total
      from ledger_posting p join ledger_account a on a.id = p.account_id
      join ledger_transaction t on t.id = p.transaction_id
      where t.kind in ('REBATE', 'AGENT_REBATE') and t.idempotency_key like 'agent-rebate:%' and a.member_id is not null
      group by 1, 2, 3`.execute(t.database.db);
    // The kit's members only: the demo data's own agents earn on the demo bets.
    const kit = new Set(Object.values(m).map((x) => x.memberId));
    const credited = new Map(
      rows.rows
        .filter((r) => kit.has(Number(r.member_id)))
        .map((r) => [`${r.member_id}:${r.reference}:${r.kind}`, BigInt(r.total)]),
    );
    const expected = new Map([...paid].filter(([, v]) => v > 0n));
    expect(credited).toEqual(expected);
    expect([...expected.keys()].some((k) => k.endsWith(':LOTT:AGENT_REBATE'))).toBe(true);
    expect([...expected.keys()].some((k) => k.endsWith(':LIVE:REBATE'))).toBe(true);
    // Both lottery categories by prize group: the agents earn on ELOTT bets, the players' own
    // rebate is the series they bet at, never a second one here.
    expect([...expected.keys()].some((k) => k.endsWith(':ELOTT:AGENT_REBATE'))).toBe(true);
    expect([...credited.keys()].filter((k) => /:E?LOTT:REBATE$/.test(k))).toEqual([]);
    // The house paid every cent of it.
    const house = await sql<{ balance: number }>`
      select sum(balance)::bigint as balance from ledger_account where code like 'HOUSE_REBATE:%'`.execute(
      t.database.db,
    );
    expect(-Number(house.rows[0]!.balance)).toBe(rows.rows.reduce((a, r) => a + Number(r.total), 0));
    const check = await t.app.ctx.wallet.check();
    expect(check.ok, JSON.stringify(check.drifted)).toBe(true);
  });

  it('overview: every range of A, B1, C1 and the sibling S, counts, amounts and each day of the charts, against the raw rows; today, balances and members', async () => {
    for (const name of ['A', 'B1', 'C1', 'S']) {
      const ids = await teamIds(m[name]!.memberId);
      // The ranges share their days (this month holds the last 7 days, today is in every current
      // range): the raw figures of a span are read once per agent; nothing writes in this test.
      const spans = new Map<string, Promise<Raw>>();
      const rawSpan = (startDay: string, endDay: string) => {
        const key = `${startDay}/${endDay}`;
        if (!spans.has(key)) spans.set(key, raw(ids, startDay, endDay));
        return spans.get(key)!;
      };
      for (const range of agentReportRanges) {
        const o = (await get(name, `/wps/agent/report/overview?range=${range}`)) as AgentOverview;
        const where = `${name} ${range}`;
        expect(o.timeZone).toBe(TZ);
        const r = await rawSpan(o.range.startDay, o.range.endDay);
        expectCounts(o.range.counts, r, where);
        expectAmounts(o.range.amounts, r, where);
        expect(o.range.days.length).toBe(
          Math.round((Date.parse(o.range.endDay) - Date.parse(o.range.startDay)) / DAY) + 1,
        );
        for (const d of o.range.days) {
          const rd = await rawSpan(d.day, d.day);
          expectCounts(d.counts, rd, `${where} ${d.day}`);
          expectAmounts(d.amounts, rd, `${where} ${d.day}`);
        }
        const today = await rawSpan(o.today, o.today);
        expect(o.todayTeam).toEqual({
          logins: today.logins,
          registrations: today.registrations,
          firstBets: today.firstBets,
          firstDeposits: today.firstDeposits,
          online: Object.keys(m).filter(
            (k) => ids.includes(m[k]!.memberId) && k !== name && !offline.includes(k),
          ).length,
        });
        const balances = await sql<{ id: number; balance: number }>`
          select member_id as id, balance from ledger_account where wallet_type = 'MAIN' and member_id = any(${ids}::bigint[])`.execute(
          t.database.db,
        );
        const total = balances.rows.reduce((s, b) => s + Number(b.balance), 0);
        const own = balances.rows.find((b) => Number(b.id) === m[name]!.memberId)?.balance ?? 0;
        expect(o.balance).toEqual({ total: major(total), team: major(total - Number(own)) });
        const direct = Object.values(m).filter((x) => x.uplineId === m[name]!.memberId).length;
        expect(o.members).toEqual({ team: ids.length - 1, direct });
      }
    }
  });

  it('user P&L: the member itself, each direct downline with its whole team, and the total, for A and drilled down to B1 and C1, all products and one; filter empty records; pages', async () => {
    const month = { startDay: '', endDay: '' };
    const o = (await get('A', '/wps/agent/report/overview?range=today')) as AgentOverview;
    month.endDay = o.today;
    month.startDay = new Date(Date.parse(o.today) - 45 * DAY).toISOString().slice(0, 10);
    const span = `startDay=${month.startDay}&endDay=${month.endDay}`;
    const depthUnderA = { A: 0, B1: 1, C1: 2 } as Record<string, number>;
    for (const viewed of ['A', 'B1', 'C1']) {
      for (const product of ['*', 'LIVE', 'LOTT']) {
        const q = `${span}&size=100${viewed === 'A' ? '' : `&username=${m[viewed]!.username}`}${product === '*' ? '' : `&product=${product}`}`;
        const p = (await get('A', `/wps/agent/report/profit-loss?${q}`)) as AgentProfitLoss;
        const where = `${viewed} ${product}`;
        expect(p.startDay).toBe(month.startDay);
        const self = await raw([m[viewed]!.memberId], month.startDay, month.endDay, product);
        expect(p.self).toMatchObject({
          ...pnlOf(self),
          memberId: m[viewed]!.memberId,
          level: depthUnderA[viewed],
        });
        const directs = Object.entries(m)
          .filter(([, x]) => x.uplineId === m[viewed]!.memberId)
          .sort(([, a], [, b]) => a.username.toLowerCase().localeCompare(b.username.toLowerCase()));
        expect(p.total, where).toBe(directs.length);
        expect(p.list.map((r) => r.username)).toEqual(directs.map(([, x]) => x.username));
        for (const [name, x] of directs) {
          const ids = await teamIds(x.memberId);
          const row = p.list.find((r) => r.memberId === x.memberId)!;
          expect(row, `${where} ${name}`).toEqual({
            ...pnlOf(await raw(ids, month.startDay, month.endDay, product)),
            memberId: x.memberId,
            username: x.username,
            level: depthUnderA[viewed]! + 1,
            isAgent: ['B1', 'B2', 'C1'].includes(name),
            teamSize: ids.length - 1,
          });
        }
        expect(p.totals, where).toEqual(
          pnlOf(await raw(await teamIds(m[viewed]!.memberId), month.startDay, month.endDay, product)),
        );
      }
    }
    // Paged: two at a time, the same rows in the same order.
    const all = (await get(
      'A',
      `/wps/agent/report/profit-loss?${span}&size=100&username=${m.C1!.username}`,
    )) as AgentProfitLoss;
    const first = (await get(
      'A',
      `/wps/agent/report/profit-loss?${span}&size=2&page=1&username=${m.C1!.username}`,
    )) as AgentProfitLoss;
    const second = (await get(
      'A',
      `/wps/agent/report/profit-loss?${span}&size=2&page=2&username=${m.C1!.username}`,
    )) as AgentProfitLoss;
    expect([...first.list, ...second.list]).toEqual(all.list.slice(0, 4));
    expect(first.total).toBe(all.total);
    // Filter empty records: today only, most downlines have nothing.
    const today = `startDay=${o.today}&endDay=${o.today}`;
    const full = (await get('A', `/wps/agent/report/profit-loss?${today}&size=100`)) as AgentProfitLoss;
    const kept = (await get(
      'A',
      `/wps/agent/report/profit-loss?${today}&size=100&filterEmpty=true`,
    )) as AgentProfitLoss;
    const nonEmpty = full.list.filter(
      (r) =>
        r.deposit !== 0 ||
        r.withdrawal !== 0 ||
        r.betAmount !== 0 ||
        r.payout !== 0 ||
        r.rebate !== 0 ||
        r.promotion !== 0 ||
        r.validBet !== 0,
    );
    expect(kept.list).toEqual(nonEmpty);
    expect(kept.total).toBe(nonEmpty.length);
  });

  it('my income: the agent rebate and own rebate by product and the totals of A, B1, C1 equal the rebate postings; salary and dividend are 0', async () => {
    for (const name of ['A', 'B1', 'C1']) {
      const o = (await get(name, '/wps/agent/report/overview')) as AgentOverview;
      const startDay = new Date(Date.parse(o.today) - 45 * DAY).toISOString().slice(0, 10);
      const inc = (await get(name, `/wps/agent/report/income?startDay=${startDay}&endDay=${o.today}`)) as {
        products: { product: string; agentRebate: number; ownRebate: number }[];
        totals: Record<string, number>;
      };
      const rows = await sql<{ kind: string; reference: string; amount: number }>`
        select t.kind, t.reference, p.amount from ledger_posting p
        join ledger_account a on a.id = p.account_id join ledger_transaction t on t.id = p.transaction_id
        where a.member_id = ${m[name]!.memberId} and t.kind in ('REBATE', 'AGENT_REBATE')`.execute(
        t.database.db,
      );
      const by = new Map<string, { agent: number; own: number }>();
      for (const r of rows.rows) {
        const e = by.get(productOfRebate(r.reference)) ?? { agent: 0, own: 0 };
        if (r.kind === 'AGENT_REBATE') e.agent += Number(r.amount);
        else e.own += Number(r.amount);
        by.set(productOfRebate(r.reference), e);
      }
      expect(inc.products).toEqual(
        [...by]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([product, e]) => ({ product, agentRebate: major(e.agent), ownRebate: major(e.own) })),
      );
      const agent = [...by.values()].reduce((s, e) => s + e.agent, 0);
      const own = [...by.values()].reduce((s, e) => s + e.own, 0);
      expect(inc.totals).toEqual({
        agentRebate: major(agent),
        ownRebate: major(own),
        salary: 0,
        dividend: 0,
        total: major(agent + own),
      });
      expect(agent).toBeGreaterThan(0);
    }
  });

  it('team betting: every bet of the team in the range, newest first, through keyset pages and numbered pages, and each filter', async () => {
    const ids = await teamIds(m.B1!.memberId);
    const end = Date.now() + 1;
    const start = end - 40 * DAY;
    const rawIds = async (extra = sql``) =>
      (
        await sql<{ id: number }>`
          select id from bet_record where member_id = any(${ids}::bigint[])
            and bet_at >= ${new Date(start)} and bet_at < ${new Date(end)} ${extra}
          order by bet_at desc, id desc`.execute(t.database.db)
      ).rows.map((r) => Number(r.id));
    const walk = async (filters: string) => {
      const seen: number[] = [];
      let cursor = '';
      for (;;) {
        const page = await get(
          'B1',
          `/wps/agent/report/bets?startTime=${start}&endTime=${end}&size=7${filters}${cursor}`,
        );
        seen.push(...page.list.map((b: { id: number }) => b.id));
        if (!page.nextCursor) return { seen, total: page.total };
        cursor = `&cursor=${page.nextCursor}`;
      }
    };
    const all = await rawIds();
    expect(all.length).toBeGreaterThan(20);
    const walked = await walk('');
    expect(walked.seen).toEqual(all);
    expect(walked.total).toBe(all.length);
    const page3 = await get('B1', `/wps/agent/report/bets?startTime=${start}&endTime=${end}&size=7&page=3`);
    expect(page3.list.map((b: { id: number }) => b.id)).toEqual(all.slice(14, 21));
    expect((await walk('&product=LIVE')).seen).toEqual(await rawIds(sql`and product = 'LIVE'`));
    expect((await walk('&status=PENDING')).seen).toEqual(await rawIds(sql`and status = 'PENDING'`));
    expect((await walk(`&username=${m.p11!.username}`)).seen).toEqual(
      await rawIds(sql`and member_id = ${m.p11!.memberId}`),
    );
    // Each row as the record holds it.
    const one = (await get('B1', `/wps/agent/report/bets?startTime=${start}&endTime=${end}&size=1`)).list[0];
    const rec = await t.database.db
      .selectFrom('bet_record')
      .selectAll()
      .where('id', '=', one.id)
      .executeTakeFirstOrThrow();
    expect(one).toMatchObject({
      orderNo: rec.bet_no,
      product: rec.product,
      betAmount: major(rec.bet_amount),
      validBet: major(rec.valid_bet),
      payout: major(rec.payout),
      status: rec.status,
      betTime: new Date(rec.bet_at).getTime(),
    });
  });

  it('transaction details: every movement of the team newest first with the balance after it, by username and type', async () => {
    const ids = await teamIds(m.B1!.memberId);
    const end = Date.now() + 1;
    const start = end - DAY;
    const rawRows = async (extra = sql``) =>
      (
        await sql<{ id: number; amount: number; balance_after: number; kind: string }>`
          select * from (
            select p.id, p.amount, p.created_at, t.kind, a.member_id,
              sum(p.amount) over (partition by p.account_id order by p.id)::bigint as balance_after
            from ledger_posting p join ledger_account a on a.id = p.account_id
            join ledger_transaction t on t.id = p.transaction_id
            where a.member_id = any(${ids}::bigint[]) and a.wallet_type <> 'PENDING_WITHDRAWAL'
          ) x where created_at >= ${new Date(start)} and created_at < ${new Date(end)} ${extra}
          order by id desc`.execute(t.database.db)
      ).rows.map((r) => ({
        id: Number(r.id),
        amount: major(r.amount),
        balanceAfter: major(r.balance_after),
        kind: r.kind,
      }));
    const walk = async (filters: string) => {
      const seen: { id: number; amount: number; balanceAfter: number; kind: string }[] = [];
      for (let page = 1; ; page++) {
        const res = await get(
          'B1',
          `/wps/agent/report/transactions?startTime=${start}&endTime=${end}&size=9&page=${page}${filters}`,
        );
        seen.push(
          ...res.list.map((p: { id: number; amount: number; balanceAfter: number; kind: string }) => ({
            id: p.id,
            amount: p.amount,
            balanceAfter: p.balanceAfter,
            kind: p.kind,
          })),
        );
        if (res.list.length < 9) return seen;
      }
    };
    const all = await rawRows();
    expect(all.length).toBeGreaterThan(10);
    expect(await walk('')).toEqual(all);
    expect(await walk('&type=DEPOSIT')).toEqual(await rawRows(sql`and kind = 'DEPOSIT'`));
    expect(await walk('&kind=AGENT_REBATE')).toEqual(await rawRows(sql`and kind = 'AGENT_REBATE'`));
    expect(await walk(`&username=${m.p5!.username}`)).toEqual(
      await rawRows(sql`and member_id = ${m.p5!.memberId}`),
    );
  });
});
