import { sql, type Kysely } from 'kysely';

/**
 * Issue 29, the agent centre's team figures and rebates (decision 028, "Team figures: pre-aggregated,
 * folded by a job").
 *
 * - agent_stat_queue: what happened, appended in the transaction that made it happen by
 *   statement-level triggers (no shared row, so 64 settlements under one top agent never queue on
 *   one lock): a bet_record reaching, leaving or changing its SETTLED state (the old figures out,
 *   the new in), a posting of a member's account of a kind the reports count (deposits, paid
 *   withdrawals, bonuses, rebates, transfers between members), a member's registration and each
 *   login (member.last_login_at set). Bets' stakes and payouts in the ledger are not queued: the
 *   bet record carries them.
 * - The fold job (modules/agent/stats.ts) deletes what it folds and adds it up in one transaction:
 *   agent_member_day (per member, product and report day; product '*' is the member's whole day)
 *   and agent_team_day (the same per upline for the members of its team, at any depth, rolled up
 *   over member_tree at fold time; the upline's own figures are its agent_member_day rows, so a
 *   player, who has no team, has no team rows). Keyed by product before day: a report reads one
 *   product ('*' mostly) over a range of days.
 * - Distinct members over a range (depositors, bettors, logins...) cannot be added up from days:
 *   agent_member_active holds each member's active days per metric, agent_team_active counts per
 *   upline (its team, not itself), day and metric the members active that day by the gap since
 *   their previous active day (capped at 32). A member is then counted once in a range [s, e] of
 *   up to 32 days on its first active day in it: the day d with d - previous > d - s.
 * - agent_member_first: the day of a member's first settled bet and first deposit.
 * - agent_rebate_accrual: the rebates owed (exact, in 1/20000 of a minor unit, accrued by the fold
 *   as it takes the bets) and paid (whole minor units, by the rebate job) per member, product and
 *   kind, so rounding never loses or makes a cent whichever way the bets fall into folds.
 * - AGENT_REBATE: the differential an agent earns on its team's bets, apart from a player's own
 *   REBATE (TCG's 6114 "lottery agent rebate" against 4105 "lottery personal rebate").
 * - bet_record_bet_time: team betting pages through a big team's bets newest first.
 *
 * The queue starts with what the database already holds, so the first fold builds the figures of
 * the existing history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into ledger_kind (code, description) values ('AGENT_REBATE', 'Agent rebate')
    on conflict do nothing`.execute(db);

  await sql`
    create table agent_stat_queue (
      id bigserial primary key,
      member_id bigint not null,
      at timestamptz not null,
      event text not null check (event in ('BET','MONEY','REGISTER','LOGIN')),
      product text not null default '',
      kind text not null default '',
      reference text not null default '',
      bets integer not null default 0,
      bet_amount bigint not null default 0,
      valid_bet bigint not null default 0,
      payout bigint not null default 0,
      amount bigint not null default 0
    )`.execute(db);

  // A settled record in: its figures; out (cancelled after settling, or corrected): its old
  // figures with the opposite sign, then the new ones. A record inserted settled (a spin) comes in
  // through the insert trigger.
  await sql`
    create function agent_stat_bet_insert() returns trigger language plpgsql as $$
    begin
      insert into agent_stat_queue (member_id, at, event, product, bets, bet_amount, valid_bet, payout)
        select n.member_id, coalesce(n.settled_at, n.bet_at), 'BET', n.product, 1, n.bet_amount,
               n.valid_bet, n.payout
        from changed_rows n
        where n.status = 'SETTLED';
      return null;
    end $$`.execute(db);
  await sql`
    create trigger bet_record_stat_insert after insert on bet_record
      referencing new table as changed_rows
      for each statement execute function agent_stat_bet_insert()`.execute(db);
  // No join of the old rows with the new: a statement's transition tables have no statistics, and
  // a bulk settlement's 10,000 rows joined by a nested loop cost seconds. A row settled before and
  // after a change that moved none of its figures goes out and comes back in: the fold nets it.
  await sql`
    create function agent_stat_bet_update() returns trigger language plpgsql as $$
    begin
      insert into agent_stat_queue (member_id, at, event, product, bets, bet_amount, valid_bet, payout)
        select o.member_id, coalesce(o.settled_at, o.bet_at), 'BET', o.product, -1, -o.bet_amount,
               -o.valid_bet, -o.payout
        from previous_rows o
        where o.status = 'SETTLED'
        union all
        select n.member_id, coalesce(n.settled_at, n.bet_at), 'BET', n.product, 1, n.bet_amount,
               n.valid_bet, n.payout
        from changed_rows n
        where n.status = 'SETTLED';
      return null;
    end $$`.execute(db);
  await sql`
    create trigger bet_record_stat_update after update on bet_record
      referencing old table as previous_rows new table as changed_rows
      for each statement execute function agent_stat_bet_update()`.execute(db);

  // Every posting goes through ledger_post, one statement per movement. Transfers between a
  // member's own wallets move nothing in or out of the member and are left out.
  await sql`
    create function agent_stat_ledger() returns trigger language plpgsql as $$
    begin
      insert into agent_stat_queue (member_id, at, event, kind, reference, amount)
        select a.member_id, p.created_at, 'MONEY', t.kind, t.reference, p.amount
        from new_postings p
        join ledger_transaction t on t.id = p.transaction_id
        join ledger_account a on a.id = p.account_id
        where a.member_id is not null
          and (t.kind in ('DEPOSIT', 'WITHDRAW_PAYOUT', 'BONUS_GRANT', 'REBATE', 'AGENT_REBATE')
               or (t.kind like '%TRANSFER%' and t.kind <> 'WALLET_TRANSFER') or t.kind = 'LUCKY_BAG');
      return null;
    end $$`.execute(db);
  await sql`
    create trigger ledger_posting_stat after insert on ledger_posting
      referencing new table as new_postings
      for each statement execute function agent_stat_ledger()`.execute(db);

  await sql`
    create function agent_stat_register() returns trigger language plpgsql as $$
    begin
      insert into agent_stat_queue (member_id, at, event)
        select n.id, n.created_at, 'REGISTER' from new_members n;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger member_stat_register after insert on member
      referencing new table as new_members
      for each statement execute function agent_stat_register()`.execute(db);
  // Every login is queued; the fold counts a member once per report day (agent_member_active).
  await sql`
    create function agent_stat_login() returns trigger language plpgsql as $$
    begin
      insert into agent_stat_queue (member_id, at, event) values (new.id, new.last_login_at, 'LOGIN');
      return null;
    end $$`.execute(db);
  await sql`
    create trigger member_stat_login after update of last_login_at on member
      for each row when (new.last_login_at is not null and new.last_login_at is distinct from old.last_login_at)
      execute function agent_stat_login()`.execute(db);

  const figureColumns = sql`
      bets integer not null default 0,
      bet_amount bigint not null default 0,
      valid_bet bigint not null default 0,
      payout bigint not null default 0,
      deposits integer not null default 0,
      deposit bigint not null default 0,
      withdrawals integer not null default 0,
      withdrawal bigint not null default 0,
      promotions integer not null default 0,
      promotion bigint not null default 0,
      rebate bigint not null default 0,
      agent_rebate bigint not null default 0,
      transfer_in bigint not null default 0,
      transfer_out bigint not null default 0,
      registrations integer not null default 0,
      first_bets integer not null default 0,
      first_deposits integer not null default 0,
      registered_first_deposits integer not null default 0`;
  await sql`
    create table agent_member_day (
      member_id bigint not null,
      day date not null,
      product text not null,
      ${figureColumns},
      primary key (member_id, product, day)
    )`.execute(db);
  await sql`
    create table agent_team_day (
      ancestor_id bigint not null,
      day date not null,
      product text not null,
      ${figureColumns},
      primary key (ancestor_id, product, day)
    )`.execute(db);
  await sql`
    create table agent_member_active (
      member_id bigint not null,
      metric smallint not null,
      day date not null,
      events integer not null,
      primary key (member_id, metric, day)
    )`.execute(db);
  await sql`
    create table agent_team_active (
      ancestor_id bigint not null,
      day date not null,
      metric smallint not null,
      gap smallint not null,
      members integer not null,
      primary key (ancestor_id, day, metric, gap)
    )`.execute(db);
  await sql`
    create table agent_member_first (
      member_id bigint primary key,
      first_bet_day date,
      first_deposit_day date
    )`.execute(db);
  await sql`
    create table agent_rebate_accrual (
      member_id bigint not null,
      product text not null,
      kind text not null check (kind in ('REBATE','AGENT_REBATE')),
      owed numeric not null default 0,
      paid bigint not null default 0,
      primary key (member_id, product, kind)
    )`.execute(db);
  await sql`
    create table agent_stat_state (
      singleton boolean primary key default true check (singleton),
      folds bigint not null default 0,
      last_fold_at timestamptz
    )`.execute(db);
  await sql`insert into agent_stat_state (singleton) values (true)`.execute(db);

  await sql`create index bet_record_bet_time on bet_record (bet_at desc, id desc)`.execute(db);

  // The history already in the database, for the first fold.
  await sql`
    insert into agent_stat_queue (member_id, at, event, product, bets, bet_amount, valid_bet, payout)
      select member_id, coalesce(settled_at, bet_at), 'BET', product, 1, bet_amount, valid_bet, payout
      from bet_record where status = 'SETTLED' order by id`.execute(db);
  await sql`
    insert into agent_stat_queue (member_id, at, event, kind, reference, amount)
      select a.member_id, p.created_at, 'MONEY', t.kind, t.reference, p.amount
      from ledger_posting p
      join ledger_transaction t on t.id = p.transaction_id
      join ledger_account a on a.id = p.account_id
      where a.member_id is not null
        and (t.kind in ('DEPOSIT', 'WITHDRAW_PAYOUT', 'BONUS_GRANT', 'REBATE', 'AGENT_REBATE')
             or (t.kind like '%TRANSFER%' and t.kind <> 'WALLET_TRANSFER') or t.kind = 'LUCKY_BAG')
      order by p.id`.execute(db);
  await sql`insert into agent_stat_queue (member_id, at, event) select id, created_at, 'REGISTER' from member order by id`.execute(
    db,
  );
  await sql`
    insert into agent_stat_queue (member_id, at, event)
      select id, last_login_at, 'LOGIN' from member where last_login_at is not null order by id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists bet_record_bet_time`.execute(db);
  await sql`drop trigger if exists member_stat_login on member`.execute(db);
  await sql`drop trigger if exists member_stat_register on member`.execute(db);
  await sql`drop trigger if exists ledger_posting_stat on ledger_posting`.execute(db);
  await sql`drop trigger if exists bet_record_stat_update on bet_record`.execute(db);
  await sql`drop trigger if exists bet_record_stat_insert on bet_record`.execute(db);
  for (const fn of [
    'agent_stat_login',
    'agent_stat_register',
    'agent_stat_ledger',
    'agent_stat_bet_update',
    'agent_stat_bet_insert',
  ])
    await sql`drop function if exists ${sql.id(fn)}`.execute(db);
  for (const table of [
    'agent_stat_state',
    'agent_rebate_accrual',
    'agent_member_first',
    'agent_team_active',
    'agent_member_active',
    'agent_team_day',
    'agent_member_day',
    'agent_stat_queue',
  ])
    await sql`drop table if exists ${sql.id(table)}`.execute(db);
  // AGENT_REBATE stays in ledger_kind: movements of that kind may exist.
}
