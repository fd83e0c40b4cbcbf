import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { JobRunner } from '../../platform/jobs/job-runner.ts';
import {
  REBATE_JOB,
  REBATE_PAY_EVERY_MS,
  REBATE_UNITS_PER_MINOR,
  rebateAccruals,
  registerRebateJobs,
} from './rebate-job.ts';
import { correctBet, kitMember, random, settleBets, type KitBet, type KitMember } from './stats-test-kit.ts';

/**
 * The players' own rebates accrued at payment time (decision 059, migration 072): the fold keeps
 * what each player's bets earn at its rate in its figures (agent_member_day.own_rebate) instead of
 * upserting an accrual per bettor, and the hourly payment moves it into the accrual it pays from.
 * The money is the fold's accrual of before to the unit (computed here from the bets, the rate each
 * fold found and the rules of decision 028), reports read it on read (`rebateAccruals`), and a
 * payment run again, failed or raced pays nothing twice.
 */
const DAY = 86_400_000;
const LOTTERY = new Set(['LOTT', 'ELOTT']);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ services: { jobs: { tickMs: 0 } } });
  // The demo data's own rebates, out of the way.
  await t.app.ctx.agentStats.foldAll();
  await t.app.ctx.agentRebates.payNow();
});
afterAll(async () => t?.close());

/** The members' own rebate units still in their figures, per member and product. */
async function pending(ids: number[]): Promise<Record<string, string>> {
  const r = await sql<{ member_id: number; product: string; units: string }>`
    select member_id, product, sum(own_rebate)::text as units from agent_member_day
    where member_id = any(${ids}::bigint[]) and own_rebate <> 0
    group by 1, 2 order by 1, 2`.execute(t.database.db);
  return Object.fromEntries(r.rows.map((x) => [`${x.member_id}:${x.product}`, x.units]));
}

/** The accrual rows as stored, `member:product:kind` → owed and paid. */
async function stored(ids: number[]): Promise<Record<string, { owed: bigint; paid: number }>> {
  const r = await sql<{ member_id: number; product: string; kind: string; owed: string; paid: number }>`
    select member_id, product, kind, owed::text as owed, paid from agent_rebate_accrual
    where member_id = any(${ids}::bigint[])`.execute(t.database.db);
  return Object.fromEntries(
    r.rows.map((x) => [
      `${x.member_id}:${x.product}:${x.kind}`,
      { owed: BigInt(x.owed), paid: Number(x.paid) },
    ]),
  );
}

/** Rebate credits by `member:product:kind`. */
async function credits(ids: number[]): Promise<Record<string, number>> {
  const r = await sql<{ member_id: number; kind: string; reference: string; total: number }>`
    select a.member_id, x.kind, x.reference, sum(p.amount)::bigint as total
    from ledger_posting p join ledger_account a on a.id = p.account_id
    join ledger_transaction x on x.id = p.transaction_id
    where x.idempotency_key like 'agent-rebate:%' and a.member_id = any(${ids}::bigint[])
    group by 1, 2, 3`.execute(t.database.db);
  return Object.fromEntries(r.rows.map((x) => [`${x.member_id}:${x.reference}:${x.kind}`, Number(x.total)]));
}

async function ownRebateFrom(): Promise<string | null> {
  const r = await sql<{ d: string | null }>`select own_rebate_from::text as d from agent_stat_state`.execute(
    t.database.db,
  );
  return r.rows[0]!.d;
}

/**
 * The accruals of before (decision 028): at every fold, each bet's valid bet times what its member
 * and product earn at the rates the fold finds. `rates` and `series` are read at the fold.
 */
class Model {
  readonly owed = new Map<string, bigint>();
  private readonly who: Map<number, { upline: number | null; trial: boolean }>;
  private readonly series: Map<number, number>;
  rates: Map<number, Record<string, number>>;
  constructor(
    who: Map<number, { upline: number | null; trial: boolean }>,
    rates: Map<number, Record<string, number>>,
    series: Map<number, number>,
  ) {
    this.who = who;
    this.rates = rates;
    this.series = series;
  }
  private add(key: string, units: bigint) {
    if (units !== 0n) this.owed.set(key, (this.owed.get(key) ?? 0n) + units);
  }
  /** A fold of `bets` (a cancellation: its valid bet negative). */
  fold(bets: { memberId: number; product: string; valid: number }[]) {
    for (const b of bets) {
      const m = this.who.get(b.memberId)!;
      if (m.trial) continue;
      const valid = BigInt(b.valid);
      const rate = (id: number) => BigInt(this.rates.get(id)?.[b.product] ?? 0);
      if (!LOTTERY.has(b.product))
        this.add(`${b.memberId}:${b.product}:REBATE`, valid * rate(b.memberId) * 2n);
      // Each upline up the chain: its difference with the downline the bet came through.
      for (let down = b.memberId, up = m.upline; up !== null; down = up, up = this.who.get(up)!.upline) {
        if (this.who.get(up)!.trial) continue;
        const diff = LOTTERY.has(b.product)
          ? BigInt(Math.max(0, this.series.get(up)! - this.series.get(down)!)) * 10n
          : BigInt(Math.max(0, Number(rate(up) - rate(down)))) * 2n;
        this.add(`${up}:${b.product}:AGENT_REBATE`, valid * diff);
      }
    }
  }
  /** What is owed, of one kind or every kind (nothing where it nets to 0). */
  kind(kind?: string): Record<string, bigint> {
    return Object.fromEntries(
      [...this.owed].filter(([k, v]) => v !== 0n && (kind === undefined || k.endsWith(`:${kind}`))),
    );
  }
}

