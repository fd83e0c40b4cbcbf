import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { MAX_AMOUNT_MINOR, WalletErrors } from '@app/contract';
import { HOUSE_SHARDS, HouseAccount, WalletType } from './wallet.service.ts';
import { memberWithMoney, walletMinor } from './wallet-test-kit.ts';

/**
 * Ledger rules that need the database, which the mutation run (docs/mutation-testing.md) found no
 * test of the wallet holding: the house shard a key names, the bonus wallet in the balance, and the
 * ledger check's verdict.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** FNV-1a of the key, as the shard is specified (stable across processes and versions). */
function fnv1a(key: string): number {
  let h = 0x811c9dc5;
  for (const ch of key) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return (h >>> 0) % HOUSE_SHARDS;
}

describe(`ledger rules on the database (${testDbKind})`, () => {
  it('a movement with the house posts to the shard its key names: FNV-1a of the key mod 16, shard 0 the plain code', async () => {
    const { wallet } = t.app.ctx;
    const m = await memberWithMoney(t, 0);
    const currency = wallet.currency().code;
    const seen = new Set<number>();
    for (let i = 0; i < 24; i++) {
      const key = `shard-test:${m.memberId}:${i}`;
      const posted = await wallet.transfer({
        from: { house: HouseAccount.cash },
        to: { memberId: m.memberId },
        amount: 1,
        kind: 'ADJUSTMENT',
        reference: key,
        idempotencyKey: key,
      });
      const house = await t.database.db
        .selectFrom('ledger_posting as p')
        .innerJoin('ledger_account as a', 'a.id', 'p.account_id')
        .select('a.code')
        .where('p.transaction_id', '=', posted.transactionId)
        .where('a.code', 'is not', null)
        .executeTakeFirstOrThrow();
      const shard = fnv1a(key);
      seen.add(shard);
      expect(house.code, key).toBe(
        shard === 0 ? `HOUSE_CASH:${currency}` : `HOUSE_CASH:${currency}:${shard}`,
      );
    }
    // The keys spread over the shards (24 keys land on several of the 16).
    expect(seen.size).toBeGreaterThan(4);
  });

  it("the movement ceiling holds on each member's posting, not on the house's side that pays many", async () => {
    const { wallet } = t.app.ctx;
    const [a, b] = [await memberWithMoney(t, 0), await memberWithMoney(t, 0)];
    const key = `ceiling-${a.memberId}`;
    const refused = await wallet
      .post({
        idempotencyKey: key,
        kind: 'ADJUSTMENT',
        reference: key,
        postings: [
          { account: { house: HouseAccount.cash }, amount: -(MAX_AMOUNT_MINOR + 1) },
          { account: { memberId: a.memberId }, amount: MAX_AMOUNT_MINOR + 1 },
        ],
      })
      .then(
        () => 'posted',
        (e: { errorCode?: string }) => e.errorCode,
      );
    expect(refused).toBe(WalletErrors.movementTooLarge.code);
    expect(await walletMinor(t, a.memberId)).toBe(0);
    // Two members paid the most one posting may carry, at once: the house's side is twice that.
    await wallet.post({
      idempotencyKey: `${key}-two`,
      kind: 'ADJUSTMENT',
      reference: `${key}-two`,
      postings: [
        { account: { house: HouseAccount.cash }, amount: -2 * MAX_AMOUNT_MINOR },
        { account: { memberId: a.memberId }, amount: MAX_AMOUNT_MINOR },
        { account: { memberId: b.memberId }, amount: MAX_AMOUNT_MINOR },
      ],
    });
    expect([await walletMinor(t, a.memberId), await walletMinor(t, b.memberId)]).toEqual([
      MAX_AMOUNT_MINOR,
      MAX_AMOUNT_MINOR,
    ]);
  });

  it('the balance counts a bonus wallet holding money, in its entry and in sumBalance; an empty one is not shown', async () => {
    const { wallet } = t.app.ctx;
    const m = await memberWithMoney(t, 10_000);
    const before = await wallet.balance(m.memberId);
    expect(before.balance.map((b) => b.accountType)).not.toContain(WalletType.bonus);
    await wallet.transfer({
      from: { house: HouseAccount.bonus },
      to: { memberId: m.memberId, wallet: WalletType.bonus },
      amount: 2_550,
      kind: 'ADJUSTMENT',
      reference: `bonus-${m.memberId}`,
      idempotencyKey: `bonus-${m.memberId}`,
    });
    const after = await wallet.balance(m.memberId);
    expect(after.balance.find((b) => b.accountType === WalletType.bonus)).toMatchObject({
      availBalance: 25.5,
    });
    expect(after.sumBalance).toBe(before.sumBalance + 25.5);
  });

  it('the ledger check is ok on a sound ledger and not ok once a balance drifts from its postings', async () => {
    const { wallet } = t.app.ctx;
    const sound = await wallet.check();
    expect(sound).toMatchObject({ ok: true, total: 0, drifted: [], unbalanced: [], negative: [] });
    const m = await memberWithMoney(t, 500);
    // A balance written behind the ledger's back (what the check exists to find).
    await sql`update ledger_account set balance = balance + 1 where member_id = ${m.memberId}`.execute(
      t.database.db,
    );
    try {
      const drifted = await wallet.check();
      expect(drifted.ok).toBe(false);
      expect(drifted.drifted).toHaveLength(1);
      expect(drifted.total).toBe(0);
    } finally {
      await sql`update ledger_account set balance = balance - 1 where member_id = ${m.memberId}`.execute(
        t.database.db,
      );
    }
    expect((await wallet.check()).ok).toBe(true);
  });
});
