import { sql, type Kysely } from 'kysely';

/**
 * Issue 32, promotions with real bonuses (decision 041).
 *
 * - promotion_rule: the bonus rules of a promotion. A promotion is the PR or PU announcement the
 *   back office's Content section already writes (decision 036); its rules sit beside it, keyed by
 *   the announcement's id: the kind (a deposit match, a reload, a fixed bonus claimed, a reward on
 *   request), the match percent, cap and minimum deposit (minor units), the wagering multiplier
 *   and its base (bonus, or bonus + deposit), the contribution of each product in percent, the
 *   bonus's life, the schedule, and the operator's eligibility rules (new members only, once per
 *   member, once a day, a member level, excluded agents).
 * - promotion_entry: a member's join of a promotion and what came of it (JOINED, APPLYING: a reward
 *   request waiting for staff, REJECTED, ISSUED: staff approved it, CLAIMED: the member claimed
 *   the bonus). One open entry (JOINED or APPLYING) per member and promotion.
 * - bonus_grant: a bonus credited to the member's BONUS wallet with its wagering requirement
 *   (numeric: exact contributions) and progress. One ACTIVE grant per member (a unique index):
 *   two claims at once give one bonus. It ends COMPLETED (released to the main wallet),
 *   FORFEITED (by the member, or by a withdrawal the member chose to make) or EXPIRED (the job);
 *   each end is a ledger movement of kind BONUS_RELEASE or BONUS_FORFEIT (migration 008's kinds).
 *
 * Wagering progress is not observed by a new trigger on bet_record: the points fold (decision 033)
 * hands the settled valid bets it takes off points_queue to the bonus service, in its transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table promotion_rule (
      announcement_id bigint primary key references announcement (id),
      category text not null default 'OTHER',
      kind text not null check (kind in ('DEPOSIT_MATCH', 'RELOAD', 'FIXED', 'REQUEST')),
      match_percent numeric(7,2) not null default 0 check (match_percent >= 0 and match_percent <= 1000),
      max_bonus bigint not null default 0 check (max_bonus >= 0),
      fixed_bonus bigint not null default 0 check (fixed_bonus >= 0),
      min_deposit bigint not null default 0 check (min_deposit >= 0),
      wagering_multiplier numeric(7,2) not null default 0 check (wagering_multiplier >= 0),
      wagering_base text not null default 'BONUS_DEPOSIT' check (wagering_base in ('BONUS', 'BONUS_DEPOSIT')),
      contributions jsonb not null default '{}',
      expiry_hours integer not null default 168 check (expiry_hours > 0),
      new_members_only boolean not null default false,
      once_per_member boolean not null default false,
      once_per_day boolean not null default false,
      min_level integer not null default 0,
      excluded_agents bigint[] not null default '{}',
      starts_at timestamptz,
      ends_at timestamptz,
      enabled boolean not null default true,
      updated_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table promotion_entry (
      id bigserial primary key,
      promotion_id bigint not null references promotion_rule (announcement_id),
      member_id bigint not null references member (id),
      status text not null check (status in ('JOINED', 'APPLYING', 'REJECTED', 'ISSUED', 'CLAIMED')),
      joined_at timestamptz not null default now(),
      remark text not null default '' check (char_length(remark) <= 140),
      deposit_order_id bigint,
      decided_by text,
      decided_at timestamptz,
      reason text not null default ''
    )`.execute(db);
  await sql`
    create unique index promotion_entry_open on promotion_entry (promotion_id, member_id)
      where status in ('JOINED', 'APPLYING')`.execute(db);
  await sql`create index promotion_entry_member on promotion_entry (member_id, id)`.execute(db);
  await sql`
    create table promotion_picture (
      entry_id bigint not null references promotion_entry (id),
      n integer not null check (n between 0 and 2),
      mime text not null,
      bytes bytea not null,
      primary key (entry_id, n)
    )`.execute(db);
  await sql`create index promotion_entry_applying on promotion_entry (id) where status = 'APPLYING'`.execute(
    db,
  );

  await sql`
    create table bonus_grant (
      id bigserial primary key,
      member_id bigint not null references member (id),
      promotion_id bigint not null references promotion_rule (announcement_id),
      entry_id bigint not null unique references promotion_entry (id),
      amount bigint not null check (amount > 0),
      deposit bigint not null default 0,
      required numeric not null check (required >= 0),
      wagered numeric not null default 0 check (wagered >= 0),
      contributions jsonb not null,
      status text not null default 'ACTIVE' check (status in ('ACTIVE', 'COMPLETED', 'FORFEITED', 'EXPIRED')),
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      ended_at timestamptz,
      ended_by text
    )`.execute(db);
  await sql`create unique index bonus_grant_one_active on bonus_grant (member_id) where status = 'ACTIVE'`.execute(
    db,
  );
  await sql`create index bonus_grant_expiring on bonus_grant (expires_at) where status = 'ACTIVE'`.execute(
    db,
  );
  await sql`create index bonus_grant_member on bonus_grant (member_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists bonus_grant`.execute(db);
  await sql`drop table if exists promotion_picture`.execute(db);
  await sql`drop table if exists promotion_entry`.execute(db);
  await sql`drop table if exists promotion_rule`.execute(db);
}
