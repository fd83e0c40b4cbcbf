import { sql, type Kysely } from 'kysely';

/**
 * A bettor's active days are its whole-day figures with bets (decision 028, "A bettor's days"):
 * agent_member_day's product '*' row of a day counts the member's settled bets that day, the same
 * count agent_member_active kept for the bettor metric (2) in a row of its own, upserted again for
 * every bettor at every fold. The fold now reads those days from agent_member_day and writes none;
 * the rows kept so far go. agent_team_active's bettor counts are unchanged (the same days, the same
 * gaps).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from agent_member_active where metric = 2`.execute(db);
}

/** The bettors' rows again, from the whole-day figures. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into agent_member_active (member_id, metric, day, events)
    select member_id, 2, day, bets from agent_member_day where product = '*' and bets <> 0
    on conflict do nothing`.execute(db);
}
