import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../test/test-app.ts';

/**
 * The agent tree's closure table (migration 027, decision 028): kept by triggers whatever code
 * path inserts or moves a member.
 */
let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => {
  await tdb.drop();
});

async function addMember(username: string, uplineId: number | null, agentType = 1): Promise<number> {
  const row = await tdb.database.db
    .insertInto('member')
    .values({
      username,
      agent_type: agentType,
      created_at: new Date(),
      password_hash: null,
      upline_id: uplineId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function paths(ids: number[]): Promise<string[]> {
  const rows = await tdb.database.db
    .selectFrom('member_tree')
    .select(['ancestor_id', 'descendant_id', 'depth'])
    .where('descendant_id', 'in', ids)
    .execute();
  const name = new Map(ids.map((id, i) => [id, String.fromCharCode(65 + i)]));
  return rows
    .filter((r) => name.has(Number(r.ancestor_id)))
    .map((r) => `${name.get(Number(r.ancestor_id))}>${name.get(Number(r.descendant_id))}:${r.depth}`)
    .sort();
}

describe('agent tree (closure table)', () => {
  it('an inserted member gets itself at depth 0 and every upline at its distance', async () => {
    const a = await addMember('tree_a', null);
    const b = await addMember('tree_b', a);
    const c = await addMember('tree_c', b, 0);
    expect(await paths([a, b, c])).toEqual(['A>A:0', 'A>B:1', 'A>C:2', 'B>B:0', 'B>C:1', 'C>C:0']);
  });

  it('a change of upline moves the whole subtree; the old uplines lose it, the new ones gain it', async () => {
    const a = await addMember('move_a', null);
    const b = await addMember('move_b', a);
    const c = await addMember('move_c', b);
    const d = await addMember('move_d', c, 0);
    const e = await addMember('move_e', null);
    await tdb.database.db.updateTable('member').set({ upline_id: e }).where('id', '=', c).execute();
    expect(await paths([a, b, c, d, e])).toEqual([
      'A>A:0',
      'A>B:1',
      'B>B:0',
      'C>C:0',
      'C>D:1',
      'D>D:0',
      'E>C:1',
      'E>D:2',
      'E>E:0',
    ]);
  });

  it('a member cannot be moved under its own team (AG001), and nothing changes', async () => {
    const a = await addMember('cycle_a', null);
    const b = await addMember('cycle_b', a);
    const c = await addMember('cycle_c', b);
    await expect(
      tdb.database.db.updateTable('member').set({ upline_id: c }).where('id', '=', a).execute(),
    ).rejects.toMatchObject({ code: 'AG001' });
    expect(await paths([a, b, c])).toEqual(['A>A:0', 'A>B:1', 'A>C:2', 'B>B:0', 'B>C:1', 'C>C:0']);
  });

  it('the demo members that existed before the migration are in the tree, each under its upline', async () => {
    const missing = await sql<{ n: number }>`
      select count(*)::int as n from member m
      where not exists (select 1 from member_tree t where t.ancestor_id = m.id and t.descendant_id = m.id and t.depth = 0)
         or (m.upline_id is not null and not exists (
              select 1 from member_tree t where t.ancestor_id = m.upline_id and t.descendant_id = m.id and t.depth = 1))`.execute(
      tdb.database.db,
    );
    expect(missing.rows[0]?.n).toBe(0);
  });
});
