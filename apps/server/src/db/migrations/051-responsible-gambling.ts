import { sql, type Kysely } from 'kysely';

/**
 * Issue 33, responsible gambling (decision 039).
 *
 * rg_limit: a member's limits, one row per kind and period. Money limits (deposit, loss, wager) per
 * day, week or month in minor units; the session time limit (kind and period 'session') in
 * minutes. A lower limit replaces `amount` at once; a higher one (or removing the limit, a pending
 * row with a null `pending_amount`) waits in `pending_*` until `pending_from`, the end of the
 * cooling-off.
 *
 * rg_setting: the reality check's interval and the member's current block: a time-out or a
 * self-exclusion until `block_until`, which only a longer block may replace (never shortened, by
 * anyone). Usage is never stored: it is read from the ledger and the deposit orders of the window.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rg_limit (
      member_id bigint not null references member (id),
      kind text not null check (kind in ('deposit', 'loss', 'wager', 'session')),
      period text not null check (period in ('day', 'week', 'month', 'session')),
      amount bigint not null check (amount > 0),
      pending_amount bigint check (pending_amount > 0),
      pending_from timestamptz,
      updated_at timestamptz not null default now(),
      primary key (member_id, kind, period),
      check ((kind = 'session') = (period = 'session')),
      check (pending_from is not null or pending_amount is null)
    )`.execute(db);
  await sql`
    create table rg_setting (
      member_id bigint primary key references member (id),
      reality_check_minutes integer check (reality_check_minutes between 5 and 240),
      block_kind text check (block_kind in ('timeout', 'exclusion')),
      block_until timestamptz,
      block_at timestamptz,
      block_by text,
      updated_at timestamptz not null default now(),
      check ((block_kind is null) = (block_until is null))
    )`.execute(db);
  await sql`create index rg_setting_blocked on rg_setting (block_until) where block_until is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table rg_setting`.execute(db);
  await sql`drop table rg_limit`.execute(db);
}
