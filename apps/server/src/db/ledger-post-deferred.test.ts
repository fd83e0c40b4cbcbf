import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-app.ts';
import { currentFunctionFiles } from './sql-functions.ts';
import * as m090 from './migrations/090-house-balances-once-a-batch.ts';

/**
 * Migration 090 (decision 068): `ledger_post` can leave a house account's balance to
 * `ledger_post_deferred()`, which moves what was kept once, before the statement ends. The batch
 * functions of the house originals use it; these are its rules on their own.
 */
describe('ledger_post_deferred moves what ledger_post kept, and only that (migration 090)', () => {
  let t: TestDatabase;
  let db: Kysely<unknown>;
  let member: number;
  let houses: number[];

  // Inside a transaction, read on its own connection (PGlite has one: the pool would wait for it).
  const balance = async (id: number, on: Kysely<unknown> = db) =>
    Number(
      (await sql<{ balance: string }>`select balance from ledger_account where id = ${id}`.execute(on))
        .rows[0]!.balance,
    );
  const postings = async (id: number) =>
    Number(
      (
        await sql<{ total: string }>`
          select coalesce(sum(amount), 0) as total from ledger_posting where account_id = ${id}`.execute(db)
      ).rows[0]!.total,
    );
  const post = (key: string, accounts: number[], amounts: number[], defer: number | null) =>
    sql`select * from ledger_post(${key}, 'BET_STAKE', ${key}, '', null,
      ${sql.lit(`{${accounts.join(',')}}`)}::bigint[], ${sql.lit(`{${amounts.join(',')}}`)}::bigint[],
      ${defer}::bigint)`;

  beforeAll(async () => {
    t = await createTestDatabase();
    db = t.database.db as unknown as Kysely<unknown>;
    const m = await sql<{ id: number }>`
      insert into member (username, agent_type, language) values ('deferred_a', 0, 'en') returning id`.execute(
      db,
    );
    const account = async (memberId: number | null, code: string | null) =>
      Number(
        (
          await sql<{ id: number }>`
            insert into ledger_account (member_id, code, wallet_type, currency, allow_negative)
            values (${memberId}, ${code}, ${memberId === null ? 'HOUSE' : 'MAIN'}, 'USD', ${memberId === null})
            returning id`.execute(db)
        ).rows[0]!.id,
      );
    member = await account(Number(m.rows[0]!.id), null);
    houses = [await account(null, 'deferred-house-1'), await account(null, 'deferred-house-2')];
    await post('deferred-open', [houses[0]!, member], [-1_000, 1_000], null).execute(db);
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('keeps a deferred account’s amounts until ledger_post_deferred moves their sum once; a failed block’s part goes with it', async () => {
    const [h1, h2] = houses as [number, number];
    const [before1, before2] = [await balance(h1), await balance(h2)];
    const seen = await t.database.db.transaction().execute(async (trx) => {
      const tx = trx as unknown as Kysely<unknown>;
      await post('deferred-1', [member, h1], [-100, 100], h1).execute(tx);
      await post('deferred-2', [member, h2], [-30, 30], h2).execute(tx);
      await post('deferred-3', [h1, member], [-70, 70], h1).execute(tx);
      // A block that fails (a stake above the balance, its house's amount kept first) takes its
      // posting and its kept amount back.
      await sql`do $$ begin
        perform ledger_post('deferred-refused', 'BET_STAKE', 'r', '', null,
          array[${sql.lit(h2)}, ${sql.lit(member)}]::bigint[], array[5000, -5000]::bigint[], ${sql.lit(h2)});
      exception when others then null;
      end $$`.execute(tx);
      // The member's side moved at once, with its check; the houses' did not move yet.
      const during = [await balance(member, tx), await balance(h1, tx), await balance(h2, tx)];
      await sql`select ledger_post_deferred()`.execute(tx);
      const kept = (
        await sql<{ v: string }>`select current_setting('ledger.deferred', true) as v`.execute(tx)
      ).rows[0]!.v;
      return { during, kept };
    });
    expect(seen.during).toEqual([1_000 - 100 - 30 + 70, before1, before2]);
    expect(seen.kept).toBe('');
    expect(await balance(h1)).toBe(before1 + 30);
    expect(await balance(h2)).toBe(before2 + 30);
    for (const id of [member, h1, h2]) expect(await balance(id)).toBe(await postings(id));
    expect(
      (await sql`select 1 from ledger_transaction where idempotency_key = 'deferred-refused'`.execute(db))
        .rows,
    ).toEqual([]);
  });

  it('refuses to move a member’s balance deferred (its rule is checked per movement): the whole statement fails', async () => {
    const before = await balance(member);
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        const tx = trx as unknown as Kysely<unknown>;
        await post('deferred-member', [member, houses[0]!], [50, -50], member).execute(tx);
        await sql`select ledger_post_deferred()`.execute(tx);
      }),
    ).rejects.toThrow(/is not one whose balance may be moved deferred/);
    expect(await balance(member)).toBe(before);
    expect(
      (await sql`select 1 from ledger_transaction where idempotency_key = 'deferred-member'`.execute(db))
        .rows,
    ).toEqual([]);
  });

  it('with nothing kept it moves nothing; without p_defer ledger_post moves every balance at once', async () => {
    const before = await balance(houses[0]!);
    await sql`select ledger_post_deferred()`.execute(db);
    await post('deferred-none', [member, houses[0]!], [-10, 10], null).execute(db);
    expect(await balance(houses[0]!)).toBe(before + 10);
  });

  it('down puts the functions back as they were, and up again gives the same text', async () => {
    const after = await currentFunctionFiles(t.database);
    await m090.down(db);
    const downed = await currentFunctionFiles(t.database);
    expect(downed.has('ledger_post_deferred.sql')).toBe(false);
    expect(downed.get('ledger_post.sql')).toContain('p_amounts bigint[])\n RETURNS');
    expect(downed.get('seamless_spin_batch.sql')).not.toContain('ledger_post_deferred');
    await m090.up(db);
    expect(await currentFunctionFiles(t.database)).toEqual(after);
  });
});
