import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { headerPointRates, pointsTypes } from '@app/contract';
import { createTestApp, testDatabaseUrl, testDbKind, type TestApp } from '../../test/test-app.ts';
import { openPostgres, type Database } from '../../db/connection.ts';
import { JobRunner } from '../../platform/jobs/job-runner.ts';
import { memberWithMoney, type TestMember } from '../wallet/wallet-test-kit.ts';
import { correctBet, random, settleBets, type KitBet } from '../agent/stats-test-kit.ts';
import { HOUSE_POINTS, POINTS_FOLD_JOB, PointsService, registerPointsJobs } from './points.service.ts';

/**
 * Points earned on settled valid bets (issue 32, decision 033): exact per member and type over a
 * mix of products, voided and free-play bets, whichever folds the bets fall into; reversed on a
 * correction; folded once across two instances; the points accounts balanced in the one ledger.
 */
let t: TestApp;
let points: PointsService;

beforeAll(async () => {
  t = await createTestApp({ services: { jobs: { tickMs: 0 } } });
  points = t.app.ctx.points;
  await points.foldAll();
});
afterAll(async () => t?.close());

/** The rate of each product in hundredths (the migration's rows), lottery and bingo at 1.00. */
const RATE: Record<string, { type: string; hundredths: bigint }> = {
  LIVE: { type: 'LIVE', hundredths: 70n },
  SPORTS: { type: 'SPORTS', hundredths: 100n },
  ESPORTS: { type: 'SPORTS', hundredths: 100n },
  FISH: { type: 'SLOTS', hundredths: 120n },
  RNG: { type: 'SLOTS', hundredths: 120n },
  PVP: { type: 'PVP', hundredths: 100n },
  LOTT: { type: 'LOTTERY', hundredths: 100n },
  ELOTT: { type: 'LOTTERY', hundredths: 100n },
  BINGO: { type: 'LOTTERY', hundredths: 100n },
};
const PRODUCTS = Object.keys(RATE);

/** Hundredths of a point the member's bets earn: per type, the floor of the exact sum. */
function expected(bets: KitBet[], memberId: number): Record<string, number> {
  const precision = BigInt(t.app.ctx.wallet.currency().precision);
  const exact = new Map<string, bigint>();
  for (const b of bets) {
    if (b.memberId !== memberId) continue;
    const r = RATE[b.product]!;
    exact.set(r.type, (exact.get(r.type) ?? 0n) + BigInt(b.valid) * r.hundredths);
  }
  const out: Record<string, number> = {};
  // hundredths = valid × rate × 10^(2 − precision) = valid × rate-in-hundredths ÷ 10^precision.
  for (const [type, v] of exact) if (v !== 0n) out[type] = Number(v / 10n ** precision);
  return out;
}

async function earnedByType(memberId: number): Promise<Record<string, number>> {
  const r = await sql<{ reference: string; total: string }>`
    select t.reference, sum(p.amount)::text as total
    from ledger_posting p
    join ledger_transaction t on t.id = p.transaction_id
    join ledger_account a on a.id = p.account_id
    where a.member_id = ${memberId} and a.wallet_type = 'POINTS' and t.kind = 'POINTS_EARN'
    group by t.reference`.execute(t.database.db);
  return Object.fromEntries(
    r.rows.filter((x) => Number(x.total) !== 0).map((x) => [x.reference, Number(x.total)]),
  );
}

async function expectLedgerExact(): Promise<void> {
  const report = await t.app.ctx.wallet.check();
  expect(report.ok, JSON.stringify(report)).toBe(true);
  // Points issued are the house's points account's negative: the points accounts sum to zero.
  const sums = await sql<{ members: string; house: string }>`
    select coalesce(sum(balance) filter (where member_id is not null), 0)::text as members,
           coalesce(sum(balance) filter (where code = ${HOUSE_POINTS}), 0)::text as house
    from ledger_account where wallet_type = 'POINTS' and currency = 'PTS'`.execute(t.database.db);
  expect(BigInt(sums.rows[0]!.members) + BigInt(sums.rows[0]!.house)).toBe(0n);
}

function mix(members: TestMember[], count: number, seed: number): KitBet[] {
  const rnd = random(seed);
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => {
    const amount = 1 + Math.floor(rnd() * 200_000);
    return {
      memberId: members[i % members.length]!.memberId,
      product: PRODUCTS[Math.floor(rnd() * PRODUCTS.length)]!,
      amount,
      // Odd valid amounts make fractions of a hundredth at 0.70 and 1.20: rounding is tested too.
      valid: rnd() < 0.1 ? 0 : Math.floor(amount * (0.5 + rnd() / 2)),
      payout: Math.floor(rnd() * amount * 2),
      betAt: new Date(now - 60_000),
      settledAt: new Date(now - 30_000),
    };
  });
}

