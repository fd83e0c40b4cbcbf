import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type pg from 'pg';
import { SANDBOX_VENDOR } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { memberWithMoney, walletMinor } from '../wallet/wallet-test-kit.ts';
import { loadConfig } from '../../config.ts';
import { SpinBatcher } from './spin-batcher.ts';

/**
 * Write-combining of Dice rounds across players (migration 080, decision 062): on PostgreSQL the
 * rounds that arrive while a call is at the database go together as one `seamless_spin_batch`
 * call, one commit. Racing on one balance, each round is paid once or refused with the same error
 * as alone, the balance never below zero and the ledger exact; a refused round in a call with
 * others moves nothing and keeps none of its rows. On PGlite the same rounds go one by one (no
 * batcher); the invariants are the same. The batcher itself, on a stand-in pool: a member's
 * rounds in order, one a call; a refusal as its SQLSTATE; a failed call fails every round of it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const player = (memberId: number) => ({ memberId, vendor: SANDBOX_VENDOR });
/** Dice at 1 winning roll of 10,000: a stake is almost always lost. */
const longShot = { bet: 1, target: 1, over: false };

const settle = async <T>(work: Promise<T>[]) => Promise.allSettled(work);
const errorCodeOf = (r: PromiseSettledResult<unknown>) =>
  r.status === 'rejected' ? (r.reason as { errorCode?: string }).errorCode : undefined;

/** What the ledger moved for the member's house rounds, and how many rounds it kept. */
const roundsOf = async (memberId: number) => {
  const money = await sql<{ stakes: string; wins: string; n: string }>`
    select coalesce(sum(bet), 0) as stakes, coalesce(sum(win), 0) as wins, count(*) as n
    from house_round where member_id = ${memberId}`.execute(t.database.db);
  const ledger = await sql<{ sum: string | null; n: string }>`
    select sum(p.amount) as sum, count(distinct lt.id) as n from ledger_posting p
    join ledger_account a on a.id = p.account_id join ledger_transaction lt on lt.id = p.transaction_id
    where a.member_id = ${memberId} and lt.kind in ('BET_STAKE', 'BET_PAYOUT')`.execute(t.database.db);
  const row = money.rows[0]!;
  return {
    rounds: Number(row.n),
    stakes: Number(row.stakes),
    wins: Number(row.wins),
    moved: Number(ledger.rows[0]!.sum ?? 0),
    movements: Number(ledger.rows[0]!.n),
  };
};

