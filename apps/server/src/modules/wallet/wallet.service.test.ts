import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { loginToken } from '../session/accounts-test-kit.ts';
import { HouseAccount } from './wallet.service.ts';
import { memberWithMoney, walletMinor } from './wallet-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe(`ledger (${testDbKind})`, () => {
  it('MB-09 GET /wps/v2/wallets/balance (token) answers the original shape: sumBalance, currency, currencySymbol, balance[] with accountTypeId and availBalance', async () => {
    const token = await loginToken(t, 'demo', 'Demo1234');
    const res = await t.call({ url: '/wps/v2/wallets/balance', token });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual({
      sumBalance: 8888,
      currency: 'USD',
      currencySymbol: '$',
      precision: 2,
      balance: [
        { accountTypeId: 1, accountType: 'MAIN', name: 'Main wallet', availBalance: 8888 },
        { accountTypeId: 101, accountType: 'PG', name: 'PG Soft', availBalance: 0 },
        { accountTypeId: 102, accountType: 'EVO', name: 'Evolution', availBalance: 0 },
        { accountTypeId: 103, accountType: 'SABA', name: 'Saba Sports', availBalance: 0 },
      ],
    });
    expect((await t.call({ url: '/wps/v2/wallets/balance' })).statusCode).toBe(401);
  });

  it('seeded money is postings from house accounts: every transaction sums to zero and balances derive from postings', async () => {
    const audit = await t.app.ctx.wallet.audit();
    expect(audit).toEqual({ drifted: 0, unbalanced: 0, total: 0 });
    const house = await t.database.db
      .selectFrom('ledger_account')
      .select(['code', 'balance'])
      .where('code', 'like', 'HOUSE_DEMO_CREDIT%')
      .executeTakeFirstOrThrow();
    expect(house.balance).toBeLessThan(0);
  });

  it('WD-13 every movement is one transaction of postings summing to zero, with a kind from the closed set, a reference and a unique idempotency key; a replay moves nothing and answers the first result', async () => {
    const { wallet } = t.app.ctx;
    const a = await memberWithMoney(t, 5_000);
    const first = await wallet.transfer({
      from: { memberId: a.memberId },
      to: { house: HouseAccount.cash },
      amount: 1_250,
      kind: 'ADJUSTMENT',
      reference: 'ADJ-1',
      idempotencyKey: `wd13:${a.memberId}`,
    });
    expect(first.replayed).toBe(false);
    const again = await wallet.transfer({
      from: { memberId: a.memberId },
      to: { house: HouseAccount.cash },
      amount: 1_250,
      kind: 'ADJUSTMENT',
      reference: 'ADJ-1',
      idempotencyKey: `wd13:${a.memberId}`,
    });
    expect(again).toEqual({ ...first, replayed: true });
    expect(await walletMinor(t, a.memberId)).toBe(3_750);

    // The header carries kind, reference and key; its postings sum to zero.
    const tx = await t.database.db
      .selectFrom('ledger_transaction')
      .select(['kind', 'reference', 'idempotency_key'])
      .where('id', '=', first.transactionId)
      .executeTakeFirstOrThrow();
    expect(tx).toEqual({ kind: 'ADJUSTMENT', reference: 'ADJ-1', idempotency_key: `wd13:${a.memberId}` });
    const postings = await t.database.db
      .selectFrom('ledger_posting')
      .select('amount')
      .where('transaction_id', '=', first.transactionId)
      .execute();
    expect(postings.map((p) => p.amount).sort((x, y) => x - y)).toEqual([-1_250, 1_250]);

    // A kind outside the closed set never reaches the database, and the database refuses one too.
    await expect(
      wallet.transfer({
        from: { memberId: a.memberId },
        to: { house: HouseAccount.cash },
        amount: 1,
        kind: 'TIP' as never,
        reference: 'x',
        idempotencyKey: `wd13:tip:${a.memberId}`,
      }),
    ).rejects.toThrow(/unknown kind/);
    await expect(
      t.database.db
        .insertInto('ledger_transaction')
        .values({ idempotency_key: `wd13:rawkind:${a.memberId}`, kind: 'TIP' })
        .execute(),
    ).rejects.toThrow(/ledger_transaction_kind/);
    // The key is unique in the database itself.
    await expect(
      t.database.db
        .insertInto('ledger_transaction')
        .values({ idempotency_key: `wd13:${a.memberId}`, kind: 'ADJUSTMENT' })
        .execute(),
    ).rejects.toThrow(/unique|duplicate/i);
    expect(await wallet.audit()).toEqual({ drifted: 0, unbalanced: 0, total: 0 });
  });

  it('the same idempotency key with a different amount, accounts, kind or reference is refused with idempotency.key.reused and moves nothing', async () => {
    const { wallet } = t.app.ctx;
    const a = await memberWithMoney(t, 5_000);
    const b = await memberWithMoney(t, 0);
    const key = `mismatch:${a.memberId}`;
    const base = {
      from: { memberId: a.memberId },
      to: { house: HouseAccount.cash },
      amount: 100,
      kind: 'ADJUSTMENT' as const,
      reference: 'R1',
      idempotencyKey: key,
    };
    await wallet.transfer(base);
    const variants = [
      { ...base, amount: 101 },
      { ...base, to: { memberId: b.memberId } },
      { ...base, kind: 'DEPOSIT' as const },
      { ...base, reference: 'R2' },
    ];
    for (const v of variants) {
      await expect(wallet.transfer(v)).rejects.toMatchObject({
        errorCode: 'idempotency.key.reused',
        statusCode: 409,
      });
    }
    expect(await walletMinor(t, a.memberId)).toBe(4_900);
    expect(await walletMinor(t, b.memberId)).toBe(0);
  });

  it('the database itself refuses an unbalanced transaction and an overdraft', async () => {
    const { wallet } = t.app.ctx;
    const a = await memberWithMoney(t, 1_000);
    const account = await wallet.memberAccount(a.memberId);
    const house = await wallet.houseAccount(HouseAccount.cash);
    await expect(
      wallet.post({
        idempotencyKey: `unbalanced:${a.memberId}`,
        kind: 'ADJUSTMENT',
        reference: 'x',
        postings: [
          { account, amount: -10 },
          { account: house, amount: 5 },
        ],
      }),
    ).rejects.toThrow(/sum to -5/);
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        const tx = await trx
          .insertInto('ledger_transaction')
          .values({ idempotency_key: `raw:${a.memberId}`, kind: 'ADJUSTMENT' })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('ledger_posting')
          .values({ transaction_id: tx.id, account_id: house, amount: 99 })
          .execute();
      }),
    ).rejects.toThrow(/written by ledger_post only/);
    await expect(
      sql`update ledger_account set balance = -1 where id = ${account}`.execute(t.database.db),
    ).rejects.toThrow(/ledger_account_overdraft/);
    expect(await wallet.accountBalance(account)).toBe(1_000);
  });
});
