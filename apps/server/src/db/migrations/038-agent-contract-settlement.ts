import { sql, type Kysely } from 'kysely';

/**
 * Issue 30, the settlement of agent contracts (decision 030, "Settlement").
 *
 * - `agent_contract_settlement`: one row per (contract, period key, agent): the statement a run
 *   recorded, the terms and the upline it was computed with, the state the period started from
 *   (carry and deficit in, so a correction re-run recomputes from it), what the statement says to
 *   pay and what has been credited for it in all (`paid`). The primary key is the payment's
 *   idempotency key: a period pays once, a correction pays only the difference (`revision` + 1).
 * - The four ledger kinds of the contracts' credits, paid from the house's contract account.
 * - `bet_record_settled`: the hourly and real-time salaries read a window's settled bets by
 *   settlement time (the same instant the team figures date a bet by).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into ledger_kind (code, description) values
      ('AGENT_DIVIDEND', 'Agent dividend'),
      ('AGENT_DAILY_SALARY', 'Agent daily salary'),
      ('AGENT_HOURLY_SALARY', 'Agent hourly salary'),
      ('AGENT_REALTIME_SALARY', 'Agent real-time salary')
    on conflict do nothing`.execute(db);

  await sql`
    create table agent_contract_settlement (
      contract_id bigint not null references agent_contract (id),
      period_key text not null,
      agent_id integer not null references member (id),
      upline_id integer references member (id),
      kind text not null,
      product_type text not null,
      period text not null default '',
      period_start timestamptz not null,
      period_end timestamptz not null,
      terms jsonb not null,
      carry_in bigint not null default 0,
      deficit_in bigint not null default 0,
      statement jsonb not null,
      amount bigint not null,
      pay bigint not null,
      paid bigint not null default 0,
      carry_out bigint not null default 0,
      deficit_out bigint not null default 0,
      revision integer not null default 1,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (contract_id, period_key, agent_id)
    )`.execute(db);
  // An agent's statements newest first; My Income's sums over a range.
  await sql`create index agent_contract_settlement_agent on agent_contract_settlement (agent_id, period_end desc)`.execute(
    db,
  );
  // One line's periods for a re-run (all contracts of a line and period together).
  await sql`create index agent_contract_settlement_period on agent_contract_settlement (period_key, kind, product_type, period)`.execute(
    db,
  );
  await sql`create index bet_record_settled on bet_record (settled_at) where status = 'SETTLED'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists bet_record_settled`.execute(db);
  await sql`drop table if exists agent_contract_settlement`.execute(db);
  await sql`delete from ledger_kind where code in ('AGENT_DIVIDEND', 'AGENT_DAILY_SALARY', 'AGENT_HOURLY_SALARY', 'AGENT_REALTIME_SALARY')`.execute(
    db,
  );
}
