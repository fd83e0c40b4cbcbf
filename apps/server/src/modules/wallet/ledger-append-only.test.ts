import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { memberWithMoney, walletMinor } from './wallet-test-kit.ts';

/**
 * The ledger is append-only in the database itself (migration 026): whatever sends it, an UPDATE,
 * DELETE or TRUNCATE of a posting or a transaction header is refused with SQLSTATE LD002, and the
 * money stays where it was. A correction is a new movement. Its rules are kept by its one writer,
 * `ledger_post` (migration 086, decision 065): a posting inserted any other way is refused with
 * LD003, a movement that does not balance or names an account that does not exist writes
 * nothing, and an account, which postings name, cannot be deleted.
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

  it('a posting is written by ledger_post only; a movement that does not balance or names no account writes nothing; an account is kept', async () => {
    const m = await memberWithMoney(t, 5_000, { prefix: 'onewriter' });
    const accounts = await sql<{ member: number; house: number }>`
      select (select id from ledger_account where member_id = ${m.memberId} and wallet_type = 'MAIN' order by id limit 1) as member,
        (select id from ledger_account where member_id is null and allow_negative order by id limit 1) as house`.execute(
      t.database.db,
    );
    const { member, house } = accounts.rows[0]!;
    const counts = async () =>
      (
        await sql<{ tx: number; postings: number; sum: string }>`
          select (select count(*)::int from ledger_transaction) as tx, (select count(*)::int from ledger_posting) as postings,
            (select coalesce(sum(amount), 0)::text from ledger_posting) as sum`.execute(t.database.db)
      ).rows[0]!;
    const before = await counts();
    const balance = await walletMinor(t, m.memberId);

    // A header written by hand, then a balanced pair of postings for it, also by hand: refused.
    const header = await sql<{ id: number }>`
      insert into ledger_transaction (idempotency_key, kind) values (${`onewriter:${m.memberId}`}, 'ADJUSTMENT')
      returning id`.execute(t.database.db);
    const tx = header.rows[0]!.id;
    expect(
      await refusal(sql`
        insert into ledger_posting (transaction_id, account_id, amount)
        values (${tx}, ${member}, 100), (${tx}, ${house}, -100)`),
    ).toBe('LD003');
    // The setting ledger_post marks its insert with is its own: left as ledger_post leaves it, it
    // lets nothing through.
    await sql`select set_config('ledger.writer', '', false)`.execute(t.database.db);
    expect(
      await refusal(
        sql`insert into ledger_posting (transaction_id, account_id, amount) values (${tx}, ${member}, 1)`,
      ),
    ).toBe('LD003');

    // Through ledger_post: amounts that do not sum to zero, and an account that does not exist.
    await expect(
      sql`select * from ledger_post(${`onewriter:unbalanced:${m.memberId}`}, 'ADJUSTMENT', 'x', '', null,
        array[${member}, ${house}]::bigint[], array[100, -99]::bigint[])`.execute(t.database.db),
    ).rejects.toThrow(/does not balance/);
    expect(
      await refusal(sql`select * from ledger_post(${`onewriter:nobody:${m.memberId}`}, 'ADJUSTMENT', 'x', '', null,
        array[${house}, 999999999]::bigint[], array[-100, 100]::bigint[])`),
    ).toBe('LD001');
    // A balanced one through ledger_post posts.
    await sql`select * from ledger_post(${`onewriter:ok:${m.memberId}`}, 'ADJUSTMENT', 'x', '', null,
      array[${member}, ${house}]::bigint[], array[100, -100]::bigint[])`.execute(t.database.db);

    // An account is kept: postings name it.
    expect(await refusal(sql`delete from ledger_account where id = ${member}`)).toBe('LD002');
    expect(await refusal(sql`truncate ledger_account cascade`)).toBe('LD002');

    const after = await counts();
    // The hand-written header (no postings) and the one movement through ledger_post.
    expect(after.tx).toBe(before.tx + 2);
    expect(after.postings).toBe(before.postings + 2);
    expect(after.sum).toBe('0');
    expect(await walletMinor(t, m.memberId)).toBe(balance + 100);
    // Every balance is its postings' sum; the audit names the lone header (no postings) as the one
    // transaction that does not balance, as it always did.
    expect(await t.app.ctx.wallet.audit()).toMatchObject({ drifted: 0, unbalanced: 1 });
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