describe('Dice rounds across the batcher', () => {
  it('64 rounds at once on one balance, beside 16 other players: each paid once or refused, never below zero, the ledger exact', async () => {
    const { houseGames, wallet, seamlessWallet } = t.app.ctx;
    const before = seamlessWallet.batcher ? { ...seamlessWallet.batcher.stats } : null;
    const racer = await memberWithMoney(t, 1_000, { prefix: 'race' }); // 10.00: ten stakes of 1.00
    const others = await Promise.all(
      Array.from({ length: 16 }, () => memberWithMoney(t, 100_000, { prefix: 'side' })),
    );
    const racing = Array.from({ length: 64 }, () =>
      houseGames.original(player(racer.memberId), 'dice', longShot),
    );
    const beside = others.flatMap((o) =>
      Array.from({ length: 4 }, () => houseGames.original(player(o.memberId), 'dice', longShot)),
    );
    const [raced, aside] = await Promise.all([settle(racing), settle(beside)]);

    const paid = raced.filter((r) => r.status === 'fulfilled').length;
    const refused = raced.filter((r) => r.status === 'rejected');
    // Every refusal is the balance's, answered as a round alone answers it.
    expect(refused.map(errorCodeOf)).toEqual(refused.map(() => 'wallet.balance.insufficient'));
    expect(paid).toBeGreaterThanOrEqual(10);
    const racerRounds = await roundsOf(racer.memberId);
    expect(racerRounds.rounds).toBe(paid);
    expect(racerRounds.stakes).toBe(paid * 100);
    const balance = await walletMinor(t, racer.memberId);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(balance).toBe(1_000 - racerRounds.stakes + racerRounds.wins);
    expect(racerRounds.moved).toBe(balance - 1_000);
    // A refusal came only when the balance could not pay a stake: without a win, exactly ten paid.
    if (racerRounds.wins === 0) expect(paid).toBe(10);

    expect(aside.every((r) => r.status === 'fulfilled')).toBe(true);
    for (const o of others) {
      const r = await roundsOf(o.memberId);
      expect(r.rounds).toBe(4);
      expect(await walletMinor(t, o.memberId)).toBe(100_000 - r.stakes + r.wins);
    }
    expect((await wallet.check()).ok).toBe(true);

    if (testDbKind === 'postgres') {
      const after = seamlessWallet.batcher!.stats;
      expect(after.rounds - before!.rounds).toBe(64 + 64);
      // The rounds were combined: fewer calls than rounds.
      expect(after.calls - before!.calls).toBeLessThan(128);
      expect(after.largest).toBeGreaterThan(1);
    } else {
      expect(seamlessWallet.batcher).toBeUndefined();
    }
  });

  it('a refused round in a call with others moves nothing and keeps no row; the others are paid', async () => {
    const { houseGames, wallet, seamlessWallet } = t.app.ctx;
    const mixedBefore = seamlessWallet.batcher?.stats.mixed ?? 0;
    const broke = await Promise.all(
      Array.from({ length: 8 }, () => memberWithMoney(t, 50, { prefix: 'broke' })),
    );
    const rich = await Promise.all(
      Array.from({ length: 8 }, () => memberWithMoney(t, 100_000, { prefix: 'rich' })),
    );
    const work = [...broke, ...rich].flatMap((m) =>
      Array.from({ length: 3 }, () => houseGames.original(player(m.memberId), 'dice', longShot)),
    );
    const results = await settle(work);
    const brokeResults = results.slice(0, 24);
    const richResults = results.slice(24);
    expect(brokeResults.map(errorCodeOf)).toEqual(brokeResults.map(() => 'wallet.balance.insufficient'));
    expect(richResults.every((r) => r.status === 'fulfilled')).toBe(true);
    for (const m of broke) {
      expect(await roundsOf(m.memberId)).toEqual({ rounds: 0, stakes: 0, wins: 0, moved: 0, movements: 0 });
      expect(await walletMinor(t, m.memberId)).toBe(50);
      const records = await sql<{ n: string }>`
        select count(*) as n from bet_record where member_id = ${m.memberId}`.execute(t.database.db);
      expect(Number(records.rows[0]!.n)).toBe(0);
    }
    for (const m of rich) expect((await roundsOf(m.memberId)).rounds).toBe(3);
    expect((await wallet.check()).ok).toBe(true);
    if (testDbKind === 'postgres') expect(seamlessWallet.batcher!.stats.mixed).toBeGreaterThan(mixedBefore);
  });
});

it('SPIN_BATCH turns the batcher off by 0 (the configuration); an unknown value refuses to start', () => {
  expect(loadConfig({}).spinBatch).toBe(true);
  expect(loadConfig({ SPIN_BATCH: '1' }).spinBatch).toBe(true);
  expect(loadConfig({ SPIN_BATCH: '0' }).spinBatch).toBe(false);
  expect(loadConfig({ SPIN_BATCH: 'off' }).spinBatch).toBe(false);
  expect(() => loadConfig({ SPIN_BATCH: 'sometimes' })).toThrow(/SPIN_BATCH/);
});

