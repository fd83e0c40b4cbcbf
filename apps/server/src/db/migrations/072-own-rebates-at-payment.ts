import { sql, type Kysely } from 'kysely';

/**
 * The players' own rebates accrued at payment time (decision 059, issue 29).
 *
 * - agent_member_day.own_rebate: the player's own rebate (REBATE) the row's bets earned, exact in
 *   1/20000 of a minor unit at the member's rate when the fold took them, not yet moved into
 *   agent_rebate_accrual. The fold adds it in the upsert of the row it writes anyway, instead of
 *   upserting an accrual per bettor; the hourly rebate job moves it (and sets it back to 0) in the
 *   transaction that pays it.
 * - agent_stat_state.own_rebate_from: the earliest report day holding an own rebate not yet moved
 *   (null: none), so the payment reads only the days from there on.
 *
 * Both start empty: every rebate folded before this migration is in agent_rebate_accrual already.
 * Adding a column with a constant default writes no row (PostgreSQL 11 and later).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table agent_member_day add column own_rebate numeric not null default 0`.execute(db);
  await sql`alter table agent_stat_state add column own_rebate_from date`.execute(db);
}

/** What is pending goes into the accruals, as the fold before this migration kept it. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into agent_rebate_accrual as a (member_id, product, kind, owed)
      select member_id, product, 'REBATE', sum(own_rebate) from agent_member_day
      where own_rebate <> 0
      group by member_id, product
    on conflict (member_id, product, kind) do update set owed = a.owed + excluded.owed`.execute(db);
  await sql`alter table agent_stat_state drop column own_rebate_from`.execute(db);
  await sql`alter table agent_member_day drop column own_rebate`.execute(db);
}
