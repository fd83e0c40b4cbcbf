import { sql, type Kysely } from 'kysely';

/**
 * The large teams' balances and member counts, taken by a job (issue 29, decision 064): per agent
 * (`ancestor_id`) whose team is large, the sum of the main-wallet balances of the agent with its
 * team (`total`) and of its team alone (`team`), the members under it at any depth
 * (`team_members`) and its direct downlines (`direct_members`), and when they were taken
 * (`taken_at`). The overview of such an agent reads this row instead of summing a hundred thousand
 * wallets at every call; a small team's overview keeps summing live and has no row here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table agent_team_balance (
      ancestor_id bigint primary key,
      total bigint not null,
      team bigint not null,
      team_members integer not null,
      direct_members integer not null,
      taken_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists agent_team_balance`.execute(db);
}
