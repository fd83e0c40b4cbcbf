import { sql, type Kysely } from 'kysely';

/**
 * Issue 30, agent contracts (decision 030, its "Server" section): the contract store and the
 * offer/answer flow. Settlement's payments are not here.
 *
 * - `agent_contract`: one row per line (downline, kind, product type and, for a dividend, its
 *   computation period; `period` is '' for the other kinds), reused when a line is offered again
 *   after a rejection or a termination, so a line never holds two contracts. `upline_id` is the
 *   offerer, null for a contract the platform holds with a top agent (set by the operator or the
 *   seed). `terms` are the terms offered or in force; `accepted_terms` the terms last accepted,
 *   which keep paying while a modification (E) waits. `version` rises with every change: a client
 *   may send the version it saw, and a change made meanwhile refuses its action.
 * - `agent_contract_event`: the history, one row per change (actor, action, statuses, terms).
 * - `agent_contract_state`: per agent per line, what settlement threads from one period to the
 *   next: the dividend's carried loss and the agent's deficit (decision 030), in minor units.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table agent_contract (
      id bigserial primary key,
      kind text not null check (kind in ('dividend', 'dailySalary', 'hourlySalary', 'realTimeSalary')),
      product_type text not null,
      period text not null default '' check (period in ('', 'D', 'W', 'H', 'M')),
      upline_id integer references member (id),
      downline_id integer not null references member (id),
      status text not null check (status in ('P', 'E', 'A', 'V', 'C', 'R')),
      terms jsonb not null,
      accepted_terms jsonb,
      version integer not null default 1,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (downline_id, kind, product_type, period)
    )`.execute(db);
  await sql`create index agent_contract_upline on agent_contract (upline_id, kind)`.execute(db);

  await sql`
    create table agent_contract_event (
      id bigserial primary key,
      contract_id bigint not null references agent_contract (id),
      actor_id integer references member (id),
      actor text not null check (actor in ('upline', 'downline', 'system', 'platform')),
      action text not null,
      from_status text,
      to_status text not null,
      terms jsonb,
      at timestamptz not null default now()
    )`.execute(db);
  await sql`create index agent_contract_event_contract on agent_contract_event (contract_id, id)`.execute(db);

  await sql`
    create table agent_contract_state (
      member_id integer not null references member (id),
      kind text not null,
      product_type text not null,
      period text not null default '',
      carry bigint not null default 0,
      deficit bigint not null default 0,
      updated_at timestamptz not null default now(),
      primary key (member_id, kind, product_type, period)
    )`.execute(db);
}