async function freePlayBet(memberId: number, product: string, valid: number): Promise<void> {
  await t.database.db
    .insertInto('bet_record')
    .values({
      member_id: memberId,
      vendor: 'KIT',
      bet_no: `points-free-${memberId}-${Math.random()}`,
      product,
      currency: t.app.ctx.wallet.currency().code,
      bet_amount: valid,
      valid_bet: valid,
      status: 'SETTLED',
      bet_at: new Date(),
      settled_at: new Date(),
      detail: JSON.stringify({ freePlay: true }),
    })
    .execute();
}

describe(`points (${testDbKind})`, () => {
  it('decision 033: the migration rates are the header point rates (NC-04), lottery at 1.00', async () => {
    const rows = await t.database.db.selectFrom('points_rate').selectAll().execute();
    const rate = (p: string) => Number(rows.find((r) => r.product === p)!.rate);
    for (const [product, value] of Object.entries(headerPointRates)) expect(rate(product)).toBe(value);
    expect(rate('LOTT')).toBe(1);
    // Deposits earn at the DEPOSIT row's rate, 0 (off) until an operator sets one (migration 050).
    expect(rate('DEPOSIT')).toBe(0);
    for (const r of rows.filter((x) => x.product !== 'DEPOSIT'))
      expect(RATE[r.product]).toEqual({
        type: r.points_type,
        hundredths: BigInt(Math.round(Number(r.rate) * 100)),
      });
  });

  it('PM-06, PM-14: exact points per member and type over a generated mix of products, voided, cancelled and free-play bets, across folds of any size', async () => {
    const members = [
      await memberWithMoney(t, 0, { prefix: 'pt-mix' }),
      await memberWithMoney(t, 0, { prefix: 'pt-mix' }),
      await memberWithMoney(t, 0, { prefix: 'pt-mix' }),
    ];
    const trial = await memberWithMoney(t, 0, { prefix: 'pt-trial', agentType: 4 });
    const bets = mix(members, 240, 7);
    // Folded in parts as they settle: the bets fall into many folds, whose roundings must not add up.
    const betNos: string[] = [];
    for (let i = 0; i < bets.length; i += 17) {
      betNos.push(...(await settleBets(t, bets.slice(i, i + 17))));
      await points.foldAll();
    }
    // Voided after settling: out of the points. A bet cancelled before settling never earned.
    const voided = new Set<number>();
    for (let i = 0; i < bets.length; i += 9) {
      await correctBet(t, betNos[i]!, { cancel: true });
      voided.add(i);
    }
    await settleBets(t, mix([trial], 10, 8));
    for (const p of PRODUCTS) await freePlayBet(members[0]!.memberId, p, 99_999);
    await points.foldAll();
    const kept = bets.filter((_, i) => !voided.has(i));
    for (const m of members) {
      const want = expected(kept, m.memberId);
      expect(await earnedByType(m.memberId)).toEqual(want);
      expect(await points.balance(m.memberId)).toBe(Object.values(want).reduce((s, v) => s + v, 0));
    }
    expect(await points.balance(trial.memberId)).toBe(0);
    // Points never expire: nothing but an earning, a reversal or a redeem moves them (PM-14).
    const kinds = await sql<{ kind: string }>`
      select distinct t.kind from ledger_transaction t join ledger_posting p on p.transaction_id = t.id
      join ledger_account a on a.id = p.account_id where a.wallet_type = 'POINTS'
      and a.member_id = any(${members.map((m) => m.memberId)}::bigint[])`.execute(t.database.db);
    expect(kinds.rows.map((r) => r.kind)).toEqual(['POINTS_EARN']);
    await expectLedgerExact();
  });

  it('decision 033: a corrected bet moves its points by the difference, a voided one takes them back; the details list each movement by type with the balance after', async () => {
    const m = await memberWithMoney(t, 0, { prefix: 'pt-fix' });
    const now = new Date();
    const [live, slot] = await settleBets(t, [
      {
        memberId: m.memberId,
        product: 'LIVE',
        amount: 10_000,
        valid: 10_000,
        payout: 0,
        betAt: now,
        settledAt: now,
      },
      {
        memberId: m.memberId,
        product: 'RNG',
        amount: 5_000,
        valid: 5_000,
        payout: 0,
        betAt: now,
        settledAt: now,
      },
    ]);
    await points.foldAll();
    const scale = 10 ** (2 - t.app.ctx.wallet.currency().precision);
    expect(await points.balance(m.memberId)).toBe((7_000 + 6_000) * scale);
    // The operator corrects the live bet's valid amount: 10,000 → 4,000 earns 2,800, not 7,000.
    await sql`update bet_record set valid_bet = 4000 where vendor = 'KIT' and bet_no = ${live!}`.execute(
      t.database.db,
    );
    await points.foldAll();
    expect(await points.balance(m.memberId)).toBe((2_800 + 6_000) * scale);
    await correctBet(t, slot!, { cancel: true });
    await points.foldAll();
    expect(await points.balance(m.memberId)).toBe(2_800 * scale);

    const all = await points.details(m.memberId, { page: 1, size: 10 });
    expect(all.total).toBe(4);
    expect(all.items.map((i) => [i.type, i.points, i.balance])).toEqual([
      ['SLOTS', -6_000 * scale, 2_800 * scale],
      ['LIVE', -4_200 * scale, 8_800 * scale],
      // The first fold posted both earnings: LIVE then SLOTS in one fold.
      ['SLOTS', 6_000 * scale, 13_000 * scale],
      ['LIVE', 7_000 * scale, 7_000 * scale],
    ]);
    const liveOnly = await points.details(m.memberId, { type: 'LIVE', page: 1, size: 1 });
    expect(liveOnly.total).toBe(2);
    expect(liveOnly.items.map((i) => i.points)).toEqual([-4_200 * scale]);
    expect(pointsTypes).toEqual(['LIVE', 'LOTTERY', 'PVP', 'SLOTS', 'SPORTS', 'REDEEM', 'DEPOSIT']);
    await expectLedgerExact();
  });

  it('decision 033: a reversal takes back at most what the member holds (points spent are not taken twice); the rest is netted against its next earnings', async () => {
    const m = await memberWithMoney(t, 0, { prefix: 'pt-spent' });
    const now = new Date();
    const scale = 10 ** (2 - t.app.ctx.wallet.currency().precision);
    const [bet] = await settleBets(t, [
      {
        memberId: m.memberId,
        product: 'SPORTS',
        amount: 10_000,
        valid: 10_000,
        payout: 0,
        betAt: now,
        settledAt: now,
      },
    ]);
    await points.foldAll();
    expect(await points.balance(m.memberId)).toBe(10_000 * scale);
    // The member spends 80 % of its points (a redeem, as the mall will post it).
    const accounts = await sql<{ member: number; house: number }>`
      select (select id from ledger_account where member_id = ${m.memberId} and wallet_type = 'POINTS') as member,
             (select id from ledger_account where code = ${HOUSE_POINTS}) as house`.execute(t.database.db);
    const { member, house } = accounts.rows[0]!;
    const spent = 8_000 * scale;
    await sql`select o_id from ledger_post(${`test-redeem-${m.memberId}`}, 'POINTS_REDEEM', 'R1', '', null,
      array[${member}, ${house}]::bigint[], array[${-spent}, ${spent}]::bigint[])`.execute(t.database.db);
    // The bet is voided: only the 2,000 the member still holds go back.
    await correctBet(t, bet!, { cancel: true });
    await points.foldAll();
    expect(await points.balance(m.memberId)).toBe(0);
    // Its next earning first pays the 8,000 it still owes back: 12,000 earned, 4,000 credited.
    await settleBets(t, [
      {
        memberId: m.memberId,
        product: 'SPORTS',
        amount: 12_000,
        valid: 12_000,
        payout: 0,
        betAt: now,
        settledAt: now,
      },
    ]);
    await points.foldAll();
    expect(await points.balance(m.memberId)).toBe(4_000 * scale);
    const details = await points.details(m.memberId, { page: 1, size: 10 });
    expect(details.items.map((i) => [i.type, i.points])).toEqual([
      ['SPORTS', 4_000 * scale],
      ['SPORTS', -2_000 * scale],
      ['REDEEM', -spent],
      ['SPORTS', 10_000 * scale],
    ]);
    await expectLedgerExact();
  });

  it('decision 033: a fold that throws after posting leaves the queue, the accruals and the ledger as they were; the next fold posts once', async () => {
    const m = await memberWithMoney(t, 0, { prefix: 'pt-throw' });
    const now = new Date();
    await settleBets(t, [
      {
        memberId: m.memberId,
        product: 'PVP',
        amount: 3_333,
        valid: 3_333,
        payout: 0,
        betAt: now,
        settledAt: now,
      },
    ]);
    await expect(points.foldNow({ failAfterPosting: true })).rejects.toThrow(/stopped after posting/);
    expect(await points.balance(m.memberId)).toBe(0);
    await points.foldAll();
    await points.foldAll();
    const scale = 10 ** (2 - t.app.ctx.wallet.currency().precision);
    expect(await points.balance(m.memberId)).toBe(3_333 * scale);
    await expectLedgerExact();
  });

  it('decision 033: two instances folding on their job runners while bets settle: every bet earns once, the ledger check exact', async () => {
    const members = [
      await memberWithMoney(t, 0, { prefix: 'pt-race' }),
      await memberWithMoney(t, 0, { prefix: 'pt-race' }),
    ];
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
        registerPointsJobs(
          jobs,
          new PointsService({ database, precision: () => t.app.ctx.wallet.currency().precision }),
        );
        return jobs;
      });
      const all = mix(members, 120, 11);
      let windowStart = Math.floor(Date.now() / 5_000) * 5_000 - 600 * 5_000;
      const outcomes: string[] = [];
      for (let round = 0; round < 6; round++) {
        await Promise.all([
          settleBets(t, all.slice(round * 20, round * 20 + 10)),
          settleBets(t, all.slice(round * 20 + 10, round * 20 + 20)),
          ...runners.map(async (jobs, i) => {
            outcomes.push(await jobs.runWindow(POINTS_FOLD_JOB, new Date(windowStart + i * 5_000)));
          }),
          // The same window on both: one runs it, the other finds it done or busy.
          ...runners.map(async (jobs) => {
            outcomes.push(await jobs.runWindow(POINTS_FOLD_JOB, new Date(windowStart + 100_000)));
          }),
        ]);
        windowStart += 10_000;
      }
      expect(outcomes.every((o) => o === 'ran' || o === 'busy' || o === 'done-already')).toBe(true);
      await points.foldAll();
      const queued = await t.database.db
        .selectFrom('points_queue')
        .select((e) => e.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(queued.n)).toBe(0);
      for (const m of members) expect(await earnedByType(m.memberId)).toEqual(expected(all, m.memberId));
      await expectLedgerExact();
    } finally {
      await other?.close();
    }
  });

  it("PM-07, PM-12: the balance and the points details answer on the wire with 2 decimals, by type, paged; the account record and the agent's transaction details list no points; a bad type is a 4xx", async () => {
    const agent = await memberWithMoney(t, 0, { prefix: 'pt-agent', agentType: 1 });
    const m = await memberWithMoney(t, 100, { prefix: 'pt-wire', uplineId: agent.memberId });
    const now = new Date();
    await settleBets(t, [
      {
        memberId: m.memberId,
        product: 'LIVE',
        amount: 1_001,
        valid: 1_001,
        payout: 0,
        betAt: now,
        settledAt: now,
      },
      {
        memberId: m.memberId,
        product: 'SPORTS',
        amount: 250,
        valid: 250,
        payout: 0,
        betAt: now,
        settledAt: now,
      },
    ]);
    await points.foldAll();
    const precision = t.app.ctx.wallet.currency().precision;
    const live = Math.floor((1_001 * 70 * 10 ** (2 - precision)) / 100) / 100;
    const sports = (250 * 10 ** (2 - precision)) / 100;
    const bal = await t.call({ url: '/wps/relay/MCSFE_getPointBalance', token: m.token });
    expect(bal.statusCode, bal.body).toBe(200);
    expect(bal.json().value).toEqual({ points: Number((live + sports).toFixed(2)) });
    const det = await t.call({
      url: '/wps/relay/ODSFE2_MemTransDet?type=LIVE&page=1&size=5',
      token: m.token,
    });
    expect(det.statusCode, det.body).toBe(200);
    expect(det.json().value).toMatchObject({
      content: [{ type: 'LIVE', changedPoints: live, pointsBalance: live }],
      page: 1,
      size: 5,
      totalElements: 1,
      totalPages: 1,
    });
    // Points are not money: the account record (money movements) lists none of them.
    const record = await t.call({ url: '/wps/relay/ODSFE2_getAccountRecords', token: m.token });
    expect(record.statusCode, record.body).toBe(200);
    const walletTypes = (record.json().value.content as { walletType: string }[]).map((r) => r.walletType);
    expect(walletTypes).not.toContain('POINTS');
    // Nor do the upline agent's transaction details of its team's money.
    const team = await t.call({
      url: `/wps/agent/report/transactions?username=${m.username}&startTime=${now.getTime() - 3_600_000}&endTime=${now.getTime() + 3_600_000}`,
      token: agent.token,
    });
    expect(team.statusCode, team.body).toBe(200);
    const teamRows = team.json().value.list as { walletType: string; kind: string }[];
    expect(teamRows.length).toBeGreaterThan(0);
    expect(teamRows.filter((r) => r.walletType === 'POINTS' || r.kind.startsWith('POINTS'))).toEqual([]);
    const bad = await t.call({ url: '/wps/relay/ODSFE2_MemTransDet?type=CASINO', token: m.token });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
    const anonymous = await t.call({ url: '/wps/relay/MCSFE_getPointBalance' });
    expect(anonymous.statusCode).toBe(401);
  });
});