describe(`players' own rebates accrued at payment (${testDbKind})`, () => {
  it('decision 059: on a mixed set of bets (six products, five days, fractions of a cent, a cancellation, a rate raised between folds, a trial account, a member with no upline, one with no rate) the payment accrues to the unit what the folds accrued before, reads the same before it pays, and pays the same', async () => {
    const { agentStats, agentRebates } = t.app.ctx;
    const a = await kitMember(t, {
      prefix: 'own',
      agent: true,
      series: 1980,
      rates: { LIVE: 100, RNG: 80, SPORTS: 60, FISH: 50 },
    });
    const b = await kitMember(t, {
      prefix: 'own',
      agent: true,
      uplineId: a.memberId,
      series: 1970,
      rates: { LIVE: 70, RNG: 80, SPORTS: 33 },
    });
    const p1 = await kitMember(t, {
      prefix: 'own',
      uplineId: b.memberId,
      series: 1950,
      rates: { LIVE: 40, RNG: 30 },
    });
    const p2 = await kitMember(t, {
      prefix: 'own',
      uplineId: b.memberId,
      series: 1960,
      rates: { LIVE: 33, SPORTS: 17 },
    });
    const p3 = await kitMember(t, { prefix: 'own', uplineId: a.memberId, series: 1940 });
    const p4 = await kitMember(t, {
      prefix: 'own',
      uplineId: a.memberId,
      series: 1950,
      rates: { LIVE: 30, FISH: 9 },
    });
    await t.database.db.updateTable('member').set({ agent_type: 4 }).where('id', '=', p4.memberId).execute();
    const loner = await kitMember(t, { prefix: 'own', series: 1956, rates: { RNG: 25, FISH: 11 } });
    const members: KitMember[] = [a, b, p1, p2, p3, p4, loner];
    const ids = members.map((m) => m.memberId);
    const rates = async () => {
      const r = await t.database.db
        .selectFrom('member_rebate')
        .select(['member_id', 'product', 'rate_bp'])
        .where('member_id', 'in', ids)
        .execute();
      const out = new Map<number, Record<string, number>>();
      for (const x of r) {
        const id = Number(x.member_id);
        out.set(id, { ...out.get(id), [x.product]: x.rate_bp });
      }
      return out;
    };
    const model = new Model(
      new Map(members.map((m) => [m.memberId, { upline: m.uplineId, trial: m === p4 }])),
      await rates(),
      new Map([
        [a.memberId, 1980],
        [b.memberId, 1970],
        [p1.memberId, 1950],
        [p2.memberId, 1960],
        [p3.memberId, 1940],
        [p4.memberId, 1950],
        [loner.memberId, 1956],
      ]),
    );
    const rnd = random(59);
    const products = ['LIVE', 'RNG', 'SPORTS', 'FISH', 'LOTT', 'ELOTT'];
    const bettors = [p1, p2, p3, p4, loner, b];
    const batch = (n: number): KitBet[] =>
      Array.from({ length: n }, (_, i) => {
        // Odd amounts: most bets earn a fraction of a minor unit.
        const amount = [33, 1_234, 99_999, 7, 50_001][i % 5]! + Math.floor(rnd() * 1_000);
        const at = new Date(Date.now() - 60_000 - Math.floor(rnd() * 5) * DAY);
        return {
          memberId: bettors[i % bettors.length]!.memberId,
          product: products[Math.floor(rnd() * products.length)]!,
          amount,
          valid: rnd() < 0.1 ? 0 : amount,
          payout: rnd() < 0.5 ? 0 : amount * 2,
          betAt: at,
          settledAt: at,
        };
      });

    // Fold 1.
    const first = batch(60);
    const firstNos = await settleBets(t, first);
    await agentStats.foldAll();
    model.fold(first);
    // Nothing of the players' own is upserted by a fold: it waits in the figures.
    expect(Object.keys(model.kind('REBATE')).length).toBeGreaterThan(2);
    expect(Object.keys(await stored(ids)).filter((k) => k.endsWith(':REBATE'))).toEqual([]);
    expect(await ownRebateFrom()).not.toBeNull();

    // A rate raised between folds: the bets folded after it earn the new rate, those before the old.
    await t.database.db
      .updateTable('member_rebate')
      .set({ rate_bp: 55 })
      .where('member_id', '=', p1.memberId)
      .where('product', '=', 'LIVE')
      .execute();
    await t.database.db
      .updateTable('member_rebate')
      .set({ rate_bp: 90 })
      .where('member_id', '=', b.memberId)
      .where('product', '=', 'LIVE')
      .execute();
    model.rates = await rates();
    // Fold 2: more bets, and two of fold 1's cancelled (their valid bet out at today's rates).
    const second = batch(45);
    await settleBets(t, second);
    const cancelled = [0, 7].map((i) => first[i]!);
    for (const i of [0, 7]) await correctBet(t, firstNos[i]!, { cancel: true });
    await agentStats.foldAll();
    model.fold([...second, ...cancelled.map((x) => ({ ...x, valid: -x.valid }))]);

    // Read before the payment: the accruals of before, computed from the figures.
    const read = await rebateAccruals(t.database.db, ids);
    const owedRead = (kind: string) =>
      Object.fromEntries(
        read
          .filter((r) => r.kind === kind && BigInt(r.owed) !== 0n)
          .map((r) => [`${r.member_id}:${r.product}:${r.kind}`, BigInt(r.owed)]),
      );
    expect(owedRead('REBATE')).toEqual(model.kind('REBATE'));
    expect(owedRead('AGENT_REBATE')).toEqual(model.kind('AGENT_REBATE'));
    // The trial account's, the lottery's and the rateless member's earn no own rebate.
    expect(
      Object.keys(model.kind('REBATE')).some(
        (k) => k.startsWith(`${p4.memberId}:`) || k.startsWith(`${p3.memberId}:`),
      ),
    ).toBe(false);

    // Fold 3 after the agents' minute, then the hour's payment.
    const third = batch(30);
    await settleBets(t, third);
    await agentStats.foldAll();
    model.fold(third);
    expect(await agentRebates.creditAgentsNow()).toBeGreaterThan(0);
    expect(Object.keys(await stored(ids)).filter((k) => k.endsWith(':REBATE'))).toEqual([]);
    expect(await agentRebates.payNow()).toBeGreaterThan(0);

    // Stored now: the same owed, paid the floor of it, credited exactly that; nothing left pending.
    const after = await stored(ids);
    const owedStored = Object.fromEntries(
      Object.entries(after)
        .filter(([, v]) => v.owed !== 0n)
        .map(([k, v]) => [k, v.owed]),
    );
    expect(owedStored).toEqual(model.kind());
    for (const [key, v] of Object.entries(after))
      expect(v.paid, key).toBe(v.owed > 0n ? Number(v.owed / REBATE_UNITS_PER_MINOR) : 0);
    const paidByKey = Object.fromEntries(
      Object.entries(after)
        .filter(([, v]) => v.paid > 0)
        .map(([k, v]) => [k, v.paid]),
    );
    expect(await credits(ids)).toEqual(paidByKey);
    expect(Object.keys(paidByKey).some((k) => k.endsWith(':REBATE'))).toBe(true);
    expect(await pending(ids)).toEqual({});
    expect(await ownRebateFrom()).toBeNull();
    // The reports' figures of the rebates credited: the folds add the credits to the member rows.
    await agentStats.foldAll();
    const rebateFigures = await sql<{ n: number }>`
      select coalesce(sum(rebate), 0)::bigint as n from agent_member_day
      where member_id = any(${ids}::bigint[]) and product = '*'`.execute(t.database.db);
    expect(Number(rebateFigures.rows[0]!.n)).toBe(Object.values(paidByKey).reduce((s, x) => s + x, 0));
    expect((await t.app.ctx.wallet.check()).ok).toBe(true);
  });

  it('decision 059: a payment that fails after its credits leaves the own rebates in the figures; the job run again, another window, two payments at once and a fold racing a payment pay nothing twice', async () => {
    const { agentStats, agentRebates } = t.app.ctx;
    const p = await kitMember(t, { prefix: 'twice', series: 1956, rates: { LIVE: 37, RNG: 21 } });
    const q = await kitMember(t, { prefix: 'twice', series: 1956, rates: { SPORTS: 45 } });
    const ids = [p.memberId, q.memberId];
    const bet = (memberId: number, product: string, valid: number, daysAgo = 0): KitBet => {
      const at = new Date(Date.now() - 60_000 - daysAgo * DAY);
      return { memberId, product, amount: valid, valid, payout: 0, betAt: at, settledAt: at };
    };
    await settleBets(t, [
      bet(p.memberId, 'LIVE', 123_457),
      bet(p.memberId, 'RNG', 98_765, 2),
      bet(q.memberId, 'SPORTS', 55_555, 1),
    ]);
    await agentStats.foldAll();
    const units = { live: 123_457n * 37n * 2n, rng: 98_765n * 21n * 2n, sports: 55_555n * 45n * 2n };
    const pendingBefore = await pending(ids);
    expect(pendingBefore).toEqual({
      [`${p.memberId}:LIVE`]: String(units.live),
      [`${p.memberId}:RNG`]: String(units.rng),
      [`${q.memberId}:SPORTS`]: String(units.sports),
    });
    const fromBefore = await ownRebateFrom();

    // Fails after posting: all of it rolls back, the own rebates still in the figures.
    await expect(agentRebates.payNow({ failAfterPosting: true })).rejects.toThrow(
      /stopped after its credits/,
    );
    expect(await pending(ids)).toEqual(pendingBefore);
    expect(await ownRebateFrom()).toBe(fromBefore);
    expect(await stored(ids)).toEqual({});
    expect(await credits(ids)).toEqual({});

    // The job's window, run twice; another window; a payment now: paid once.
    const jobs = new JobRunner(t.database, { tickMs: 0 });
    registerRebateJobs(jobs, agentRebates);
    const hour = Math.floor(Date.now() / REBATE_PAY_EVERY_MS) * REBATE_PAY_EVERY_MS;
    expect(await jobs.runWindow(REBATE_JOB, new Date(hour - 3 * REBATE_PAY_EVERY_MS))).toBe('ran');
    expect(await jobs.runWindow(REBATE_JOB, new Date(hour - 3 * REBATE_PAY_EVERY_MS))).toBe('done-already');
    expect(await jobs.runWindow(REBATE_JOB, new Date(hour - 4 * REBATE_PAY_EVERY_MS))).toBe('ran');
    expect(await agentRebates.payNow()).toBe(0);
    const once = {
      [`${p.memberId}:LIVE:REBATE`]: Number(units.live / 20_000n),
      [`${p.memberId}:RNG:REBATE`]: Number(units.rng / 20_000n),
      [`${q.memberId}:SPORTS:REBATE`]: Number(units.sports / 20_000n),
    };
    expect(await credits(ids)).toEqual(once);
    expect(await pending(ids)).toEqual({});

    // Two payments at once (two instances' hours), and a fold racing a payment, over new bets.
    await settleBets(t, [bet(p.memberId, 'LIVE', 40_001), bet(q.memberId, 'SPORTS', 10_003, 3)]);
    await agentStats.foldAll();
    await settleBets(t, [bet(p.memberId, 'RNG', 70_007)]);
    await Promise.all([agentRebates.payNow(), agentRebates.payNow(), agentStats.foldNow()]);
    await agentStats.foldAll();
    await agentRebates.payNow();
    await agentStats.foldAll();
    expect(await agentRebates.payNow()).toBe(0);
    const owed = {
      live: units.live + 40_001n * 37n * 2n,
      rng: units.rng + 70_007n * 21n * 2n,
      sports: units.sports + 10_003n * 45n * 2n,
    };
    expect(await stored(ids)).toEqual({
      [`${p.memberId}:LIVE:REBATE`]: { owed: owed.live, paid: Number(owed.live / 20_000n) },
      [`${p.memberId}:RNG:REBATE`]: { owed: owed.rng, paid: Number(owed.rng / 20_000n) },
      [`${q.memberId}:SPORTS:REBATE`]: { owed: owed.sports, paid: Number(owed.sports / 20_000n) },
    });
    expect(await credits(ids)).toEqual({
      [`${p.memberId}:LIVE:REBATE`]: Number(owed.live / 20_000n),
      [`${p.memberId}:RNG:REBATE`]: Number(owed.rng / 20_000n),
      [`${q.memberId}:SPORTS:REBATE`]: Number(owed.sports / 20_000n),
    });
    expect(await pending(ids)).toEqual({});
    expect((await t.app.ctx.wallet.check()).ok).toBe(true);
  });
});
