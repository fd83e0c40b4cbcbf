import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDbKind, type TestDatabase } from '../test/test-app.ts';
import { PreparedRead } from './prepared-read.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.drop());

// A constant before and after the named values: each must land in its own slot.
const memberByName = new PreparedRead<
  { id: number; username: string; agentType: number },
  { name: string; minId: number }
>('test_member_by_name', (db, param) =>
  db
    .selectFrom('member')
    .select(['id', 'username', 'agent_type as agentType'])
    .where('status', '=', 'active')
    .where('username', '=', param('name'))
    .where('id', '>=', param('minId'))
    .where('agent_type', '<', 100)
    .orderBy('id'),
);

describe(`prepared reads (${testDbKind})`, () => {
  it('return what the same Kysely query returns, call after call and under concurrent calls', async () => {
    const expected = await t.database.db
      .selectFrom('member')
      .select(['id', 'username', 'agent_type as agentType'])
      .where('username', '=', 'demo')
      .execute();
    expect(expected).toHaveLength(1);
    for (let i = 0; i < 3; i++) {
      expect(await memberByName.execute(t.database, { name: 'demo', minId: 0 })).toEqual(expected);
    }
    const together = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        memberByName.execute(t.database, { name: i % 2 ? 'demo' : 'nobody', minId: 0 }),
      ),
    );
    together.forEach((rows, i) => expect(rows).toEqual(i % 2 ? expected : []));
    expect(
      await memberByName.executeTakeFirst(t.database, { name: 'demo', minId: expected[0]!.id + 1 }),
    ).toBe(undefined);
  });

  it('a failed call leaves the statement usable', async () => {
    await expect(
      memberByName.execute(t.database, { name: 'demo', minId: 'not a number' as never }),
    ).rejects.toThrow();
    expect(await memberByName.execute(t.database, { name: 'demo', minId: 0 })).toHaveLength(1);
  });

  it("never reads inside another caller's open transaction: an uncommitted change is not seen, a rolled back one never", async () => {
    let inside!: () => void;
    const changed = new Promise<void>((resolve) => (inside = resolve));
    let finish!: () => void;
    const release = new Promise<void>((resolve) => (finish = resolve));
    const rename = t.database.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('member')
          .set({ username: 'demo_renamed' })
          .where('username', '=', 'demo')
          .execute();
        inside();
        await release;
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await changed;
    const read = memberByName.execute(t.database, { name: 'demo_renamed', minId: 0 });
    // Give the read every chance to run while the transaction is still open.
    await new Promise((r) => setTimeout(r, 50));
    finish();
    await rename;
    expect(await read).toEqual([]);
    expect(await memberByName.execute(t.database, { name: 'demo', minId: 0 })).toHaveLength(1);
  });

  it('a statement name is declared once', () => {
    expect(
      () => new PreparedRead('test_member_by_name', (db) => db.selectFrom('member').select('id')),
    ).toThrow(/declared twice/);
  });
});
