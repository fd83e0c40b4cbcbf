import { sql, type Kysely } from 'kysely';

/**
 * The team figures' month rows (issue 29, decision 063): a month's figures read from one row
 * instead of its ~30 day rows.
 *
 * - agent_team_month: per upline, product (and '*', the whole day's key) and report-calendar month
 *   (`month`, its first day), the sum of its agent_team_day rows of that month. The fold adds to it
 *   in the same statement's sums as to the day rows, over the same tree (stats.ts), so it equals
 *   their sum at every commit, a subtree moved or not (the history stays with the uplines it was
 *   folded under, as the day rows').
 * - agent_member_month: the same per member of its agent_member_day whole-day ('*') rows (the user
 *   P&L's rows of an agent's direct downlines; a product's P&L reads the day rows).
 *
 * A period that is not whole months combines month rows with day rows (decision 063). Backfilled
 * here from the day rows a database already holds.
 */
const figureColumns = [
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
const counts = new Set([
  'bets',
  'deposits',
  'withdrawals',
  'promotions',
  'registrations',
  'first_bets',
  'first_deposits',
  'registered_first_deposits',
]);

export async function up(db: Kysely<unknown>): Promise<void> {
  const columns = sql.raw(
    figureColumns.map((c) => `${c} ${counts.has(c) ? 'integer' : 'bigint'} not null default 0`).join(', '),
  );
  const list = sql.raw(figureColumns.join(', '));
  const sums = sql.raw(figureColumns.map((c) => `sum(${c})`).join(', '));
  await sql`
    create table agent_team_month (
      ancestor_id bigint not null,
      product text not null,
      month date not null,
      ${columns},
      primary key (ancestor_id, product, month)
    ) with (fillfactor = 70)`.execute(db);
  await sql`
    create table agent_member_month (
      member_id bigint not null,
      product text not null,
      month date not null,
      ${columns},
      primary key (member_id, product, month)
    ) with (fillfactor = 70)`.execute(db);
  await sql`
    insert into agent_team_month (ancestor_id, product, month, ${list})
    select ancestor_id, product, date_trunc('month', day)::date, ${sums}
    from agent_team_day
    group by ancestor_id, product, date_trunc('month', day)::date`.execute(db);
  await sql`
    insert into agent_member_month (member_id, product, month, ${list})
    select member_id, product, date_trunc('month', day)::date, ${sums}
    from agent_member_day where product = '*'
    group by member_id, product, date_trunc('month', day)::date`.execute(db);
  // The planner's statistics now, not at autovacuum's next pass: the P&L joins these by key.
  await sql`analyze agent_team_month`.execute(db);
  await sql`analyze agent_member_month`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists agent_member_month`.execute(db);
  await sql`drop table if exists agent_team_month`.execute(db);
}
