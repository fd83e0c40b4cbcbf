import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { loginToken } from '../session/accounts-test-kit.ts';
import { HouseAccount, toMajor, toMinor } from './wallet.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function newMemberWith(
  name: string,
  minor: number,
): Promise<{ memberId: number; account: number; house: number }> {
  const { members, wallet } = t.app.ctx;
  const memberId = await members.create({ username: name, agentType: 0, password: null });
  if (minor > 0)
    await wallet.creditFromHouse(
      memberId,
      HouseAccount.demoCredit,
      minor,
      `test:open:${name}`,
      'DEMO_CREDIT',
    );
  return {
    memberId,
    account: await wallet.memberAccount(memberId),
    house: await wallet.houseAccount(HouseAccount.cash),
  };
}

describe(`ledger (${testDbKind})`, () => {
  it('MB-09 GET /wps/v2/wallets/balance (token) returns value.sumBalance in major units from the ledger', async () => {
    const token = await loginToken(t, 'demo', 'Demo1234');
    const res = await t.call({ url: '/wps/v2/wallets/balance', token });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual({
      sumBalance: 8888,
      currency: 'USD',
      precision: 2,
      wallets: [{ walletType: 'MAIN', balance: 8888 }],
    });
    expect((await t.call({ url: '/wps/v2/wallets/balance' })).statusCode).toBe(401);
  });

  it('BC-09 seeded money is postings from house accounts: every transaction sums to zero and balances derive from postings', async () => {
    const audit = await t.app.ctx.wallet.audit();
    expect(audit).toEqual({ drifted: 0, unbalanced: 0, total: 0 });
    const house = await t.database.db
      .selectFrom('ledger_account')
      .select(['code', 'balance'])
      .where('code', 'like', 'HOUSE_DEMO_CREDIT%')
      .executeTakeFirstOrThrow();
    expect(house.balance).toBeLessThan(0);
  });

  it('BC-09 minor units convert to the wire with the currency precision, and more decimals are refused', () => {
    expect(toMajor(123456, 2)).toBe(1234.56);
    expect(toMajor(-5, 2)).toBe(-0.05);
    expect(toMinor(12.34, 2)).toBe(1234);
    expect(() => toMinor(1.234, 2)).toThrow(/at most 2 decimals/);
  });

  it('25 racing debits never take a member below zero, and no cent is created or lost', async () => {
    const { wallet } = t.app.ctx;
    const { account, house } = await newMemberWith('racer01', 10_000);
    const results = await Promise.allSettled(
      Array.from({ length: 25 }, (_, i) =>
        wallet.transfer(account, house, 700, `test:race:${i}`, 'TEST_DEBIT'),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toBe(14);
    expect(refused).toHaveLength(11);
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason).toMatchObject({
        errorCode: 'wallet.balance.insufficient',
        statusCode: 409,
      });
    expect(await wallet.accountBalance(account)).toBe(10_000 - 14 * 700);
    const derived = await t.database.db
      .selectFrom('ledger_posting')
      .select((eb) => eb.fn.sum<number>('amount').as('s'))
      .where('account_id', '=', account)
      .executeTakeFirstOrThrow();
    expect(Number(derived.s)).toBe(200);
    expect(await wallet.audit()).toEqual({ drifted: 0, unbalanced: 0, total: 0 });
  });

  it('an idempotency key posts once, however often and however concurrently it is retried', async () => {
    const { wallet } = t.app.ctx;
    const { account, house } = await newMemberWith('idem01', 5_000);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        wallet.transfer(account, house, 1_000, 'test:idem:once', 'TEST_DEBIT'),
      ),
    );
    expect(new Set(results.map((r) => r.transactionId)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await wallet.accountBalance(account)).toBe(4_000);
  });

  it('the database itself refuses an unbalanced transaction and an overdraft', async () => {
    const { wallet } = t.app.ctx;
    const { account, house } = await newMemberWith('guard01', 1_000);
    await expect(
      wallet.post({
        idempotencyKey: 'test:unbalanced',
        kind: 'T',
        postings: [
          { accountId: account, amount: -10 },
          { accountId: house, amount: 5 },
        ],
      }),
    ).rejects.toThrow(/sum to -5/);
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        const tx = await trx
          .insertInto('ledger_transaction')
          .values({ idempotency_key: 'test:raw', kind: 'T' })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('ledger_posting')
          .values({ transaction_id: tx.id, account_id: house, amount: 99 })
          .execute();
      }),
    ).rejects.toThrow(/does not balance/);
    await expect(
      sql`update ledger_account set balance = -1 where id = ${account}`.execute(t.database.db),
    ).rejects.toThrow(/ledger_account_overdraft/);
    expect(await wallet.accountBalance(account)).toBe(1_000);
  });
});
