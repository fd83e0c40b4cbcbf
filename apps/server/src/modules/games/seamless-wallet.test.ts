import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { concurrently, memberWithMoney, walletMinor } from '../wallet/wallet-test-kit.ts';
import { GAMES_FREE_PLAY_HOUSE, GAMES_HOUSE } from './seamless-wallet.ts';

/**
 * The seamless wallet (decision 019) on PGlite and, in the server-postgres project, PostgreSQL:
 * idempotency under concurrent duplicates, the round rules, the conditional debit, free play.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const V = 'SBX';
let serial = 0;
const id = (p: string) => `${p}-${process.pid}-${++serial}`;

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (err) {
    return (err as { errorCode?: string }).errorCode ?? String(err);
  }
}

/** Sum of every house account row (all shards) of one code. */
async function houseTotal(houseCode: string): Promise<number> {
  const rows = await t.database.db
    .selectFrom('ledger_account')
    .select('balance')
    .where('code', 'like', `${houseCode}:%`)
    .execute();
  return rows.reduce((s, r) => s + Number(r.balance), 0);
}

async function betRecords(roundId: string) {
  return t.database.db
    .selectFrom('bet_record')
    .selectAll()
    .where('vendor', '=', V)
    .where('bet_no', '=', roundId)
    .execute();
}

