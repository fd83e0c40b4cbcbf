import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { memberWithMoney, walletMinor } from './wallet-test-kit.ts';

/**
 * The ledger is append-only in the database itself (migration 026): whatever sends it, an UPDATE,
 * DELETE or TRUNCATE of a posting or a transaction header is refused with SQLSTATE LD002, and the
 * money stays where it was. A correction is a new movement.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function refusal(statement: ReturnType<typeof sql>): Promise<string | undefined> {
  try {
    await statement.execute(t.database.db);
    return undefined;
  } catch (err) {
    return (err as { code?: string }).code;
  }
}

describe(`the ledger is append-only (${testDbKind})`, () => {
  it('an UPDATE, DELETE or TRUNCATE of a posting or a transaction is refused with LD002 and the balance and postings stay as they were', async () => {
    const m = await memberWithMoney(t, 5_000, { prefix: 'appendonly' });
    const before = await walletMinor(t, m.memberId);
    const postings = await sql<{ id: number; transaction_id: number; amount: number }>`
      select p.id, p.transaction_id, p.amount from ledger_posting p
      join ledger_account a on a.id = p.account_id where a.member_id = ${m.memberId}`.execute(t.database.db);
    expect(postings.rows.length).toBeGreaterThan(0);
    const { id, transaction_id: tx } = postings.rows[0]!;

    expect(await refusal(sql`update ledger_posting set amount = amount * 2 where id = ${id}`)).toBe('LD002');
    expect(await refusal(sql`delete from ledger_posting where id = ${id}`)).toBe('LD002');
    expect(await refusal(sql`truncate ledger_posting cascade`)).toBe('LD002');
    expect(await refusal(sql`update ledger_transaction set memo = 'edited' where id = ${tx}`)).toBe('LD002');
    expect(await refusal(sql`delete from ledger_transaction where id = ${tx}`)).toBe('LD002');
    expect(await refusal(sql`truncate ledger_transaction cascade`)).toBe('LD002');

    const after = await sql<{ id: number; transaction_id: number; amount: number }>`
      select p.id, p.transaction_id, p.amount from ledger_posting p
      join ledger_account a on a.id = p.account_id where a.member_id = ${m.memberId}`.execute(t.database.db);
    expect(after.rows).toEqual(postings.rows);
    expect(await walletMinor(t, m.memberId)).toBe(before);
  });

  it('movements still post: a new credit appends its postings, and all postings still sum to zero', async () => {
    const m = await memberWithMoney(t, 5_000, { prefix: 'appendonly2' });
    const count = async () =>
      Number(
        (await sql<{ n: number }>`select count(*)::int as n from ledger_posting`.execute(t.database.db))
          .rows[0]!.n,
      );
    const n = await count();
    await memberWithMoney(t, 1_000, { prefix: 'appendonly3' });
    expect(await count()).toBeGreaterThan(n);
    const sum = await sql<{
      s: string;
    }>`select coalesce(sum(amount), 0)::text as s from ledger_posting`.execute(t.database.db);
    expect(sum.rows[0]!.s).toBe('0');
    expect(await walletMinor(t, m.memberId)).toBe(5_000);
  });
});
