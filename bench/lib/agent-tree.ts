/**
 * The generated agent tree the agent benches share (issue 29's tree, which issue 30's settlement
 * bench reuses): one top agent `bench_top`, three levels of agents under it (10, 90 and the rest of
 * `agents`), and `players` players, one in a hundred right under the top agent and the others under
 * the agents of the deepest level, registered over the `days` before; each with a main wallet, and
 * `bench_player (n, id)` numbering the players so set-based bet inserts can pick one by number.
 * Loaded inside a bench's worker (it imports the server's schema types only).
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../apps/server/src/db/schema.ts';

export interface AgentTreeSize {
  agents: number;
  players: number;
  /** Days of history the bench generates: members are registered before them. */
  days: number;
}

/** Inserts the tree set-based and returns the top agent's id. */
export async function seedAgentTree(db: Kysely<DB>, size: AgentTreeSize, currency: string): Promise<number> {
  const l1 = Math.min(10, size.agents - 1);
  const l2 = Math.min(90, size.agents - 1 - l1);
  const l3 = size.agents - 1 - l1 - l2;
  const created = `now() - interval '${size.days + 10} days'`;
  const top = (
    await sql<{ id: number }>`
      insert into member (username, agent_type, lottery_series, created_at)
      values ('bench_top', 1, 1990, ${sql.raw(created)}) returning id`.execute(db)
  ).rows[0]!.id;
  const level = async (name: string, n: number, parents: string, series: number) => {
    if (n <= 0) return;
    await sql`
      with up as (select array_agg(id order by id) as ids from member where username like ${parents})
      insert into member (username, agent_type, upline_id, lottery_series, created_at)
      select ${name} || g, 1, up.ids[1 + g % cardinality(up.ids)], ${series}::integer, ${sql.raw(created)}
      from generate_series(1, ${n}::integer) g, up`.execute(db);
  };
  await level('bench_l1_', l1, 'bench_top', 1980);
  await level('bench_l2_', l2, 'bench\\_l1\\_%', 1970);
  await level('bench_l3_', l3, 'bench\\_l2\\_%', 1960);
  const deepest = l3 > 0 ? 'bench\\_l3\\_%' : l2 > 0 ? 'bench\\_l2\\_%' : 'bench\\_l1\\_%';
  await sql`
    with up as (select array_agg(id order by id) as ids from member where username like ${deepest})
    insert into member (username, agent_type, upline_id, lottery_series, created_at)
    select 'bench_p' || g, 0, case when g % 100 = 0 then ${top}::bigint else up.ids[1 + g % cardinality(up.ids)] end,
      1950, now() - (g % ${size.days + 10}::integer) * interval '1 day'
    from generate_series(1, ${size.players}::integer) g, up`.execute(db);
  await sql`
    insert into ledger_account (member_id, wallet_type, currency)
    select id, 'MAIN', ${currency} from member where username like 'bench\\_%'
    on conflict do nothing`.execute(db);
  await sql`
    create table bench_player as
    select row_number() over (order by id) as n, id from member where username like 'bench\\_p%'`.execute(db);
  await sql`create index on bench_player (n)`.execute(db);
  return top;
}