describe(`seamless wallet (${testDbKind})`, () => {
  it('debit, credit and rollback are each idempotent per transaction id under 20 concurrent duplicate callbacks: the ledger moves once, every replay answers the first balance', async () => {
    const { seamlessWallet: sw } = t.app.ctx;
    const m = await memberWithMoney(t, 10_000);
    const round = id('r');
    const debit = { vendor: V, memberId: m.memberId, transactionId: id('d'), roundId: round, amount: 700 };
    const debits = await concurrently(20, 1, () => sw.debit(debit));
    const ok = debits.map((r) => (r.status === 'fulfilled' ? r.value : null));
    expect(ok.every((a) => a !== null)).toBe(true);
    expect(ok.filter((a) => a!.applied)).toHaveLength(1);
    expect(new Set(ok.map((a) => a!.balance))).toEqual(new Set([9_300]));
    expect(new Set(ok.map((a) => a!.ledgerTransactionId)).size).toBe(1);
    expect(await walletMinor(t, m.memberId)).toBe(9_300);

    // A rollback of a second debit of the same round, 20 times at once: refunded once.
    const debit2 = { ...debit, transactionId: id('d'), amount: 300 };
    await sw.debit(debit2);
    expect(await walletMinor(t, m.memberId)).toBe(9_000);
    const rb = {
      vendor: V,
      memberId: m.memberId,
      transactionId: id('rb'),
      roundId: round,
      debitTransactionId: debit2.transactionId,
    };
    const rollbacks = await concurrently(20, 1, () => sw.rollback(rb));
    expect(rollbacks.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(rollbacks.filter((r) => r.status === 'fulfilled' && r.value.applied)).toHaveLength(1);
    expect(await walletMinor(t, m.memberId)).toBe(9_300);
    // The same debit rolled back under another rollback id is refused: it was refunded already.
    expect(await code(sw.rollback({ ...rb, transactionId: id('rb') }))).toBe('game.debit.rolled_back');

    // The win, 20 times at once: paid once, the round closed, one betting record.
    const credit = { vendor: V, memberId: m.memberId, transactionId: id('c'), roundId: round, amount: 1_500 };
    const credits = await concurrently(20, 1, () => sw.credit(credit));
    expect(credits.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(credits.filter((r) => r.status === 'fulfilled' && r.value.applied)).toHaveLength(1);
    for (const r of credits) if (r.status === 'fulfilled') expect(r.value.balance).toBe(10_800);
    expect(await walletMinor(t, m.memberId)).toBe(10_800);
    const records = await betRecords(round);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ status: 'SETTLED', member_id: m.memberId });
    expect(Number(records[0]!.bet_amount)).toBe(700);
    expect(Number(records[0]!.payout)).toBe(1_500);

    // Each call's ledger transaction carries its kind and idempotency key.
    const txs = await t.database.db
      .selectFrom('ledger_transaction')
      .select(['kind', 'idempotency_key', 'reference'])
      .where('idempotency_key', 'in', [
        `game:${V}:${debit.transactionId}`,
        `game:${V}:${debit2.transactionId}`,
        `game:${V}:${rb.transactionId}`,
        `game:${V}:${credit.transactionId}`,
      ])
      .orderBy('id')
      .execute();
    expect(txs.map((x) => x.kind)).toEqual(['BET_STAKE', 'BET_STAKE', 'BET_REFUND', 'BET_PAYOUT']);
    expect(new Set(txs.map((x) => x.reference))).toEqual(new Set([`${V}:${round}`]));
    expect((await t.app.ctx.wallet.audit()).drifted).toBe(0);
  });

  it('the same transaction id with a different request is refused with its own error and moves nothing', async () => {
    const { seamlessWallet: sw } = t.app.ctx;
    const m = await memberWithMoney(t, 5_000);
    const debit = { vendor: V, memberId: m.memberId, transactionId: id('d'), roundId: id('r'), amount: 100 };
    await sw.debit(debit);
    expect(await code(sw.debit({ ...debit, amount: 200 }))).toBe('game.transaction.conflict');
    expect(await code(sw.debit({ ...debit, roundId: id('r') }))).toBe('game.transaction.conflict');
    expect(
      await code(
        sw.credit({
          vendor: V,
          memberId: m.memberId,
          transactionId: debit.transactionId,
          roundId: debit.roundId,
          amount: 0,
        }),
      ),
    ).toBe('game.transaction.conflict');
    expect(await walletMinor(t, m.memberId)).toBe(4_900);
  });

  it('a rollback after a credit of the same round is refused, and so is a debit after it; a credit without a debit is refused', async () => {
    const { seamlessWallet: sw } = t.app.ctx;
    const m = await memberWithMoney(t, 5_000);
    const round = id('r');
    const debit = { vendor: V, memberId: m.memberId, transactionId: id('d'), roundId: round, amount: 1_000 };
    await sw.debit(debit);
    const settled = await sw.credit({
      vendor: V,
      memberId: m.memberId,
      transactionId: id('c'),
      roundId: round,
      amount: 0,
    });
    expect(settled.roundStatus).toBe('CREDITED');
    expect(
      await code(
        sw.rollback({
          vendor: V,
          memberId: m.memberId,
          transactionId: id('rb'),
          roundId: round,
          debitTransactionId: debit.transactionId,
        }),
      ),
    ).toBe('game.round.settled');
    expect(await code(sw.debit({ ...debit, transactionId: id('d') }))).toBe('game.round.settled');
    expect(
      await code(
        sw.credit({ vendor: V, memberId: m.memberId, transactionId: id('c'), roundId: round, amount: 5 }),
      ),
    ).toBe('game.round.settled');
    expect(
      await code(
        sw.credit({ vendor: V, memberId: m.memberId, transactionId: id('c'), roundId: id('r'), amount: 5 }),
      ),
    ).toBe('game.round.unknown');
    // The lost stake stays with the house; the record shows the loss once.
    expect(await walletMinor(t, m.memberId)).toBe(4_000);
    const records = await betRecords(round);
    expect(records).toHaveLength(1);
    expect(Number(records[0]!.payout)).toBe(0);

    // A round whose only stake is rolled back is cancelled: refunded, no betting record, closed.
    const round2 = id('r');
    const d2 = { ...debit, transactionId: id('d'), roundId: round2 };
    await sw.debit(d2);
    const back = await sw.rollback({
      vendor: V,
      memberId: m.memberId,
      transactionId: id('rb'),
      roundId: round2,
      debitTransactionId: d2.transactionId,
    });
    expect(back.roundStatus).toBe('ROLLED_BACK');
    expect(await walletMinor(t, m.memberId)).toBe(4_000);
    expect(await betRecords(round2)).toHaveLength(0);
    expect(
      await code(
        sw.credit({ vendor: V, memberId: m.memberId, transactionId: id('c'), roundId: round2, amount: 5 }),
      ),
    ).toBe('game.round.settled');
  });

  it('64 concurrent debits never take a balance negative: exactly as many as the balance covers are taken', async () => {
    const { seamlessWallet: sw } = t.app.ctx;
    const m = await memberWithMoney(t, 1_000);
    const results = await concurrently(64, 1, (c) =>
      sw.debit({
        vendor: V,
        memberId: m.memberId,
        transactionId: id(`d${c}`),
        roundId: id(`r${c}`),
        amount: 70,
      }),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toHaveLength(14);
    expect(refused).toHaveLength(50);
    for (const r of refused)
      expect((r.reason as { errorCode: string }).errorCode).toBe('wallet.balance.insufficient');
    expect(await walletMinor(t, m.memberId)).toBe(20);
    // A refused debit left no trace: no round, no claimed transaction id.
    const rounds = await t.database.db
      .selectFrom('ledger_transaction')
      .select('id')
      .where('kind', '=', 'BET_STAKE')
      .where('reference', 'like', `${V}:r%`)
      .execute();
    expect(rounds.length).toBeGreaterThanOrEqual(14);
    expect((await t.app.ctx.wallet.check()).negative).toEqual([]);
  });

  it('a spin (play) moves stake and win once, writes one settled record, and replays of it or of either half answer the first results', async () => {
    const { seamlessWallet: sw } = t.app.ctx;
    const m = await memberWithMoney(t, 1_000);
    const round = id('r');
    const debit = {
      vendor: V,
      memberId: m.memberId,
      transactionId: id('d'),
      roundId: round,
      amount: 300,
      product: 'RNG',
      gameCode: 'g1',
      gameName: 'Golden Reels',
    };
    const win = { transactionId: id('c'), amount: 120 };
    const spins = await concurrently(20, 1, () => sw.play(debit, win));
    expect(spins.every((r) => r.status === 'fulfilled')).toBe(true);
    const answers = spins.map(
      (r) => (r as PromiseFulfilledResult<{ applied: boolean; balance: number }>).value,
    );
    expect(answers.filter((a) => a.applied)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.balance))).toEqual(new Set([820]));
    expect(await walletMinor(t, m.memberId)).toBe(820);
    // Each half replayed alone answers its own first balance.
    expect(await sw.debit(debit)).toMatchObject({ applied: false, balance: 700 });
    expect(await sw.credit({ vendor: V, memberId: m.memberId, roundId: round, ...win })).toMatchObject({
      applied: false,
      balance: 820,
      roundStatus: 'CREDITED',
    });
    expect(await code(sw.play({ ...debit, amount: 301 }, win))).toBe('game.transaction.conflict');
    const records = await betRecords(round);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ status: 'SETTLED', game_name: 'Golden Reels', product: 'RNG' });
    expect([Number(records[0]!.bet_amount), Number(records[0]!.payout)]).toEqual([300, 120]);
    // A spin over the balance is refused whole: nothing claimed, nothing moved.
    const big = { ...debit, transactionId: id('d'), roundId: id('r'), amount: 900 };
    expect(await code(sw.play(big, { transactionId: id('c'), amount: 5_000 }))).toBe(
      'wallet.balance.insufficient',
    );
    expect(await walletMinor(t, m.memberId)).toBe(820);
    expect(await sw.play({ ...big, amount: 820 }, { transactionId: id('c'), amount: 0 })).toMatchObject({
      applied: true,
      balance: 0,
    });
  });

  it('64 concurrent spins (debit and credit in one transaction) never deadlock and never take a balance negative', async () => {
    const { seamlessWallet: sw } = t.app.ctx;
    // Eight members, eight spins each at once: rounds over every house shard, two ledger
    // movements per transaction.
    const members = await Promise.all(Array.from({ length: 8 }, () => memberWithMoney(t, 500)));
    const results = await concurrently(64, 1, (c) => {
      const m = members[c % 8]!;
      const roundId = id(`spin${c}`);
      return sw.play(
        { vendor: V, memberId: m.memberId, transactionId: `${roundId}:d`, roundId, amount: 100 },
        { transactionId: `${roundId}:c`, amount: c % 3 === 0 ? 0 : 40 },
      );
    });
    const refused = results.filter((r) => r.status === 'rejected');
    for (const r of refused)
      expect((r.reason as { errorCode: string }).errorCode).toBe('wallet.balance.insufficient');
    for (const m of members) expect(await walletMinor(t, m.memberId)).toBeGreaterThanOrEqual(0);
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThanOrEqual(40);
    const check = await t.app.ctx.wallet.check();
    expect(check.negative).toEqual([]);
    expect(check.drifted).toEqual([]);
  });

  it("a member cannot debit, credit or roll back another member's round", async () => {
    const { seamlessWallet: sw } = t.app.ctx;
    const alice = await memberWithMoney(t, 5_000);
    const bob = await memberWithMoney(t, 5_000);
    const round = id('r');
    const debit = {
      vendor: V,
      memberId: alice.memberId,
      transactionId: id('d'),
      roundId: round,
      amount: 500,
    };
    await sw.debit(debit);
    expect(await code(sw.debit({ ...debit, memberId: bob.memberId, transactionId: id('d') }))).toBe(
      'game.round.forbidden',
    );
    expect(
      await code(
        sw.credit({
          vendor: V,
          memberId: bob.memberId,
          transactionId: id('c'),
          roundId: round,
          amount: 9_000,
        }),
      ),
    ).toBe('game.round.forbidden');
    expect(
      await code(
        sw.rollback({
          vendor: V,
          memberId: bob.memberId,
          transactionId: id('rb'),
          roundId: round,
          debitTransactionId: debit.transactionId,
        }),
      ),
    ).toBe('game.round.forbidden');
    expect(await walletMinor(t, alice.memberId)).toBe(4_500);
    expect(await walletMinor(t, bob.memberId)).toBe(5_000);
  });

  it('a trial account plays on its free-play money against the free-play house: no real balance moves', async () => {
    const { seamlessWallet: sw } = t.app.ctx;
    const real = await memberWithMoney(t, 5_000);
    const trial = await memberWithMoney(t, 0, { agentType: 4, prefix: 'guest' });
    await t.app.ctx.wallet.creditFromHouse(
      trial.memberId,
      'HOUSE_FREE_PLAY',
      2_000,
      id('fp'),
      'FREE_PLAY_CREDIT',
    );
    const realHouse = await houseTotal(GAMES_HOUSE);
    const cash = await houseTotal('HOUSE_CASH');
    const freeHouse = await houseTotal(GAMES_FREE_PLAY_HOUSE);

    const round = id('r');
    const answer = await sw.play(
      { vendor: V, memberId: trial.memberId, transactionId: id('d'), roundId: round, amount: 400 },
      { transactionId: id('c'), amount: 1_000 },
    );
    expect(answer.freePlay).toBe(true);
    expect(answer.balance).toBe(2_600);
    expect(
      await code(
        sw.debit({
          vendor: V,
          memberId: trial.memberId,
          transactionId: id('d'),
          roundId: id('r'),
          amount: 2_601,
        }),
      ),
    ).toBe('wallet.balance.insufficient');
    expect(await houseTotal(GAMES_FREE_PLAY_HOUSE)).toBe(freeHouse - 600);
    expect(await houseTotal(GAMES_HOUSE)).toBe(realHouse);
    expect(await houseTotal('HOUSE_CASH')).toBe(cash);
    expect(await walletMinor(t, real.memberId)).toBe(5_000);
    const [record] = await betRecords(round);
    expect(record?.detail).toMatchObject({ freePlay: true });
  });

  it('refuses malformed movements with 422, never a server error', async () => {
    const { seamlessWallet: sw } = t.app.ctx;
    const m = await memberWithMoney(t, 100);
    const base = { vendor: V, memberId: m.memberId, transactionId: id('d'), roundId: id('r'), amount: 10 };
    expect(await code(sw.debit({ ...base, amount: 0 }))).toBe('invalid.input');
    expect(await code(sw.debit({ ...base, amount: 1.5 }))).toBe('invalid.input');
    expect(await code(sw.debit({ ...base, transactionId: 'has space' }))).toBe('invalid.input');
    expect(await code(sw.debit({ ...base, vendor: 'bad vendor' }))).toBe('invalid.input');
    expect(await code(sw.credit({ ...base, amount: -1 }))).toBe('invalid.input');
  });
});