describe('SpinBatcher on a stand-in pool', () => {
  /** A pool whose calls wait until released, answering each round by `answer`. */
  const standIn = (answer: (member: number, i: number) => string | null, failWith?: () => unknown) => {
    const calls: number[][] = [];
    const waiting: (() => void)[] = [];
    const pool = {
      query: (q: { values: unknown[][] }) => {
        const members = q.values[1]!.map(Number);
        calls.push(members);
        return new Promise((resolve, reject) =>
          waiting.push(() => {
            const err = failWith?.();
            if (err) return reject(err);
            resolve({
              rows: members.map((m, i) => {
                const state = answer(m, i);
                return {
                  o_i: i + 1,
                  o_balance: state ? null : String(1000 + m),
                  o_stake_tx: state ? null : '1',
                  o_payout_tx: null,
                  o_at: state ? null : new Date(0),
                  o_state: state,
                  o_message: state ? `refused ${m}` : null,
                  o_constraint: state === '23514' ? 'ledger_account_balance_ceiling' : null,
                };
              }),
            });
          }),
        );
      },
    } as unknown as pg.Pool;
    const release = async () => {
      while (waiting.length) waiting.shift()!();
      await new Promise((r) => setTimeout(r, 0));
    };
    return { pool, calls, release };
  };
  /** seamless_spin's thirty arguments with the member and the house row set. */
  const args = (member: number, house = 7) => {
    const v: unknown[] = Array.from({ length: 30 }, () => null);
    v[1] = member;
    v[10] = house;
    return v;
  };

  it("a member's rounds go one a call, in order; other members' rounds go together", async () => {
    const { pool, calls, release } = standIn(() => null);
    const b = new SpinBatcher(pool, { maxInFlight: 1 });
    const done: string[] = [];
    const spin = (m: number, tag: string) => b.spin(args(m)).then(() => done.push(tag));
    const all = [spin(1, 'a1'), spin(1, 'a2'), spin(2, 'b1'), spin(3, 'c1'), spin(1, 'a3'), spin(2, 'b2')];
    for (let i = 0; i < 5 && calls.length < 4; i++) await release();
    await release();
    await Promise.all(all);
    expect(calls).toEqual([[1], [1, 2, 3], [1, 2]]);
    expect(done.filter((x) => x.startsWith('a'))).toEqual(['a1', 'a2', 'a3']);
    expect(b.stats).toMatchObject({ calls: 3, rounds: 6, largest: 3 });
  });

  it('a refused round is rejected with its SQLSTATE, message and constraint; the others answer their rows', async () => {
    const { pool, release } = standIn((m) => (m === 2 ? 'LD001' : m === 3 ? '23514' : null));
    const b = new SpinBatcher(pool, { maxInFlight: 1 });
    const first = b.spin(args(9));
    const rest = Promise.allSettled([b.spin(args(1, 9)), b.spin(args(2, 3)), b.spin(args(3, 5))]);
    await release();
    await first;
    await release();
    const [one, two, three] = await rest;
    expect(one).toMatchObject({ status: 'fulfilled', value: { o_balance: 1001, o_payout_tx: null } });
    expect(two).toMatchObject({ status: 'rejected', reason: { code: 'LD001', message: 'refused 2' } });
    expect(three).toMatchObject({
      status: 'rejected',
      reason: { code: '23514', constraint: 'ledger_account_balance_ceiling' },
    });
    expect(b.stats.mixed).toBe(1);
  });

  it('rounds whose rows did not come back are rejected, whichever they are; the others answer theirs', async () => {
    // Rows for the first and third of three rounds only, the third first.
    const { pool, calls, release } = standIn(() => null);
    const query = pool.query.bind(pool) as (q: unknown) => Promise<{ rows: { o_i: number }[] }>;
    (pool as unknown as { query: unknown }).query = async (q: unknown) => {
      const answer = await query(q);
      return { rows: answer.rows.length === 3 ? [answer.rows[2]!, answer.rows[0]!] : answer.rows };
    };
    const b = new SpinBatcher(pool, { maxInFlight: 1 });
    const first = b.spin(args(9));
    const rest = Promise.allSettled([b.spin(args(1)), b.spin(args(2)), b.spin(args(3))]);
    await release();
    await first;
    await release();
    expect(calls).toEqual([[9], [1, 2, 3]]);
    const [one, two, three] = await rest;
    expect(one).toMatchObject({ status: 'fulfilled', value: { o_balance: 1001 } });
    expect(two).toMatchObject({
      status: 'rejected',
      reason: { message: 'seamless_spin_batch: 2 answers for 3 calls' },
    });
    expect(three).toMatchObject({ status: 'fulfilled', value: { o_balance: 1003 } });
  });

  it('a call that fails fails every round of it; a deadlock is tried again', async () => {
    let failures: unknown[] = [Object.assign(new Error('deadlock'), { code: '40P01' })];
    const { pool, calls, release } = standIn(
      () => null,
      () => failures.shift(),
    );
    const b = new SpinBatcher(pool, { maxInFlight: 1 });
    const ok = b.spin(args(1));
    await release();
    await release();
    await expect(ok).resolves.toMatchObject({ o_balance: 1001 });
    expect(calls).toEqual([[1], [1]]);

    failures = [Object.assign(new Error('connection lost'), { code: '08006' })];
    const first = b.spin(args(4)).catch((err: unknown) => err);
    const lost = [b.spin(args(5)), b.spin(args(6))];
    await release();
    expect(await first).toMatchObject({ code: '08006' });
    await release();
    await expect(Promise.all(lost)).resolves.toHaveLength(2);
  });
});
