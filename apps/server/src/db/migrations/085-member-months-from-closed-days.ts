import { sql, type Kysely } from 'kysely';

/**
 * The members' month rows from closed days (issue 29, decision 063, "The members' month rows"):
 * agent_member_month holds, for each member and month, the sum of its whole-day rows of the days up
 * to agent_stat_state.member_month_through (null: of none). A job adds each closed day once (under
 * the fold's lock); the fold adds only what it folds into a day up to that day (a bet settled late),
 * no longer a row per bettor at every fold. A range reads day rows after that day.
 *
 * Emptied here with the day set to null, which holds at once; the job fills the rows from the day
 * rows up to yesterday at its first run (the report time zone is the server's setting, not known
 * here), and the P&L reads day rows until then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table agent_stat_state add column member_month_through date`.execute(db);
  await sql`truncate agent_member_month`.execute(db);
}

/** Every day into the month rows again, as the fold before this migration kept them. */
export async function down(db: Kysely<unknown>): Promise<void> {
  const columns = [
    'bets',
    'bet_amount',
    'valid_bet',
    'payout',
    'deposits',
    'deposit',
    'withdrawals',
    'withdrawal',
    'promotions',
    'promotion',
    'rebate',
    'agent_rebate',
    'transfer_in',
    'transfer_out',
    'registrations',
    'first_bets',
    'first_deposits',
    'registered_first_deposits',
  ];
  const list = sql.raw(columns.join(', '));
  const sums = sql.raw(columns.map((c) => `sum(${c})`).join(', '));
  await sql`truncate agent_member_month`.execute(db);
  await sql`
    insert into agent_member_month (member_id, product, month, ${list})
    select member_id, product, date_trunc('month', day)::date, ${sums}
    from agent_member_day where product = '*'
    group by member_id, product, date_trunc('month', day)::date`.execute(db);
  await sql`alter table agent_stat_state drop column member_month_through`.execute(db);
}
