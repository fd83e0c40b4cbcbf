import { sql, type Kysely } from 'kysely';

/**
 * Issue 30: the consolidated call's contract request counts come from the contracts themselves
 * (agent_contract, migration 036: the offers and termination requests waiting for the member's
 * answer). The four per-member counters the accounts issue seeded were never written by anything
 * else, and answering from both let a stale counter and the contracts disagree; they go.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table member
      drop column daily_salary_req_type,
      drop column dividend_req_type,
      drop column hourly_salary_req_type,
      drop column realtime_salary_req_type`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table member
      add column daily_salary_req_type integer not null default 0,
      add column dividend_req_type integer not null default 0,
      add column hourly_salary_req_type integer not null default 0,
      add column realtime_salary_req_type integer not null default 0`.execute(db);
}
